/**
 * The development transport (MAIL_TRANSPORT "outbox", the default of `wrangler.toml`'s local
 * set-up): mail is stored in the D1 outbox, readable at /api/dev/outbox and /dev/mail. Outside
 * development the service refuses to start with it (worker/lib/config.ts).
 */
import type { Env } from "../../lib/env";
import type { MailTransport } from "./transport";
import type { OutgoingMail } from "./message";
import { putInOutbox } from "../../db/outbox";

export function outboxTransport(env: Env): MailTransport {
  return {
    name: "outbox",
    async send(mail: OutgoingMail) {
      await putInOutbox(env, { to: mail.to.email, subject: mail.subject, text: mail.text, link: mail.link || null });
    },
  };
}
