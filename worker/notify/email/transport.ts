/**
 * One transport interface for email, chosen by MAIL_TRANSPORT:
 * "smtp" (worker-mailer over cloudflare:sockets), "cloudflare" (send_email binding) or
 * "outbox" (the local default: the D1 outbox shown at /api/dev/outbox and /dev/mail).
 */
import type { Env } from "../../lib/env";
import { isDev } from "../../lib/env";
import type { OutgoingMail } from "./message";
import { outboxTransport } from "./outbox";
import { cloudflareTransport } from "./cloudflare";
import { smtpTransport, smtpConfigFromEnv } from "./smtp";
import { tally } from "../../lib/meter";

export interface MailTransport {
  readonly name: "smtp" | "cloudflare" | "outbox";
  /** Resolves when the message is accepted; throws when it was not (the queue then retries). */
  send(mail: OutgoingMail): Promise<void>;
}

/** Every mail the transport accepted is counted (development only, lib/meter.ts). */
const counted = (t: MailTransport): MailTransport => ({ name: t.name, send: async (mail) => (await t.send(mail), tally("mails")) });

/** Mail stays in the development outbox (GET /api/dev/outbox): the sign-in page then points there. */
export const mailGoesToOutbox = (env: Env) => isDev(env) && (env.MAIL_TRANSPORT || "outbox") === "outbox";

export function mailTransport(env: Env): MailTransport {
  return counted(chosen(env));
}

function chosen(env: Env): MailTransport {
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
