/**
 * Every mail of the service leaves through the configured transport. The worker runs as a real
 * deployment would (ENVIRONMENT=production, MAIL_TRANSPORT=smtp) against the loopback SMTP
 * server: sign-in links, game and league invitations arrive there, and the link read from the
 * received message signs the person in. A refused message is retried through the queue.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { createMessageBatch } from "cloudflare:test";
import { handleNotifyBatch, MAIL_ATTEMPTS } from "../../worker/notify/consumer";
import { Browser } from "../worker/client";
import { browserWith, linkIn, mailTo, production } from "../worker/deployment";

const settings = production();

/** Signs in through the SMTP server: ask for the link, read it from the received mail, open it. */
async function signInBySmtp(address: string, s = settings): Promise<Browser> {
  const b = browserWith(s);
  const start = await b.post("/api/auth/start", { email: address });
  expect(start).toMatchObject({ status: 200, body: { sent: true } });
  const mail = await mailTo(address);
  expect(mail?.subject).toMatch(/^Your sign-in link and code: \d{6} \(Mah Jongg by post\)$/);
  const link = linkIn(mail!.text);
  expect(link.origin).toBe("https://mahjong.example");
  const res = await b.fetch(link.pathname + link.search);
  expect(res.status).toBe(302);
  expect(b.cookie).not.toBe("");
  return b;
}

/** Queue messages put on a stand-in NOTIFY binding, to be handed to the consumer by the test. */
function capturingQueue() {
  const sent: unknown[] = [];
  return { sent, queue: { send: async (body: unknown) => void sent.push(body), sendBatch: async () => {} } };
}

async function consume(body: unknown, attempts: number, s: Record<string, unknown>) {
  const batch = createMessageBatch("mahjong-notify", [{ id: `m${attempts}`, timestamp: new Date(), attempts, body }]);
  const retried: (number | undefined)[] = [];
  const acked: string[] = [];
  for (const m of batch.messages) {
    m.retry = (o?: QueueRetryOptions) => void retried.push(o?.delaySeconds);
    m.ack = () => void acked.push(m.id);
  }
  await handleNotifyBatch(batch as MessageBatch<unknown>, s as never);
  return { retried, acked };
}

describe("mail through SMTP on a production set-up", () => {
  it("the sign-in link arrives at the SMTP server and signs the person in", async () => {
    const b = await signInBySmtp("nell@example.com");
    expect((await b.get("/api/me")).body).toMatchObject({ email: "nell@example.com" });
    // Nothing went to the development outbox.
    const outbox = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE to_address = 'nell@example.com'").first<{ n: number }>();
    expect(outbox!.n).toBe(0);
  });

  it("a game invitation arrives with a fixed subject; the inviter's name once, quoted, in the body; its link seats the guest", async () => {
    const ann = await signInBySmtp("prize@example.com");
    expect((await ann.put("/api/me", { displayName: "Prize desk: claim at evil.example" })).status).toBe(200);
    const created = await ann.post("/api/games", { ruleset: "siamese", options: { daysPerMove: 2 }, invite: "olga@example.com" });
    expect(created).toMatchObject({ status: 201, body: { inviteMail: "sent" } });
    const mail = await mailTo("olga@example.com");
    expect(mail?.subject).toBe("An invitation to a game of Mah Jongg");
    expect(mail!.text.split("Prize desk").length - 1).toBe(1);
    expect(mail!.text).toContain(`"Prize desk: claim at evil.example"`);
    const link = linkIn(mail!.text);
    const olga = await signInBySmtp("olga@example.com");
    const joined = await olga.post(`/api/games/${created.body.id}/join`, { invite: link.searchParams.get("t") });
    expect(joined.status).toBe(200);
  });

  it("a league invitation arrives with a fixed subject and its link lets the person join", async () => {
    const org = await signInBySmtp("organiser@example.com");
    const league = await org.post("/api/leagues", { name: "Tuesday club", visibility: "private" });
    expect(league.status).toBe(201);
    const sent = await org.post(`/api/leagues/${league.body.id}/invites`, { email: "pearl@example.com" });
    expect(sent).toMatchObject({ status: 200, body: { mail: "sent" } });
    const mail = await mailTo("pearl@example.com");
    expect(mail?.subject).toBe("An invitation to a Mah Jongg league");
    const link = linkIn(mail!.text);
    const pearl = await signInBySmtp("pearl@example.com");
    const joined = await pearl.post(`/api/leagues/${league.body.id}/join`, { invite: link.searchParams.get("invite") });
    expect(joined).toMatchObject({ status: 200, body: { member: true } });
  });
});

describe("a transport that refuses", () => {
  it("the person is told the truth, and the queue delivers the link later; it signs them in", async () => {
    const q = capturingQueue();
    // Nothing listens on port 1: the connection is refused.
    const b = browserWith({ ...settings, SMTP_PORT: "1", NOTIFY: q.queue });
    const start = await b.post("/api/auth/start", { email: "quinn@example.com" });
    expect(start.status).toBe(202);
    expect(start.body).toMatchObject({ sent: false });
    expect(start.body.message).toContain("We could not send the mail yet; we are trying again");
    expect(JSON.stringify(start.body)).not.toMatch(/check your mail/i);
    expect(q.sent).toHaveLength(1);
    expect(await mailTo("quinn@example.com")).toBeUndefined();
    // The queue's delivery, with the server back: the mail arrives and its link works.
    expect(await consume(q.sent[0], 1, settings)).toEqual({ retried: [], acked: ["m1"] });
    const link = linkIn((await mailTo("quinn@example.com"))!.text);
    const res = await b.fetch(link.pathname + link.search);
    expect(res.status).toBe(302);
    expect((await b.get("/api/me")).body).toMatchObject({ email: "quinn@example.com" });
  });

  it("a refused retry waits longer each time; the last failure is recorded with its reason", async () => {
    const q = capturingQueue();
    // The SMTP server answers 451 for addresses starting with "busy".
    const b = browserWith({ ...settings, NOTIFY: q.queue });
    const start = await b.post("/api/auth/start", { email: "busy-rita@example.com" });
    expect(start).toMatchObject({ status: 202, body: { sent: false } });
    const first = await consume(q.sent[0], 1, settings);
    const second = await consume(q.sent[0], 2, settings);
    expect(first.acked).toEqual([]);
    expect(second.retried[0]!).toBeGreaterThan(first.retried[0]!);
    const last = await consume(q.sent[0], MAIL_ATTEMPTS - 1, settings);
    expect(last).toEqual({ retried: [], acked: [`m${MAIL_ATTEMPTS - 1}`] });
    const dead = await env.DB.prepare("SELECT body FROM notify_dead ORDER BY id DESC LIMIT 1").first<{ body: string }>();
    const recorded = JSON.parse(dead!.body);
    expect(recorded.mail).toMatchObject({ to: "busy-rita@example.com", subject: expect.stringMatching(/^Your sign-in link and code: \d{6} \(Mah Jongg by post\)$/) });
    expect(recorded.reason).toMatch(/451|busy/i);
  });

  it("an address its mail server refuses for good (550) is not retried: the person is told to check it", async () => {
    const q = capturingQueue();
    const b = browserWith({ ...settings, NOTIFY: q.queue });
    const start = await b.post("/api/auth/start", { email: "nobody-sam@example.com" });
    expect(start).toMatchObject({ status: 422, body: { code: "mail/refused" } });
    expect(start.body.message).toContain("nobody-sam@example.com");
    expect(start.body.message).toMatch(/check the address/i);
    expect(q.sent).toHaveLength(0);
    expect(await mailTo("nobody-sam@example.com")).toBeUndefined();
    // An invitation to such an address says so to the inviter; the game and the league invitation stay.
    const ann = await signInBySmtp("sam-host@example.com");
    const created = await ann.post("/api/games", { ruleset: "siamese", options: { daysPerMove: 2 }, invite: "nobody-tom@example.com" });
    expect(created).toMatchObject({ status: 201, body: { inviteMail: "refused" } });
    const league = await ann.post("/api/leagues", { name: "Refused club", visibility: "private" });
    const invited = await ann.post(`/api/leagues/${league.body.id}/invites`, { email: "nobody-una@example.com" });
    expect(invited).toMatchObject({ status: 200, body: { mail: "refused" } });
    expect(q.sent).toHaveLength(0);
  });

  it("a retry refused for good stops at once and is recorded with its reason", async () => {
    const body = { type: "mail", mail: { to: "nobody-vic@example.com", subject: "An invitation to a game of Mah Jongg", text: "Open this link" } };
    expect(await consume(body, 1, settings)).toEqual({ retried: [], acked: ["m1"] });
    const dead = await env.DB.prepare("SELECT body FROM notify_dead ORDER BY id DESC LIMIT 1").first<{ body: string }>();
    expect(JSON.parse(dead!.body)).toMatchObject({ mail: { to: "nobody-vic@example.com" }, reason: expect.stringMatching(/550/) });
  });

  it("a sign-in mail whose link has expired is not sent by a later retry", async () => {
    const q = capturingQueue();
    const b = browserWith({ ...settings, SMTP_PORT: "1", NOTIFY: q.queue });
    const asked = Date.now();
    expect((await b.post("/api/auth/start", { email: "late-wes@example.com" })).status).toBe(202);
    const queued = q.sent[0] as { mail: { until: number } };
    // The link lasts 15 minutes from the request.
    expect(queued.mail.until).toBeGreaterThanOrEqual(asked + 15 * 60_000);
    expect(queued.mail.until).toBeLessThan(Date.now() + 15 * 60_000 + 1);
    const late = { ...queued, mail: { ...queued.mail, until: Date.now() - 1 } };
    expect(await consume(late, 3, settings)).toEqual({ retried: [], acked: ["m3"] });
    expect(await mailTo("late-wes@example.com")).toBeUndefined();
    const dead = await env.DB.prepare("SELECT body FROM notify_dead ORDER BY id DESC LIMIT 1").first<{ body: string }>();
    expect(JSON.parse(dead!.body)).toMatchObject({ mail: { to: "late-wes@example.com" }, reason: expect.stringMatching(/expired/) });
    // While the link still works, the same retry sends it.
    expect(await consume(queued, 3, settings)).toEqual({ retried: [], acked: ["m3"] });
    expect(await mailTo("late-wes@example.com")).toBeDefined();
  });
});
