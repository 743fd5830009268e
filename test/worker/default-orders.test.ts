/**
 * Standing orders on by default (issue 35), through the service: a player who never chose plays
 * every new game with the default orders (new accounts and those made before, whose choice is
 * NULL), the player's choice in Settings wins ("ask me every time" really asks), both shapes of
 * PUT /api/me are taken and bad input changes nothing; "Play again" keeps each player's orders
 * (issue 36 point 9); and a practice game never waits for a person who can only pass.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import type { GameRoom } from "../../worker/game/room";
import { verify } from "../../worker/engine/index";
import { ASK_EVERY_TIME, Browser, createAndJoin, key, signIn } from "./client";

const DEFAULT = { claims: "judged", throws: "judged" };
const stubOf = (id: string) => env.GAME.get(env.GAME.idFromName(id));
type Recorded = { seat: number; move: { type: string; [k: string]: unknown } };
const recorded = (id: string) => runInDurableObject(stubOf(id), (room: GameRoom) => (room as unknown as { store: { moves(): Recorded[] } }).store.moves());
const practice = (p: Browser, ruleset = "siamese", extra: object = {}) => p.post("/api/games", { ruleset, computers: { seats: 1, strength: "easy", delayMs: 0 }, ...extra });

describe("orders on by default", () => {
  it("a fresh account has the default orders, and its new game starts with them (the computer seat with none)", async () => {
    const fay = await signIn("fay.default@example.com", { orders: "default" });
    const me = (await fay.get("/api/me")).body;
    expect(me).toMatchObject({ orders: DEFAULT, ordersChosen: false, ordersNoted: false });

    const created = await practice(fay);
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await fay.get(`/api/games/${id}`)).body.view.orders).toMatchObject(DEFAULT);
    const moves = await recorded(id);
    expect(moves[0]).toEqual({ seat: 0, move: { type: "orders", ...DEFAULT } });
    expect(moves.filter((m) => m.move.type === "orders")).toHaveLength(1);
  });

  it("an account made before, whose choice is NULL, gets the default; one that chose the old shape keeps its choice", async () => {
    // Accounts as the service holds them today: rows with default_orders NULL and with the older shape.
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO users (id, email, display_name, timezone, created_at, welcomed_at, default_orders) VALUES (?, ?, ?, 'UTC', ?, ?, NULL)").bind("old-gil", "gil.old@example.com", "Gil", now, now),
      env.DB.prepare("INSERT INTO users (id, email, display_name, timezone, created_at, welcomed_at, default_orders) VALUES (?, ?, ?, 'UTC', ?, ?, ?)").bind("old-hal", "hal.old@example.com", "Hal", now, now, JSON.stringify({ claims: "mahjong-only", throwUnneeded: true })),
    ]);
    const gil = await signIn("gil.old@example.com", { name: null, orders: "default" });
    const hal = await signIn("hal.old@example.com", { name: null, orders: "default" });
    expect((await gil.get("/api/me")).body).toMatchObject({ id: "old-gil", orders: DEFAULT, ordersChosen: false });
    expect((await hal.get("/api/me")).body).toMatchObject({ id: "old-hal", orders: { claims: "mahjong-only", throws: "unneeded" }, ordersChosen: true });

    // Both sit at a game for two: each seat starts with its own player's orders, each seen only in its own view.
    const { id, joins } = await createAndJoin(gil, [hal], { ruleset: "siamese", options: { daysPerMove: 2 } });
    expect(joins[0]!.status).toBe(200);
    expect((await gil.get(`/api/games/${id}`)).body.view.orders).toMatchObject(DEFAULT);
    expect((await hal.get(`/api/games/${id}`)).body.view.orders).toMatchObject({ claims: "mahjong-only", throws: "unneeded" });
    const first = (await recorded(id)).filter((m) => m.move.type === "orders");
    expect(first).toEqual([
      { seat: 0, move: { type: "orders", ...DEFAULT } },
      { seat: 1, move: { type: "orders", claims: "mahjong-only", throws: "unneeded" } },
    ]);
  });

  it("Settings win: 'ask me every time' is kept as a choice and the game really asks; the old shape and null are still taken", async () => {
    const ida = await signIn("ida.default@example.com", { orders: "default" });
    const joe = await signIn("joe.default@example.com", { orders: "default" });
    const asked = await ida.put("/api/me", { orders: ASK_EVERY_TIME });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ orders: ASK_EVERY_TIME, ordersChosen: true, ordersNoted: true });
    // What is held about her says so too.
    const exported = (await (await ida.fetch("/api/me/export")).json()) as { account: { defaultOrders: string; ordersNotedAt: number } };
    expect(JSON.parse(exported.account.defaultOrders)).toEqual(ASK_EVERY_TIME);
    expect(exported.account.ordersNotedAt).toBeGreaterThan(0);

    // Ida asks; Joe plays with the default orders. Joe deals first (seat 0), so Ida answers each of his discards.
    const { id } = await createAndJoin(joe, [ida], { ruleset: "siamese", options: { daysPerMove: 2 } });
    const mine = (await ida.get(`/api/games/${id}`)).body;
    expect(mine.view.orders).toBeNull();
    expect((await recorded(id)).filter((m) => m.seat === 1 && m.move.type === "orders")).toEqual([]);
    // Whatever Joe's orders played, nothing was played for Ida: every move of hers waits for her.
    let idaAsked = 0;
    for (let i = 0; i < 12; i++) {
      const g = (await ida.get(`/api/games/${id}`)).body;
      if (g.status !== "active") break;
      const me = g.players[1].toAct ? ida : joe;
      const v = me === ida ? g : (await joe.get(`/api/games/${id}`)).body;
      const moves = v.legalMoves.filter((m: { type: string }) => m.type !== "orders");
      const move = moves.find((m: { type: string }) => m.type === "draw") ?? moves.find((m: { type: string }) => m.type === "discard") ?? moves[0];
      if (me === ida) idaAsked++;
      expect((await me.post(`/api/games/${id}/moves`, { version: v.version, move, idempotencyKey: key() })).status).toBe(200);
      // After Joe's discard the draw is Ida's to make: nothing took it for her.
      const after = (await ida.get(`/api/games/${id}`)).body;
      if (me === joe && move.type === "discard" && after.status === "active") expect(after.legalMoves.map((m: { type: string }) => m.type)).toContain("draw");
    }
    expect(idaAsked).toBeGreaterThan(3);
    const byIda = (await recorded(id)).filter((m) => m.seat === 1 && m.move.type !== "orders").length;
    const events = (await ida.get(`/api/games/${id}`)).body.events as { event: { seat?: number; byOrders?: boolean } }[];
    expect(events.some((e) => e.event.seat === 1 && e.event.byOrders)).toBe(false);
    expect(byIda).toBe(idaAsked);

    // The older shape, and null (as before: no orders), are still taken.
    expect((await ida.put("/api/me", { orders: { claims: "mahjong-only", throwUnneeded: true } })).body.orders).toEqual({ claims: "mahjong-only", throws: "unneeded" });
    expect((await ida.put("/api/me", { orders: { claims: "judged", throwUnneeded: false } })).body.orders).toEqual({ claims: "judged", throws: "none" });
    expect((await ida.put("/api/me", { orders: null })).body).toMatchObject({ orders: ASK_EVERY_TIME, ordersChosen: true });
  });

  it("bad input: a clear 400 that changes nothing (neither the orders nor the name sent with them)", async () => {
    const kim = await signIn("kim.default@example.com", { orders: "default" });
    const before = (await kim.get("/api/me")).body;
    const bad = [
      { claims: "never", throws: "judged" },
      { claims: "judged" },
      { claims: "judged", throws: "always" },
      { claims: "ask", throwUnneeded: "yes" },
      { claims: "ask", throws: "none", throwUnneeded: true },
      { claims: "ask", throws: "none", targets: ["x"] },
      "judged",
      [1],
    ];
    for (const orders of bad) {
      const r = await kim.put("/api/me", { displayName: "Changed", orders });
      expect(r.status, JSON.stringify(orders)).toBe(400);
      expect(r.body).toMatchObject({ code: "bad-field", message: expect.stringMatching(/orders/) });
    }
    for (const ordersNoted of [false, "yes", 1]) expect((await kim.put("/api/me", { ordersNoted })).status).toBe(400);
    expect((await kim.get("/api/me")).body).toEqual(before);
    // The first game's line, once dismissed, stays dismissed; it is no profile save (the welcome questions stay open for a new player).
    const newcomer = await signIn("lou.default@example.com", { name: null, orders: "default" });
    const noted = await newcomer.put("/api/me", { ordersNoted: true });
    expect(noted.body).toMatchObject({ ordersNoted: true, ordersChosen: false, orders: DEFAULT, needsWelcome: true });
  });
});

describe("play again keeps the orders", () => {
  it("a practice game: the new game starts with the orders set in the game before", async () => {
    const max = await signIn("max.again@example.com", { orders: "default" });
    const id = (await practice(max)).body.id;
    const g = (await max.get(`/api/games/${id}`)).body;
    const set = await max.post(`/api/games/${id}/moves`, { version: g.version, move: { type: "orders", claims: "mahjong-only", throws: "none" }, idempotencyKey: key() });
    expect(set.status).toBe(200);
    expect((await max.post(`/api/games/${id}/resign`)).status).toBe(200);
    const again = await max.post(`/api/games/${id}/again`);
    expect(again.status).toBe(201);
    expect((await max.get(`/api/games/${again.body.id}`)).body.view.orders).toMatchObject({ claims: "mahjong-only", throws: "none" });
    // Settings are not changed by it: the next new game starts with the default again.
    expect((await max.get("/api/me")).body.orders).toEqual(DEFAULT);
  });

  it("a game with people: each player who played it keeps their own orders, whoever asks for the new game", async () => {
    const ned = await signIn("ned.again@example.com", { orders: "default" });
    const oli = await signIn("oli.again@example.com");
    const { id } = await createAndJoin(ned, [oli], { ruleset: "siamese", options: { daysPerMove: 2 } });
    // Oli (who asks every time) turns throwing on in this game; Ned turns his orders off.
    for (const [p, orders] of [[oli, { claims: "ask", throws: "unneeded" }], [ned, ASK_EVERY_TIME]] as const) {
      const v = (await p.get(`/api/games/${id}`)).body;
      expect((await p.post(`/api/games/${id}/moves`, { version: v.version, move: { type: "orders", ...orders }, idempotencyKey: key() })).status).toBe(200);
    }
    expect((await ned.post(`/api/games/${id}/resign`)).status).toBe(200);
    const again = await oli.post(`/api/games/${id}/again`);
    expect(again.status).toBe(201);
    const mails = (await ned.get(`/api/dev/outbox?to=${encodeURIComponent("ned.again@example.com")}`)).body.messages as { link: string }[];
    const joined = await ned.post(`/api/games/${again.body.id}/join`, { invite: new URL(mails[0]!.link).searchParams.get("t") });
    expect(joined.status).toBe(200);
    expect((await oli.get(`/api/games/${again.body.id}`)).body.view.orders).toMatchObject({ claims: "ask", throws: "unneeded" });
    // Ned's "ask me every time" in the last game is kept too, over his default.
    expect(joined.body.view.orders).toBeNull();
    expect((await recorded(again.body.id)).filter((m) => m.move.type === "orders")).toEqual([{ seat: 0, move: { type: "orders", claims: "ask", throws: "unneeded" } }]);
  });
});

describe("practice games never wait for a person who can only pass", () => {
  it("a Chinese hand against three computers: each claim window offering only Pass is passed at once, and the record verifies", { timeout: 300_000 }, async () => {
    // Asks every time: no orders answer for her, so only the practice rule can.
    const pia = await signIn("pia.practice@example.com");
    const created = await pia.post("/api/games", { ruleset: "chinese-ming", seed: "practice-pass-01", options: { length: "hand" }, computers: { seats: 3, strength: "easy", delayMs: 0 } });
    expect(created.status).toBe(201);
    const id = created.body.id;
    let passOnly = 0, windowsAsked = 0;
    for (let i = 0; i < 400; i++) {
      const g = (await pia.get(`/api/games/${id}`)).body;
      if (g.status !== "active") break;
      const answers = (g.legalMoves as { type: string }[]).filter((m) => m.type !== "orders" && m.type !== "preference");
      if (!g.players[0].toAct || !answers.length) {
        await runDurableObjectAlarm(stubOf(id));
        continue;
      }
      if (answers.every((m) => m.type === "pass")) {
        // Seen before the alarm ran: the alarm is due now and passes for her (she never sends it).
        passOnly++;
        await runDurableObjectAlarm(stubOf(id));
        expect((await pia.get(`/api/games/${id}`)).body.version).toBeGreaterThan(g.version);
        continue;
      }
      if (answers.some((m) => m.type === "pass")) windowsAsked++;
      const move = answers.find((m) => m.type === "pass") ?? answers.find((m) => m.type === "draw") ?? answers.find((m) => m.type === "discard") ?? answers[0]!;
      expect((await pia.post(`/api/games/${id}/moves`, { version: g.version, move, idempotencyKey: key() })).status).toBe(200);
    }
    const moves = await recorded(id);
    // Passes she never sent are in the record: played for her at once.
    const passes = moves.filter((m) => m.seat === 0 && m.move.type === "pass").length;
    expect(passes, `${passOnly} seen before the alarm, ${windowsAsked} asked`).toBeGreaterThan(windowsAsked + 3);
    // The hand was played to its end, and the record (her passes in it) replays.
    expect((await pia.get(`/api/games/${id}`)).body.status).toBe("ended");
    expect(verify((await pia.get(`/api/games/${id}/record`)).body)).toMatchObject({ ok: true });
  });
});
