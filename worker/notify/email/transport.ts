/**
 * One transport interface for email, chosen by MAIL_TRANSPORT:
 * "smtp" (worker-mailer over cloudflare:sockets), "cloudflare" (send_email binding) or
 * "outbox" (the local default: the D1 outbox shown at /api/dev/outbox and /dev/mail).
 */
import type { Env } from "../../lib/env";
import type { OutgoingMail } from "./message";
import { outboxTransport } from "./outbox";
import { cloudflareTransport } from "./cloudflare";
import { smtpTransport, smtpConfigFromEnv } from "./smtp";

export interface MailTransport {
  readonly name: "smtp" | "cloudflare" | "outbox";
  /** Resolves when the message is accepted; throws when it was not (the queue then retries). */
  send(mail: OutgoingMail): Promise<void>;
}

/** Configuration read by the notification service in addition to the service's own Env. */
export interface NotifyEnv extends Env {
  MAIL_TRANSPORT?: string;
  SMTP_HOST?: string;
  SMTP_PORT?: string;
  SMTP_USER?: string;
  SMTP_PASS?: string;
  /** "true": TLS from the first byte (port 465); otherwise STARTTLS when offered. */
  SMTP_SECURE?: string;
  /** The Email Service binding ([[send_email]] name = "EMAIL"). */
  EMAIL?: SendEmail;
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  /** Signs one-click unsubscribe links; COOKIE_SECRET is used when absent. */
  UNSUBSCRIBE_SECRET?: string;
}

export function mailTransport(env: NotifyEnv): MailTransport {
  const kind = env.MAIL_TRANSPORT || "outbox";
  switch (kind) {
    case "outbox":
      return outboxTransport(env);
    case "cloudflare":
      if (!env.EMAIL) throw new Error('MAIL_TRANSPORT is "cloudflare" but no send_email binding named EMAIL is configured');
      return cloudflareTransport(env.EMAIL);
    case "smtp":
      return smtpTransport(smtpConfigFromEnv(env));
    default:
      throw new Error(`MAIL_TRANSPORT must be "smtp", "cloudflare" or "outbox", not "${kind}"`);
  }
}
