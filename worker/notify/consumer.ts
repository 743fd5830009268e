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
import { addPending, devices, logSent, openWindow, putBack, recipient, recordDead, takeDue } from "./store";
import { parseQueueBody, type FlushMessage, type NotifyMessage } from "./types";
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

export function isDeadLetterQueue(queue: string): boolean {
  return queue.endsWith("-dead") || queue.endsWith("-dlq");
}

export async function handleNotifyBatch(batch: MessageBatch<unknown>, env: NotifyEnv, deps: Partial<NotifyDeps> = {}): Promise<void> {
  const d: NotifyDeps = { ...defaultDeps, ...deps };
  if (isDeadLetterQueue(batch.queue)) return handleDeadLetters(batch, env, d);
  for (const m of batch.messages) {
    const parsed = parseQueueBody(m.body);
    if (!parsed.ok) {
      // Malformed input: retrying cannot help. Kept for inspection, changes nothing else.
      console.error(`notify: dropping malformed message ${m.id}: ${parsed.error}`);
      await recordDead(env, { error: parsed.error, body: m.body }, m.attempts, batch.queue, d.now());
      m.ack();
      continue;
    }
    try {
      if (parsed.body.type === "flush") await flushUser(env, parsed.body.userId, d);
      else await takeEvent(env, parsed.body, d);
      m.ack();
    } catch (e) {
      console.error(`notify: message ${m.id} failed (attempt ${m.attempts}): ${e instanceof Error ? e.message : String(e)}`);
      m.retry({ delaySeconds: backoffSeconds(m.attempts) });
    }
  }
}

/** An event from a game: decide, hold it in the player's merge window, make sure a flush is coming. */
export async function takeEvent(env: NotifyEnv, msg: NotifyMessage, d: NotifyDeps): Promise<void> {
  const now = d.now();
  const who = await recipient(env, msg.userId);
  if (!who) {
    await logSent(env, msg.userId, "skip", [msg.type], [msg.gameId], "no such user", now);
    return;
  }
  const hasPushDevice = !!vapidFromEnv(env) && (await devices(env, msg.userId)).some((x) => x.enabled);
  const pendingDueAt = await openWindow(env, msg.userId);
  const decision = decide(msg, who.settings, { now, live: !!msg.live, hasPushDevice, pendingDueAt });
  if (!decision.send) {
    await logSent(env, msg.userId, "skip", [msg.type], [msg.gameId], decision.reason, now);
    return;
  }
  await addPending(env, msg, decision.channels, decision.dueAt, now);
  // One flush per window: only the event that opens (or moves) the window schedules one.
  if (pendingDueAt === null || decision.dueAt < pendingDueAt) {
    await d.scheduleFlush(env, msg.userId, Math.ceil((decision.dueAt - now) / 1000));
  }
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

/** Dead letters: logged and recorded in D1 (notify_dead), with any events they left pending. */
async function handleDeadLetters(batch: MessageBatch<unknown>, env: NotifyEnv, d: NotifyDeps): Promise<void> {
  for (const m of batch.messages) {
    const now = d.now();
    console.error(`notify: dead letter ${m.id} after ${m.attempts} attempt(s): ${JSON.stringify(m.body)}`);
    const parsed = parseQueueBody(m.body);
    const stranded = parsed.ok && parsed.body.type === "flush" ? await takeDue(env, parsed.body.userId, now) : [];
    await recordDead(env, stranded.length ? { message: m.body, pending: stranded.map((r) => ({ event: r.event, channels: r.channels })) } : m.body, m.attempts, batch.queue, now);
    m.ack();
  }
}
