/**
 * Notices are decided when queued and sent after the merge window; meanwhile the game goes on.
 * When they go out, each line about a turn is checked against the game as it is then (the
 * game's answer to `GameRoom.turnOf`, one call per game per flush). Pure.
 *
 * - A turn, claim or reminder line holds only while the clock it was about still runs: the
 *   player is still to act in that game, in the turn that began at the line's `turnSince`.
 *   A turn already played (or played for them, or taken by someone's claim) and a clock that has
 *   stopped are dropped; a later turn is told by its own notice.
 * - Of several turn or claim lines of one game, only the newest can hold: each was queued when a
 *   clock started, so the older ones are about turns that ended (even one whose clock restarted
 *   in the same millisecond, as computers' moves in one alarm can make it).
 * - A line that holds says the time left as it is now (a vacation or an extension moves it).
 * - Other lines (the game is over, chat, a league round) stay true and are kept; so is a line
 *   that names no turn (`turnSince` absent: one queued before this check existed).
 * A message whose lines are all dropped is not sent, on any channel.
 *
 * A line the game itself held in D1 (`heldByGame`) is not asked about while its turn is young
 * (TRUSTED_MS from its start): the game takes back such lines of a turn that ends, or whose deadline
 * moves, within WITHDRAW_WITHIN_MS of its start (game/notices.ts withdrawHeld: re-keyed, so their
 * flush reads them from D1 without the mark, and asks). A flush sends most lines within the merge
 * window and a few seconds of the turn's start, so most turns cost the game no call; a late flush
 * (a retry, the cron sweep, the end of quiet hours) asks as before.
 */
import type { TurnNow } from "../table/turn";
import { MERGE_WINDOW_MS } from "./decide";
import { atMs, type NoticeType, type NotifyMessage } from "./types";

/** How long after its turn began a line the game held is sent without asking the game. */
export const TRUSTED_MS = MERGE_WINDOW_MS + 2 * 60_000;
/** A turn that ends or moves this soon after it began has its held lines taken back: a minute beyond TRUSTED_MS, for the two clocks and the flush's own time. */
export const WITHDRAW_WITHIN_MS = TRUSTED_MS + 60_000;

/** The kinds of line that say "you are to act": true only while that turn runs. */
const ABOUT_A_TURN: ReadonlySet<NoticeType> = new Set(["turn", "claim", "reminder", "final-reminder"]);

const checked = (e: NotifyMessage) => ABOUT_A_TURN.has(e.type) && e.turnSince !== undefined;

/** A line the game held, about a turn that began at most TRUSTED_MS before `now`: true as it was told (see above). */
const trusted = (e: NotifyMessage, now: number) => e.heldByGame === true && now - e.turnSince! <= TRUSTED_MS;

/**
 * The games to ask about (each once) before these lines go out; with `now`, not a game whose lines
 * to check are all trusted (`asTold` answers for those).
 */
export function gamesToAsk(events: NotifyMessage[], now?: number): string[] {
  return [...new Set(events.filter((e) => checked(e) && (now === undefined || !trusted(e, now))).map((e) => e.gameId))];
}

/** For the games not asked: each checked line's turn as it was told (stillTrue keeps it as it is; of a game's turn lines the newest holds). */
export function asTold(events: NotifyMessage[]): Map<string, TurnNow> {
  const games = new Map<string, TurnNow>();
  // (Lines of one turn as told latest last: a later line says its deadline as it was then.)
  for (const e of events.filter(checked).sort((a, b) => atMs(a.at) - atMs(b.at))) {
    const g = games.get(e.gameId) ?? { status: "active", turns: [] };
    g.turns = [...g.turns.filter((t) => t.since !== e.turnSince), { seat: -1, since: e.turnSince!, deadline: e.deadline! }];
    games.set(e.gameId, g);
  }
  return games;
}

/** The line as it goes out now (its time left brought up to date), or null when it is no longer true. */
export function stillTrue(e: NotifyMessage, now: TurnNow | undefined): NotifyMessage | null {
  if (!checked(e)) return e;
  const turn = now?.turns.find((t) => t.since === e.turnSince);
  if (!turn) return null;
  return turn.deadline === e.deadline ? e : { ...e, deadline: turn.deadline };
}

/** "Your turn" and "you may call it" say what the player may do now: a newer one of the same game makes an older one moot. */
const TOLD_TO_ACT: ReadonlySet<NoticeType> = new Set(["turn", "claim"]);

const actNow = (r: { event: NotifyMessage }) => TOLD_TO_ACT.has(r.event.type) && checked(r.event);

/** Lines that hold as they go out, and those dropped, in their order; `games` holds each asked game's answer by id. */
export function sortOut<T extends { event: NotifyMessage }>(rows: T[], games: ReadonlyMap<string, TurnNow>): { kept: T[]; dropped: T[] } {
  const newest = new Map<string, T>();
  for (const r of rows) {
    const before = newest.get(r.event.gameId);
    if (actNow(r) && (!before || atMs(r.event.at) >= atMs(before.event.at))) newest.set(r.event.gameId, r);
  }
  const kept: T[] = [];
  const dropped: T[] = [];
  for (const r of rows) {
    const moot = actNow(r) && newest.get(r.event.gameId) !== r;
    const e = moot ? null : stillTrue(r.event, games.get(r.event.gameId));
    if (e) kept.push(e === r.event ? r : { ...r, event: e });
    else dropped.push(r);
  }
  return { kept, dropped };
}
