/**
 * A whole game played by computer players through the engine's public functions (for the tests and
 * `npm run bench:bots`): each seat to act gets its view and legal moves, nothing else. `time` wraps
 * every decision (the benchmark measures CPU with it; the engine itself has no clock), given the
 * seat's legal moves too (a decision with one sensible answer is no decision a person would count).
 */
import type { GameOptions, GameResult, Move, RulesetId, Seat } from "../api";
import { apply, factsOf, legalMoves, newGame, viewFor, type GameState } from "../index";
import { chooseMove, type Strength } from "./index";

export interface Played {
  state: GameState;
  result: GameResult;
  decisions: number;
  /** The moves as a record holds them (verify and the review replay them). */
  moves: { seat: Seat; move: Move }[];
}

export function playGame(
  ruleset: RulesetId,
  options: GameOptions,
  seed: string,
  strengths: readonly Strength[],
  time: (strength: Strength, decide: () => Move, legal: readonly Move[]) => Move = (_, d) => d(),
  maxMoves = 200_000,
): Played {
  const g = newGame(ruleset, options, seed);
  if (!g.ok) throw new Error(`${seed}: ${g.message}`);
  let s = g.state;
  let decisions = 0;
  const moves: Played["moves"] = [];
  // What follows from each move comes with it (apply's facts); asked of the state only at the deal.
  let facts = factsOf(s);
  while (s.phase !== "over") {
    const seats = facts.toAct;
    if (!seats.length) throw new Error(`${seed}: nobody is to act at ply ${s.ply}`);
    const seat: Seat = seats[0]!;
    const legal = legalMoves(s, seat);
    const view = viewFor(s, seat);
    const strength = strengths[seat]!;
    const move = time(strength, () => chooseMove(ruleset, view, legal, strength, `${seed}:${s.ply}:${seat}`), legal);
    const r = apply(s, seat, move);
    if (!r.ok) throw new Error(`${seed}: seat ${seat} chose ${JSON.stringify(move)} at ply ${s.ply}, refused: ${r.code}: ${r.message}`);
    s = r.state;
    moves.push({ seat, move });
    facts = r;
    if (++decisions > maxMoves) throw new Error(`${seed}: the game does not end after ${maxMoves} moves`);
  }
  return { state: s, result: facts.result!, decisions, moves };
}
