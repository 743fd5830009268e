/**
 * How the game document moves on after the engine state changed: whose clock runs, the
 * timeout streaks, the status and the ledger flag. Pure; the DO stores what this returns.
 */
import * as engine from "./engine";
import type { Facts, GameState } from "./engine";
import { factsOf } from "./doc";
import { DAY, dueEvents, extendClock, nextClocks, pauseFor, resumeAt, type Clock, type ClockEvent } from "./clock";
import type { GameDoc, Player } from "./store";
import { marked as markTimeouts } from "./timeouts";
import type { GameEvent, Move, Seat } from "../engine/api";

/** Turns in a row played by the timeout ruling after which the game ends as abandoned. */
export const ABANDON_AFTER = 3;

export const seatOf = (doc: GameDoc, userId: string) => doc.players.findIndex((p) => p?.userId === userId);

export function vacationOf(doc: GameDoc) {
  return (seat: number) => {
    const p = doc.players[seat];
    return p ? (doc.vacations[p.userId] ?? 0) : 0;
  };
}

const HOUR = 60 * 60 * 1000;

/** A clock remembers the engine's pace key it was started for (see engine paceOf). */
type KeyedClock = Clock & { key?: string };

/** Was `seat` timed in a claim window (silence there is a pass, not an absence)? */
const inWindow = (doc: GameDoc, seat: Seat) => !!(doc.clocks.find((c) => c.seat === seat) as KeyedClock | undefined)?.key?.startsWith("window:");

/**
 * The document after a new engine state replaced the old one because of `by` (a seat's move, a
 * timeout, or the deal); `facts`: the new state's, as the engine handed them out with it (kept in
 * the document). `events`: the change's events; when another seat played in it (standing orders
 * played that seat's turn at once), every seat to act starts a fresh turn and clock.
 */
export function advance(doc: GameDoc, facts: Facts, now: number, by: { seat: Seat; kind: "move" | "orders" | "timeout" } | null, events: readonly GameEvent[] = []): GameDoc {
  const { result, toAct, pace } = facts;
  const ended = result !== null;
  const stale = toAct.filter((seat) => (doc.clocks.find((c) => c.seat === seat) as KeyedClock | undefined)?.key !== (pace.key || undefined));
  const othersPlayed = !!by && events.some((e) => e.seat !== null && e.seat !== by.seat);
  const restart = [...(by?.kind === "timeout" ? [by.seat] : []), ...stale, ...(othersPlayed ? toAct : [])];
  const allowance = pace.hours !== null ? pace.hours * HOUR : doc.daysPerMove * DAY;
  const clocks = nextClocks(doc.clocks, toAct, now, allowance, vacationOf(doc), restart).map((c): KeyedClock => (pace.key ? { ...c, key: pace.key } : c));
  // A turn played ends a seat's run of timeouts; setting standing orders is not playing (issue 38, 6).
  const timeouts = doc.timeouts.slice();
  if (by && by.kind !== "orders" && !(by.kind === "timeout" && inWindow(doc, by.seat))) timeouts[by.seat] = by.kind === "timeout" ? (timeouts[by.seat] ?? 0) + 1 : 0;
  return {
    ...doc,
    facts: { result, toAct, pace },
    version: doc.version + 1,
    window: windowAfter(doc, pace.key, events),
    status: ended ? "ended" : "active",
    clocks,
    timeouts,
    ledger: ended && doc.ledger === "none" ? "pending" : doc.ledger,
  };
}

/** The claim window after a change: the same one while its key stays and no tile was discarded, else a new one opening now (none outside a window). */
function windowAfter(doc: GameDoc, key: string, events: readonly GameEvent[]): GameDoc["window"] {
  if (!key.startsWith("window:")) return undefined;
  if (doc.window?.key === key && !events.some((e) => e.type === "discard")) return doc.window;
  return { key, from: doc.version + 1 };
}

/**
 * The document after `userId` went on vacation until `until` (game clock): their running clock
 * stands still meanwhile (a vacation only ever grows). A new version.
 */
export function withVacation(doc: GameDoc, userId: string, until: number, now: number): GameDoc {
  const seat = seatOf(doc, userId), previous = doc.vacations[userId] ?? 0;
  return {
    ...doc,
    version: doc.version + 1,
    vacations: { ...doc.vacations, [userId]: Math.max(previous, until) },
    clocks: doc.clocks.map((c) => (c.seat === seat ? pauseFor(c, now, previous, until) : c)),
  };
}

/**
 * The document after `userId` came back from vacation early, at `now` (game clock): their clock runs
 * again from now, with the pause it had not used given back. A new version, or the same document
 * when they were not away.
 */
export function vacationEnded(doc: GameDoc, userId: string, now: number): GameDoc {
  const seat = seatOf(doc, userId), until = doc.vacations[userId] ?? 0;
  if (until <= now) return doc;
  return {
    ...doc,
    version: doc.version + 1,
    vacations: { ...doc.vacations, [userId]: now },
    clocks: doc.clocks.map((c) => (c.seat === seat ? resumeAt(c, now, until) : c)),
  };
}

/** The document after an organiser gave the running clocks `ms` more time. A new version. */
export function extended(doc: GameDoc, ms: number, now: number): GameDoc {
  return { ...doc, version: doc.version + 1, clocks: doc.clocks.map((c) => extendClock(c, ms, now)) };
}

/** The document after `to` took over `seat` with its tiles and its running clock. A new version. */
export function seatReplaced(doc: GameDoc, seat: Seat, to: Player): GameDoc {
  return { ...doc, version: doc.version + 1, players: doc.players.map((p, i) => (i === seat ? to : p)) };
}

/** The document after `seat`'s player left a game not started yet: the seat is free again. A new version. */
export function seatFreed(doc: GameDoc, seat: Seat): GameDoc {
  return { ...doc, version: doc.version + 1, players: doc.players.map((p, i) => (i === seat ? null : p)) };
}

/** The document after a deleted account's seat took a new name (its tiles and results stay). Not a new version: the game did not change. */
export function seatRenamed(doc: GameDoc, userId: string, name: string): GameDoc {
  return { ...doc, players: doc.players.map((p) => (p?.userId === userId ? { ...p, name } : p)) };
}

export interface Step {
  /** The engine state after the step; null when the step left it as it was. */
  state: GameState | null;
  events: GameEvent[];
  moves: { seat: Seat; move: Move }[];
}

/** One stored change: the document and engine state after it, and the step to append. */
export interface Played {
  doc: GameDoc;
  /** Null before the deal. */
  state: GameState | null;
  step: Step;
  /**
   * A seat's own orders changed and nothing else did (no move was made by them): the document and its
   * version stay as they were and nobody else is told, so no other seat can tell (issue 38, 5).
   */
  quiet?: boolean;
}

/** The document after a new seating; dealt when no seat is left free. The engine's refusal when the deal failed. */
export function seated(doc: GameDoc, players: (Player | null)[], now: number): Played | { code: string; message: string } {
  const next: GameDoc = { ...doc, players, version: doc.version + 1 };
  if (players.includes(null)) return { doc: next, state: null, step: { state: null, events: [], moves: [] } };
  const dealt = engine.newGame(doc.ruleset, doc.options, doc.seed);
  if (!dealt.ok) return dealt;
  return { doc: advance({ ...next, startedAt: now }, factsOf(dealt.state), now, null), state: dealt.state, step: { state: dealt.state, events: [], moves: [] } };
}

/** A seat's move: the change to store, or the engine's refusal (move/malformed when the engine could not read it). */
export function played(doc: GameDoc, state: GameState | null, seat: Seat, move: Move, now: number): Played | { code: string; message: string } {
  const r = state === null ? null : safely(() => engine.apply(state, seat, move));
  if (!r) return { code: "move/malformed", message: "That move is not one of the moves you can make now." };
  if (!r.ok) return r;
  const step = { state: r.state, events: r.events, moves: [{ seat, move }] };
  if (move.type === "orders" && !r.events.length) return { doc, state: r.state, step, quiet: true };
  return { doc: advance(doc, r, now, { seat, kind: move.type === "orders" ? "orders" : "move" }, r.events), state: r.state, step };
}

/** An organiser's forfeit: the game ends as abandoned by `seat` (recorded as that seat's "abandon"). */
export const forfeited = (doc: GameDoc, state: GameState | null, seat: Seat, now: number) => abandonedBy({ ...doc, forfeited: true }, state, seat, now, "game/forfeit", (e) => e);

/**
 * A player resigns: the game ends as the rules end an abandoned one (scored and rated alike; the
 * record says "abandon", so it replays), the move list says who resigned.
 */
export const resigned = (doc: GameDoc, state: GameState | null, seat: Seat, now: number) =>
  abandonedBy(doc, state, seat, now, "game/not-running", (e) => (e.type === "abandoned" && e.seat === seat ? { ...e, resigned: true } : e));

/** The game ended as abandoned by `seat`, its events as `word` tells them; the engine's refusal (`code` when it gave none). */
function abandonedBy(doc: GameDoc, state: GameState | null, seat: Seat, now: number, code: string, word: (e: GameEvent) => GameEvent): Played | { code: string; message: string } {
  const r = state === null ? null : safely(() => engine.abandon(state, seat));
  if (!r?.ok) return { code: r?.code ?? code, message: r?.message ?? "The game could not be ended." };
  return { doc: advance(doc, r, now, null), state: r.state, step: { state: r.state, events: r.events.map(word), moves: [{ seat, move: { type: "abandon" } }] } };
}

/**
 * What the clocks rule at `now`: the events due, with reminders marked sent in `marked` (no new
 * version: the game did not change), and when a deadline passed the timeout ruling as a change to
 * store (when the engine cannot play the turn, only that seat's clock starts over).
 */
export function ruleClocks(doc: GameDoc, state: GameState | null, now: number): { marked: GameDoc; due: ClockEvent[]; timeout: Played | null } {
  const { events, clocks } = dueEvents(doc.clocks, now);
  const marked = { ...doc, clocks };
  const late = events.find((e) => e.kind === "timeout");
  if (!late) return { marked, due: events, timeout: null };
  const ruled = state === null ? null : timeoutStep(marked, state, late.seat);
  const { step, facts } = ruled ?? { step: { state, events: [], moves: [] }, facts: marked.facts };
  return { marked, due: events, timeout: { doc: advance(marked, facts, now, { seat: late.seat, kind: "timeout" }, step.events), state: step.state, step } };
}

/**
 * The timeout ruling (RULES, correspondence clock): the absent seat's turn is played for them;
 * after ABANDON_AFTER such turns in a row the game ends as abandoned by them.
 * Returns null if the engine could not play the turn (then the DO just restarts that clock).
 */
export function timeoutStep(doc: GameDoc, state: GameState, seat: Seat): { step: Step; facts: Facts; abandoned: boolean } | null {
  // A claim window has one deadline: the engine closes it for every silent seat at once.
  const window = inWindow(doc, seat);
  if (window) {
    const closed = safely(() => engine.closeWindow(state));
    if (closed?.ok) return { step: { state: closed.state, events: markTimeouts(closed.events, seat, { move: closed.state.ply, streak: 0, of: ABANDON_AFTER, window }), moves: (closed.silent ?? [seat]).map((s) => ({ seat: s, move: { type: "timeout" } })) }, facts: closed, abandoned: false };
  }
  const played = safely(() => engine.timeout(state, seat));
  const streak = (doc.timeouts[seat] ?? 0) + 1;
  if (played?.ok) {
    // the events say which move it was and how many in a row, to be told to whom they concern (timeouts.ts)
    const mark = (events: GameEvent[]) => markTimeouts(events, seat, { move: played.state.ply, streak, of: ABANDON_AFTER, window });
    const step: Step = { state: played.state, events: mark(played.events), moves: [{ seat, move: { type: "timeout" } }] };
    if (streak < ABANDON_AFTER || window || played.result !== null) return { step, facts: played, abandoned: false };
    const gone = safely(() => engine.abandon(played.state, seat));
    if (!gone?.ok) return { step, facts: played, abandoned: false };
    return {
      step: { state: gone.state, events: mark([...played.events, ...gone.events]), moves: [...step.moves, { seat, move: { type: "abandon" } }] },
      facts: gone,
      abandoned: true,
    };
  }
  return null;
}

/** Engine calls on bad input must answer with a rule error, never crash the request. */
export function safely<T>(f: () => T): T | null {
  try {
    return f();
  } catch (e) {
    console.error("engine threw", e);
    return null;
  }
}
