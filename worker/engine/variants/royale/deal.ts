/**
 * Royale set-up and deal (RULES §3 and §8): the sets (one per player) are shuffled together from
 * the seed, East throws one die and that many stacks (two tiles each) go from the head of the wall
 * to its tail; then four tiles at a time, East first and on to the right, until everyone holds 55
 * (four hands of 14 less the tile a turn draws), and East draws a 56th. No Charleston.
 * The state has the Siamese shape, with P seats of four racks each.
 */
import { kindsOf } from "../../game/physical";
import { commitment, nextInt, seedRng, shuffle } from "../../random";
import type { SeatState, SiameseState } from "../siamese/state";
import { configOf, ROYALE_HAND, type RoyaleOptions } from "./config";

export type RoyaleState = Omit<SiameseState, "ruleset" | "options"> & { ruleset: "royale"; options: RoyaleOptions };

const emptyRack = () => ({ exposures: [], mahjong: null, dead: null });

export function royaleDeal(options: RoyaleOptions, seed: string): RoyaleState {
  const config = configOf(options);
  const rng = seedRng(seed);
  const ids = kindsOf(config.tileSet, config.sets).map((_, id) => id);
  let wall = shuffle(rng, ids);
  const die = nextInt(rng, 6) + 1;
  wall = [...wall.slice(die * 2), ...wall.slice(0, die * 2)];
  const seats: SeatState[] = Array.from({ length: config.players }, () => ({
    pool: [],
    racks: Array.from({ length: config.racks }, emptyRack),
    drawn: null,
    stopped: false,
    revealed: false,
  }));
  let at = 0;
  while (seats[seats.length - 1]!.pool.length < ROYALE_HAND) {
    for (const s of seats) {
      const n = Math.min(4, ROYALE_HAND - s.pool.length);
      s.pool.push(...wall.slice(at, at + n));
      at += n;
    }
  }
  const east = seats[0]!;
  east.drawn = wall[at]!;
  east.pool.push(wall[at++]!);
  return {
    ruleset: "royale",
    options: { deadHands: "prevent", ...options, players: config.players },
    commitment: commitment(seed),
    seed,
    rng,
    ply: 0,
    players: config.players,
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
