/**
 * The cron trigger: sends daily digests that are due, and flushes merge windows whose flush
 * message never came (a backstop; normally the queue does it).
 */
import { awaiting, composeDigest, digestDueOn } from "./digest";
import { appUrlOf, fromAddress, mailLinks } from "./deliver";
import { composeMail } from "./email/message";
import type { Env } from "../lib/env";
import { digestReaders, logSent, markDigestSent, overdueUsers, recipient } from "../db/notify";
import { listGames } from "../db/games";
import { defaultDeps, type NotifyDeps } from "./deps";
import { flushUser } from "./flush";

/** Pending rows this long past due are flushed by the cron sweep. */
const SWEEP_GRACE_MS = 10 * 60_000;

export async function runCron(event: { scheduledTime: number }, env: Env, deps: Partial<NotifyDeps> = {}): Promise<{ digests: number; flushed: number; errors: number }> {
  const d: NotifyDeps = { ...defaultDeps, now: () => event.scheduledTime, ...deps };
  const now = d.now();
  let flushed = 0;
  let errors = 0;
  for (const userId of await overdueUsers(env, now, SWEEP_GRACE_MS)) {
    try {
      await flushUser(env, userId, d);
      flushed++;
    } catch (e) {
      errors++;
      console.error(`notify cron: flush for ${userId} failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  let digests = 0;
  for (const userId of await digestReaders(env)) {
    try {
      if (await sendDigest(env, userId, now, d)) digests++;
    } catch (e) {
      errors++;
      console.error(`notify cron: digest for ${userId} failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return { digests, flushed, errors };
}

/** One player's digest, if due and not empty. True when sent. */
export async function sendDigest(env: Env, userId: string, now: number, d: NotifyDeps): Promise<boolean> {
  const who = await recipient(env, userId);
  if (!who) return false;
  const day = digestDueOn(who.settings, who.digestSentOn, now);
  if (!day) return false;
  const appUrl = appUrlOf(env);
  const content = composeDigest(awaiting(await listGames(env, userId), userId, appUrl), now, appUrl);
  if (!content) return false;
  const mail = composeMail(
    fromAddress(env),
    { email: who.email, name: who.name },
    { subject: content.subject, lines: content.lines, button: { label: "Open my games", url: content.url } },
    await mailLinks(env, userId, appUrl),
  );
  await d.transport(env).send(mail);
  await markDigestSent(env, userId, day);
  await logSent(env, userId, "digest", ["turn"], [], mail.subject, now);
  return true;
}
