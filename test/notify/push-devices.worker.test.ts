/**
 * A notice's pushes go to the player's devices as push_subscriptions holds them, though the flush
 * reads them from the copy on the player's row (users.push_devices, kept by triggers: migration
 * 0030): devices added, switched off and on, removed, refused by the push service (410) or moved to
 * another account are reflected in the very next notice; an account with no devices gets mail only;
 * and the flush asks D1 nothing of push_subscriptions. Through the real API (workerd, real D1).
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { createMessageBatch } from "cloudflare:test";
import { signIn } from "../worker/client";
import { handleNotifyBatch, type NotifyDeps } from "../../worker/notify/consumer";
import { MERGE_WINDOW_MS } from "../../worker/notify/decide";
import { devices, recipient } from "../../worker/db/notify";
import type { QueueBody } from "../../worker/notify/types";
import type { Env } from "../../worker/lib/env";
import { caughtMail, T0, turnNotice } from "./helpers/notices";

const KEYS = { p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4", auth: "BTBZMqHH6r4Tts7J_aSIgg" };
const at = (name: string) => `https://push.example/${name}`;

const idOf = async (email: string) => (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>())!.id;

/** The service's environment with a fresh VAPID key pair (web push on); `sql` collects every statement D1 is asked. */
async function pushEnv(sql: string[]): Promise<Env> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign"])) as CryptoKeyPair;
  const pub = btoa(String.fromCharCode(...new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  const { d } = (await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey;
  const db = new Proxy(env.DB, {
    get(target, p) {
      const v = Reflect.get(target, p);
      if (p === "prepare") return (q: string) => (sql.push(q), target.prepare(q));
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
  return { ...env, DB: db, VAPID_PUBLIC_KEY: pub, VAPID_PRIVATE_KEY: d, VAPID_SUBJECT: "mailto:ops@example.com" } as Env;
}

/** A player's next turn notice, held and flushed when its window closes: the endpoints pushed (in order), the mails, what D1 was asked. */
async function rig() {
  const { mails, transport } = caughtMail();
  let now = T0;
  const sql: string[] = [];
  const e = await pushEnv(sql);
  /** What the push service answers, by endpoint (201 unless said). */
  const answers = new Map<string, number>();
  let hits: string[] = [];
  const deps: Partial<NotifyDeps> = {
    now: () => now,
    transport: () => transport,
    fetcher: async (url: string) => (hits.push(url), { status: answers.get(url) ?? 201 }),
    scheduleFlush: async () => {},
    // (No turnSince on these notices: nothing to ask a game.)
  };
  let seq = 0;
  const run = (body: QueueBody) =>
    handleNotifyBatch(createMessageBatch<QueueBody>("mahjong-notify", [{ id: `p${++seq}`, timestamp: now, attempts: 1, body }]) as MessageBatch<unknown>, e, deps);
  return {
    mails,
    answers,
    sql,
    async notice(userId: string) {
      hits = [];
      await run(turnNotice(userId, { at: now }));
      now += MERGE_WINDOW_MS;
      sql.length = 0;
      await run({ type: "flush", userId });
      now += 60_000;
      return hits;
    },
  };
}

describe("a notice's pushes follow the player's devices", () => {
  it("added, switched off and on, removed, refused with 410: each shows in the next notice", async () => {
    const b = await signIn("pushy@example.com");
    const me = await idOf("pushy@example.com");
    const r = await rig();
    expect(await r.notice(me)).toEqual([]); // no device yet: mail only
    expect(r.mails).toHaveLength(1);

    await b.post("/api/push/subscribe", { endpoint: at("phone"), keys: KEYS, device: "Phone" });
    const two = await b.post("/api/push/subscribe", { endpoint: at("laptop"), keys: KEYS, device: "Laptop" });
    expect(await r.notice(me)).toEqual([at("phone"), at("laptop")]);

    const phone = two.body.devices[0].id;
    expect((await b.put("/api/me/notifications", { devices: [{ id: phone, enabled: false }] })).status).toBe(200);
    expect(await r.notice(me)).toEqual([at("laptop")]);

    await b.post("/api/push/subscribe", { endpoint: at("tablet"), keys: KEYS, device: "Tablet" });
    expect(await r.notice(me)).toEqual([at("laptop"), at("tablet")]);

    expect((await b.post("/api/push/unsubscribe", { endpoint: at("laptop") })).status).toBe(200);
    await b.put("/api/me/notifications", { devices: [{ id: phone, enabled: true }] });
    expect(await r.notice(me)).toEqual([at("phone"), at("tablet")]);

    // The push service says the tablet's subscription is gone: pushed this once, never again.
    r.answers.set(at("tablet"), 410);
    expect(await r.notice(me)).toEqual([at("phone"), at("tablet")]);
    expect(await r.notice(me)).toEqual([at("phone")]);
    expect((await b.get("/api/me/notifications")).body.devices.map((d: { device: string }) => d.device)).toEqual(["Phone"]);
    expect(r.mails).toHaveLength(7); // every notice also went by mail
  });

  it("a subscription taken over by another account is pushed to its new owner only; a 404 removes a device too", async () => {
    const ann = await signIn("ann.push@example.com");
    const bob = await signIn("bob.push@example.com");
    const [annId, bobId] = [await idOf("ann.push@example.com"), await idOf("bob.push@example.com")];
    await ann.post("/api/push/subscribe", { endpoint: at("shared"), keys: KEYS, device: "Family tablet" });
    await ann.post("/api/push/subscribe", { endpoint: at("ann-phone"), keys: KEYS, device: "Phone" });
    const r = await rig();
    expect(await r.notice(annId)).toEqual([at("shared"), at("ann-phone")]);
    // Bob signs in on the same browser and subscribes it: the endpoint is his now.
    await bob.post("/api/push/subscribe", { endpoint: at("shared"), keys: KEYS, device: "Family tablet" });
    expect(await r.notice(annId)).toEqual([at("ann-phone")]);
    expect(await r.notice(bobId)).toEqual([at("shared")]);
    // A 404 is as final as a 410: Ann's phone is pushed once more, then she has no device left.
    r.answers.set(at("ann-phone"), 404);
    expect(await r.notice(annId)).toEqual([at("ann-phone")]);
    expect(await r.notice(annId)).toEqual([]);
    expect(await r.notice(bobId)).toEqual([at("shared")]);
  });

  it("an account with no devices gets its mail, no push, and one line in the log", async () => {
    const b = await signIn("nodevice@example.com");
    const me = await idOf("nodevice@example.com");
    expect((await b.get("/api/me/notifications")).body.devices).toEqual([]);
    const r = await rig();
    expect(await r.notice(me)).toEqual([]);
    expect(r.mails.map((m) => m.subject)).toEqual(["Your turn: Game g1"]);
    const log = await env.DB.prepare("SELECT channel FROM notify_sent WHERE user_id = ?").bind(me).all<{ channel: string }>();
    expect(log.results).toEqual([{ channel: "email" }]);
  });

  it("the flush asks D1 nothing of push_subscriptions: the devices come with the player's row", async () => {
    const b = await signIn("onerow@example.com");
    const me = await idOf("onerow@example.com");
    await b.post("/api/push/subscribe", { endpoint: at("onerow"), keys: KEYS, device: "Phone" });
    const r = await rig();
    expect(await r.notice(me)).toEqual([at("onerow")]);
    expect(r.sql.length).toBeGreaterThan(0);
    expect(r.sql.filter((q) => q.includes("push_subscriptions"))).toEqual([]);
  });
});

describe("the copy on the player's row (migration 0030)", () => {
  it("the migration's backfill fills it from push_subscriptions as the triggers keep it", async () => {
    const b = await signIn("backfill@example.com");
    const me = await idOf("backfill@example.com");
    await b.post("/api/push/subscribe", { endpoint: at("bf-1"), keys: KEYS, device: "One" });
    const two = await b.post("/api/push/subscribe", { endpoint: at("bf-2"), keys: KEYS, device: "Two" });
    await b.put("/api/me/notifications", { devices: [{ id: two.body.devices[1].id, enabled: false }] });
    const truth = await devices(env, me);
    expect(truth.map((d) => [d.device, d.enabled])).toEqual([
      ["One", true],
      ["Two", false],
    ]);
    expect((await recipient(env, me))!.devices).toEqual(truth);
    await env.DB.prepare("UPDATE users SET push_devices = NULL").run();
    expect((await recipient(env, me))!.devices).toEqual([]);
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0030_"))!;
    const fill = migration.queries.filter((q) => q.includes("UPDATE users") && !q.includes("CREATE TRIGGER"));
    expect(fill).toHaveLength(1);
    for (const q of fill) await env.DB.prepare(q).run();
    expect((await recipient(env, me))!.devices).toEqual(truth);
    // A player without devices stays without.
    await signIn("nobackfill@example.com");
    expect((await recipient(env, await idOf("nobackfill@example.com")))!.devices).toEqual([]);
  });

  it("account deletion leaves no device on the row", async () => {
    const b = await signIn("leaving@example.com");
    const me = await idOf("leaving@example.com");
    await b.post("/api/push/subscribe", { endpoint: at("leaving"), keys: KEYS, device: "Phone" });
    expect((await recipient(env, me))!.devices).toHaveLength(1);
    const { deleteAccount } = await import("../../worker/db/account");
    await deleteAccount(env as Env, me);
    const row = await env.DB.prepare("SELECT push_devices FROM users WHERE id = ?").bind(me).first<{ push_devices: string | null }>();
    expect(JSON.parse(row!.push_devices ?? "[]")).toEqual([]);
  });
});
