/** The local default: mail is stored in the D1 outbox (the service's sendMail), readable at /dev/mail. */
import type { Env } from "../../lib/env";
import { sendMail } from "../../lib/mail";
import type { MailTransport } from "./transport";
import type { OutgoingMail } from "./message";

export function outboxTransport(env: Env): MailTransport {
  return {
    name: "outbox",
    async send(mail: OutgoingMail) {
      await sendMail(env, { to: mail.to.email, subject: mail.subject, text: mail.text, link: mail.link });
    },
  };
}
