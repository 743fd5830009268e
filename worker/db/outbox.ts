/** The development outbox (MAIL_TRANSPORT "outbox"): mail kept in D1 and shown at /api/dev/outbox and /dev/mail. */
import type { Env } from "../lib/env";

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  link: string | null;
  createdAt: number;
}

const COLS = `id, to_address AS "to", subject, text, link, created_at AS createdAt`;

/** Keeps one mail (the outbox transport's send). */
export async function putInOutbox(env: Env, mail: { to: string; subject: string; text: string; link: string | null }, now = Date.now()): Promise<void> {
  await env.DB.prepare("INSERT INTO outbox (to_address, subject, text, link, created_at) VALUES (?, ?, ?, ?, ?)").bind(mail.to, mail.subject, mail.text, mail.link, now).run();
}

/** Mail sent to one address, newest first. */
export async function outboxFor(env: Env, to: string, limit = 50): Promise<OutboxMail[]> {
  const { results } = await env.DB.prepare(`SELECT ${COLS} FROM outbox WHERE to_address = ? ORDER BY id DESC LIMIT ?`).bind(to, limit).all<OutboxMail>();
  return results;
}

/** The latest mail to anyone, newest first. */
export async function outboxLatest(env: Env, limit = 100): Promise<OutboxMail[]> {
  const { results } = await env.DB.prepare(`SELECT ${COLS} FROM outbox ORDER BY id DESC LIMIT ?`).bind(limit).all<OutboxMail>();
  return results;
}
