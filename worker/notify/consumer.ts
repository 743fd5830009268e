/**
 * The NOTIFY queue consumer. An event from a game is held as pending; when the player's merge
 * window closes a "flush" message decides on (decide.ts) and sends everything due as one message. Failures retry with backoff; after max_retries the queue moves the message to the
 * dead-letter queue, whose consumer (also here) records it in D1: never silently lost.
 *
 * worker/index.ts: `queue: (batch, env) => handleNotifyBatch(batch, env)` for both queues; the
 * cron sweep (cron.ts) shares the flush (flush.ts) and the dependencies (deps.ts), not this module.
 */
import { isUrgent, MERGE_WINDOW_MS } from "./decide";
import type { Env } from "../lib/env";
import { defaultDeps, type NotifyDeps } from "./deps";
import { flushUser, scheduleOrLeaveToSweep } from "./flush";
import { holdStatement, logSentStatement, openWindow, recordDead, takeDue, writeTogether } from "../db/notify";
import { parseMailBody, parseQueueBody, type HeldRow, type MailQueueMessage, type NotifyMessage, type QueueBody } from "./types";
import { deliverMail, refusedForGood } from "./mail";

export type { NotifyDeps } from "./deps";

/** 30 s, 1 min, 2 min, 4 min, ... at most an hour. `attempts` counts deliveries, starting at 1. */
export function backoffSeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

/**
 * A service mail is tried this many times in all (the first send plus the queue's deliveries);
 * the last failure is recorded with its reason. Matches max_retries = 5 in wrangler.toml.
 */
export const MAIL_ATTEMPTS = 6;

export function isDeadLetterQueue(queue: string): boolean {
  return queue.endsWith("-dead") || queue.endsWith("-dlq");
}

export async function handleNotifyBatch(batch: MessageBatch<unknown>, env: Env, deps: Partial<NotifyDeps> = {}): Promise<void> {
  const d: NotifyDeps = { ...defaultDeps, ...deps };
  if (isDeadLetterQueue(batch.queue)) return handleDeadLetters(batch, env, d);
  // Each player's messages are taken in their order; players do not share any notify state,
  // so one player's run of events is decided with one look at their settings and one D1 batch.
  const byUser = new Map<string, { m: Message<unknown>; body: QueueBody }[]>();
  for (const m of batch.messages) {
    const mail = parseMailBody(m.body);
    if (mail) {
      await retryMail(env, m, mail, batch.queue, d);
      continue;
    }
    const parsed = parseQueueBody(m.body);
    if (!parsed.ok) {
      // Malformed input: retrying cannot help. Kept for inspection, changes nothing else.
      console.error(`notify: dropping malformed message ${m.id}: ${parsed.error}`);
      await recordDead(env, { error: parsed.error, body: m.body }, m.attempts, batch.queue, d.now());
      m.ack();
      continue;
    }
    const userId = parsed.body.userId;
    let mine = byUser.get(userId);
    if (!mine) byUser.set(userId, (mine = []));
    mine.push({ m, body: parsed.body });
  }
  for (const [userId, mine] of byUser) {
    for (let i = 0; i < mine.length; ) {
      const first = mine[i]!;
      // A flush goes alone; consecutive events go together.
      let j = i + 1;
      if (first.body.type !== "flush") while (j < mine.length && mine[j]!.body.type !== "flush") j++;
      const run = mine.slice(i, j);
      i = j;
      try {
        if (first.body.type === "flush") await flushUser(env, userId, d, [], first.body.held);
        else await takeEvents(env, run.map((r) => r.body as NotifyMessage), d);
        for (const r of run) r.m.ack();
      } catch (e) {
        for (const r of run) {
          console.error(`notify: message ${r.m.id} failed (attempt ${r.m.attempts}): ${e instanceof Error ? e.message : String(e)}`);
          r.m.retry({ delaySeconds: backoffSeconds(r.m.attempts) });
        }
      }
    }
  }
}

/**
 * Events from games for one player, in order: held (`holdEvents`), and those due at once sent now
 * with whatever is due. An event due at once (a final reminder, or any when the window is nothing)
 * is never stored in between and needs no flush message: one queue message per notice.
 */
export async function takeEvents(env: Env, msgs: NotifyMessage[], d: NotifyDeps): Promise<void> {
  const atOnce = await holdEvents(env, msgs, d);
  if (atOnce.length) await flushUser(env, msgs[0]!.userId, d, atOnce);
}

/** At most this many held rows ride in a flush message (a notice is well under 2 KB as JSON). */
export const MAX_CARRIED = 16;

/** A window's flush this late is taken as lost (a queue delivers a delayed message within seconds of its time). */
const LATE_FLUSH_MS = 60_000;

/**
 * Events from games for one player, in order, put where they wait: one the player sees live is
 * logged and dropped; the others are held, as they came, in the player's merge window: the first
 * one opens it and schedules its flush, the rest join it; they are decided on when it closes
 * (flush.ts), where the player's settings and devices are read once. Returns the events due at once
 * (a final reminder, or any when the window is nothing), which this does not send.
 *
 * The game itself calls this for its notices (worker/game/notices.ts handOver), so that a held
 * notice costs its window's flush message only; the consumer calls it for what came by the queue.
 * A failed D1 write changes nothing and throws; `sweep`: a flush that could not be scheduled once
 * the rows are written is left to the cron sweep (a retry would hold them twice), else it throws.
 */
export async function holdEvents(env: Env, msgs: NotifyMessage[], d: NotifyDeps, sweep = false): Promise<NotifyMessage[]> {
  const now = d.now();
  const userId = msgs[0]!.userId;
  const windowMs = d.mergeWindowMs ?? MERGE_WINDOW_MS;
  const writes: D1PreparedStatement[] = [];
  const atOnce: NotifyMessage[] = [];
  const held: NotifyMessage[] = [];
  for (const msg of msgs) {
    if (msg.live) writes.push(logSentStatement(env, userId, "skip", [msg.type], [msg.gameId], "live", now));
    else if (windowMs <= 0 || isUrgent(msg)) atOnce.push(msg);
    else held.push(msg);
  }
  let opened: number | null = null;
  const rows: HeldRow[] = [];
  if (held.length) {
    const open = await openWindow(env, userId);
    const dueAt = open ?? now + windowMs;
    // A window a minute past due whose flush has not come (lost, or refused when it was queued)
    // is flushed now, these notices with it, rather than left to the cron sweep.
    if (open === null || open <= now - LATE_FLUSH_MS) opened = dueAt;
    for (const msg of held) {
      const h = holdStatement(env, msg, null, dueAt, now);
      writes.push(h.statement);
      rows.push(h.held);
    }
  }
  await writeTogether(env, writes);
  if (opened !== null) {
    // The flush carries the rows that opened the window: it takes them by their key, unread (db/notify.ts takeDue).
    // (Not a burst's many: a queue message holds 128 KB; without them the flush reads what is due.)
    const carried = rows.length <= MAX_CARRIED ? rows : undefined;
    const delay = Math.ceil((opened - now) / 1000);
    if (sweep) await scheduleOrLeaveToSweep(env, userId, d, delay, carried);
    else await d.scheduleFlush(env, userId, delay, carried);
  }
  return atOnce;
}

/** A service mail the transport refused before: sent again now, or retried later, or recorded as failed with its reason. */
async function retryMail(env: Env, m: Message<unknown>, body: MailQueueMessage, queue: string, d: NotifyDeps): Promise<void> {
  const dead = async (reason: string) => {
    await recordDead(env, { mail: { to: body.mail.to, subject: body.mail.subject }, reason, firstError: body.firstError }, m.attempts + 1, queue, d.now());
    m.ack();
  };
  // A link that no longer works is not worth a mail (a sign-in link lasts 15 minutes; the person asks again).
  if (body.mail.until !== undefined && d.now() >= body.mail.until) {
    console.error(`mail: "${body.mail.subject}" not sent: its link expired before it could be sent`);
    return dead("its link expired before it could be sent");
  }
  try {
    await deliverMail(env, body.mail, d.transport(env));
    m.ack();
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    if (refusedForGood(reason)) {
      console.error(`mail: "${body.mail.subject}" refused for good (attempt ${m.attempts + 1}): ${reason}`);
      return dead(reason);
    }
    // The first try was the direct send; the queue's deliveries follow it.
    if (m.attempts + 1 >= MAIL_ATTEMPTS) {
      console.error(`mail: "${body.mail.subject}" finally failed after ${m.attempts + 1} attempts: ${reason}`);
      await dead(reason);
    } else {
      console.error(`mail: "${body.mail.subject}" not sent (attempt ${m.attempts + 1}): ${reason}; trying again`);
      m.retry({ delaySeconds: backoffSeconds(m.attempts + 1) });
    }
  }
}

/** Dead letters: logged and recorded in D1 (notify_dead), with any events they left pending. */
async function handleDeadLetters(batch: MessageBatch<unknown>, env: Env, d: NotifyDeps): Promise<void> {
  for (const m of batch.messages) {
    const now = d.now();
    const mail = parseMailBody(m.body);
    if (mail) {
      console.error(`mail: "${mail.mail.subject}" finally failed: it reached the dead-letter queue after ${m.attempts} attempt(s)`);
      await recordDead(env, { mail: { to: mail.mail.to, subject: mail.mail.subject }, reason: "dead-letter queue", firstError: mail.firstError }, m.attempts, batch.queue, now);
      m.ack();
      continue;
    }
    console.error(`notify: dead letter ${m.id} after ${m.attempts} attempt(s): ${JSON.stringify(m.body)}`);
    const parsed = parseQueueBody(m.body);
    const stranded = parsed.ok && parsed.body.type === "flush" ? await takeDue(env, parsed.body.userId, now, parsed.body.held) : [];
    await recordDead(env, stranded.length ? { message: m.body, pending: stranded.map((r) => ({ event: r.event, channels: r.channels })) } : m.body, m.attempts, batch.queue, now);
    m.ack();
  }
}
