/**
 * The expert computer player through the service, inside workerd: a practice game against experts
 * played to the end, the experts playing from the game's alarm (each alarm at most one decision that
 * samples, then it rings again); the review of a finished game: refused while the game runs,
 * worked out a slice per alarm once asked for, kept with the game, only for the game's players.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import type { GameRoom } from "../../worker/game/room";
import { verify } from "../../worker/engine/index";
import { key, signIn } from "./client";

const stubOf = (id: string) => env.GAME.get(env.GAME.idFromName(id));
const ann = await signIn("ann.expert@example.com", { name: "Ann" });
const bob = await signIn("bob.expert@example.com", { name: "Bob" });

/** The human's pick: Mah Jongg, else draw, else the tile just drawn, else the first discard. */
const humanMove = (g: any) => {
  const moves: any[] = g.legalMoves.filter((m: any) => m.type !== "orders" && m.type !== "preference");
  const drawn = g.view?.seats?.[g.seat]?.drawn?.id;
  return moves.find((m) => m.type === "mahjong" || m.type === "claim-mahjong") ?? moves.find((m) => m.type === "draw") ?? moves.find((m) => m.type === "discard" && m.tile === drawn) ?? moves.find((m) => m.type === "discard") ?? moves[0];
};

describe("the expert computer player in a game", () => {
  let id = "";

  it("a Siamese game against the expert is played to the end, the expert moving from the game's alarm", { timeout: 900_000 }, async () => {
    const created = await ann.post("/api/games", { ruleset: "siamese", seed: "expert-practice-01", options: { daysPerMove: 3 }, computers: { seats: 1, strength: "expert", delayMs: 0 } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    id = created.body.id;
    for (const p of created.body.game.players.slice(1)) expect(p).toMatchObject({ name: expect.stringMatching(/^Computer \(expert\)/), computer: { strength: "expert" } });
    let alarms = 0, mine = 0, refusedWhileRunning = false;
    for (let i = 0; i < 4000; i++) {
      const g = (await ann.get(`/api/games/${id}`)).body;
      if (g.status === "ended") break;
      if (!refusedWhileRunning && mine > 3) {
        // while the game runs there is no review, for anyone at the table
        const early = await ann.post(`/api/games/${id}/review`);
        expect(early.status).toBe(409);
        expect(early.body).toMatchObject({ code: "review/not-yet", message: expect.stringContaining("ended") });
        expect((await ann.get(`/api/games/${id}/review`)).status).toBe(409);
        refusedWhileRunning = true;
      }
      if (g.players[g.seat].toAct && g.legalMoves.length) {
        const r = await ann.post(`/api/games/${id}/moves`, { version: g.version, move: humanMove(g), idempotencyKey: key() });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        mine++;
      } else {
        await runDurableObjectAlarm(stubOf(id));
        alarms++;
      }
    }
    const end = (await ann.get(`/api/games/${id}`)).body;
    expect(end.status).toBe("ended");
    expect(refusedWhileRunning).toBe(true);
    expect(alarms).toBeGreaterThan(10);
    const record = (await ann.get(`/api/games/${id}/record`)).body;
    expect(record.moves.filter((m: any) => m.seat === 1).length).toBeGreaterThan(20);
    expect(verify(record)).toMatchObject({ ok: true, result: end.result });
  });

  it("the review: asked for once the game has ended, worked out a slice per alarm, kept with the game, for its players only", { timeout: 900_000 }, async () => {
    expect(id).not.toBe("");
    // nobody asked yet
    expect((await ann.get(`/api/games/${id}/review`)).status).toBe(404);
    // someone who did not play gets nothing (as if there were no such game)
    expect((await bob.post(`/api/games/${id}/review`)).status).toBe(404);
    const asked = await ann.post(`/api/games/${id}/review`);
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ status: "working", seat: 0, done: 0 });
    let ready: any = null;
    let slices = 0;
    for (let i = 0; i < 200 && !ready; i++) {
      await runDurableObjectAlarm(stubOf(id));
      slices++;
      const r = await ann.get(`/api/games/${id}/review`);
      expect(r.status).toBe(200);
      if (r.body.status === "ready") ready = r.body;
      else expect(r.body.done).toBeGreaterThanOrEqual(0);
    }
    expect(ready).not.toBeNull();
    expect(slices).toBeGreaterThan(1);
    expect(ready.decisions).toBeGreaterThan(0);
    for (const x of ready.items) {
      expect(x).toMatchObject({ move: expect.any(Number), frame: expect.any(Number), gain: expect.any(Number), playedText: expect.any(String), expertText: expect.any(String) });
      expect(x.gain).toBeGreaterThan(0);
    }
    // the costliest three first
    const top = ready.items.slice(0, 3).map((x: any) => x.gain);
    expect(top).toEqual([...top].sort((a: number, b: number) => b - a));
    for (const x of ready.items.slice(3)) expect(x.gain).toBeLessThanOrEqual(top.at(-1));
    // kept with the game: asking again reads it, and the game's alarm has nothing more to do for it
    const again = await ann.post(`/api/games/${id}/review`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(ready);
    const kept = await runInDurableObject(stubOf(id), (room: GameRoom) => (room as any).store.get("review:0"));
    expect(kept).toMatchObject({ done: true, seat: 0 });
  });

  it("challenges may name the expert for their empty seats; an unknown strength is refused and posts nothing", async () => {
    const ok = await ann.post("/api/challenges", { ruleset: "american", daysPerMove: 3, options: {}, rated: false, computersAfterDays: 2, computerStrength: "expert" });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const mine = (await ann.get("/api/challenges?ruleset=american")).body.challenges.filter((c: any) => c.mine);
    const bad = await ann.post("/api/challenges", { ruleset: "american", daysPerMove: 3, options: {}, rated: false, computersAfterDays: 2, computerStrength: "grandmaster" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "bad-field", message: expect.stringContaining("expert") });
    expect((await ann.get("/api/challenges?ruleset=american")).body.challenges.filter((c: any) => c.mine)).toHaveLength(mine.length);
  });
});
