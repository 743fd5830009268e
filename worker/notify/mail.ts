/**
 * Every mail the service sends (sign-in link, game and league invitations; notices go through
 * deliver.ts with the same transport) leaves through the one transport chosen by
 * MAIL_TRANSPORT: "smtp", "cloudflare", or "outbox" (development only: the D1 outbox read by
 * GET /api/dev/outbox). A message the transport refuses is put on the NOTIFY queue and retried
 * there with backoff (consumer.ts); the caller learns that it was not sent yet. A mail server that
 * refuses the recipient for good (5xx to RCPT TO: no such mailbox, say) is not retried: the caller
 * learns that, to tell the person to check the address.
 */
import type { Env } from "../lib/env";
import { mailTransport, type MailTransport } from "./email/transport";
import type { OutgoingMail } from "./email/message";
import { fromAddress } from "./deliver";
import type { MailQueueMessage } from "./types";

export interface MailMessage {
  to: string;
  /** Fixed wording: never anything a user typed (names go into the body, quoted). */
  subject: string;
  text: string;
  /** The one link the message is about (sign-in, invitation, game). */
  link?: string;
  /** When the link stops working (ms): a retry after it is not sent, since it would carry a dead link. */
  until?: number;
}

/** `refused`: the recipient's mail server refused the address for good; nothing is retried. */
export type MailOutcome = { sent: true } | { sent: false; reason: string; refused: boolean };

/** What the answers say about a mail: sent, being retried, or refused for good. */
export const mailStatus = (o: MailOutcome): "sent" | "retrying" | "refused" => (o.sent ? "sent" : o.refused ? "refused" : "retrying");

/**
 * An SMTP server's permanent refusal of the recipient (a 5xx answer to RCPT TO): sending again
 * cannot help. Temporary refusals (4xx), a refused connection or a refused log-in are not this.
 */
export const refusedForGood = (reason: string): boolean => /RCPT TO\b.*\b5\d\d\b/i.test(reason);

/** What the person who typed `to` is told when its mail server refused it for good (only they see the address). */
export const refusedWords = (to: string) => `The mail server for ${to} refused our mail. Please check the address for a typing mistake, or use another one.`;

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The composed message: plain text and the same in simple HTML, the link as a button. */
export function composePlain(env: Env, msg: MailMessage): OutgoingMail {
  const paragraphs = msg.text.split(/\n{2,}/).map((p) => p.trim()).filter(Boolean);
  const html = `<!doctype html>
<html><body style="font-family:sans-serif;font-size:18px;line-height:1.5;color:#222">
${paragraphs.map((p) => (msg.link && p === msg.link ? `<p><a href="${esc(p)}" style="display:inline-block;padding:12px 24px;background:#1d5e3a;color:#fff;text-decoration:none;border-radius:6px">Open the link</a></p><p style="font-size:14px">${esc(p)}</p>` : `<p>${esc(p)}</p>`)).join("\n")}
</body></html>
`;
  return { from: fromAddress(env), to: { email: msg.to }, subject: msg.subject, text: msg.text, html, headers: {}, link: msg.link ?? "" };
}

const reasonOf = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 500);

/** Sends now through the configured transport; throws when the transport refuses. */
export async function deliverMail(env: Env, msg: MailMessage, transport?: MailTransport): Promise<void> {
  const t = transport ?? mailTransport(env);
  await t.send(composePlain(env, msg));
}

/** Mail retried by the queue starts again after this many seconds (then the consumer's backoff). */
export const FIRST_RETRY_S = 30;

/**
 * Sends at once (never merged, held or digested). When the transport refuses, the message goes
 * on the queue to be retried and the answer says so; it is never silently dropped.
 */
export async function sendMail(env: Env, msg: MailMessage): Promise<MailOutcome> {
  try {
    await deliverMail(env, msg);
    return { sent: true };
  } catch (e) {
    const reason = reasonOf(e);
    if (refusedForGood(reason)) {
      console.error(`mail: "${msg.subject}" refused for good (${reason}); not retried`);
      return { sent: false, reason, refused: true };
    }
    console.error(`mail: "${msg.subject}" not sent yet (${reason}); retrying through the queue`);
    const body: MailQueueMessage = { type: "mail", mail: msg, firstError: reason };
    await (env.NOTIFY as unknown as Queue<MailQueueMessage>).send(body, { contentType: "json", delaySeconds: FIRST_RETRY_S });
    return { sent: false, reason, refused: false };
  }
}
