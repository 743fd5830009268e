/**
 * Computer seats through the service: practice games played to the end against computers (the
 * human always making a legal move, the computers playing from the game's alarm), the delay they
 * wait, their names at the table and in the record, bad input; and the pure turn helper.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import type { GameRoom } from "../../worker/game/room";
import { factsOf, newGame, legalMoves, verify } from "../../worker/engine/index";
import { computerDueAt, computerPlayer, computerTurn, seatComputers } from "../../worker/game/computers";
import type { GameDoc } from "../../worker/game/store";
import { botMove } from "./american-bot";
import { key, signIn, type Browser } from "./client";

const stubOf = (id: string) => env.GAME.get(env.GAME.idFromName(id));
const ann = await signIn("ann@example.com");
const gamesInIndex = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM games").first<{ n: number }>())!.n;

/** The human's pick from their legal moves: Mah Jongg, else draw, else a discard, else what the test bot would do. */
function humanMove(g: any): any {
  const moves: any[] = g.legalMoves;
  const concealed = g.view?.seats?.[g.seat]?.concealed ?? null;
  if (g.ruleset === "american") return botMove(moves, concealed);
  return moves.find((m) => m.type === "mahjong" || m.type === "claim-mahjong") ?? moves.find((m) => m.type === "draw") ?? moves.find((m) => m.type === "discard") ?? moves[0];
}

/** The human plays whenever it has a move; otherwise the game's alarm lets the computers play. Returns the ended view. */
async function playToEnd(p: Browser, id: string, cap = 3000) {
  let humanMoves = 0, alarms = 0;
  for (let i = 0; i < cap; i++) {
    const g = (await p.get(`/api/games/${id}`)).body;
    if (g.status === "ended") return { g, humanMoves, alarms };
    if (g.players[g.seat].toAct && g.legalMoves.length) {
      const move = humanMove(g);
      expect(g.legalMoves).toContainEqual(move);
      const r = await p.post(`/api/games/${id}/moves`, { version: g.version, move, idempotencyKey: key() });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      humanMoves++;
    } else {
      // Only computers are to act: their alarm is due (delay 0); it may already have run by itself.
      await runDurableObjectAlarm(stubOf(id));
      alarms++;
    }
  }
  throw new Error("the game did not end");
}

describe("practice against the computer", () => {
  it("a Siamese game against an easy computer, played to the end; the computer is named and the record verifies", { timeout: 300_000 }, async () => {
    const created = await ann.post("/api/games", { ruleset: "siamese", seed: "practice-seed-01", options: { daysPerMove: 3 }, computers: { seats: 1, strength: "easy", delayMs: 0 } });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(created.body.game).toMatchObject({ status: "active", seat: 0 });
    expect(created.body.game.players[1]).toMatchObject({ userId: "computer:easy:1", name: "Computer (easy)", computer: { strength: "easy" } });
    expect(created.body.game.players[0].computer).toBeNull();
    // The computer never sees what the human holds: its own view is what any seat 1 would get.
    const { g: end, humanMoves, alarms } = await playToEnd(ann, id);
    expect(humanMoves).toBeGreaterThan(10);
    expect(alarms).toBeGreaterThan(0);
    expect(end.result).not.toBeNull();
    const record = (await ann.get(`/api/games/${id}/record`)).body;
    expect(record.moves.some((m: any) => m.seat === 1)).toBe(true);
    expect(verify(record)).toMatchObject({ ok: true, result: end.result });
    const ledger = await env.DB.prepare("SELECT DISTINCT user_id AS userId FROM ledger WHERE game_id = ?").bind(id).all<{ userId: string }>();
    expect(ledger.results.map((r) => r.userId).every((u) => u === "computer:easy:1" || !u.startsWith("computer:"))).toBe(true);
    const mine = (await ann.get("/api/games")).body.games.find((x: any) => x.id === id);
    expect(mine.players.map((p: any) => p.name)).toEqual(["Ann", "Computer (easy)"]);
  });

  it("an American game with three computers: Charleston, claim windows and turns answered by the computers", { timeout: 300_000 }, async () => {
    const created = await ann.post("/api/games", { ruleset: "american", seed: "practice-amer-01", options: { card: "sample-2026" }, computers: { seats: 3, strength: "medium", delayMs: 0 } });
    expect(created.status).toBe(201);
    expect(created.body.game.players.map((p: any) => p.computer?.strength ?? null)).toEqual([null, "medium", "medium", "medium"]);
    const { g: end } = await playToEnd(ann, created.body.id);
    expect(end.status).toBe("ended");
    const record = (await ann.get(`/api/games/${created.body.id}/record`)).body;
    expect(verify(record)).toMatchObject({ ok: true, result: end.result });
  });

  it("with 1 computer of 3 in an American game the other seats stay open for invited players", async () => {
    const created = await ann.post("/api/games", { ruleset: "american", options: { card: "sample-2026" }, computers: { seats: 1, strength: "strong", delayMs: 0 } });
    expect(created.body.game).toMatchObject({ status: "open" });
    expect(created.body.game.players.map((p: any) => p.userId?.startsWith("computer:") ?? null)).toEqual([false, true, null, null]);
  });

  it("the computer waits its delay before it plays, on the game's clock", async () => {
    const created = await ann.post("/api/games", { ruleset: "siamese", seed: "practice-seed-02", computers: { seats: 1, strength: "medium", delayMs: 60_000 } });
    const id = created.body.id;
    // What the game tells (its notices' hand-over is replaced inside the DO).
    const sent: any[] = [];
    await runInDurableObject(stubOf(id), (room: GameRoom) => {
      (room as any).notices.handOver = async (_env: unknown, msgs: any[]) => void sent.push(...msgs);
    });
    // Ann (East) plays until it is the computer's turn.
    for (;;) {
      const g = (await ann.get(`/api/games/${id}`)).body;
      if (!g.legalMoves.length) break;
      await ann.post(`/api/games/${id}/moves`, { version: g.version, move: humanMove(g), idempotencyKey: key() });
    }
    const waiting = (await ann.get(`/api/games/${id}`)).body;
    expect(waiting.players[1].toAct).toBe(true);
    await runDurableObjectAlarm(stubOf(id));
    expect((await ann.get(`/api/games/${id}`)).body.version).toBe(waiting.version);
    await ann.post(`/api/dev/games/${id}/clock`, { advanceMs: 61_000, fire: false });
    await runDurableObjectAlarm(stubOf(id));
    const after = (await ann.get(`/api/games/${id}`)).body;
    expect(after.version).toBeGreaterThan(waiting.version);
    expect(after.players[0].toAct).toBe(true);
    // A practice game mails nobody: not Ann, who plays it at the table, and never the computer.
    await runDurableObjectAlarm(stubOf(id));
    expect(sent).toEqual([]);
  });

  it("bad input gets a clear 400 and creates nothing", async () => {
    const before = await gamesInIndex();
    for (const computers of [{ seats: 2, strength: "easy" }, { seats: 0 }, { seats: 1, strength: "grandmaster" }, { seats: 1, delayMs: -1 }, { seats: 1, delayMs: 3_600_000 }, "three", [1]]) {
      const r = await ann.post("/api/games", { ruleset: "siamese", computers });
      expect(r.status, JSON.stringify(computers)).toBe(400);
      expect(r.body).toMatchObject({ code: "bad-field", message: expect.stringContaining("") });
    }
    expect((await ann.post("/api/games", { ruleset: "american", computers: { seats: 4 } })).status).toBe(400);
    expect(await gamesInIndex()).toBe(before);
  });
});

describe("computer turns (pure helper)", () => {
  const dealt = newGame("siamese", {}, "pure-seed-0001");
  if (!dealt.ok) throw new Error("deal");
  const state = dealt.state;
  const doc = (delayMs: number, startedAt = 1000): GameDoc =>
    ({
      id: "g1", ruleset: "siamese", options: {}, daysPerMove: 3, seats: 2, status: "active", version: 7,
      players: [computerPlayer("easy", 0, delayMs), { userId: "u", name: "Ann" }],
      clocks: [{ seat: 0, startedAt, allowanceMs: 86_400_000, pausedMs: 0, reminded: 0 }],
      facts: factsOf(state),
    }) as unknown as GameDoc;

  it("a computer seat to act is due its delay after its clock started, and picks one of its legal moves", () => {
    expect(computerDueAt(doc(3000), state)).toBe(4000);
    expect(computerDueAt(doc(3000), null)).toBeNull();
    expect(computerTurn(doc(3000), state, 3999)).toBeNull();
    const t = computerTurn(doc(3000), state, 4000)!;
    expect(t.seat).toBe(0);
    expect(legalMoves(state, 0)).toContainEqual(t.move);
  });

  it("a human seat, an ended game or no state gives no computer turn", () => {
    const human = { ...doc(0), players: [{ userId: "u0", name: "Bob" }, computerPlayer("easy", 1)] } as GameDoc;
    expect(computerDueAt(human, state)).toBeNull();
    expect(computerTurn(human, state, 1e15)).toBeNull();
    expect(computerTurn({ ...doc(0), status: "ended" } as GameDoc, state, 1e15)).toBeNull();
    expect(computerTurn(doc(0), null, 1e15)).toBeNull();
  });

  it("computers take the empty seats in order, named as computers", () => {
    const seated = seatComputers([{ userId: "u", name: "Ann" }, null, null, null], "strong", 0, 2);
    expect(seated.map((p) => p?.userId ?? null)).toEqual(["u", "computer:strong:1", "computer:strong:2", null]);
    expect(seated[1]).toMatchObject({ name: "Computer (strong)", computer: { strength: "strong", delayMs: 0 } });
  });
});
