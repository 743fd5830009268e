/**
 * Practice games against computers only (issue 35): a claim window never waits for the person when
 * all they could do is pass. Nobody at such a table learns anything from how long they take, and
 * they learn nothing from being asked. Their pass is played at once with the computers' answers
 * (computers.ts), stored like theirs as a record entry. Pure.
 */
import * as engine from "./engine";
import type { GameState } from "./engine";
import type { Move, Seat } from "../engine/api";
import type { GameDoc } from "./store";
import { isPractice } from "./live";

/** Moves that are never an answer to a discard: standing orders, and the older call preferences. */
const NOT_AN_ANSWER = new Set(["orders", "preference"]);

/** The pass the person in `seat` of a practice game makes at once: their only answer to an open claim window. */
export function practicePass(doc: GameDoc, state: GameState, seat: Seat): Move | null {
  const p = doc.players[seat];
  if (!p || p.computer || !doc.facts.pace.key.startsWith("window:") || !isPractice(doc)) return null;
  const answers = engine.legalMoves(state, seat).filter((m) => !NOT_AN_ANSWER.has(m.type));
  return answers.length === 1 && answers[0]!.type === "pass" ? answers[0]! : null;
}
