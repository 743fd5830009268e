/**
 * Standing orders are a seat's own (issue 38, 5): another seat cannot tell that a seat changed its
 * orders — no socket message, nothing in its view, its games list or its version changes — and
 * orders changes are limited per seat and game with a plain 429.
 */
import { describe, expect, it } from "vitest";
import { key, signIn, startGame, type Browser } from "./client";
import { ORDERS_PER_MINUTE } from "../../worker/game/orders-limits";

const ann = await signIn("ann.private-orders@example.com");
const bob = await signIn("bob.private-orders@example.com");

/** Opens `b`'s live socket; `messages` collects every message after the first view. */
async function open(b: Browser, id: string) {
  const res = await b.fetch(`/api/games/${id}/live`, { headers: { upgrade: "websocket" } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const messages: any[] = [];
  ws.addEventListener("message", (e) => void messages.push(JSON.parse(e.data as string)));
  ws.accept();
  return { ws, messages };
}

const until = async (ok: () => boolean) => {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(ok()).toBe(true);
};

/** What a view shows, but the time it was made. */
const shown = (g: any) => ({ ...g, now: 0 });
const orders = (claims: string, throwUnneeded: boolean) => ({ type: "orders", claims, throwUnneeded });

describe("standing orders are private", () => {
  it("the other seat gets no message and sees nothing change when a seat changes its orders", async () => {
    const id = await startGame(ann, bob, "private-orders-0001");
    const socket = await open(bob, id);
    await until(() => socket.messages.some((m) => m.type === "game"));
    const before = (await bob.get(`/api/games/${id}`)).body;
    const listed = async () => (await bob.get("/api/games")).body.games.find((g: any) => g.id === id);
    const listedBefore = await listed();
    const heard = socket.messages.length;

    // Ann changes her orders three times (none plays a turn for her now: she is to discard).
    let version = before.version;
    for (const o of [orders("mahjong-only", false), orders("ask", false), orders("mahjong-only", false)]) {
      const r = await ann.post(`/api/games/${id}/moves`, { version, move: o, idempotencyKey: key() });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.view.orders).toMatchObject({ claims: o.claims });
      // The game's version does not move: nobody's next move is made stale by it.
      expect(r.body.version).toBe(before.version);
      version = r.body.version;
    }

    // Bob's view, list row and socket are as they were.
    expect(shown((await bob.get(`/api/games/${id}`)).body)).toEqual(shown(before));
    expect(await listed()).toEqual(listedBefore);
    // Ann then plays: the first message Bob hears after the orders is that move.
    const g = (await ann.get(`/api/games/${id}`)).body;
    const discard = g.legalMoves.find((m: any) => m.type === "discard");
    expect((await ann.post(`/api/games/${id}/moves`, { version: g.version, move: discard, idempotencyKey: key() })).status).toBe(200);
    await until(() => socket.messages.length > heard);
    const next = socket.messages[heard];
    expect(next.type).toBe("game");
    expect(next.game.version).toBe(before.version + 1);
    expect(next.game.events.at(-1).event.type).toBe("discard");
    socket.ws.close();
  });

  it(`at most ${ORDERS_PER_MINUTE} orders changes a minute per seat and game: then a clear 429 that changes nothing`, async () => {
    const id = await startGame(ann, bob, "private-orders-0002");
    const version = (await ann.get(`/api/games/${id}`)).body.version;
    for (let i = 0; i < ORDERS_PER_MINUTE; i++) {
      const r = await ann.post(`/api/games/${id}/moves`, { version, move: orders(i % 2 ? "ask" : "mahjong-only", false), idempotencyKey: key() });
      expect(r.status, `change ${i + 1}`).toBe(200);
    }
    const standing = (await ann.get(`/api/games/${id}`)).body.view.orders;
    const res = await ann.fetch(`/api/games/${id}/moves`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ version, move: orders("mahjong-only", true), idempotencyKey: key() }),
    });
    expect(res.status).toBe(429);
    const body = (await res.json()) as any;
    expect(body).toMatchObject({ code: "rate-limited" });
    expect(body.message).toMatch(/^You can change your orders \d+ times a minute in one game\. Your orders stay as they were; try again in a minute\.$/);
    expect(body.retryAfter).toBeGreaterThan(0);
    expect(Number(res.headers.get("retry-after"))).toBe(body.retryAfter);
    expect((await ann.get(`/api/games/${id}`)).body.view.orders).toEqual(standing);
    // The other seat's own orders are counted apart.
    expect((await bob.post(`/api/games/${id}/moves`, { version, move: orders("mahjong-only", false), idempotencyKey: key() })).status).toBe(200);
    // Playing is not limited.
    const g = (await ann.get(`/api/games/${id}`)).body;
    expect((await ann.post(`/api/games/${id}/moves`, { version: g.version, move: g.legalMoves.find((m: any) => m.type === "discard"), idempotencyKey: key() })).status).toBe(200);
  });
});
