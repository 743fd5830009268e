/**
 * What the game's alarm does when it rings: clocks (reminders, the timeout ruling), computer moves
 * (alarm.ts `rung`, pure), batched notices, index and ledger retries, a slice of a review asked for
 * after the end; then the alarm is set again.
 */
import { rung } from "./alarm";
import type { Commits } from "./commits";
import { clockSeats } from "./doc";
import type { Reviews } from "./review";
import type { Sockets } from "./sockets";

export async function ring(game: Commits, sockets: Sockets, reviews: Reviews) {
  game.alarms.forget();
  if (!game.doc) return;
  const before = clockSeats(game.doc);
  const due = rung(game.doc, game.state, game.now(), game.computerStuck, sockets.live);
  game.computerStuck = due.stuck;
  // Stored one by one: each computer move like a player's, or the reminders marked sent and a timeout ruling.
  for (const change of due.changes) game.commit(change);
  game.notices.add(due.reminders);
  // Quiet (nothing changed): the alarm came for batched notices or an index retry.
  if (!due.quiet) await game.after(before);
  // Whatever waits goes out now: an alarm is never in a hurry, and it may be the batch's own.
  game.notices.flush();
  if (due.quiet) game.index.soon();
  // a review asked for after the end: one bounded slice, then the alarm rings again
  if (game.doc.status === "ended") reviews.slice(game.doc);
  await game.schedule();
}
