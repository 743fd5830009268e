/** Closing a player's merge window: shared by the queue consumer (a flush message) and the cron sweep (a flush that never came). */
import type { Env } from "../lib/env";
import { deliver, type DeliverDeps } from "./deliver";
import type { NotifyDeps } from "./deps";
import { logSent, openWindow, putBack, takeDue } from "../db/notify";
import { gamesToAsk, sortOut } from "./truth";

/**
 * The window closed: what is due and still true (truth.ts; each game asked once) goes out as one
 * message, the rest is dropped and logged; put back and rethrow on failure.
 */
export async function flushUser(env: Env, userId: string, d: NotifyDeps): Promise<void> {
  const now = d.now();
  const rows = await takeDue(env, userId, now);
  if (rows.length) {
    const deps: DeliverDeps = { transport: d.transport(env), fetcher: d.fetcher };
    let owed = rows;
    try {
      const asked = gamesToAsk(rows.map((r) => r.event));
      const games = new Map(await Promise.all(asked.map(async (id) => [id, await d.turnOf(env, id, userId)] as const)));
      const { kept, dropped } = sortOut(rows, games);
      if (dropped.length) await logSent(env, userId, "skip", [...new Set(dropped.map((r) => r.event.type))], [...new Set(dropped.map((r) => r.event.gameId))], "no longer true", now);
      owed = kept;
      if (kept.length) await deliver(env, userId, kept, now, deps);
    } catch (e) {
      await putBack(env, owed, now);
      throw e;
    }
  }
  // Nothing was due: events still waiting (quiet hours longer than a queue delay) get the next flush. (A flush that sent something asks nothing more of D1.)
  if (rows.length) return;
  const next = await openWindow(env, userId);
  if (next !== null && next > now) await d.scheduleFlush(env, userId, Math.ceil((next - now) / 1000));
}
