/**
 * Notices that are true when they are sent (issue 31): real games in their Durable Objects, the
 * queue consumer with its merge window and flush inside workerd, mail through the development
 * outbox and through SMTP to a real server on loopback, push to a recording push service. The
 * game's notices are taken from its queue binding and handed to the consumer with a clock the
 * test moves, so the merge window passes without waiting for it.
 */
import { describe, expect, inject, it } from "vitest";
import { env } from "cloudflare:workers";
import { createExecutionContext, createMessageBatch, getQueueResult, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import type { GameRoom } from "../../worker/game/room";
import { handleNotifyBatch, type NotifyDeps } from "../../worker/notify/consumer";
import { MERGE_WINDOW_MS } from "../../worker/notify/decide";
import type { NotifyMessage, QueueBody } from "../../worker/notify/types";
import { DAY } from "../../worker/game/clock";
import { timeLeftWords } from "../../worker/notify/clock";
import { key, type Browser } from "../worker/client";
import { discardFirst, player, startSiamese, stubOf, userIdOf } from "./helpers/players";

const sink = inject("smtpSink");
const smtpEnv = { ...env, MAIL_TRANSPORT: "smtp", SMTP_HOST: "127.0.0.1", SMTP_PORT: String(sink.smtp), MAIL_FROM: "Mah Jongg by Post <play@mahjong.example>" };

/**
 * `host` creates a Siamese game, what the game tells is kept in `sent` from
 * then on, and `guest` joins (the game deals): the notices of the deal are among those kept.
 */
const startWatched = (host: Browser, guest: Browser, seed: string, sent: NotifyMessage[], options: object = {}) =>
  startSiamese(host, guest, seed, async (_env, msgs) => void sent.push(...msgs), options);

/** Whatever waits in the games' notice batches goes out now (their alarm), and the queue has it. */
async function settle(ids: string[]) {
  for (const id of ids) await runDurableObjectAlarm(stubOf(id));
}

/** The consumer with a clock the test moves; flushes are recorded, not put on the queue. */
function consumer(on: typeof env, more: Partial<NotifyDeps> = {}) {
  let now = Date.now();
  const flushes: string[] = [];
  let seq = 0;
  const deps: Partial<NotifyDeps> = { now: () => now, scheduleFlush: async (_e, userId) => void flushes.push(userId), ...more };
  const run = async (bodies: QueueBody[]) => {
    const batch = createMessageBatch<QueueBody>("mahjong-notify", bodies.map((body) => ({ id: `t${++seq}`, timestamp: now, attempts: 1, body })));
    const ctx = createExecutionContext();
    await handleNotifyBatch(batch as MessageBatch<unknown>, on, deps);
    return getQueueResult(batch, ctx);
  };
  return {
    flushes,
    run,
    /** The merge windows close: every player with a window open gets their flush. */
    async closeWindows() {
      now += MERGE_WINDOW_MS + 1000;
      return run([...new Set(flushes)].map((userId) => ({ type: "flush" as const, userId })));
    },
    advance: (ms: number) => void (now += ms),
    get now() {
      return now;
    },
  };
}

const skipped = async (userId: string) =>
  (await env.DB.prepare("SELECT kinds, game_ids AS games, detail FROM notify_sent WHERE user_id = ? AND channel = 'skip' ORDER BY id").bind(userId).all<{ kinds: string; games: string; detail: string }>()).results;

describe("issue 31: two Siamese games, East plays the opening discard in both within seconds", () => {
  it("after the merge window East is told nothing of those turns; the other player gets their own turn (development outbox)", async () => {
    const ann = await player("ann@example.com", "Ann");
    const bob = await player("bob@example.com", "Bob");
    const sent: NotifyMessage[] = [];
    const g1 = await startWatched(ann, bob, "truth-seed-0001", sent);
    const g2 = await startWatched(ann, bob, "truth-seed-0002", sent);
    await discardFirst(ann, g1);
    await discardFirst(ann, g2);
    await settle([g1, g2]);
    const [annId, bobId] = [await userIdOf("ann@example.com"), await userIdOf("bob@example.com")];
    // As queued, Ann's lines said "Your turn" in both games: true then, played since.
    expect(sent.filter((m) => m.userId === annId).map((m) => [m.type, m.gameId])).toEqual([
      ["turn", g1],
      ["turn", g2],
    ]);
    expect(new Set(sent.filter((m) => m.userId === bobId).map((m) => m.gameId))).toEqual(new Set([g1, g2]));

    const c = consumer(env);
    await c.run(sent);
    await c.closeWindows();

    const annMail = (await ann.get("/api/dev/outbox?to=ann@example.com")).body.messages;
    expect(annMail.filter((m: any) => !/sign-in link/.test(m.subject))).toEqual([]);
    expect(await skipped(annId)).toEqual([{ kinds: "turn", games: `${g1},${g2}`, detail: "no longer true" }]);

    const bobMail = (await bob.get("/api/dev/outbox?to=bob@example.com")).body.messages.filter((m: any) => !/sign-in link/.test(m.subject));
    expect(bobMail).toHaveLength(1);
    expect(bobMail[0].subject).toBe("2 updates in 2 games");
    const lines = bobMail[0].text.split("\n").filter((l: string) => l.startsWith("Siamese"));
    expect(lines).toHaveLength(2);
    for (const l of lines) expect(l).toMatch(/^Siamese .* with Ann: Ann discarded .*(you may call it|Your turn)/);
  });

  it("the same through SMTP to a real server on loopback", async () => {
    const cy = await player("cy-truth@example.com", "Cy");
    const di = await player("di-truth@example.com", "Di");
    const sent: NotifyMessage[] = [];
    const g1 = await startWatched(cy, di, "truth-seed-0003", sent);
    const g2 = await startWatched(cy, di, "truth-seed-0004", sent);
    await discardFirst(cy, g1);
    await discardFirst(cy, g2);
    await settle([g1, g2]);
    const c = consumer(smtpEnv as typeof env);
    await c.run(sent);
    await c.closeWindows();
    const received: { to: string[]; data: string }[] = await (await fetch(`http://127.0.0.1:${sink.http}/`)).json();
    expect(received.filter((m) => m.to.includes("cy-truth@example.com"))).toEqual([]);
    const diMail = received.filter((m) => m.to.includes("di-truth@example.com"));
    expect(diMail).toHaveLength(1);
    expect(diMail[0]!.data).toMatch(/^Subject: 2 updates in 2 games/m);
    expect(diMail[0]!.data).toMatch(/Cy discarded/);
  });
});

describe("a reminder for a clock that stopped", () => {
  it("is not sent; one for a clock still running is, with the time left as it is now; each game is asked once", async () => {
    const eve = await player("eve-truth@example.com", "Eve");
    const fay = await player("fay-truth@example.com", "Fay");
    const sent: NotifyMessage[] = [];
    const stopped = await startWatched(eve, fay, "truth-seed-0005", sent, { daysPerMove: 1 });
    const running = await startWatched(eve, fay, "truth-seed-0006", sent, { daysPerMove: 1 });
    for (const id of [stopped, running]) {
      expect((await eve.post(`/api/dev/games/${id}/clock`, { advanceMs: 0.8 * DAY + 1000, fire: false })).status).toBe(200);
      expect(await runDurableObjectAlarm(stubOf(id))).toBe(true);
    }
    const eveId = await userIdOf("eve-truth@example.com");
    // Eve's turn in both games at the deal, then the 80 % reminder in both.
    expect(sent.map((m) => [m.type, m.userId, m.gameId])).toEqual([
      ["turn", eveId, stopped],
      ["turn", eveId, running],
      ["reminder", eveId, stopped],
      ["reminder", eveId, running],
    ]);
    // Before the window closes Eve plays in one game (that clock stopped) and takes a day off
    // (the other clock stands still for it: its deadline moves).
    await discardFirst(eve, stopped);
    const held = (await eve.get(`/api/games/${running}`)).body.players[0].deadline;
    expect((await eve.post("/api/me/vacation", { days: 1 })).status).toBe(200);
    const deadline = (await eve.get(`/api/games/${running}`)).body.players[0].deadline;
    expect(deadline).toBeGreaterThan(held);

    const asked: string[] = [];
    const c = consumer(env, { turnOf: (e, gameId, userId) => (asked.push(gameId), e.GAME.get(e.GAME.idFromName(gameId)).turnOf(userId)) });
    await c.run(sent);
    await c.closeWindows();
    expect(asked.sort()).toEqual([stopped, running].sort());
    const mail = (await eve.get("/api/dev/outbox?to=eve-truth@example.com")).body.messages.filter((m: any) => !/sign-in link/.test(m.subject));
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe("2 updates in Siamese Mah Jongg");
    expect(mail[0].link).toMatch(new RegExp(`/game/${running}$`));
    const lines = mail[0].text.split("\n").filter((l: string) => l.startsWith("Siamese"));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/Reminder: your move is due/);
    for (const l of lines) expect(l).toContain(`(${timeLeftWords(deadline, c.now)} left)`);
    expect(await skipped(eveId)).toEqual([{ kinds: "turn,reminder", games: stopped, detail: "no longer true" }]);
  });
});

describe("push follows the same check", () => {
  it("no push for a turn already played; the other player's device gets theirs", async () => {
    const gus = await player("gus-truth@example.com", "Gus");
    const hana = await player("hana-truth@example.com", "Hana");
    const [gusId, hanaId] = [await userIdOf("gus-truth@example.com"), await userIdOf("hana-truth@example.com")];
    const keys = { p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4", auth: "BTBZMqHH6r4Tts7J_aSIgg" };
    for (const [who, endpoint] of [[gusId, "https://push.example/gus"], [hanaId, "https://push.example/hana"]] as const) {
      await env.DB.prepare("INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, device, created_at) VALUES (?, ?, ?, ?, 'Phone', 0)").bind(who, endpoint, keys.p256dh, keys.auth).run();
      // Push only: the mail path is tested above.
      await env.DB.prepare("INSERT INTO notify_settings (user_id, email, push, events, digest_hour, updated_at) VALUES (?, 'off', 1, '[\"turn\",\"claim\"]', 8, 0)").bind(who).run();
    }
    const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign"])) as CryptoKeyPair;
    const pub = btoa(String.fromCharCode(...new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    const { d } = (await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey;
    const pushEnv = { ...env, VAPID_PUBLIC_KEY: pub, VAPID_PRIVATE_KEY: d, VAPID_SUBJECT: "mailto:ops@example.com" } as typeof env;

    const sent: NotifyMessage[] = [];
    const g = await startWatched(gus, hana, "truth-seed-0007", sent);
    await discardFirst(gus, g);
    await settle([g]);
    const hits: string[] = [];
    const c = consumer(pushEnv, { fetcher: async (url: string) => (hits.push(url), { status: 201 }) });
    await c.run(sent);
    await c.closeWindows();
    expect(hits).toEqual(["https://push.example/hana"]);
    expect(await skipped(gusId)).toEqual([{ kinds: "turn", games: g, detail: "no longer true" }]);
    const pushed = await env.DB.prepare("SELECT detail FROM notify_sent WHERE user_id = ? AND channel = 'push'").bind(hanaId).all<{ detail: string }>();
    expect(pushed.results.map((r) => r.detail)).toEqual([expect.stringMatching(/Siamese Mah Jongg$/)]);
  });
});

/** This player's notices anywhere in the service: held in a merge window, sent or skipped. */
const noticesOf = async (userId: string) => {
  const held = await env.DB.prepare("SELECT COUNT(*) AS n FROM notify_pending WHERE user_id = ?").bind(userId).first<{ n: number }>();
  const logged = await env.DB.prepare("SELECT COUNT(*) AS n FROM notify_sent WHERE user_id = ?").bind(userId).first<{ n: number }>();
  return held!.n + logged!.n;
};

describe("a practice game (every other seat a computer's)", () => {
  it("puts nothing on the queue, so no mail and no push, from the deal to later turns", { timeout: 120_000 }, async () => {
    const ivy = await player("ivy-truth@example.com", "Ivy");
    const created = await ivy.post("/api/games", { ruleset: "siamese", seed: "truth-practice-1", options: { daysPerMove: 3 }, computers: { seats: 1, strength: "easy", delayMs: 0 } });
    expect(created.status).toBe(201);
    const id: string = created.body.id;
    const sent: NotifyMessage[] = [];
    await runInDurableObject(stubOf(id), (room: GameRoom) => {
      (room as any).notices.handOver = async (_env: unknown, msgs: any[]) => void sent.push(...msgs);
    });
    // Ivy plays three turns; the computer answers from the game's alarm.
    let played = 0;
    for (let i = 0; i < 40 && played < 3; i++) {
      const g = (await ivy.get(`/api/games/${id}`)).body;
      if (g.players[g.seat].toAct && g.legalMoves.length) {
        const move = g.legalMoves.find((m: any) => m.type === "draw") ?? g.legalMoves.find((m: any) => m.type === "discard") ?? g.legalMoves[0];
        expect((await ivy.post(`/api/games/${id}/moves`, { version: g.version, move, idempotencyKey: key() })).status).toBe(200);
        played++;
      } else await runDurableObjectAlarm(stubOf(id));
    }
    expect(played).toBe(3);
    await settle([id]);
    expect(sent).toEqual([]);

    // The deal's notice went to the real queue before anything could watch the game: a game
    // between two people started after it is told on that queue; by then Ivy has had nothing.
    const jo = await player("jo-truth@example.com", "Jo");
    const kit = await player("kit-truth@example.com", "Kit");
    const control = await jo.post("/api/games", { ruleset: "siamese", seed: "truth-practice-2", options: { daysPerMove: 3 } });
    expect((await kit.post(`/api/games/${control.body.id}/join`, { invite: control.body.invite })).status).toBe(200);
    const joId = await userIdOf("jo-truth@example.com");
    await expect.poll(() => noticesOf(joId), { timeout: 60_000, interval: 250 }).toBeGreaterThan(0);
    expect(await noticesOf(await userIdOf("ivy-truth@example.com"))).toBe(0);
  });
});

describe("names in mail are the table's", () => {
  it("two computers at an American table read 'Computer (strong)' and 'Computer (strong) (2)' in the mail, as on the table", async () => {
    const lea = await player("lea-truth@example.com", "Lea");
    const max = await player("max-truth@example.com", "Max");
    const created = await lea.post("/api/games", { ruleset: "american", seed: "truth-names-01", options: { daysPerMove: 3 }, computers: { seats: 2, strength: "strong", delayMs: 60_000 } });
    expect(created.status).toBe(201);
    const id: string = created.body.id;
    const sent: NotifyMessage[] = [];
    await runInDurableObject(stubOf(id), (room: GameRoom) => {
      (room as any).notices.handOver = async (_env: unknown, msgs: any[]) => void sent.push(...msgs);
    });
    const joined = await max.post(`/api/games/${id}/join`, { invite: created.body.invite });
    expect(joined.status).toBe(200);
    const table: string[] = joined.body.players.map((p: any) => p.name);
    expect(table).toEqual(["Lea", "Computer (strong)", "Computer (strong) (2)", "Max"]);
    await settle([id]);
    const leaId = await userIdOf("lea-truth@example.com");
    expect(sent.some((m) => m.userId === leaId)).toBe(true);
    const c = consumer(env);
    await c.run(sent);
    await c.closeWindows();
    const mail = (await lea.get("/api/dev/outbox?to=lea-truth@example.com")).body.messages.filter((m: any) => !/sign-in link/.test(m.subject));
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain("with Computer (strong) and Computer (strong) (2) and Max:");
  });
});

describe("when the game cannot be asked", () => {
  it("nothing is sent and nothing is lost: the flush is retried with the lines kept", async () => {
    const nia = await player("nia-truth@example.com", "Nia");
    const oz = await player("oz-truth@example.com", "Oz");
    const sent: NotifyMessage[] = [];
    const g = await startWatched(nia, oz, "truth-seed-0008", sent);
    const niaId = await userIdOf("nia-truth@example.com");
    let down = true;
    const c = consumer(env, {
      turnOf: async (e, gameId, userId) => {
        if (down) throw new Error("Durable Object overloaded");
        return e.GAME.get(e.GAME.idFromName(gameId)).turnOf(userId);
      },
    });
    await c.run(sent);
    const held = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM notify_pending WHERE user_id = ?").bind(niaId).first<{ n: number }>())!.n;
    expect(await held()).toBe(1);
    expect((await c.closeWindows()).retryMessages).toHaveLength(1);
    expect(await held()).toBe(1);
    expect((await nia.get("/api/dev/outbox?to=nia-truth@example.com")).body.messages.filter((m: any) => !/sign-in link/.test(m.subject))).toEqual([]);
    // The game answers again: the retried flush sends Nia her turn, still hers.
    down = false;
    await c.closeWindows();
    const mail = (await nia.get("/api/dev/outbox?to=nia-truth@example.com")).body.messages.filter((m: any) => !/sign-in link/.test(m.subject));
    expect(mail.map((m: any) => m.subject)).toEqual(["Your turn: Siamese Mah Jongg"]);
    expect(mail[0].link).toMatch(new RegExp(`/game/${g}$`));
  });
});
