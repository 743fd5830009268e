/**
 * The NOTIFY queue consumer inside workerd with real D1: events held and merged, nothing while
 * connected live, quiet hours, retries with backoff, dead letters recorded, expired push
 * subscriptions removed, daily digests across time zones.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { backoffSeconds, handleNotifyBatch, type NotifyDeps } from "../../worker/notify/consumer";
import { runCron } from "../../worker/notify/cron";
import { MERGE_WINDOW_MS } from "../../worker/notify/decide";
import { verifyUnsubscribeToken } from "../../worker/notify/unsubscribe";
import type { NotifyMessage, QueueBody } from "../../worker/notify/types";
import { addGameAwaiting, addUser } from "./helpers/d1";
import { caughtMail, pendingCount as pending, T0, turnNotice } from "./helpers/notices";

/** A test rig: a clock we move, mail we capture (or make fail), flushes we deliver by hand. */
function rig() {
  const { mails, transport, failNext } = caughtMail();
  const flushes: { userId: string; delaySeconds: number }[] = [];
  let now = T0;
  const deps: Partial<NotifyDeps> = {
    now: () => now,
    transport: () => transport,
    scheduleFlush: async (_e, userId, delaySeconds) => void flushes.push({ userId, delaySeconds }),
  };
  let seq = 0;
  async function deliver(queue: string, bodies: QueueBody[], attempts = 1) {
    const batch = createMessageBatch<QueueBody>(queue, bodies.map((body) => ({ id: `m${++seq}`, timestamp: now, attempts, body })));
    // The queue result does not report retry delays, so the backoff asked for is watched here.
    const delays: (number | undefined)[] = [];
    for (const m of batch.messages) {
      const retry = m.retry.bind(m);
      m.retry = (o?: QueueRetryOptions) => (delays.push(o?.delaySeconds), retry(o));
    }
    const ctx = createExecutionContext();
    await handleNotifyBatch(batch as MessageBatch<unknown>, env, deps);
    return { ...(await getQueueResult(batch, ctx)), delays };
  }
  return {
    mails,
    flushes,
    deps,
    deliver: (bodies: QueueBody[], attempts = 1) => deliver("mahjong-notify", bodies, attempts),
    deliverDead: (bodies: QueueBody[], attempts = 5) => deliver("mahjong-notify-dead", bodies, attempts),
    advance: (ms: number) => void (now += ms),
    failNext,
    get now() {
      return now;
    },
  };
}

const turn = (userId: string, over: Partial<NotifyMessage> = {}): NotifyMessage => turnNotice(userId, { deadline: T0 + 2 * 86_400_000, ...over });

const skipped = async (userId: string) =>
  (await env.DB.prepare("SELECT detail FROM notify_sent WHERE user_id = ? AND channel = 'skip' ORDER BY id").bind(userId).all<{ detail: string }>()).results.map((r) => r.detail);

describe("merging several events into one message", () => {
  it("two moves within a few minutes: one email naming both, sent when the window closes", async () => {
    await addUser("bob", "Bob");
    const r = rig();
    expect((await r.deliver([turn("bob")])).explicitAcks).toEqual(["m1"]);
    expect(r.flushes).toEqual([{ userId: "bob", delaySeconds: MERGE_WINDOW_MS / 1000 }]);
    r.advance(60_000);
    await r.deliver([turn("bob", { type: "claim", text: "Ann discarded Red Dragon; you may claim it.", at: T0 + 60_000 })]);
    expect(r.flushes).toHaveLength(1); // the window was already open
    expect(r.mails).toHaveLength(0);
    r.advance(MERGE_WINDOW_MS);
    await r.deliver([{ type: "flush", userId: "bob" }]);
    expect(r.mails).toHaveLength(1);
    const m = r.mails[0]!;
    expect(m.to).toEqual({ email: "bob@example.com", name: "Bob" });
    expect(m.subject).toBe("2 updates in Game g1");
    expect(m.text).toContain("Game g1 with Ann: Ann discarded 7 Dots. Your turn. (1 day 23 hours left)");
    expect(m.text).toContain("Ann discarded Red Dragon; you may claim it.");
    expect(m.text).toContain("Open the game: http://localhost/games/g1");
    expect(m.html).toContain('href="http://localhost/games/g1"');
    expect(m.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = /^<(.+)>$/.exec(m.headers["List-Unsubscribe"]!)![1]!;
    expect(await verifyUnsubscribeToken(new URL(link).searchParams.get("t")!, env.COOKIE_SECRET)).toBe("bob");
    expect(await pending("bob")).toBe(0);
  });
});

describe("one queue batch holding several players' events", () => {
  it("each player's events are held and merged as if they came one by one, in their order", async () => {
    await addUser("hank", "Hank");
    await addUser("iris", "Iris");
    const r = rig();
    const first = await r.deliver([turn("hank"), turn("iris"), turn("hank", { type: "claim", text: "Ann discarded 3 Bams — you may call it.", at: T0 + 1 }), turn("iris", { live: true })]);
    expect(first.explicitAcks).toHaveLength(4);
    expect(r.flushes).toEqual([
      { userId: "hank", delaySeconds: MERGE_WINDOW_MS / 1000 },
      { userId: "iris", delaySeconds: MERGE_WINDOW_MS / 1000 },
    ]);
    expect([await pending("hank"), await pending("iris")]).toEqual([2, 1]);
    expect(await skipped("iris")).toEqual(["live"]);

    r.advance(MERGE_WINDOW_MS);
    // Hank's flush comes before his next event: the window closes, the new event opens the next one.
    await r.deliver([{ type: "flush", userId: "hank" }, turn("hank", { at: r.now, text: "Ann discarded 4 Dots. Your turn." }), { type: "flush", userId: "iris" }]);
    expect(r.mails.map((m) => [m.to.email, m.subject])).toEqual([
      ["hank@example.com", "2 updates in Game g1"],
      ["iris@example.com", "Your turn: Game g1"],
    ]);
    expect(r.flushes.at(-1)).toEqual({ userId: "hank", delaySeconds: MERGE_WINDOW_MS / 1000 });
    expect([await pending("hank"), await pending("iris")]).toEqual([1, 0]);
    r.advance(MERGE_WINDOW_MS);
    await r.deliver([{ type: "flush", userId: "hank" }]);
    expect(r.mails.at(-1)!.subject).toBe("Your turn: Game g1");
    expect(await pending("hank")).toBe(0);
  });
});

describe("a player connected live", () => {
  it("gets nothing for that game, and it is logged why", async () => {
    await addUser("cara", "Cara");
    const r = rig();
    await r.deliver([turn("cara", { live: true })]);
    expect(await pending("cara")).toBe(0);
    expect(r.flushes).toEqual([]);
    expect(await skipped("cara")).toEqual(["live"]);
  });
});

describe("quiet hours", () => {
  it("an event at 23:00 in New York waits until 07:00 there; the final reminder goes at once", async () => {
    await addUser("dee", "Dee", "America/New_York");
    await env.DB.prepare("INSERT INTO notify_settings (user_id, email, push, events, quiet_start, quiet_end, digest_hour, updated_at) VALUES ('dee', 'each', 0, ?, '22:00', '07:00', 8, 0)")
      .bind(JSON.stringify(["turn", "final-reminder"]))
      .run();
    const r = rig();
    r.advance(9 * 3_600_000); // 00:00 UTC = 19:00 New York... move on to 23:00 New York
    r.advance(4 * 3_600_000);
    await r.deliver([turn("dee")]);
    // Held as it came; decided when its window closes, at 23:03, inside quiet hours: it waits for 07:00.
    expect(r.flushes).toEqual([{ userId: "dee", delaySeconds: MERGE_WINDOW_MS / 1000 }]);
    r.advance(MERGE_WINDOW_MS);
    await r.deliver([{ type: "flush", userId: "dee" }]);
    const wake = Date.UTC(2026, 0, 16, 12, 0); // 07:00 EST
    expect(r.flushes.at(-1)).toEqual({ userId: "dee", delaySeconds: (wake - r.now) / 1000 });
    expect(r.mails).toHaveLength(0);
    expect(await pending("dee")).toBe(1);
    await r.deliver([{ type: "flush", userId: "dee" }]); // too early: nothing goes out
    expect(r.mails).toHaveLength(0);
    const flushes = r.flushes.length;
    await r.deliver([turn("dee", { type: "final-reminder", text: "Last reminder: your move is due in 2 hours." })]);
    // The final reminder goes through quiet hours at once, with no flush message; the turn event still waits for the morning.
    expect(r.flushes).toHaveLength(flushes);
    expect(r.mails.map((m) => m.subject)).toEqual(["Last reminder: your time is running out: Game g1"]);
    expect(await pending("dee")).toBe(1);
    r.advance(wake - r.now);
    await r.deliver([{ type: "flush", userId: "dee" }]);
    expect(r.mails.map((m) => m.subject)).toEqual(["Last reminder: your time is running out: Game g1", "Your turn: Game g1"]);
  });
});

describe("failures retry with backoff, then land in the dead-letter queue", () => {
  it("a failed send is retried later and the events are kept; the retry sends once", async () => {
    await addUser("eve", "Eve");
    const r = rig();
    await r.deliver([turn("eve")]);
    r.advance(MERGE_WINDOW_MS);
    r.failNext(1);
    const res = await r.deliver([{ type: "flush", userId: "eve" }], 2);
    expect(res.retryMessages).toEqual([{ msgId: expect.any(String) }]);
    expect(res.delays).toEqual([backoffSeconds(2)]);
    expect(res.explicitAcks).toEqual([]);
    expect(await pending("eve")).toBe(1);
    await r.deliver([{ type: "flush", userId: "eve" }], 3);
    expect(r.mails).toHaveLength(1);
    expect(await pending("eve")).toBe(0);
  });

  it("an event sent at once (the window is nothing) that the mail server refuses: acknowledged, held, sent once by the flush", async () => {
    await addUser("ezra", "Ezra");
    const r = rig();
    r.deps.mergeWindowMs = 0;
    r.failNext(1);
    const res = await r.deliver([turn("ezra")]);
    // Retrying the event's message would decide it again; its flush message tries again instead.
    expect(res.explicitAcks).toHaveLength(1);
    expect(res.retryMessages).toEqual([]);
    expect(r.flushes).toEqual([{ userId: "ezra", delaySeconds: 30 }]);
    expect(await pending("ezra")).toBe(1);
    r.advance(30_000);
    await r.deliver([{ type: "flush", userId: "ezra" }]);
    await r.deliver([{ type: "flush", userId: "ezra" }]);
    expect(r.mails.map((m) => m.subject)).toEqual(["Your turn: Game g1"]);
    expect(await pending("ezra")).toBe(0);
    delete r.deps.mergeWindowMs;
  });

  it("backoff grows: 30 s, 1 min, 2 min, ... at most an hour", () => {
    expect([1, 2, 3, 4, 5, 20].map(backoffSeconds)).toEqual([30, 60, 120, 240, 480, 3600]);
  });

  it("a dead letter is logged and recorded in D1 with the events it stranded", async () => {
    await addUser("fin", "Fin");
    const r = rig();
    await r.deliver([turn("fin")]);
    r.advance(MERGE_WINDOW_MS);
    const res = await r.deliverDead([{ type: "flush", userId: "fin" }], 6);
    expect(res.explicitAcks).toHaveLength(1);
    const dead = await env.DB.prepare("SELECT body, attempts, queue FROM notify_dead ORDER BY id DESC LIMIT 1").first<{ body: string; attempts: number; queue: string }>();
    expect(dead).toMatchObject({ attempts: 6, queue: "mahjong-notify-dead" });
    const body = JSON.parse(dead!.body);
    expect(body.message).toEqual({ type: "flush", userId: "fin" });
    expect(body.pending[0].event).toMatchObject({ type: "turn", userId: "fin", gameId: "g1" });
    expect(await pending("fin")).toBe(0);
  });

  it("a malformed message is not retried, and not lost either", async () => {
    const r = rig();
    const res = await r.deliver([{ type: "turn", userId: "x" } as unknown as QueueBody]);
    expect(res.retryMessages).toEqual([]);
    expect(res.explicitAcks).toHaveLength(1);
    const dead = await env.DB.prepare("SELECT body FROM notify_dead ORDER BY id DESC LIMIT 1").first<{ body: string }>();
    expect(JSON.parse(dead!.body).error).toMatch(/gameId/);
  });
});

/** A push subscription's browser keys, as a phone's would be. */
const PUSH_KEYS = { p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4", auth: "BTBZMqHH6r4Tts7J_aSIgg" };

/** The service's environment with a fresh VAPID key pair: web push switched on. */
async function withVapid() {
  const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign"])) as CryptoKeyPair;
  const pub = btoa(String.fromCharCode(...new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  const { d } = (await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey;
  return { ...env, VAPID_PUBLIC_KEY: pub, VAPID_PRIVATE_KEY: d, VAPID_SUBJECT: "mailto:ops@example.com" };
}

describe("web push", () => {
  it("every enabled device gets the push; a 410 removes that subscription", async () => {
    await addUser("gil", "Gil");
    const keys = PUSH_KEYS;
    for (const [i, endpoint] of ["https://push.example/alive", "https://push.example/expired"].entries()) {
      await env.DB.prepare("INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, device, created_at) VALUES ('gil', ?, ?, ?, ?, 0)").bind(endpoint, keys.p256dh, keys.auth, `device ${i}`).run();
    }
    await env.DB.prepare("INSERT INTO notify_settings (user_id, email, push, events, digest_hour, updated_at) VALUES ('gil', 'off', 1, '[\"turn\"]', 8, 0)").run();
    const pushEnv = await withVapid();
    const hits: string[] = [];
    const r = rig();
    const deps = { ...r.deps, fetcher: async (url: string) => (hits.push(url), { status: url.endsWith("expired") ? 410 : 201 }) };
    const run = async (body: QueueBody) => {
      const batch = createMessageBatch<QueueBody>("mahjong-notify", [{ id: "p", timestamp: 0, attempts: 1, body }]);
      await handleNotifyBatch(batch as MessageBatch<unknown>, pushEnv, deps);
    };
    await run(turn("gil"));
    r.advance(MERGE_WINDOW_MS);
    await run({ type: "flush", userId: "gil" });
    expect(hits.sort()).toEqual(["https://push.example/alive", "https://push.example/expired"]);
    const left = await env.DB.prepare("SELECT endpoint FROM push_subscriptions WHERE user_id = 'gil'").all<{ endpoint: string }>();
    expect(left.results.map((x) => x.endpoint)).toEqual(["https://push.example/alive"]);
    expect(r.mails).toHaveLength(0); // email is off for Gil
  });
});

describe("one notice, one look at the player, one line in the log", () => {
  it("settings changed while the window is open are the ones used; mail and push of the same events are one row of notify_sent", async () => {
    await addUser("jo", "Jo");
    const keys = PUSH_KEYS;
    await env.DB.prepare("INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, device, created_at) VALUES ('jo', 'https://push.example/jo', ?, ?, 'phone', 0)").bind(keys.p256dh, keys.auth).run();
    const pushEnv = await withVapid();
    const hits: string[] = [];
    const r = rig();
    const deps = { ...r.deps, fetcher: async (url: string) => (hits.push(url), { status: 201 }) };
    const run = async (body: QueueBody) => {
      const batch = createMessageBatch<QueueBody>("mahjong-notify", [{ id: "j", timestamp: 0, attempts: 1, body }]);
      await handleNotifyBatch(batch as MessageBatch<unknown>, pushEnv, deps);
    };
    const log = async () => (await env.DB.prepare("SELECT channel, kinds, game_ids AS games, detail FROM notify_sent WHERE user_id = 'jo' ORDER BY id").all()).results;

    await run(turn("jo"));
    r.advance(MERGE_WINDOW_MS);
    await run({ type: "flush", userId: "jo" });
    expect(hits).toEqual(["https://push.example/jo"]);
    expect(r.mails.map((m) => m.subject)).toEqual(["Your turn: Game g1"]);
    expect(await log()).toEqual([{ channel: "email,push", kinds: "turn", games: "g1", detail: "Your turn: Game g1" }]);

    // Push switched off while the next window is open: the flush reads the settings then, and mails only.
    await run(turn("jo", { at: r.now }));
    await env.DB.prepare("INSERT INTO notify_settings (user_id, email, push, events, digest_hour, updated_at) VALUES ('jo', 'each', 0, '[\"turn\"]', 8, 0)").run();
    r.advance(MERGE_WINDOW_MS);
    await run({ type: "flush", userId: "jo" });
    expect(hits).toHaveLength(1);
    expect(r.mails).toHaveLength(2);
    expect((await log()).at(-1)).toEqual({ channel: "email", kinds: "turn", games: "g1", detail: "Your turn: Game g1" });
  });
});

describe("the daily digest (cron)", () => {
  it("goes to each player at their hour in their zone, once, listing their turns by time left", async () => {
    await addUser("hal", "Hal", "Asia/Tokyo");
    await addUser("ivy", "Ivy", "America/Los_Angeles");
    await addUser("opp", "Opal");
    for (const u of ["hal", "ivy"]) {
      await env.DB.prepare("INSERT INTO notify_settings (user_id, email, push, events, digest_hour, updated_at) VALUES (?, 'digest', 0, '[\"turn\"]', 8, 0)").bind(u).run();
    }
    const day = 86_400_000;
    const at = Date.UTC(2026, 4, 1, 23, 0); // 08:00 on 2 May in Tokyo; 16:00 on 1 May in Los Angeles
    await addGameAwaiting("slow", "hal", "opp", at + 3 * day);
    await addGameAwaiting("fast", "hal", "opp", at + 5 * 3_600_000);
    await addGameAwaiting("ivys", "ivy", "opp", at + day);
    const r = rig();
    const sweep = (t: number) => runCron({ scheduledTime: t }, env, { transport: r.deps.transport });

    expect(await sweep(at)).toMatchObject({ digests: 1, errors: 0 });
    expect(r.mails.map((m) => m.to.email)).toEqual(["hal@example.com"]);
    expect(r.mails[0]!.to.email).toBe("hal@example.com");
    expect(r.mails[0]!.subject).toBe("Your turn in 2 games");
    expect(r.mails[0]!.text).toMatch(/Siamese Mah Jongg with Opal: your turn, 5 hours left\nSiamese Mah Jongg with Opal: your turn, 3 days left/);
    expect(r.mails[0]!.headers["List-Unsubscribe"]).toMatch(/\/api\/unsubscribe\?t=/);

    expect(await sweep(at + 15 * 60_000)).toMatchObject({ digests: 0 }); // same local day: not again
    expect(await sweep(at + 16 * 3_600_000)).toMatchObject({ digests: 1 }); // 08:00 in Los Angeles
    expect(r.mails[1]!.to.email).toBe("ivy@example.com");
    expect(await sweep(at + day)).toMatchObject({ digests: 1 }); // Hal's next morning
  });
});
