/** Closing a player's merge window: shared by the queue consumer (a flush message) and the cron sweep (a flush that never came). */
import type { Env } from "../lib/env";
import { deliver, type DeliverDeps } from "./deliver";
import type { NotifyDeps } from "./deps";
import { openWindow, putBack, takeDue } from "./store";

/** The window closed: send what is due as one message; put back and rethrow on failure. */
export async function flushUser(env: Env, userId: string, d: NotifyDeps): Promise<void> {
  const now = d.now();
  const rows = await takeDue(env, userId, now);
  if (rows.length) {
    const deps: DeliverDeps = { transport: d.transport(env), fetcher: d.fetcher };
    try {
      await deliver(env, userId, rows, now, deps);
    } catch (e) {
      await putBack(env, rows, now);
      throw e;
    }
  }
  // Events still waiting (quiet hours longer than a queue delay): schedule the next flush.
  const next = await openWindow(env, userId);
  if (next !== null && next > now && rows.length === 0) await d.scheduleFlush(env, userId, Math.ceil((next - now) / 1000));
}
