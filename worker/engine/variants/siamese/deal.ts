/**
 * Set-up and deal (RULES §3): the edition's tiles (Siamese: one set of 152) are shuffled from the
 * seed, East throws one die and that many stacks (two tiles each) go from the head of the wall to its
 * tail; then four tiles at a time, East first, until every player holds `hand` (Siamese: 27), and East
 * draws one more. Each player gets the edition's number of racks. No Charleston.
 */
import type { GameOptions } from "../../api";
import { kindsOf } from "../../game/physical";
import { commitment, nextInt, seedRng, shuffle } from "../../random";
import { EDITIONS, tableOf, type SiameseEdition } from "./edition";
import { emptyObjects, emptyRacks } from "./racks";
import type { Discard, SeatState, SiameseState } from "./state";

/** `edition`: its record, or the id of a registered edition. */
export function deal(ed: SiameseEdition | keyof typeof EDITIONS, options: GameOptions, seed: string): SiameseState {
  const edition = typeof ed === "string" ? EDITIONS[ed] : ed;
  const hand = edition.hand;
  const { players, sets } = tableOf(edition, options);
  const rng = seedRng(seed);
  // (the ids counted into a list: a compiled `map` made a list with holes, another kind of list to V8 than the
  // first deals' walls, and the draw's code, made fast for the first walls, was thrown away when it met one)
  const ids: number[] = [];
  for (let id = 0, n = kindsOf(edition.tileSet, sets).length; id < n; id++) ids.push(id);
  let wall = shuffle(rng, ids);
  const die = nextInt(rng, 6) + 1;
  wall = [...wall.slice(die * 2), ...wall.slice(0, die * 2)];
  const seats: SeatState[] = Array.from({ length: players }, () => ({
    pool: [],
    racks: emptyRacks(edition.racks),
    drawn: null,
    stopped: false,
    revealed: false,
    // every field of a seat from the start, unset ones undefined (left out of the stored JSON): see ./play.ts withPool
    atomic: undefined,
    atomicAbandoned: undefined,
  }));
  let at = 0;
  while (seats.at(-1)!.pool.length < hand) {
    for (const s of seats) {
      const n = Math.min(4, hand - s.pool.length);
      s.pool.push(...wall.slice(at, at + n));
      at += n;
    }
  }
  const east = seats[0]!;
  east.drawn = wall[at]!;
  east.pool.push(wall[at++]!);
  return {
    ruleset: edition.id as SiameseState["ruleset"],
    // an edition with a choice of players keeps the number played in its options
    options: { deadHands: "prevent", ...options, ...(edition.playerChoices ? { players } : {}) },
    commitment: commitment(seed),
    seed,
    rng,
    ply: 0,
    players,
    die,
    wall: wall.slice(at),
    seats,
    turn: 0,
    toAct: 0,
    phase: "discard",
    // (a list of objects from the start, like the exposures': a `[]` here was a list of small integers until a
    // loop that pushes discards into dealt states, as the bench's baseline does, taught it otherwise, and the
    // discard's code made for the one threw itself away at the other)
    discards: emptyObjects<Discard>(),
    claimable: null,
    ended: null,
    result: null,
  };
}
