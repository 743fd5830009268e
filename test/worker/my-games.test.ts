/**
 * My games (GET /api/games), as the home page reads it: each game says when it started, how many
 * moves it has, on whom it waits, whether an open game is a challenge, and once ended my points
 * and place. Existing fields stay as they were.
 */
import { describe, expect, it } from "vitest";
import { createAndJoin, playOne, signIn, startGame } from "./client";

const DAY = 24 * 3600_000;
const ann = await signIn("ann@mygames.example.com");
const bob = await signIn("bob@mygames.example.com");

const listed = async (b: typeof ann, id: string) => (await b.get("/api/games")).body.games.find((g: any) => g.id === id);

describe("my games", () => {
  it("tells when a game started, its moves and whose turn it is, for each player", async () => {
    const t0 = Date.now();
    const id = await startGame(ann, bob, "mygames-seed-01");
    const start = await listed(ann, id);
    expect(start).toMatchObject({ id, ruleset: "siamese", status: "active", myTurn: true, moves: 0, challenge: false, myPoints: null, myPlace: null, myPlaceShared: null });
    expect(start.createdAt).toBeGreaterThanOrEqual(t0 - 1000);
    expect(start.players.map((p: any) => [p.seat, p.toAct])).toEqual([
      [0, true],
      [1, false],
    ]);
    // Ann plays until the turn passes to Bob: the count goes along with that change.
    let moves = 0;
    const annToAct = async () => (await ann.get(`/api/games/${id}`)).body.players[0].toAct;
    while (await annToAct()) {
      expect((await playOne([ann, bob], id, moves)).status).toBe(200);
      moves++;
    }
    expect(moves).toBeGreaterThan(0);
    // While moves come fast the index is written a little later (at most every 2 s).
    await expect.poll(async () => (await listed(bob, id)).myTurn, { timeout: 10_000 }).toBe(true);
    const after = await listed(bob, id);
    expect(after).toMatchObject({ myTurn: true, moves });
    expect(after.players.map((p: any) => p.toAct)).toEqual([false, true]);
  });

  it("says when the game was dealt, not when it was posted: a game that waited 3 days for its player started the day it was dealt", async () => {
    const created = await ann.post("/api/games", { ruleset: "siamese", seed: "mygames-seed-02", options: { daysPerMove: 2 } });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const waiting = await listed(ann, id);
    expect(waiting).toMatchObject({ status: "open", startedAt: null });
    // the game's clock moves on 3 days before Bob takes the seat (and the game is dealt)
    expect((await ann.post(`/api/dev/games/${id}/clock`, { advanceMs: 3 * DAY, fire: false })).status).toBe(200);
    expect((await bob.post(`/api/games/${id}/join`, { invite: created.body.invite })).status).toBe(200);
    for (const b of [ann, bob]) {
      const g = await listed(b, id);
      expect(g.status).toBe("active");
      // the field read before stays as it was
      expect(g.createdAt).toBe(waiting.createdAt);
      expect(g.startedAt - g.createdAt).toBeGreaterThanOrEqual(3 * DAY);
      expect(g.startedAt - g.createdAt).toBeLessThan(3 * DAY + 60_000);
    }
    // a move later the deal time is kept
    expect((await playOne([ann, bob], id)).status).toBe(200);
    await expect.poll(async () => (await listed(ann, id)).moves, { timeout: 10_000 }).toBe(1);
    expect((await listed(ann, id)).startedAt).toBe((await listed(bob, id)).startedAt);
  });

  it("an open challenge is marked as one; a game waiting for its invited player is not", async () => {
    const ch = await ann.post("/api/challenges", { ruleset: "siamese", daysPerMove: 3, options: { deadHands: "prevent" }, rated: false });
    expect(ch.status).toBe(201);
    const invited = await ann.post("/api/games", { ruleset: "siamese", options: { daysPerMove: 3 } });
    const mine = (await ann.get("/api/games")).body.games;
    expect(mine.find((g: any) => g.id === ch.body.id).challenge).toBe(true);
    const open = mine.filter((g: any) => g.status === "open");
    expect(open.find((g: any) => g.id === invited.body.id).challenge).toBe(false);
    expect(open.filter((g: any) => g.challenge).length).toBe(1);
  });
});
