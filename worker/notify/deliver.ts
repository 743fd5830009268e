/**
 * Sends one player's due events as one message per channel: one email (with one-click
 * unsubscribe) and one push per enabled device. Throws when a channel failed, after marking
 * what did go out, so a retry sends only what is still owed.
 */
import type { Env } from "../lib/env";
import type { MailTransport } from "./email/transport";
import { composeMail, parseAddress, type Address } from "./email/message";
import { pushPayload, summarize } from "./summary";
import { unsubscribeUrl } from "./unsubscribe";
import { sendPush, vapidFromEnv, type Fetcher } from "./webpush";
import { devices, forgetEndpoint, logSent, recipient, type PendingRow } from "../db/notify";
import type { Channel } from "./decide";

export interface DeliverDeps {
  transport: MailTransport;
  fetcher?: Fetcher;
}

export function appUrlOf(env: Env, fallback?: string): string {
  return env.APP_URL || (fallback ? new URL(fallback).origin : "http://localhost:8787");
}

export function fromAddress(env: Env): Address {
  return parseAddress(env.MAIL_FROM || "Mah Jongg by Post <noreply@localhost>");
}

export function unsubscribeSecret(env: Env): string {
  const s = env.UNSUBSCRIBE_SECRET || env.COOKIE_SECRET;
  if (!s) throw new Error("UNSUBSCRIBE_SECRET (or COOKIE_SECRET) must be set to sign unsubscribe links");
  return s;
}

export async function mailLinks(env: Env, userId: string, appUrl: string) {
  return {
    unsubscribe: await unsubscribeUrl(appUrl, userId, unsubscribeSecret(env)),
    settings: new URL("/settings#notifications", appUrl).href,
  };
}

const drop = (rows: PendingRow[], ch: Channel) => rows.forEach((r) => (r.channels = r.channels.filter((c) => c !== ch)));

export async function deliver(env: Env, userId: string, rows: PendingRow[], now: number, deps: DeliverDeps): Promise<void> {
  const who = await recipient(env, userId);
  if (!who) {
    rows.forEach((r) => (r.channels = []));
    await logSent(env, userId, "skip", [], [], "no such user", now);
    return;
  }
  const forPush = rows.filter((r) => r.channels.includes("push"));
  if (forPush.length) {
    const vapid = vapidFromEnv(env);
    const targets = who.settings.push && vapid ? (await devices(env, userId)).filter((d) => d.enabled) : [];
    if (targets.length && vapid) {
      const summary = summarize(forPush.map((r) => r.event), now, who.settings.timezone);
      const content = pushPayload(summary);
      let sent = 0;
      let failed = 0;
      for (const t of targets) {
        const r = await sendPush(t, content, vapid, deps.fetcher);
        if (r.outcome === "gone") await forgetEndpoint(env, t.endpoint);
        else if (r.outcome === "sent") sent++;
        else failed++;
      }
      // Some device got it: done (a retry would repeat it there). None did and some failed: retry.
      if (sent === 0 && failed > 0) throw new Error(`push failed on all ${failed} device(s) of ${userId}`);
      if (sent > 0) await logSent(env, userId, "push", summary.kinds, summary.gameIds, content.title, now);
    }
    drop(rows, "push");
  }
  const forEmail = rows.filter((r) => r.channels.includes("email"));
  if (forEmail.length) {
    if (who.settings.email === "off") {
      drop(rows, "email");
      return;
    }
    const summary = summarize(forEmail.map((r) => r.event), now, who.settings.timezone);
    const appUrl = appUrlOf(env, summary.url);
    const mail = composeMail(
      fromAddress(env),
      { email: who.email, name: who.name },
      { subject: summary.title, lines: [...summary.lines, ...summary.more], button: { label: summary.button, url: summary.url } },
      await mailLinks(env, userId, appUrl),
    );
    await deps.transport.send(mail);
    drop(rows, "email");
    await logSent(env, userId, "email", summary.kinds, summary.gameIds, mail.subject, now);
  }
}
