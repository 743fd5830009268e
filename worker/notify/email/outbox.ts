/**
 * The development transport (MAIL_TRANSPORT "outbox", the default of `wrangler.toml`'s local
 * set-up): mail is stored in the D1 outbox, readable at /api/dev/outbox and /dev/mail. Outside
 * development the service refuses to start with it (worker/lib/config.ts).
 */
import type { Env } from "../../lib/env";
import type { MailTransport } from "./transport";
import type { OutgoingMail } from "./message";

export function outboxTransport(env: Env): MailTransport {
  return {
    name: "outbox",
    async send(mail: OutgoingMail) {
      await env.DB.prepare("INSERT INTO outbox (to_address, subject, text, link, created_at) VALUES (?, ?, ?, ?, ?)")
        .bind(mail.to.email, mail.subject, mail.text, mail.link || null, Date.now())
        .run();
    },
  };
}
