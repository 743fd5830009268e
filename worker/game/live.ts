/**
 * Live play (pure; the DO asks its sockets who is here). A game is live while every person seated
 * at it has it open (a live socket); computers count as present, so a practice game (one person,
 * computers in every other seat) is always live. While live a claim window lasts LIVE_WINDOW_MS;
 * when someone leaves, the window's correspondence deadline comes back, counted from when the
 * window opened, as if the game had never been live.
 */
import { finalReminderAt, firstReminderAt, type Clock } from "./clock";
import type { GameDoc } from "./store";

/** How long a claim window stays open while everyone is at the table. */
export const LIVE_WINDOW_MS = 15_000;

/**
 * A window's clock while the game is live: `allowanceMs` is the live one, `live` keeps what the
 * correspondence clock had (its allowance and the reminders already sent) to give it back.
 */
export type TimedClock = Clock & { key?: string; live?: { allowanceMs: number; reminded: Clock["reminded"] } };

const isWindow = (c: TimedClock) => !!c.key?.startsWith("window:");

/** A practice game: one person, computers in every other seat, made so (see GameDoc.practice). */
export const isPractice = (doc: GameDoc) => (doc.practice ?? true) && doc.players.filter((p) => p && !p.computer).length === 1 && doc.players.every((p) => p !== null);

/** Is the running game live: every person seat `here`, or a practice game? */
export function isLive(doc: GameDoc, here: (seat: number) => boolean): boolean {
  if (doc.status !== "active") return false;
  if (isPractice(doc)) return true;
  return doc.players.every((p, seat) => !p || !!p.computer || here(seat));
}

/**
 * The document with its claim windows timed for live play or for correspondence (`now`: the
 * game's clock). The same object when nothing changes; not a new version (the game did not move).
 */
export function timedFor(doc: GameDoc, live: boolean, now: number): GameDoc {
  let changed = false;
  const clocks = (doc.clocks as TimedClock[]).map((c): TimedClock => {
    if (!isWindow(c) || live === !!c.live) return c;
    changed = true;
    if (live) {
      // The window closes LIVE_WINDOW_MS from now at the latest (from its opening, if it opened just now).
      const elapsed = Math.max(0, now - c.startedAt - c.pausedMs);
      return { ...c, allowanceMs: Math.min(c.allowanceMs, elapsed + LIVE_WINDOW_MS), reminded: 2, live: { allowanceMs: c.allowanceMs, reminded: c.reminded } };
    }
    const { live: kept, ...rest } = c;
    const back = { ...rest, allowanceMs: kept!.allowanceMs };
    // Reminders already due are not owed again for the time the game was live.
    const due = now < firstReminderAt(back) ? 0 : now < finalReminderAt(back) ? 1 : 2;
    return { ...back, reminded: Math.max(kept!.reminded, due) as Clock["reminded"] };
  });
  return changed ? { ...doc, clocks } : doc;
}

