/**
 * Set-up and deal (RULES §6): the 152 tiles are shuffled from the seed; a die (cosmetic here)
 * breaks the wall; four tiles at a time counter-clockwise (East, South, West, North) until each
 * holds 12, then East takes two more and every other player one: East 14, the others 13.
 * The Charleston follows.
 */
import type { GameOptions } from "../../api";
import { kindsOf } from "../../game/physical";
import { commitment, nextInt, seedRng, shuffle } from "../../random";
import type { AmericanState, SeatState } from "./state";

export const PLAYERS = 4;
export const HAND = 13;

export function deal(options: GameOptions, seed: string): AmericanState {
  const rng = seedRng(seed);
  let wall = shuffle(rng, kindsOf("american").map((_, id) => id));
  const die = nextInt(rng, 6) + 1;
  wall = [...wall.slice(die * 2), ...wall.slice(0, die * 2)];
  const seats: SeatState[] = Array.from({ length: PLAYERS }, () => ({
    concealed: [],
    exposures: [],
    mahjong: null,
    dead: null,
    revealed: false,
    drawn: null,
    preference: "ask",
  }));
  let at = 0;
  for (let round = 0; round < 3; round++) for (const s of seats) s.concealed.push(...wall.slice(at, (at += 4)));
  seats.forEach((s, seat) => s.concealed.push(...wall.slice(at, (at += seat === 0 ? 2 : 1))));
  return {
    ruleset: "american",
    options: { deadHands: "prevent", jokerlessDiscard: "each-3x", windowHours: 12, ...options },
    commitment: commitment(seed),
    seed,
    rng,
    ply: 0,
    players: PLAYERS,
    die,
    wall: wall.slice(at),
    seats,
    turn: 0,
    phase: "charleston",
    charleston: { stage: 0, choices: [null, null, null, null], last: null },
    toAct: 0,
    began: { from: null, redeemed: false },
    discards: [],
    window: null,
    ended: null,
    result: null,
  };
}
