/**
 * The notification email: plain text and simple HTML, the game and opponent named, what
 * happened in words, time left, one button to the game, a one-click unsubscribe (RFC 8058)
 * and a link to the settings.
 */

export interface Address {
  name?: string;
  email: string;
}

/** A composed email, independent of the transport that sends it. */
export interface OutgoingMail {
  from: Address;
  to: Address;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  /** The one link the message is about (the button). */
  link: string;
}

export interface MailContent {
  subject: string;
  /** One paragraph per line. */
  lines: string[];
  button: { label: string; url: string };
}

export interface MailLinks {
  unsubscribe: string;
  settings: string;
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** "Mah Jongg by Post <play@example.com>" or "play@example.com" → Address. */
export function parseAddress(s: string): Address {
  const m = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(s);
  return m ? { name: m[1] || undefined, email: m[2]!.trim() } : { email: s.trim() };
}

export function composeMail(from: Address, to: Address, c: MailContent, links: MailLinks): OutgoingMail {
  const greeting = to.name ? `Hello ${to.name},` : "Hello,";
  const text = [
    greeting,
    "",
    ...c.lines,
    "",
    `${c.button.label}: ${c.button.url}`,
    "",
    "--",
    `Notification settings: ${links.settings}`,
    `Unsubscribe from these emails: ${links.unsubscribe}`,
    "",
  ].join("\n");
  const html = `<!doctype html>
<html><body style="font-family:sans-serif;font-size:18px;line-height:1.5;color:#222">
<p>${esc(greeting)}</p>
${c.lines.map((l) => `<p>${esc(l)}</p>`).join("\n")}
<p><a href="${esc(c.button.url)}" style="display:inline-block;padding:12px 24px;background:#1d5e3a;color:#fff;text-decoration:none;border-radius:6px">${esc(c.button.label)}</a></p>
<hr>
<p style="font-size:14px;color:#555"><a href="${esc(links.settings)}">Notification settings</a> · <a href="${esc(links.unsubscribe)}">Unsubscribe</a></p>
</body></html>
`;
  return {
    from,
    to,
    subject: c.subject,
    text,
    html,
    link: c.button.url,
    headers: {
      // RFC 2369 + RFC 8058: mail clients show an unsubscribe button that POSTs to this URL.
      "List-Unsubscribe": `<${links.unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
