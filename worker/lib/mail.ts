/**
 * Outgoing mail goes through sendMail. Every message is written to the outbox table (in
 * development, GET /api/dev/outbox reads it); real transports plug in here.
 */
import type { Env } from "./env";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The one link the message is about (sign-in, invitation, game). */
  link?: string;
}

export async function sendMail(env: Env, msg: MailMessage): Promise<void> {
  await env.DB.prepare("INSERT INTO outbox (to_address, subject, text, link, created_at) VALUES (?, ?, ?, ?, ?)")
    .bind(msg.to, msg.subject, msg.text, msg.link ?? null, Date.now())
    .run();
}
