import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { evictDurableObject } from "cloudflare:test";
import { key, signIn, startGame, type Browser } from "./client";

const ann = await signIn("ann@example.com");
const bob = await signIn("bob@example.com");

/** Opens the live socket as `b` and collects what arrives (but who is at the table: live-play.test.ts). */
async function connect(b: Browser, id: string) {
  const res = await b.fetch(`/api/games/${id}/live`, { headers: { upgrade: "websocket" } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const got: any[] = [];
  const waiters: (() => void)[] = [];
  ws.addEventListener("message", (e) => {
    const m = JSON.parse(e.data as string);
    if (m.type === "presence") return;
    got.push(m);
    waiters.splice(0).forEach((w) => w());
  });
  ws.accept();
  const next = async (n: number) => {
    while (got.length < n) await new Promise<void>((r) => waiters.push(r));
    return got[n - 1];
  };
  return { ws, got, next };
}

describe("the live socket", () => {
  it("pushes each new view to each seat: its own view only", async () => {
    const id = await startGame(ann, bob, "live-seed-00001");
    const a = await connect(ann, id);
    const b = await connect(bob, id);
    expect((await a.next(1)).game.seat).toBe(0);
    expect((await b.next(1)).game.seat).toBe(1);

    const g = (await ann.get(`/api/games/${id}`)).body;
    const move = g.legalMoves.find((m: any) => m.type === "discard");
    const moved = await ann.post(`/api/games/${id}/moves`, { version: g.version, move, idempotencyKey: key() });
    const pushedA = (await a.next(2)).game;
    const pushedB = (await b.next(2)).game;
    expect(pushedA.version).toBe(moved.body.version);
    expect(pushedB.version).toBe(moved.body.version);
    // Each socket carries exactly what that seat's own GET shows, and the two differ (concealed tiles).
    const viewA = (await ann.get(`/api/games/${id}`)).body;
    const viewB = (await bob.get(`/api/games/${id}`)).body;
    expect(pushedA.view).toEqual(viewA.view);
    expect(pushedB.view).toEqual(viewB.view);
    expect(pushedA.view).not.toEqual(pushedB.view);
    expect(pushedB.legalMoves).toEqual(viewB.legalMoves);
    expect(pushedA.legalMoves).toEqual([]);
    // No socket ever carries the other seat's concealed tiles or the wall.
    for (const [mine, theirs] of [[a, 1], [b, 0]] as const) {
      for (const m of mine.got) {
        expect(m.game.view.seats[theirs].concealed).toBeNull();
        expect(m.game.view).not.toHaveProperty("wall");
      }
    }
    a.ws.close();
    b.ws.close();
  });

  it("sockets survive hibernation (the DO is evicted between moves)", async () => {
    const id = await startGame(ann, bob, "live-seed-00002");
    const b = await connect(bob, id);
    await b.next(1);
    await evictDurableObject(env.GAME.get(env.GAME.idFromName(id)));
    const g = (await ann.get(`/api/games/${id}`)).body;
    await ann.post(`/api/games/${id}/moves`, { version: g.version, move: g.legalMoves.find((m: any) => m.type === "discard"), idempotencyKey: key() });
    expect((await b.next(2)).game).toMatchObject({ seat: 1, version: g.version + 1 });
    b.ws.close();
  });

  it("chat reaches the sockets too; a request that is not a WebSocket is refused", async () => {
    const id = await startGame(ann, bob, "live-seed-00003");
    const b = await connect(bob, id);
    await b.next(1);
    await ann.post(`/api/games/${id}/chat`, { text: "hello" });
    expect(await b.next(2)).toMatchObject({ type: "chat", message: { seat: 0, text: "hello" } });
    expect((await ann.fetch(`/api/games/${id}/live`)).status).toBe(400);
    b.ws.close();
  });

  it("a game that has ended: its player's socket (a page opened on an answer from before the end) is told the result, then closed; anyone else's is refused", async () => {
    const id = await startGame(ann, bob, "live-seed-00004");
    expect((await ann.post(`/api/games/${id}/resign`)).status).toBe(200);
    const b = await connect(bob, id);
    const closed = new Promise<number>((r) => b.ws.addEventListener("close", (e) => r(e.code)));
    const first = await b.next(1);
    expect(first.type).toBe("game");
    expect(first.game.status).toBe("ended");
    expect(first.game.seat).toBe(1);
    expect(first.game).toEqual({ ...(await bob.get(`/api/games/${id}`)).body, now: first.game.now });
    expect(await closed).toBe(1000);
    const eve = await signIn("eve.live@example.com");
    expect((await eve.fetch(`/api/games/${id}/live`, { headers: { upgrade: "websocket" } })).status).toBe(404);
  });
});
