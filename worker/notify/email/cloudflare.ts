/** Cloudflare Email Service: the send_email binding composes the MIME itself from these fields. */
import type { MailTransport } from "./transport";
import type { OutgoingMail, Address } from "./message";

const addr = (a: Address) => (a.name ? { name: a.name, email: a.email } : a.email);

export function cloudflareTransport(binding: SendEmail): MailTransport {
  return {
    name: "cloudflare",
    async send(mail: OutgoingMail) {
      await binding.send({ from: addr(mail.from), to: addr(mail.to), subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
    },
  };
}
