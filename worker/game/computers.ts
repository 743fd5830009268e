/**
 * Computer seats in a game (pure; the Durable Object stores and applies what this returns).
 *
 * A computer sits in a seat like a player: `Player.computer = {strength, delayMs}` and a user id
 * `computer:<strength>:<seat>`. When its seat is to act (its clock runs), its move is due
 * `delayMs` after that clock started on its own turn (so a person can follow it), and at once
 * where every seat answers together (a claim window, a Charleston pass: a window then closes as
 * soon as the people asked have answered); the DO's alarm then asks `computerTurn`, which hands the
 * strategy only what a human in that seat would see: `viewFor(state, seat)` and
 * `legalMoves(state, seat)`, never the state.
 */
import * as engine from "./engine";
import type { GameState } from "./engine";
import { STRENGTHS, type Strength } from "../engine/bots";
import type { Move, Seat } from "../engine/api";
import type { GameDoc, Player } from "./store";
import { advance, safely, timeoutStep, type Played } from "./turns";
import { practicePass } from "./practice";
import { computerName, computerUserId } from "../table/names";

export { STRENGTHS, type Strength };

/**
 * How long a computer waits before it plays its own turn, unless told otherwise (development may
 * say less): long enough for a person at the table to see its draw and discard, short enough that
 * a practice game of four (three computer turns for each of yours) does not drag.
 */
export const DEFAULT_DELAY_MS = 1500;
/** At most this many computer moves in a row in one alarm (a game of computers only cannot spin). */
export const MAX_MOVES_PER_ALARM = 200;
/**
 * The expert's samples one alarm may play (moves in its sampled worlds): one decision at most, then
 * the alarm stores what was played and rings again at once, so one alarm's work stays bounded (a
 * few seconds of CPU at most) and a game of experts never holds its Durable Object for long.
 */
export const EXPERT_PLIES_PER_ALARM = 1;


/** The player that sits in `seat` for a computer of this strength. */
export function computerPlayer(strength: Strength, seat: Seat, delayMs = DEFAULT_DELAY_MS): Player {
  return { userId: computerUserId(strength, seat), name: computerName(strength), computer: { strength, delayMs } };
}

export const isComputer = (p: Player | null | undefined): boolean => !!p?.computer;

/** Answers given together (the engine's pace key says so) are never held back: nobody follows them one by one. */
const answeredTogether = (doc: GameDoc) => /^(window|charleston):/.test(doc.facts.pace.key);

/** When the computer in `seat`, whose clock started at `startedAt`, is due to play. */
const dueAt = (doc: GameDoc, seat: Seat, startedAt: number) => startedAt + (answeredTogether(doc) ? 0 : doc.players[seat]!.computer!.delayMs);

/**
 * When (game clock) the earliest computer seat to act is due to play; null when none is to act.
 * A seat whose clock runs but that has no move to make is left to its clock.
 */
export function computerDueAt(doc: GameDoc, state: GameState | null): number | null {
  if (doc.status !== "active" || state === null) return null;
  let due: number | null = null;
  for (const c of doc.clocks) {
    // A person of a practice game who can only pass a discard passes at once (practice.ts).
    const at = doc.players[c.seat]?.computer ? (engine.legalMoves(state, c.seat).length ? dueAt(doc, c.seat, c.startedAt) : null) : practicePass(doc, state, c.seat) ? c.startedAt : null;
    if (at !== null && (due === null || at < due)) due = at;
  }
  return due;
}

/** The computer seat due at `now` (earliest first), the move it chooses (or a practice pass) and the samples it played (the expert's work); null when none is due. */
export function computerTurn(doc: GameDoc, state: GameState | null, now: number): { seat: Seat; move: Move; plies: number } | null {
  if (doc.status !== "active" || state === null) return null;
  const due = doc.clocks
    .filter((c) => (doc.players[c.seat]?.computer ? dueAt(doc, c.seat, c.startedAt) : c.startedAt) <= now)
    .sort((a, b) => a.startedAt - b.startedAt || a.seat - b.seat);
  for (const c of due) {
    if (!doc.players[c.seat]?.computer) {
      const pass = practicePass(doc, state, c.seat);
      if (pass) return { seat: c.seat, move: pass, plies: 0 };
      continue;
    }
    const legal = engine.legalMoves(state, c.seat);
    if (!legal.length) continue;
    const view = engine.viewFor(state, c.seat);
    const d = engine.computerDecision(doc.ruleset, view, legal, doc.players[c.seat]!.computer!.strength, `${doc.id}:${doc.version}:${c.seat}`);
    return { seat: c.seat, move: d.move, plies: d.plies };
  }
  return null;
}

/** The players after computers of `strength` took the first `count` empty seats (all of them when count is omitted). */
export function seatComputers(players: (Player | null)[], strength: Strength, delayMs: number, count = players.length): (Player | null)[] {
  let left = count;
  return players.map((p, seat) => (p === null && left-- > 0 ? computerPlayer(strength, seat, delayMs) : p));
}

/**
 * The moves of the computer seats due at `now`, one after the other (at most MAX_MOVES_PER_ALARM),
 * each to be stored like a player's move. `stuck` is the version at which a computer seat could
 * not play: none plays at that version (its turn waits for its clock); the returned `stuck` says
 * whether that happened again.
 */
export function computerMoves(doc: GameDoc, state: GameState | null, now: number, stuck: number): { played: Played[]; stuck: number } {
  const played: Played[] = [];
  let plies = 0;
  while (played.length < MAX_MOVES_PER_ALARM && plies < EXPERT_PLIES_PER_ALARM && state !== null) {
    const turn = doc.version === stuck ? null : computerTurn(doc, state, now);
    if (!turn) break;
    const at = state;
    plies += turn.plies;
    const r = safely(() => engine.apply(at, turn.seat, turn.move));
    let next: Played;
    if (r?.ok) next = { doc: advance(doc, r, now, { seat: turn.seat, kind: "move" }, r.events), state: r.state, step: { state: r.state, events: r.events, moves: [{ seat: turn.seat, move: turn.move }] } };
    else {
      // A move the engine refused (it never should): the seat's turn is played by the timeout ruling instead.
      console.error(`computer move refused in ${doc.id}: ${r ? r.code : "threw"}`);
      const t = timeoutStep(doc, state, turn.seat);
      // Nothing can be played for it: the seat is left to its clock until the game changes.
      if (!t) return { played, stuck: doc.version };
      next = { doc: advance(doc, t.facts, now, { seat: turn.seat, kind: "timeout" }), state: t.step.state, step: t.step };
    }
    played.push(next);
    ({ doc, state } = next);
  }
  return { played, stuck };
}
