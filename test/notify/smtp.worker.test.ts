/**
 * SMTP round trip: a game event goes through the queue consumer and worker-mailer (SMTP over
 * cloudflare:sockets) to a real SMTP server on loopback; the message and its headers are checked.
 */
import { describe, expect, inject, it } from "vitest";
import { env } from "cloudflare:workers";
import { createMessageBatch } from "cloudflare:test";
import { handleNotifyBatch } from "../../worker/notify/consumer";
import { verifyUnsubscribeToken } from "../../worker/notify/unsubscribe";
import type { NotifyMessage, QueueBody } from "../../worker/notify/types";
import { addUser } from "./helpers/d1";

const sink = inject("smtpSink");
const smtpEnv = { ...env, MAIL_TRANSPORT: "smtp", SMTP_HOST: "127.0.0.1", SMTP_PORT: String(sink.smtp), APP_URL: "https://mahjong.example", MAIL_FROM: "Mah Jongg by Post <play@mahjong.example>" };

interface Received {
  from: string;
  to: string[];
  data: string;
}
const received = async (): Promise<Received[]> => (await fetch(`http://127.0.0.1:${sink.http}/`)).json();

/** Unfolds RFC 5322 header lines and returns the header block as name → value. */
function headers(data: string): Record<string, string> {
  const head = data.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  const out: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) out[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  return out;
}

const T = Date.UTC(2026, 5, 1, 12, 0);
const event = (userId: string): NotifyMessage => ({
  type: "turn",
  gameId: "g7",
  userId,
  text: "Ann discarded 7 Dots. Your turn.",
  url: "https://mahjong.example/games/g7",
  at: T,
  opponents: ["Ann"],
  deadline: T + 3 * 86_400_000,
  live: false,
});

async function run(bodies: QueueBody[], now: number) {
  const batch = createMessageBatch<QueueBody>("mahjong-notify", bodies.map((body, i) => ({ id: `s${i}`, timestamp: now, attempts: 1, body })));
  const retried: string[] = [];
  for (const m of batch.messages) {
    const retry = m.retry.bind(m);
    m.retry = (o?: QueueRetryOptions) => (retried.push(m.id), retry(o));
  }
  await handleNotifyBatch(batch as MessageBatch<unknown>, smtpEnv, { now: () => now, scheduleFlush: async () => {} });
  return retried;
}

describe("email over SMTP", () => {
  it("arrives at a real SMTP server with text, HTML and one-click unsubscribe headers", async () => {
    await addUser("sam", "Sam");
    await run([event("sam")], T);
    expect(await run([{ type: "flush", userId: "sam" }], T + 10 * 60_000)).toEqual([]);
    const mail = (await received()).find((m) => m.to.includes("sam@example.com"));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe("play@mahjong.example");
    const h = headers(mail!.data);
    expect(h.subject).toBe("Your turn: Game g7");
    expect(h.from).toBe('"Mah Jongg by Post" <play@mahjong.example>');
    expect(h.to).toBe('"Sam" <sam@example.com>');
    expect(h["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const link = /^<(https:\/\/mahjong\.example\/api\/unsubscribe\?t=[^>]+)>$/.exec(h["list-unsubscribe"]!)![1]!;
    expect(await verifyUnsubscribeToken(new URL(link).searchParams.get("t")!, env.COOKIE_SECRET)).toBe("sam");
    expect(mail!.data).toMatch(/Content-Type: text\/plain/i);
    expect(mail!.data).toMatch(/Content-Type: text\/html/i);
    expect(mail!.data).toContain("Ann discarded 7 Dots");
    expect(mail!.data).toContain("https://mahjong.example/settings#notifications");
  });

  it("a temporary refusal (451) makes the queue retry, and the event is kept for it", async () => {
    await addUser("busy-bee", "Bee");
    await run([event("busy-bee")], T);
    expect(await run([{ type: "flush", userId: "busy-bee" }], T + 10 * 60_000)).toEqual(["s0"]);
    const left = await env.DB.prepare("SELECT COUNT(*) AS n FROM notify_pending WHERE user_id = 'busy-bee'").first<{ n: number }>();
    expect(left!.n).toBe(1);
  });
});
