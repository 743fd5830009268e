/**
 * The worker as a real deployment runs it: ENVIRONMENT=production, MAIL_TRANSPORT=smtp against
 * the loopback SMTP server, with per-test settings (the app's own fetch called with another env).
 */
import { inject } from "vitest";
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../worker/index";
import { Browser } from "./client";

export const sink = inject("smtpSink");

export const production = (): Record<string, unknown> => ({
  ...env,
  ENVIRONMENT: "production",
  APP_URL: "https://mahjong.example",
  MAIL_FROM: "Mah Jongg by Post <play@mahjong.example>",
  MAIL_TRANSPORT: "smtp",
  SMTP_HOST: "127.0.0.1",
  SMTP_PORT: String(sink.smtp),
});

/** A browser talking to the worker with these settings. */
export function browserWith(settings: Record<string, unknown>): Browser {
  return new Browser(async (req) => {
    const ctx = createExecutionContext();
    const res = await worker.fetch(req as never, settings as never, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  });
}

export interface Received {
  from: string;
  to: string[];
  data: string;
}

export const received = async (): Promise<Received[]> => (await fetch(`http://127.0.0.1:${sink.http}/`)).json();

/** The one message received for `to` (the newest), with its subject and the text decoded. */
export async function mailTo(to: string): Promise<{ subject: string; text: string } | undefined> {
  const all = (await received()).filter((m) => m.to.includes(to));
  const m = all[all.length - 1];
  if (!m) return undefined;
  const head = m.data.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  const subject = /^subject:\s*(.*)$/im.exec(head)?.[1] ?? "";
  return { subject: decodeHeader(subject), text: decodeBody(m.data) };
}

/** RFC 2047 encoded words (=?utf-8?B?...?= / =?utf-8?Q?...?=). */
function decodeHeader(s: string): string {
  return s.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === "B" ? new TextDecoder().decode(Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0))) : decodeQp(text.replace(/_/g, " ")),
  );
}

function decodeQp(s: string): string {
  const bytes: number[] = [];
  const raw = s.replace(/=\r?\n/g, "");
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === "=" && /^[0-9A-F]{2}$/i.test(raw.slice(i + 1, i + 3))) {
      bytes.push(parseInt(raw.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...new TextEncoder().encode(raw[i]!));
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/** The text/plain part, decoded (quoted-printable or base64). */
function decodeBody(data: string): string {
  const parts = data.split(/\r?\n--[^\r\n]+\r?\n/);
  const plain = parts.find((p) => /content-type:\s*text\/plain/i.test(p)) ?? data;
  const [head, ...rest] = plain.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n");
  if (/content-transfer-encoding:\s*base64/i.test(head!)) return new TextDecoder().decode(Uint8Array.from(atob(body.replace(/\s+/g, "")), (ch) => ch.charCodeAt(0)));
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head!)) return decodeQp(body);
  return body;
}

/** The first https link in a text. */
export const linkIn = (text: string) => new URL(/https:\/\/\S+/.exec(text)![0]);
