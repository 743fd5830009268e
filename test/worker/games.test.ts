import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { verify } from "../../worker/engine/index";
import { Browser, key, playOne, signIn, startGame } from "./client";

const ann = await signIn("ann@example.com");
const bob = await signIn("bob@example.com");
const eve = await signIn("eve@example.com");

describe("creating and joining", () => {
  it("the creator is seated and gets an invite link; the game deals when the second player joins", async () => {
    const created = await ann.post("/api/games", { ruleset: "siamese", options: { daysPerMove: 3, deadHands: "enforce" } });
    expect(created.status).toBe(201);
    expect(created.body.inviteUrl).toMatch(new RegExp(`/invite/${created.body.id}\\?t=`));
    expect(created.body.game).toMatchObject({ status: "open", seat: 0, view: null, daysPerMove: 3 });
    expect(created.body.game.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect((await ann.get(`/api/games/${created.body.id}`)).body.inviteUrl).toBe(created.body.inviteUrl);

    const preview = await bob.get(`/api/games/${created.body.id}?invite=${created.body.invite}`);
    expect(preview.body).toMatchObject({ status: "open", seat: null });
    expect(preview.body).not.toHaveProperty("inviteUrl");
    expect((await bob.post(`/api/games/${created.body.id}/join`, { invite: "x".repeat(43) })).status).toBe(404);

    const joined = await bob.post(`/api/games/${created.body.id}/join`, { invite: created.body.invite });
    expect(joined.body).toMatchObject({ status: "active", seat: 1 });
    expect(joined.body.view).not.toBeNull();
    const third = await eve.post(`/api/games/${created.body.id}/join`, { invite: created.body.invite });
    expect(third).toMatchObject({ status: 409, body: { code: "game/full" } });
  });

  it("?me: the game with the caller's own profile, as GET /api/me answers it; without it, the game alone; a refusal stays one", async () => {
    // Players of their own: a game of Ann's where it is her turn would come first in her list (the test below).
    const [cy, dan] = await Promise.all([signIn("cy.me@example.com"), signIn("dan.me@example.com")]);
    const id = await startGame(cy, dan, "me-seed-0001");
    const [withMe, alone, me] = await Promise.all([cy.get(`/api/games/${id}?me`), cy.get(`/api/games/${id}`), cy.get("/api/me")]);
    expect(withMe.status).toBe(200);
    expect(withMe.body.me).toEqual(me.body);
    expect(withMe.body.me.email).toBe("cy.me@example.com");
    const { me: _, ratings: __, ...game } = withMe.body;
    expect({ ...game, now: 0 }).toEqual({ ...alone.body, now: 0 });
    expect(alone.body).not.toHaveProperty("me");
    // Not seated there: the refusal, nobody's profile in it.
    const refused = await eve.get(`/api/games/${id}?me`);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(refused.body)).not.toContain("eve@example.com");
  });

  it("options are validated: days per move 1–14, known ruleset, fixed seed only in development", async () => {
    expect((await ann.post("/api/games", { ruleset: "siamese", options: { daysPerMove: 15 } })).body.code).toBe("bad-field");
    expect((await ann.post("/api/games", { ruleset: "poker" })).body.code).toBe("bad-field");
    expect((await ann.post("/api/games", { ruleset: "siamese", options: { deadHands: "maybe" } })).status).toBe(400);
    // A seed too short is told as too short, not as empty; nothing is created.
    const before = (await ann.get("/api/games")).body.games.length;
    const short = await ann.post("/api/games", { ruleset: "siamese", seed: "abc" });
    expect([short.status, short.body.code, short.body.error ?? short.body.message]).toEqual([400, "bad-field", '"seed" must be at least 8 characters.']);
    expect((await ann.post("/api/games", { ruleset: "siamese", seed: "   " })).body).toMatchObject({ code: "bad-field" });
    expect((await ann.get("/api/games")).body.games.length).toBe(before);
  });

  it("my games: those where it is my turn first", async () => {
    const id = await startGame(ann, bob, "list-seed-0001");
    const mine = (await ann.get("/api/games")).body.games;
    expect(mine[0]).toMatchObject({ id, myTurn: true, status: "active" });
    expect(mine[0].deadline).toBeGreaterThan(Date.now());
    const theirs = (await bob.get("/api/games")).body.games.find((g: any) => g.id === id);
    expect(theirs.myTurn).toBe(false);
    expect(theirs.players.map((p: any) => p.name)).toEqual(["Ann", "Bob"]);
  });
});

describe("moves", () => {
  it("a Siamese view carries no hints: its table works them out from the player's own tiles", async () => {
    const id = await startGame(ann, bob, "hints-seed-0001");
    const g = (await ann.get(`/api/games/${id}`)).body;
    expect(g.view.seats[0].concealed).toHaveLength(28);
    expect(g.hints).toBeNull();
  });

  it("a non-player gets 404 for the game, its moves, chat and live socket while it runs", async () => {
    const id = await startGame(ann, bob, "private-seed-01");
    expect((await eve.get(`/api/games/${id}`)).status).toBe(404);
    expect((await eve.post(`/api/games/${id}/moves`, { version: 1, move: { type: "draw" }, idempotencyKey: key() })).status).toBe(404);
    expect((await eve.get(`/api/games/${id}/chat`)).status).toBe(404);
    expect((await eve.fetch(`/api/games/${id}/live`, { headers: { upgrade: "websocket" } })).status).toBe(404);
    expect((await eve.get(`/api/games/nope-not-a-game`)).status).toBe(404);
  });

  it("a stale version gets 409 with the current view and changes nothing", async () => {
    const id = await startGame(ann, bob, "stale-seed-0001");
    const g = (await ann.get(`/api/games/${id}`)).body;
    const move = g.legalMoves.find((m: any) => m.type === "discard");
    const stale = await ann.post(`/api/games/${id}/moves`, { version: g.version - 1, move, idempotencyKey: key() });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: "game/stale", game: { version: g.version, seat: 0 } });
    expect((await ann.get(`/api/games/${id}`)).body.version).toBe(g.version);
  });

  it("the same idempotency key twice applies once and returns the same answer", async () => {
    const id = await startGame(ann, bob, "idem-seed-00001");
    const g = (await ann.get(`/api/games/${id}`)).body;
    const body = { version: g.version, move: g.legalMoves.find((m: any) => m.type === "discard"), idempotencyKey: key() };
    const first = await ann.post(`/api/games/${id}/moves`, body);
    const second = await ann.post(`/api/games/${id}/moves`, body);
    expect(first.status).toBe(200);
    expect(second).toEqual(first);
    expect(first.body.version).toBe(g.version + 1);
    expect((await ann.get(`/api/games/${id}`)).body.version).toBe(g.version + 1);
  });

  it("a rule error is 422 {code, message} and changes nothing", async () => {
    const id = await startGame(ann, bob, "rule-seed-00001");
    const g = (await bob.get(`/api/games/${id}`)).body;
    const r = await bob.post(`/api/games/${id}/moves`, { version: g.version, move: { type: "draw" }, idempotencyKey: key() });
    expect(r.status).toBe(422);
    expect(typeof r.body.code).toBe("string");
    expect(r.body.message.length).toBeGreaterThan(5);
    expect((await bob.get(`/api/games/${id}`)).body.version).toBe(g.version);
  });

  it("two players play a whole Siamese game with a fixed seed by always posting a legal move", async () => {
    const id = await startGame(ann, bob, "whole-game-seed-7");
    expect((await ann.get(`/api/games/${id}/record`)).status).toBe(403);
    let moves = 0;
    for (;;) {
      const r = await playOne([ann, bob], id, moves);
      expect(r.status).toBe(200);
      moves++;
      if (r.body.status === "ended") break;
      expect(moves).toBeLessThan(1000);
    }
    const end = (await ann.get(`/api/games/${id}`)).body;
    expect(end.result.totals).toHaveLength(2);

    const record = await new Browser().get(`/api/games/${id}/record`);
    expect(record.status).toBe(200);
    expect(record.body.seed).toBe("whole-game-seed-7");
    expect(record.body.moves).toHaveLength(moves);
    expect(verify(record.body)).toMatchObject({ ok: true, result: end.result });

    const rows = await env.DB.prepare("SELECT seat, points FROM ledger WHERE game_id = ? ORDER BY seat").bind(id).all<{ seat: number; points: number }>();
    const perSeat = [0, 0];
    for (const r of rows.results) perSeat[r.seat]! += r.points;
    expect(perSeat).toEqual(end.result.totals);
    expect((await ann.get("/api/games")).body.games.find((g: any) => g.id === id)).toMatchObject({ status: "ended", myTurn: false });
    // After the end anyone signed in may look at the whole table.
    expect((await eve.get(`/api/games/${id}`)).body).toMatchObject({ status: "ended", seat: null });
  }, 120_000);
});

describe("chat", () => {
  it("players only, at most 500 characters, kept with the game", async () => {
    const id = await startGame(ann, bob, "chat-seed-00001");
    expect((await ann.post(`/api/games/${id}/chat`, { text: "Good luck!" })).status).toBe(200);
    expect((await bob.post(`/api/games/${id}/chat`, { text: "x".repeat(501) })).body.code).toBe("bad-field");
    expect((await eve.post(`/api/games/${id}/chat`, { text: "hi" })).status).toBe(404);
    const { body } = await bob.get(`/api/games/${id}/chat`);
    expect(body.messages).toMatchObject([{ seat: 0, name: "Ann", text: "Good luck!" }]);
  });
});

describe("unknown games", () => {
  it("asking about a game id that does not exist stores nothing in its Durable Object", async () => {
    expect((await ann.get("/api/games/never-created-1")).status).toBe(404);
    expect((await ann.post("/api/games/never-created-1/moves", { version: 1, move: { type: "draw" }, idempotencyKey: key() })).status).toBe(404);
    const { runInDurableObject } = await import("cloudflare:test");
    const tables = await runInDurableObject(env.GAME.get(env.GAME.idFromName("never-created-1")), (_room, state) =>
      state.storage.sql.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\'").toArray(),
    );
    expect(tables).toEqual([]);
  });
});
