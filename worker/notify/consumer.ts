/**
 * The NOTIFY queue consumer. An event from a game is decided on (decide.ts) and held as
 * pending; when the player's merge window closes a "flush" message sends everything due as one
 * message. Failures retry with backoff; after max_retries the queue moves the message to the
 * dead-letter queue, whose consumer (also here) records it in D1: never silently lost.
 *
 * worker/index.ts: `queue: (batch, env) => handleNotifyBatch(batch, env)` for both queues,
 * `scheduled: (event, env) => runCron(event, env)`.
 */
import { decide } from "./decide";
import { deliver, type DeliverDeps } from "./deliver";
import { mailTransport, type MailTransport, type NotifyEnv } from "./email/transport";
import { addPendingStatement, devices, logSentStatement, openWindow, putBack, recipient, recordDead, takeDue } from "./store";
import { parseMailBody, parseQueueBody, type FlushMessage, type MailQueueMessage, type NotifyMessage, type QueueBody } from "./types";
import { deliverMail } from "../lib/mail";
import { vapidFromEnv, type Fetcher } from "./webpush";

export { runCron } from "./cron";

/** Queue delays are capped by the platform at 12 hours; a longer wait is re-scheduled on arrival. */
const MAX_DELAY_S = 12 * 3600;

export interface NotifyDeps {
  now: () => number;
  transport: (env: NotifyEnv) => MailTransport;
  fetcher?: Fetcher;
  /** Puts a flush message for this player on the queue, to arrive after `delaySeconds`. */
  scheduleFlush: (env: NotifyEnv, userId: string, delaySeconds: number) => Promise<void>;
}

export const defaultDeps: NotifyDeps = {
  now: () => Date.now(),
  transport: mailTransport,
  scheduleFlush: async (env, userId, delaySeconds) => {
    const flush: FlushMessage = { type: "flush", userId };
    await (env.NOTIFY as unknown as Queue<FlushMessage>).send(flush, { contentType: "json", delaySeconds: Math.max(0, Math.min(MAX_DELAY_S, delaySeconds)) });
  },
};

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

export async function handleNotifyBatch(batch: MessageBatch<unknown>, env: NotifyEnv, deps: Partial<NotifyDeps> = {}): Promise<void> {
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
        if (first.body.type === "flush") await flushUser(env, userId, d);
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
 * Events from games for one player, in order, each decided as if taken alone and held in the
 * player's merge window: one that opens (or moves) the window schedules a flush; the others
 * join it. The held events and skip logs are written in one D1 batch (all or nothing).
 */
export async function takeEvents(env: NotifyEnv, msgs: NotifyMessage[], d: NotifyDeps): Promise<void> {
  const now = d.now();
  const userId = msgs[0]!.userId;
  const who = await recipient(env, userId);
  if (!who) {
    await env.DB.batch(msgs.map((m) => logSentStatement(env, userId, "skip", [m.type], [m.gameId], "no such user", now)));
    return;
  }
  const hasPushDevice = !!vapidFromEnv(env) && (await devices(env, userId)).some((x) => x.enabled);
  let pendingDueAt = await openWindow(env, userId);
  const writes: D1PreparedStatement[] = [];
  const flushes: number[] = [];
  for (const msg of msgs) {
    const decision = decide(msg, who.settings, { now, live: !!msg.live, hasPushDevice, pendingDueAt });
    if (!decision.send) {
      writes.push(logSentStatement(env, userId, "skip", [msg.type], [msg.gameId], decision.reason, now));
      continue;
    }
    writes.push(addPendingStatement(env, msg, decision.channels, decision.dueAt, now));
    // One flush per window: only the event that opens (or moves) the window schedules one.
    if (pendingDueAt === null || decision.dueAt < pendingDueAt) {
      flushes.push(decision.dueAt);
      pendingDueAt = decision.dueAt;
    }
  }
  await env.DB.batch(writes);
  for (const dueAt of flushes) await d.scheduleFlush(env, userId, Math.ceil((dueAt - now) / 1000));
}

/** The window closed: send what is due as one message; put back and rethrow on failure. */
export async function flushUser(env: NotifyEnv, userId: string, d: NotifyDeps): Promise<void> {
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

/** A service mail the transport refused before: sent again now, or retried later, or recorded as failed with its reason. */
async function retryMail(env: NotifyEnv, m: Message<unknown>, body: MailQueueMessage, queue: string, d: NotifyDeps): Promise<void> {
  try {
    await deliverMail(env, body.mail, d.transport(env));
    m.ack();
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    // The first try was the direct send; the queue's deliveries follow it.
    if (m.attempts + 1 >= MAIL_ATTEMPTS) {
      console.error(`mail: "${body.mail.subject}" finally failed after ${m.attempts + 1} attempts: ${reason}`);
      await recordDead(env, { mail: { to: body.mail.to, subject: body.mail.subject }, reason, firstError: body.firstError }, m.attempts + 1, queue, d.now());
      m.ack();
    } else {
      console.error(`mail: "${body.mail.subject}" not sent (attempt ${m.attempts + 1}): ${reason}; trying again`);
      m.retry({ delaySeconds: backoffSeconds(m.attempts + 1) });
    }
  }
}

/** Dead letters: logged and recorded in D1 (notify_dead), with any events they left pending. */
async function handleDeadLetters(batch: MessageBatch<unknown>, env: NotifyEnv, d: NotifyDeps): Promise<void> {
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
    const stranded = parsed.ok && parsed.body.type === "flush" ? await takeDue(env, parsed.body.userId, now) : [];
    await recordDead(env, stranded.length ? { message: m.body, pending: stranded.map((r) => ({ event: r.event, channels: r.channels })) } : m.body, m.attempts, batch.queue, now);
    m.ack();
  }
}
