/**
 * Closing a player's merge window: shared by the queue consumer (a flush message, or events due at
 * once) and the cron sweep (a flush that never came). The one place a notice is decided on and
 * sent: the player, their settings and their devices are read here, once per flush (one row: db/notify.ts recipient).
 */
import type { Env } from "../lib/env";
import { deliver, toldRows, type DeliverDeps, type Told } from "./deliver";
import type { NotifyDeps } from "./deps";
import { decide, isUrgent, MERGE_WINDOW_MS } from "./decide";
import { addPendingStatement, logSentStatement, openWindow, putBackStatements, recipient, takeDue, undecided, writeTogether, type PendingRow } from "../db/notify";
import { asTold, gamesToAsk, sortOut } from "./truth";
import type { HeldRow, NotifyMessage } from "./types";
import { vapidFromEnv } from "./webpush";

/** When a send of events taken straight from their queue message failed: the flush that tries again (the cron sweep is the backstop). */
const RETRY_FRESH_S = 30;

const uniq = <T>(xs: T[]) => [...new Set(xs)];

/**
 * The window closed: what is due is decided on (settings, channels, quiet hours; decide.ts), what
 * is still true (truth.ts; each game asked once) goes out as one message, the rest is dropped and
 * logged, and what waits for the end of quiet hours is held again with its flush.
 *
 * `held`: the rows a flush message carries (types.ts FlushMessage), taken by their key unread.
 * `fresh`: events due now, straight from their queue message (a final reminder, or any event when
 * the merge window is nothing): sent at once, never stored in between; a final reminder takes along
 * the events held in the open merge window (decide.ts: "it takes whatever is pending with it"). On failure what
 * is owed is put back and sent by a flush message; for a flush, put back and the error rethrown so
 * the flush message is retried. Either way nothing is lost and nothing sent twice.
 */
export async function flushUser(env: Env, userId: string, d: NotifyDeps, fresh: NotifyMessage[] = [], held: HeldRow[] = []): Promise<void> {
  const now = d.now();
  // A final reminder takes along what is held in the player's open merge window (one mail, not two), not what waits
  // for quiet hours to end; other events sent at once (only when the merge window is nothing, a benchmark's setting)
  // go alone: what is held has a flush of its own coming, or the cron sweep.
  const urgent = fresh.some(isUrgent);
  // (A final reminder's look at the open window mostly finds none: its first row is looked at before any are read.)
  const taken = !fresh.length || urgent ? await takeDue(env, userId, urgent ? now + (d.mergeWindowMs ?? MERGE_WINDOW_MS) : now, held, urgent) : [];
  const rows: PendingRow[] = [...taken, ...fresh.map((event) => undecided(0, event, now))];
  if (!rows.length) {
    // Nothing was due: events still waiting (quiet hours longer than a queue delay) get the next flush. (A flush that sent something asks nothing more of D1.)
    const next = await openWindow(env, userId);
    // (A flush come early brings the rows it carries along to the next one.)
    if (next !== null && next > now) await d.scheduleFlush(env, userId, Math.ceil((next - now) / 1000), held.length ? held : undefined);
    return;
  }
  const writes: D1PreparedStatement[] = [];
  const told: Told[] = [];
  const log = (t: Told) => writes.push(logSentStatement(env, userId, t.channel, t.kinds, t.gameIds, t.detail, now));
  let owed = rows;
  let waits: number | null = null;
  try {
    const who = await recipient(env, userId);
    if (!who) {
      log({ channel: "skip", kinds: uniq(rows.map((r) => r.event.type)), gameIds: uniq(rows.map((r) => r.event.gameId)), detail: "no such user" });
      owed = [];
    } else {
      const vapid = vapidFromEnv(env);
      // (The devices come with the player's row: recipient reads no push_subscriptions.)
      const targets = vapid && who.settings.push ? who.devices.filter((x) => x.enabled) : [];
      const due: PendingRow[] = [];
      for (const r of rows) {
        if (r.decided) {
          due.push(r);
          continue;
        }
        // The window has closed: a window closing inside quiet hours stays open until they end.
        const decision = decide(r.event, who.settings, { now, live: false, hasPushDevice: targets.length > 0, windowMs: 0 });
        if (!decision.send) log({ channel: "skip", kinds: [r.event.type], gameIds: [r.event.gameId], detail: decision.reason });
        else if (decision.dueAt > now) {
          writes.push(addPendingStatement(env, r.event, decision.channels, decision.dueAt, now));
          waits = Math.min(waits ?? Infinity, decision.dueAt);
        } else due.push({ ...r, channels: decision.channels, decided: true });
      }
      owed = due;
      // (Lines the game held, of a turn still young, are not asked about: the game takes back those that stopped being true. truth.ts)
      const asked = gamesToAsk(due.map((r) => r.event), now);
      const games = new Map(await Promise.all(asked.map(async (id) => [id, await d.turnOf(env, id, userId)] as const)));
      for (const [id, t] of asTold(due.map((r) => r.event))) if (!games.has(id)) games.set(id, t);
      const { kept, dropped } = sortOut(due, games);
      if (dropped.length) log({ channel: "skip", kinds: uniq(dropped.map((r) => r.event.type)), gameIds: uniq(dropped.map((r) => r.event.gameId)), detail: "no longer true" });
      owed = kept;
      if (kept.length) await deliver(env, who, targets, kept, now, { transport: d.transport(env), fetcher: d.fetcher } satisfies DeliverDeps, told);
    }
  } catch (e) {
    const back = putBackStatements(env, owed, now);
    toldRows(told).forEach(log);
    await writeTogether(env, [...writes, ...back]);
    if (!fresh.length) {
      if (waits !== null) await d.scheduleFlush(env, userId, Math.ceil((waits - now) / 1000));
      throw e;
    }
    // Events from their queue message: a retry of that message would decide them again and repeat what went out.
    console.error(`notify: sending to ${userId} failed, ${back.length} event(s) held for a flush: ${e instanceof Error ? e.message : String(e)}`);
    if (back.length) await scheduleOrLeaveToSweep(env, userId, d, RETRY_FRESH_S);
    if (waits !== null) await scheduleOrLeaveToSweep(env, userId, d, Math.ceil((waits - now) / 1000));
    return;
  }
  toldRows(told).forEach(log);
  await writeTogether(env, writes);
  if (waits === null) return;
  const delay = Math.ceil((waits - now) / 1000);
  if (fresh.length) await scheduleOrLeaveToSweep(env, userId, d, delay);
  else await d.scheduleFlush(env, userId, delay);
}

/**
 * A flush after events taken straight from their queue message: that message is acknowledged
 * whatever happens here (a retry would decide its events again), so a failed queue send is left
 * to the cron sweep; the events are in D1.
 */
export async function scheduleOrLeaveToSweep(env: Env, userId: string, d: NotifyDeps, delaySeconds: number, held?: HeldRow[]): Promise<void> {
  try {
    await d.scheduleFlush(env, userId, delaySeconds, held);
  } catch (e) {
    console.error(`notify: flush for ${userId} not scheduled, left to the cron sweep: ${e instanceof Error ? e.message : String(e)}`);
  }
}
