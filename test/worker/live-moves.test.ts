/**
 * Moves over the live socket (issue 41; worker/game/live-moves.ts): a page whose socket is open sends
 * its move there instead of POST /api/games/:id/moves. The sender is answered what the HTTP route
 * answers (status and body, by the id it sent), the other seat hears the usual broadcast, and the
 * move costs no Worker request and a twentieth of a Durable Object request. Bad input, a stale
 * version and a retry are answered as over HTTP; once the session proof the socket was opened with
 * has run out (signed out meanwhile, or simply minutes later) a move is refused with
 * "live/use-http" and changes nothing, and the page posts it, where the session is asked again;
 * that post renews the proof's end for the sockets of the same session.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { evictDurableObject } from "cloudflare:test";
import { Browser, key, signIn, startGame } from "./client";
import { PROOF_TTL_MS } from "../../worker/api/session-proof";

const ann = await signIn("ann@live-moves.example");
const bob = await signIn("bob@live-moves.example");

/** Opens the live socket as `b`: what arrives (answers apart, presence aside), and `ask` to send a message and wait for its answer. */
async function connect(b: Browser, id: string) {
  const res = await b.fetch(`/api/games/${id}/live`, { headers: { upgrade: "websocket" } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const got: any[] = [];
  const answers = new Map<unknown, any>();
  const waiters: (() => void)[] = [];
  ws.addEventListener("message", (e) => {
    const m = JSON.parse(e.data as string);
    if (m.type === "answer") answers.set(m.id, m);
    else if (m.type !== "presence") got.push(m);
    waiters.splice(0).forEach((w) => w());
  });
  ws.accept();
  const until = async (ready: () => boolean) => {
    while (!ready()) await new Promise<void>((r) => waiters.push(r));
  };
  const next = async (n: number) => (await until(() => got.length >= n), got[n - 1]);
  let asked = 0;
  /** Sends `message` (an object gets `id` added; text goes as it is, answered with id null) and waits for its answer. */
  const ask = async (message: object | string): Promise<{ status: number; body: any }> => {
    const id = typeof message === "string" ? null : `ask-${++asked}`;
    ws.send(typeof message === "string" ? message : JSON.stringify({ ...message, id }));
    await until(() => answers.has(id));
    const a = answers.get(id);
    answers.delete(id);
    return { status: a.status, body: a.body };
  };
  return { ws, got, next, ask };
}

/** Moves the service's clock on by `ms` (the game's development clock, as between check-ins). */
async function later(b: Browser, game: string, ms: number) {
  expect((await b.post(`/api/dev/games/${game}/clock`, { advanceMs: ms, fire: false })).status).toBe(200);
}

/** What the requests in `work` cost, as the meter counts them (worker/lib/meter.ts). */
async function metered(work: () => Promise<unknown>): Promise<{ workerRequests: number; doRequests: number; rpc: Record<string, number> }> {
  const admin = new Browser();
  expect((await admin.post("/api/dev/meter", {})).status).toBe(200);
  await work();
  const m = (await admin.get("/api/dev/meter?detail=1")).body;
  await admin.call("DELETE", "/api/dev/meter");
  return { workerRequests: m.counts.workerRequests, doRequests: m.counts.doRequests, rpc: m.rpc };
}

const discardOf = (g: any) => g.legalMoves.find((m: any) => m.type === "discard");

describe("a move over the live socket", () => {
  it("is made, answered to its sender as the HTTP route answers, and broadcast to the other seat; no Worker request", async () => {
    const id = await startGame(ann, bob, "live-moves-0001");
    const a = await connect(ann, id);
    const b = await connect(bob, id);
    await a.next(1);
    await b.next(1);
    const g = (await ann.get(`/api/games/${id}`)).body;
    // The game hibernates first: the socket's user is in its attachment, not in memory.
    await evictDurableObject(env.GAME.get(env.GAME.idFromName(id)));
    const body = { type: "move", version: g.version, move: discardOf(g), idempotencyKey: key() };
    let answer!: { status: number; body: any };
    const cost = await metered(async () => {
      answer = await a.ask(body);
      // the other seat's broadcast comes within the same call
      await b.next(2);
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id, seat: 0, version: g.version + 1 });
    // Bob hears the move as he would after a post; Ann's own socket too.
    expect((await b.next(2)).game).toMatchObject({ seat: 1, version: g.version + 1 });
    expect((await a.next(2)).game).toEqual(answer.body);
    // The answer is Ann's view, as her GET shows it now.
    const now = (await ann.get(`/api/games/${id}`)).body;
    expect({ ...answer.body, now: 0 }).toEqual({ ...now, now: 0 });
    // No Worker request and no RPC: one incoming WebSocket message, billed a twentieth of a request.
    expect(cost.workerRequests).toBe(0);
    expect(cost.doRequests).toBeCloseTo(0.05, 6);
    expect(cost.rpc).toEqual({ webSocketMessage: 0.05 });

    // The same move sent again (the socket dropped before its answer, the page posts it): made once, answered the same.
    const retried = await ann.post(`/api/games/${id}/moves`, { version: body.version, move: body.move, idempotencyKey: body.idempotencyKey });
    expect(retried).toEqual({ status: 200, body: answer.body });
    expect(await a.ask(body)).toEqual({ status: 200, body: answer.body });
    expect((await ann.get(`/api/games/${id}`)).body.version).toBe(g.version + 1);
    a.ws.close();
    b.ws.close();
  });

  it("a stale version, bad input and a move out of turn get the HTTP route's status, code and message, and change nothing", async () => {
    const id = await startGame(ann, bob, "live-moves-0002");
    const a = await connect(ann, id);
    const b = await connect(bob, id);
    await a.next(1);
    await b.next(1);
    const g = (await ann.get(`/api/games/${id}`)).body;
    const move = discardOf(g);
    /** The same body over the socket and posted: the same answer. */
    const both = async (s: Awaited<ReturnType<typeof connect>>, who: Browser, body: Record<string, unknown>) => {
      const live = await s.ask({ type: "move", ...body });
      const posted = await who.post(`/api/games/${id}/moves`, body);
      return { live, posted };
    };

    const stale = await both(a, ann, { version: g.version - 1, move, idempotencyKey: key() });
    expect(stale.live.status).toBe(409);
    expect(stale.live.body.code).toBe("game/stale");
    expect(stale.live.body.message).toBe(stale.posted.body.message);
    expect(stale.live.body.game).toMatchObject({ seat: 0, version: g.version });
    expect(stale.posted.status).toBe(409);

    for (const bad of [
      { version: "one", move, idempotencyKey: key() },
      { version: g.version, move, idempotencyKey: "short" },
      { version: g.version, move: "discard", idempotencyKey: key() },
      { version: g.version, move: { ...move, tile: "x".repeat(5000) }, idempotencyKey: key() },
      { version: g.version, idempotencyKey: key() },
    ]) {
      const r = await both(a, ann, bad);
      expect(r.live.status).toBe(400);
      expect(r.live).toEqual(r.posted);
      expect(r.live.body.code).toBe("bad-field");
    }
    // Bob, not to act: the engine's refusal, as over HTTP.
    const outOfTurn = await both(b, bob, { version: g.version, move, idempotencyKey: key() });
    expect(outOfTurn.live.status).toBe(422);
    expect(outOfTurn.live).toEqual(outOfTurn.posted);

    // What is not a move at all: the API's words for a body that is not JSON, not an object, or too large.
    expect(await a.ask("not json")).toEqual({ status: 400, body: { code: "bad-json", message: "The body is not valid JSON." } });
    expect(await a.ask("[1]")).toEqual({ status: 400, body: { code: "bad-body", message: "The body must be a JSON object." } });
    expect(await a.ask("x".repeat(17 * 1024))).toEqual({ status: 413, body: { code: "too-large", message: "The body is too large." } });
    expect((await a.ask({ type: "chat", version: g.version, move, idempotencyKey: key() })).body).toEqual({ code: "bad-field", message: '"type" must be one of: move.' });

    // Nothing was made, and nobody was told anything but what they asked.
    expect((await ann.get(`/api/games/${id}`)).body.version).toBe(g.version);
    expect(a.got.length).toBe(1);
    expect(b.got.length).toBe(1);
    a.ws.close();
    b.ws.close();
  });

  it("once the session proof it was opened with has run out, a move is refused with live/use-http and changes nothing; a post from the same session renews the socket, from another session or user it does not", async () => {
    const id = await startGame(ann, bob, "live-moves-0003");
    const a = await connect(ann, id);
    const b = await connect(bob, id);
    await a.next(1);
    await b.next(1);
    await later(ann, id, PROOF_TTL_MS + 1000);
    const g = (await ann.get(`/api/games/${id}`)).body;
    const body = { version: g.version, move: discardOf(g), idempotencyKey: key() };
    const refused = await a.ask({ type: "move", ...body });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe("live/use-http");
    expect((await ann.get(`/api/games/${id}`)).body.version).toBe(g.version);
    // The page posts it instead (the session is asked again there): made.
    expect((await ann.post(`/api/games/${id}/moves`, body)).status).toBe(200);

    // Ann's post renewed Ann's socket, not Bob's: his draw is refused there, posted, and then his socket takes his discard.
    const h = (await bob.get(`/api/games/${id}`)).body;
    const draw = { version: h.version, move: h.legalMoves.find((m: any) => m.type === "draw"), idempotencyKey: key() };
    expect((await b.ask({ type: "move", ...draw })).body.code).toBe("live/use-http");
    expect((await bob.post(`/api/games/${id}/moves`, draw)).status).toBe(200);
    const h2 = (await bob.get(`/api/games/${id}`)).body;
    expect(await b.ask({ type: "move", version: h2.version, move: discardOf(h2), idempotencyKey: key() })).toMatchObject({ status: 200, body: { version: h2.version + 1 } });

    // Minutes later again: a post from Ann's other device (another session of hers) does not renew this socket.
    const annElsewhere = await signIn("ann@live-moves.example");
    await later(ann, id, PROOF_TTL_MS + 1000);
    const k = (await annElsewhere.get(`/api/games/${id}`)).body;
    const annDraw = { version: k.version, move: k.legalMoves.find((m: any) => m.type === "draw"), idempotencyKey: key() };
    expect((await annElsewhere.post(`/api/games/${id}/moves`, annDraw)).status).toBe(200);
    const k2 = (await ann.get(`/api/games/${id}`)).body;
    const annDiscard = { type: "move", version: k2.version, move: discardOf(k2), idempotencyKey: key() };
    expect((await a.ask(annDiscard)).body.code).toBe("live/use-http");
    // A socket opened now lasts as the proof this request earned.
    const fresh = await connect(ann, id);
    await fresh.next(1);
    expect(await fresh.ask(annDiscard)).toMatchObject({ status: 200, body: { version: k2.version + 1 } });
    a.ws.close();
    b.ws.close();
    fresh.ws.close();
  });

  it("signed out: the socket's moves are refused once its proof ends, and the post they fall back to is refused too", async () => {
    const cy = await signIn("cy@live-moves.example");
    const dee = await signIn("dee@live-moves.example");
    const id = await startGame(cy, dee, "live-moves-0004");
    const c = await connect(cy, id);
    await c.next(1);
    const g = (await cy.get(`/api/games/${id}`)).body;
    const body = { version: g.version, move: discardOf(g), idempotencyKey: key() };
    // Cy signs out on another device (her session is deleted); this page keeps its socket.
    const elsewhere = new Browser();
    elsewhere.cookie = cy.cookie;
    expect((await elsewhere.post("/api/auth/signout")).status).toBe(200);
    await later(dee, id, PROOF_TTL_MS + 1000);
    const refused = await c.ask({ type: "move", ...body });
    expect(refused).toMatchObject({ status: 401, body: { code: "live/use-http" } });
    const posted = await cy.post(`/api/games/${id}/moves`, body);
    expect(posted).toMatchObject({ status: 401, body: { code: "signed-out" } });
    expect((await dee.get(`/api/games/${id}`)).body.version).toBe(g.version);
    c.ws.close();
  });
});
