/**
 * Sends one player's due events as one message per channel: one email (with one-click
 * unsubscribe) and one push per enabled device. Throws when a channel failed, after marking
 * what did go out, so a retry sends only what is still owed. Reads nothing: the flush (flush.ts)
 * read the player and their devices once, and writes what `deliver` tells it went out.
 */
import type { Env } from "../lib/env";
import type { MailTransport } from "./email/transport";
import { composeMail, parseAddress, type Address } from "./email/message";
import { pushPayload, summarize } from "./summary";
import { unsubscribeUrl } from "./unsubscribe";
import { sendPush, vapidFromEnv, type Fetcher } from "./webpush";
import { forgetEndpoint, type PendingRow, type Recipient, type StoredDevice } from "../db/notify";
import type { Channel } from "./decide";

export interface DeliverDeps {
  transport: MailTransport;
  fetcher?: Fetcher;
}

export function appUrlOf(env: Env, fallback?: string): string {
  return env.APP_URL || (fallback ? new URL(fallback).origin : "http://localhost:8787");
}

export function fromAddress(env: Env): Address {
  return parseAddress(env.MAIL_FROM || "Mah Jongg by post <noreply@localhost>");
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

/** What went out (or was skipped, and why): a notify_sent row. */
export interface Told {
  channel: string;
  kinds: string[];
  gameIds: string[];
  detail: string;
}

/**
 * The rows to log: a message that went by mail and by push about the same events (same title,
 * same kinds and games) is one row, channel "email,push", not one per channel.
 */
export function toldRows(told: Told[]): Told[] {
  const push = told.find((t) => t.channel === "push");
  const email = told.find((t) => t.channel === "email");
  const same = (a: Told, b: Told) => a.detail === b.detail && a.kinds.join() === b.kinds.join() && a.gameIds.join() === b.gameIds.join();
  if (!push || !email || !same(push, email)) return told;
  return told.filter((t) => t !== push).map((t) => (t === email ? { ...t, channel: "email,push" } : t));
}

/**
 * Sends the rows owed to `who` (read once by the flush) on their channels: one push per device
 * in `targets`, one mail. What went out is added to `told`, even when a later channel fails.
 */
export async function deliver(env: Env, who: Recipient, targets: StoredDevice[], rows: PendingRow[], now: number, deps: DeliverDeps, told: Told[]): Promise<void> {
  const userId = who.userId;
  const forPush = rows.filter((r) => r.channels.includes("push"));
  if (forPush.length) {
    const vapid = vapidFromEnv(env);
    if (who.settings.push && targets.length && vapid) {
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
      if (sent > 0) told.push({ channel: "push", kinds: summary.kinds, gameIds: summary.gameIds, detail: content.title });
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
    told.push({ channel: "email", kinds: summary.kinds, gameIds: summary.gameIds, detail: mail.subject });
  }
}
