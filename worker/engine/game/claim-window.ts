/**
 * Claim windows, shared by the four-player variants (american, chinese-ming). Pure and generic
 * over the variant's call type `C`.
 *
 * After a discard the other players may call it. By correspondence nobody may learn anything
 * from how a window behaves, so the window is LEAK-FREE by construction:
 *
 *   - who is asked depends only on public facts (who discarded, who may still call at all,
 *     whether the tile may be called) and on the players' CALL PREFERENCES, set once:
 *       "ask"      always asked, even when they could not call anything (their only answer is
 *                  then a pass, but nobody else can tell);
 *       "mahjong"  never asked: at close the engine calls Mah Jongg for them if the tile
 *                  completes their hand, otherwise they pass;
 *       "never"    never asked, always passes.
 *   - answers are secret until the window closes (views show only who is still awaited);
 *   - the window closes when every asked seat has answered, or when the service's deadline
 *     (a game option) passes: silence is a pass (`closeWindow`). Automatic calls are worked out
 *     only at close, so a window that nobody is asked in closes at once whatever the tiles.
 *
 * Priority at close: the highest `rank` wins (Mah Jongg beats an exposure); among equal ranks
 * the seat next in turn after the discarder wins (turn order is seat + 1, seat + 2, …).
 *
 * Use:
 *   let w = openWindow({ players: 4, discarder, tile, eligible, preferences });
 *   if (isOpen(w)) … wait; each asked seat: w = answer(w, seat, callOrNull)   (may re-answer while open)
 *   deadline: w = closeWindow(w)
 *   once !isOpen(w): const order = ranked(w, rank, autoCall)  // best first; [] = nobody called
 */
import type { Seat } from "../api";

export type CallPreference = "ask" | "mahjong" | "never";
export const CALL_PREFERENCES: readonly CallPreference[] = ["ask", "mahjong", "never"];

export interface ClaimWindow<C> {
  discarder: Seat;
  /** Physical id of the discarded tile. */
  tile: number;
  players: number;
  /** Seats that may call (not the discarder, not stopped/dead), in turn order after the discarder. */
  eligible: Seat[];
  /** Seats with preference "ask" when the window opened. */
  asked: Seat[];
  /** Asked seats that have not answered yet (public: this is what the service waits for). */
  awaiting: Seat[];
  /** Seats whose preference was "mahjong" when the window opened (resolved at close). */
  auto: Seat[];
  /** Secret answers so far (null = pass). Only the answering seat may see its own. */
  answers: { seat: Seat; call: C | null }[];
  /** True once closed by the deadline (silence counted as a pass). */
  expired: boolean;
}

/** Seats in turn order after `discarder`: the next player first. */
export const turnOrderAfter = (discarder: Seat, players: number): Seat[] =>
  Array.from({ length: players - 1 }, (_, i) => (discarder + 1 + i) % players);

export function openWindow<C>(o: {
  players: number;
  discarder: Seat;
  tile: number;
  /** Seats allowed to call at all; must be decided from public facts only. */
  eligible: readonly Seat[];
  preferences: readonly CallPreference[];
}): ClaimWindow<C> {
  const eligible = turnOrderAfter(o.discarder, o.players).filter((s) => o.eligible.includes(s));
  const asked = eligible.filter((s) => (o.preferences[s] ?? "ask") === "ask");
  return {
    discarder: o.discarder,
    tile: o.tile,
    players: o.players,
    eligible,
    asked,
    awaiting: asked.slice(),
    auto: eligible.filter((s) => o.preferences[s] === "mahjong"),
    answers: [],
    expired: false,
  };
}

export const isOpen = (w: ClaimWindow<unknown>): boolean => !w.expired && w.awaiting.length > 0;

/** Is `seat` asked in this window (so it may answer, and re-answer until it closes)? */
export const isAsked = (w: ClaimWindow<unknown>, seat: Seat): boolean => isOpen(w) && w.asked.includes(seat);

/** Records `seat`'s answer (a call, or null for a pass), replacing an earlier one. The caller checks the call is legal. */
export function answer<C>(w: ClaimWindow<C>, seat: Seat, call: C | null): ClaimWindow<C> {
  if (!isAsked(w, seat)) throw new Error(`seat ${seat} is not asked in this window`);
  return {
    ...w,
    awaiting: w.awaiting.filter((s) => s !== seat),
    answers: [...w.answers.filter((a) => a.seat !== seat), { seat, call }],
  };
}

/** The deadline passed: every silent seat passes. */
export const closeWindow = <C>(w: ClaimWindow<C>): ClaimWindow<C> => ({ ...w, awaiting: [], expired: true });

/**
 * All calls once the window is closed, best first: higher `rank` first, then nearer in turn after
 * the discarder. `autoCall(seat)` is asked only now, for "mahjong" seats (null = pass).
 */
export function ranked<C>(w: ClaimWindow<C>, rank: (call: C) => number, autoCall: (seat: Seat) => C | null): { seat: Seat; call: C }[] {
  if (isOpen(w)) throw new Error("the window is still open");
  const calls: { seat: Seat; call: C }[] = [];
  for (const seat of w.eligible) {
    const call = w.auto.includes(seat) ? autoCall(seat) : (w.answers.find((a) => a.seat === seat)?.call ?? null);
    if (call !== null) calls.push({ seat, call });
  }
  // eligible is already in turn order; a stable sort keeps it among equal ranks
  return calls.sort((a, b) => rank(b.call) - rank(a.call));
}

/** The window as `seat` may see it: who is awaited, and only that seat's own answer. */
export function windowView<C>(w: ClaimWindow<C>, seat: Seat | null) {
  const mine = seat === null ? undefined : w.answers.find((a) => a.seat === seat);
  return {
    discarder: w.discarder,
    awaiting: w.awaiting.slice(),
    asked: seat !== null && w.asked.includes(seat),
    answered: mine !== undefined,
    yourAnswer: mine ? mine.call : null,
  };
}
