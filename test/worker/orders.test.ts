/**
 * Standing orders through the service: a player's orders play their obvious turns while they are
 * away (the other player is asked next, nobody is told of a turn the orders played), and a default
 * set in Settings is each new game's first orders move for that player's seat (the default orders,
 * bad input and Play again: default-orders.test.ts).
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import type { GameRoom } from "../../worker/game/room";
import { key, signIn, startGame } from "./client";

const ann = await signIn("ann.orders@example.com");
const bob = await signIn("bob.orders@example.com");
const stubOf = (id: string) => env.GAME.get(env.GAME.idFromName(id));
type Room = { env: unknown; notices: { flush(): void }; store: { moves(): { seat: number; move: { type: string } }[] } };
/** The older shape of the orders move, still taken; the game shows it in the new one. */
const ORDERS = { claims: "mahjong-only", throwUnneeded: true };
const SHOWN = { claims: "mahjong-only", throws: "unneeded" };
const HOUR = 3_600_000, DAY = 24 * HOUR;

describe("standing orders", () => {
  it("a player away with orders: their obvious turns are played at once, the other player is asked next, and only asked turns are told", async () => {
    const id = await startGame(ann, bob, "orders-away-0001");
    const sent: { type: string; userId: string }[] = [];
    await runInDurableObject(stubOf(id), (room: GameRoom) => {
      const r = room as unknown as Room;
      (r as any).notices.handOver = async (_env: unknown, msgs: any[]) => void sent.push(...msgs);
    });
    let g = (await ann.get(`/api/games/${id}`)).body;
    const set = await ann.post(`/api/games/${id}/moves`, { version: g.version, move: { type: "orders", ...ORDERS }, idempotencyKey: key() });
    expect(set.status).toBe(200);
    expect(set.body.view.orders).toEqual(SHOWN);
    // Private: Bob's view does not carry Ann's orders.
    expect((await bob.get(`/api/games/${id}`)).body.view.orders).toBeNull();

    const annId = set.body.players[0].userId;
    const flush = () => runInDurableObject(stubOf(id), (room: GameRoom) => (room as unknown as Room).notices.flush());
    let byOrders = 0, asked = 0;
    for (let i = 0; i < 40; i++) {
      g = (await ann.get(`/api/games/${id}`)).body;
      if (g.status !== "active") break;
      if (g.players[0].toAct) {
        // Ann is asked (a tile she may need, a Mah Jongg): she decides herself.
        asked++;
        const moves = g.legalMoves.filter((m: { type: string }) => m.type !== "orders");
        const move = moves.find((m: { type: string }) => m.type === "discard") ?? moves[0];
        expect((await ann.post(`/api/games/${id}/moves`, { version: g.version, move, idempotencyKey: key() })).status).toBe(200);
        await flush();
        continue;
      }
      const b = (await bob.get(`/api/games/${id}`)).body;
      const moves = b.legalMoves.filter((m: { type: string }) => m.type !== "orders" && m.type !== "claim" && !String(m.type).includes("mahjong"));
      const move = moves.find((m: { type: string }) => m.type === "draw") ?? moves.find((m: { type: string }) => m.type === "discard") ?? moves[0];
      const r = await bob.post(`/api/games/${id}/moves`, { version: b.version, move, idempotencyKey: key() });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      // Bob's discard and Ann's whole turn in one answer: Bob is asked again at once.
      if (move.type === "discard" && r.body.players[1].toAct && !r.body.players[0].toAct && r.body.status === "active") {
        const annPlayed = r.body.events.filter((e: { version: number; event: { seat?: number } }) => e.version === r.body.version && e.event.seat === 0);
        expect(annPlayed.length).toBeGreaterThan(0);
        // Bob's new turn has a fresh clock, not what was left of the turn he just played.
        expect(r.body.players[1].deadline).toBeGreaterThan(r.body.now + 2 * DAY - 60_000);
        byOrders++;
      }
      await flush();
      // An hour passes between moves, so a clock kept from an earlier turn would show.
      await ann.post(`/api/dev/games/${id}/clock`, { advanceMs: HOUR, fire: false });
    }
    expect(byOrders).toBeGreaterThan(2);
    // The record holds Ann's orders once and only her asked moves: what the orders played is replayed, not recorded.
    const moves = await runInDurableObject(stubOf(id), (room: GameRoom) => (room as unknown as Room).store.moves());
    expect(moves.filter((m) => m.seat === 0 && m.move.type === "orders")).toHaveLength(1);
    expect(moves.filter((m) => m.seat === 0 && m.move.type !== "orders").length).toBe(asked);
    // Ann is told only of the turns she must decide; Bob only after Ann's own moves (after his, the answer shows his next turn).
    const annTold = sent.filter((m) => m.userId === annId && m.type === "turn").length;
    expect(annTold).toBeGreaterThan(0);
    expect(annTold).toBeLessThanOrEqual(asked);
    expect(sent.filter((m) => m.userId !== annId).length).toBeLessThanOrEqual(asked);
  }, 120_000);

  it("Settings keep a default; each new game starts with it as the player's first move (computers get none)", async () => {
    const carl = await signIn("carl.orders@example.com", { name: null, orders: "default" }); // (the welcome questions not yet answered)
    expect((await carl.get("/api/me")).body.orders).toEqual({ claims: "judged", throws: "judged" });
    const saved = await carl.put("/api/me", { orders: ORDERS });
    expect(saved.status).toBe(200);
    expect(saved.body.orders).toEqual(SHOWN);
    // Saving orders alone does not answer the welcome questions.
    expect(saved.body.needsWelcome).toBe(true);

    const created = await carl.post("/api/games", { ruleset: "siamese", seed: "orders-default-01", computers: { seats: 1, strength: "easy", delayMs: 0 } });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await carl.get(`/api/games/${id}`)).body.view.orders).toEqual(SHOWN);
    const moves = await runInDurableObject(stubOf(id), (room: GameRoom) => (room as unknown as Room).store.moves());
    expect(moves[0]).toEqual({ seat: 0, move: { type: "orders", ...SHOWN } });
    expect(moves.filter((m) => m.move.type === "orders")).toHaveLength(1);
  }, 60_000);
});
