/**
 * Set-up and deal (RULES §3): the 152 tiles are shuffled from the seed, East throws one die and
 * that many stacks (two tiles each) go from the head of the wall to its tail; then four tiles at a
 * time, East first, until both hold 27, and East draws a 28th. No Charleston.
 */
import type { GameOptions } from "../../api";
import { kindsOf } from "../../game/physical";
import { commitment, nextInt, seedRng, shuffle } from "../../random";
import type { SeatState, SiameseState } from "./state";

export const HAND = 27;

export function deal(ruleset: SiameseState["ruleset"], options: GameOptions, seed: string): SiameseState {
  const rng = seedRng(seed);
  const ids = kindsOf("american").map((_, id) => id);
  let wall = shuffle(rng, ids);
  const die = nextInt(rng, 6) + 1;
  wall = [...wall.slice(die * 2), ...wall.slice(0, die * 2)];
  const seats: SeatState[] = [0, 1].map(() => ({
    pool: [],
    racks: [
      { exposures: [], mahjong: null, dead: null },
      { exposures: [], mahjong: null, dead: null },
    ],
    drawn: null,
    stopped: false,
    revealed: false,
  }));
  let at = 0;
  while (seats[1]!.pool.length < HAND) {
    for (const s of seats) {
      const n = Math.min(4, HAND - s.pool.length);
      s.pool.push(...wall.slice(at, at + n));
      at += n;
    }
  }
  const east = seats[0]!;
  east.drawn = wall[at]!;
  east.pool.push(wall[at++]!);
  return {
    ruleset,
    options: { deadHands: "prevent", ...options },
    commitment: commitment(seed),
    seed,
    rng,
    ply: 0,
    players: 2,
    die,
    wall: wall.slice(at),
    seats,
    turn: 0,
    toAct: 0,
    phase: "discard",
    discards: [],
    claimable: null,
    ended: null,
    result: null,
  };
}
