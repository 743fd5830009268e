/**
 * Correspondence that tells you what happened (issue 36), server side, inside workerd: a time-out
 * told to the player who timed out in their own words and to the others in the third person (the
 * table's events, the notices, and the mail as it reaches a real SMTP server on loopback), the end
 * mail giving the reason after three; a vacation named in the others' mail; "Play now" posting for
 * as many players as chosen; the daily digest counting a challenge that computers filled.
 */
import { describe, expect, inject, it } from "vitest";
import { env } from "cloudflare:workers";
import { createMessageBatch, runDurableObjectAlarm } from "cloudflare:test";
import { handleNotifyBatch } from "../../worker/notify/consumer";
import { runCron } from "../../worker/notify/cron";
import { sweepChallenges } from "../../worker/api/challenges";
import type { NotifyMessage, QueueBody } from "../../worker/notify/types";
import type { OutgoingMail } from "../../worker/notify/email/message";
import { createAndJoin, key, signIn, startGame, type Browser } from "./client";
import { spyNotices, stubOf } from "./notices-spy";

const HOUR = 3600_000, DAY = 24 * HOUR;
const sink = inject("smtpSink");
const smtpEnv = { ...env, MAIL_TRANSPORT: "smtp", SMTP_HOST: "127.0.0.1", SMTP_PORT: String(sink.smtp), APP_URL: "https://mahjong.example", MAIL_FROM: "Mah Jongg by Post <play@mahjong.example>" };
const received = async (): Promise<{ to: string[]; data: string }[]> => (await fetch(`http://127.0.0.1:${sink.http}/`)).json();


/** The notices through the queue consumer, then the player's merge window closing: the mail reaches the SMTP server. */
async function mailed(notices: NotifyMessage[], email: string): Promise<string> {
  const now = Date.now();
  const run = async (bodies: QueueBody[], at: number) => {
    const batch = createMessageBatch<QueueBody>("mahjong-notify", bodies.map((body, i) => ({ id: `c${i}`, timestamp: at, attempts: 1, body })));
    await handleNotifyBatch(batch as MessageBatch<unknown>, smtpEnv, { now: () => at, scheduleFlush: async () => {} });
  };
  await run(notices, now);
  await run([{ type: "flush", userId: notices[0]!.userId }], now + 10 * 60_000);
  const mail = (await received()).findLast((m) => m.to.includes(email));
  expect(mail, `a mail to ${email}`).toBeDefined();
  // the text part, its soft line breaks (quoted-printable) undone
  return mail!.data.replace(/=\r?\n/g, "").replace(/=E2=88=92/g, "−").replace(/\r?\n/g, "\n");
}

const advance = (b: Browser, id: string, ms: number) => b.post(`/api/dev/games/${id}/clock`, { advanceMs: ms, fire: false });

/** Whoever is to act in a two-player game draws or throws until `seat` is to act. */
async function playUntil(players: Browser[], id: string, seat: number) {
  for (let n = 0; n < 20; n++) {
    const g = (await players[0]!.get(`/api/games/${id}`)).body;
    const acting = g.players.filter((p: any) => p.toAct).map((p: any) => p.seat);
    if (acting.length === 1 && acting[0] === seat) return;
    const mine = (await players[acting[0]]!.get(`/api/games/${id}`)).body;
    const move = mine.legalMoves.find((m: any) => m.type === "draw") ?? mine.legalMoves.find((m: any) => m.type === "discard");
    expect((await players[acting[0]]!.post(`/api/games/${id}/moves`, { version: mine.version, move, idempotencyKey: key() })).status).toBe(200);
  }
  throw new Error("that seat never came to act");
}

describe("a time-out is told to the player who timed out", () => {
  it("in the table's events, in the notices and in the mail; after three the end mail gives the reason", async () => {
    const carol = await signIn("carol.timeout@example.com", { name: "Carol" });
    const dave = await signIn("dave.timeout@example.com", { name: "Dave" });
    const id = await startGame(carol, dave, "timeout-words-0001", { daysPerMove: 1 });
    const sent = await spyNotices(id);
    await playUntil([carol, dave], id, 1);

    // Dave's time runs out: his turn is played for him.
    sent.length = 0;
    await advance(carol, id, DAY + 1000);
    await runDurableObjectAlarm(stubOf(id));
    const his = (await dave.get(`/api/games/${id}`)).body;
    const hers = (await carol.get(`/api/games/${id}`)).body;
    const move = his.events.find((e: any) => e.event.type === "timeout").event.move as number;
    expect(move).toBeGreaterThan(0);
    expect(his.players[1].timeouts).toBe(1);
    expect(his.events.map((e: any) => e.text)).toContain(`Your time ran out on move ${move}: we drew and threw for you. Two more in a row and the game ends as abandoned by you`);
    expect(hers.events.map((e: any) => e.text)).toContain(`Dave's time ran out on move ${move}: we drew and threw for Dave. Two more in a row and the game ends as abandoned by Dave`);

    // Dave is told at once; Carol's turn notice says what happened first.
    // (a turn notice of his from before, still waiting in the game's batch, is dropped when sent: truth.ts)
    const told = sent.filter((m) => m.userId === his.players[1].userId && m.type !== "turn");
    expect(told.map((m) => [m.type, m.text])).toEqual([["timeout", `Your time ran out on move ${move}: we drew and threw for you. Two more in a row and the game ends as abandoned by you.`]]);
    const turn = sent.find((m) => m.userId === hers.players[0].userId && m.type === "turn")!;
    expect(turn.text).toMatch(new RegExp(`^Dave's time ran out on move ${move}: we drew and threw for Dave\\. Two more in a row and the game ends as abandoned by Dave\\. Dave discarded .+\\. Your turn\\.$`));
    const daveMail = await mailed(told, "dave.timeout@example.com");
    expect(daveMail).toContain("Subject: Your time ran out");
    expect(daveMail).toContain(`Your time ran out on move ${move}: we drew and threw for you. Two more in a row and the game ends as abandoned by you.`);

    // Two more in a row: the game ends as abandoned by Dave, and the end mail says why, to each in their words.
    for (let i = 0; i < 2; i++) {
      await playUntil([carol, dave], id, 1);
      await advance(carol, id, DAY + 1000);
      await runDurableObjectAlarm(stubOf(id));
    }
    const end = (await dave.get(`/api/games/${id}`)).body;
    expect(end.status).toBe("ended");
    expect(end.events.map((e: any) => e.text)).toContain("Your time ran out three turns in a row: the game ended as abandoned by you");
    // the third time-out is told by the end notice, not by a notice of its own
    expect(sent.filter((m) => m.type === "timeout").map((m) => m.text)).toEqual([expect.stringContaining("Two more"), expect.stringContaining("One more")]);
    const ended = (userId: string) => sent.find((m) => m.type === "game-ended" && m.userId === userId)!;
    expect(ended(end.players[1].userId).text).toMatch(/^The game is over\. Your time ran out three turns in a row: the game ended as abandoned by you\. The game ended \(abandoned\)/);
    expect(ended(end.players[0].userId).text).toMatch(/^The game is over\. Dave's time ran out three turns in a row: the game ended as abandoned by Dave\. The game ended \(abandoned\)/);
    expect(await mailed([ended(end.players[0].userId)], "carol.timeout@example.com")).toContain("Dave's time ran out three turns in a row: the game ended as abandoned by Dave.");
  });
});

describe("a vacation is seen by the others", () => {
  it("the next mail another player gets names who is away and until when, in the reader's time zone", async () => {
    const ann = await signIn("ann.away@example.com", { name: "Ann" });
    const bob = await signIn("bob.away@example.com", { name: "Bob" });
    const cy = await signIn("cy.away@example.com", { name: "Cy" });
    const tz = await bob.put("/api/me/notifications", { timezone: "Europe/London" });
    expect(tz.status, JSON.stringify(tz.body)).toBe(200);
    const { id, created, joins } = await createAndJoin(ann, [bob, cy], { ruleset: "royale", seed: "away-words-0001", options: { daysPerMove: 2, players: 3 } });
    expect([created.status, ...joins.map((j) => j.status)], JSON.stringify(created.body)).toEqual([201, 200, 200]);
    const sent = await spyNotices(id);
    const away = await cy.post("/api/me/vacation", { days: 3 });
    expect(away.status, JSON.stringify(away.body)).toBe(200);
    const cyId = (await cy.get("/api/me")).body.id;
    const bobId = (await bob.get("/api/me")).body.id;
    // the table: Cy's seat shows the vacation (the web app says it in words: TableNotes)
    expect((await ann.get(`/api/games/${id}`)).body.players.find((p: any) => p.userId === cyId).onVacationUntil).toBeGreaterThan(Date.now() + 3 * DAY - 60_000);
    // Ann plays until Bob is told something (a claim window or his turn)
    for (let n = 0; n < 6 && !sent.some((m) => m.userId === bobId); n++) {
      const g = (await ann.get(`/api/games/${id}`)).body;
      const move = g.legalMoves.find((m: any) => m.type === "draw") ?? g.legalMoves.find((m: any) => m.type === "discard");
      const r = await ann.post(`/api/games/${id}/moves`, { version: g.version, move, idempotencyKey: key() });
      expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
      await runDurableObjectAlarm(stubOf(id)); // what waits in the game's batch of notices goes out
    }
    const toBob = sent.find((m) => m.userId === bobId)!;
    expect(toBob.away).toEqual([{ name: "Cy", until: expect.any(Number) }]);
    const mail = await mailed([toBob], "bob.away@example.com");
    expect(mail).toMatch(/Cy is away until (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2}(:\d\d)? (am|pm); their clock is stopped\./);
  });
});

describe("play now", () => {
  it("posts a challenge for the number of players chosen, and pairs only with one for as many", async () => {
    const [a, b, c] = await Promise.all(["ann", "bob", "cy"].map((n) => signIn(`${n}.playnow@example.com`)));
    const first = await a!.post("/api/challenges/play-now", { ruleset: "royale", options: { players: 3 } });
    expect(first.status).toBe(201);
    expect(first.body.posted).toBe(true);
    const row = await env.DB.prepare("SELECT seats, options FROM challenges WHERE id = ?").bind(first.body.gameId).first<{ seats: number; options: string }>();
    expect(row!.seats).toBe(3);
    expect(JSON.parse(row!.options).players).toBe(3);
    // four asked: not Ann's table of three
    const other = await b!.post("/api/challenges/play-now", { ruleset: "royale", options: { players: 4 } });
    expect(other.body).toMatchObject({ posted: true });
    expect(other.body.gameId).not.toBe(first.body.gameId);
    // three asked: Ann's
    const joined = await c!.post("/api/challenges/play-now", { ruleset: "royale", options: { players: 3 } });
    expect(joined.body).toMatchObject({ posted: false, gameId: first.body.gameId });
    expect((await c!.get(`/api/games/${first.body.gameId}`)).body.players).toHaveLength(3);
    // bad input changes nothing
    const bad = await c!.post("/api/challenges/play-now", { ruleset: "royale", options: { players: 5 } });
    expect(bad.status).toBe(400);
  });
});

describe("the daily digest", () => {
  it("counts a challenge whose empty seats computers took: it is played by correspondence, not practice", async () => {
    const eve = await signIn("eve.digest@example.com", { name: "Eve" });
    const posted = await eve.post("/api/challenges", { ruleset: "siamese", daysPerMove: 3, options: {}, rated: false, computersAfterDays: 1, computerStrength: "easy" });
    expect(posted.status).toBe(201);
    const filled = await sweepChallenges(env, Date.now() + DAY + 60_000);
    expect(filled.filled).toBeGreaterThanOrEqual(1);
    const g = (await eve.get(`/api/games/${posted.body.id}`)).body;
    expect(g.status).toBe("active");
    expect(g.players[0].toAct).toBe(true);
    const hour = new Date().getUTCHours();
    expect((await eve.put("/api/me/notifications", { email: "digest", digestHour: hour, timezone: "UTC" })).status).toBe(200);
    const mails: OutgoingMail[] = [];
    const r = await runCron({ scheduledTime: Date.now() }, env, { transport: () => ({ send: async (m: OutgoingMail) => void mails.push(m) }) as never });
    expect(r.errors).toBe(0);
    const digest = mails.find((m) => m.to.email === "eve.digest@example.com");
    expect(digest?.subject).toBe("Your turn in 1 game");
    expect(digest!.text).toContain("Siamese Mah Jongg with Computer (easy): your turn");
  });
});
