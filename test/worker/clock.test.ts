import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import type { GameRoom } from "../../worker/game/room";
import { signIn, startGame, key, type Browser } from "./client";
import { spyNotices, stubOf } from "./notices-spy";

const HOUR = 3600_000, DAY = 24 * HOUR;
const ann = await signIn("ann@example.com");
const bob = await signIn("bob@example.com");


const advance = (b: Browser, id: string, ms: number) => b.post(`/api/dev/games/${id}/clock`, { advanceMs: ms, fire: false });

/** Bob plays until it is Ann's turn again. */
async function bobPlays(id: string) {
  for (;;) {
    const g = (await bob.get(`/api/games/${id}`)).body;
    if (!g.legalMoves.length) return;
    const move = g.legalMoves.find((m: any) => m.type === "draw") ?? g.legalMoves.find((m: any) => m.type === "discard");
    expect((await bob.post(`/api/games/${id}/moves`, { version: g.version, move, idempotencyKey: key() })).status).toBe(200);
  }
}

describe("the correspondence clock", () => {
  it("the deadline is days per move from the start of the turn, in the view and the games index", async () => {
    const id = await startGame(ann, bob, "clock-seed-0001", { daysPerMove: 1 });
    const g = (await ann.get(`/api/games/${id}`)).body;
    const deadline = g.players[0].deadline;
    expect(deadline - g.now).toBeGreaterThan(DAY - 60_000);
    expect(deadline - g.now).toBeLessThanOrEqual(DAY);
    const row = await env.DB.prepare("SELECT deadline FROM games WHERE id = ?").bind(id).first<{ deadline: number }>();
    expect(row!.deadline).toBe(deadline);
  });

  it("reminders at 80 % and 2 hours before the end; then the turn is played for the absent player", async () => {
    const id = await startGame(ann, bob, "clock-seed-0002", { daysPerMove: 1 });
    const sent = await spyNotices(id);
    const before = (await ann.get(`/api/games/${id}`)).body;

    await advance(ann, id, 0.8 * DAY + 1000);
    expect(await runDurableObjectAlarm(stubOf(id))).toBe(true);
    expect(sent).toMatchObject([{ type: "reminder", userId: before.players[0].userId, gameId: id }]);

    await advance(ann, id, 0.2 * DAY - 2 * HOUR);
    await runDurableObjectAlarm(stubOf(id));
    expect(sent.map((m) => m.type)).toEqual(["reminder", "final-reminder"]);
    expect((await ann.get(`/api/games/${id}`)).body.version).toBe(before.version);

    await advance(ann, id, 2 * HOUR);
    await runDurableObjectAlarm(stubOf(id));
    const after = (await ann.get(`/api/games/${id}`)).body;
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.players.map((p: any) => p.toAct)).toEqual([false, true]);
    expect(after.events.some((e: any) => e.event.type === "timeout")).toBe(true);
    expect(sent.at(-1)).toMatchObject({ type: "turn", userId: after.players[1].userId });
  });

  it("after three timeouts in a row the game ends as abandoned; the ledger gets one set of entries despite failed writes", async () => {
    const id = await startGame(ann, bob, "clock-seed-0003", { daysPerMove: 1 });
    const sent = await spyNotices(id);
    for (let i = 0; i < 3; i++) {
      if (i === 2) expect((await ann.post(`/api/dev/games/${id}/faults`, { ledgerFailures: 2 })).status).toBe(200);
      await advance(ann, id, DAY + 1000);
      await runDurableObjectAlarm(stubOf(id));
      if (i < 2) await bobPlays(id);
    }
    const end = (await bob.get(`/api/games/${id}`)).body;
    expect(end.status).toBe("ended");
    expect(end.result.reason).toBe("abandoned");

    const count = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM ledger WHERE game_id = ?").bind(id).first<{ n: number }>())!.n;
    expect(await count()).toBe(0); // the first write failed
    for (let i = 0; i < 5 && (await count()) === 0; i++) await runDurableObjectAlarm(stubOf(id));
    // The result's lines, and a zero line for a seat that got none (every seat has played the game).
    const lines = end.result.lines.length + end.players.filter((p: any) => !end.result.lines.some((l: any) => l.seat === p.seat)).length;
    expect(lines).toBe(2);
    expect(await count()).toBe(lines);
    const doc = await runInDurableObject(stubOf(id), (room: GameRoom) => (room as any).doc);
    expect(doc).toMatchObject({ ledger: "posted", ledgerAttempts: 2 });

    // Posting again (as after a write whose answer was lost) adds nothing.
    await runInDurableObject(stubOf(id), async (room: GameRoom) => {
      (room as any).doc.ledger = "pending";
      await room.alarm();
    });
    expect(await count()).toBe(lines);
    // Each player is told once that the game ended, however many times the ledger was retried.
    expect(sent.filter((m) => m.type === "game-ended").map((m) => m.userId).sort()).toEqual(end.players.map((p: any) => p.userId).sort());
    const totals = (await ann.get("/api/me")).body.totals;
    expect(totals.games).toBe(1);
    const annLines = end.result.lines.filter((l: any) => l.seat === 0).reduce((s: number, l: any) => s + l.points, 0);
    expect(totals.points).toBe(annLines);
    expect((await ann.get("/api/games")).body.games.find((g: any) => g.id === id)).toMatchObject({ status: "ended", result: "abandoned" });
  });

  it("vacation pauses the player's running clock, opponents see it, at most 14 days a year", async () => {
    const id = await startGame(ann, bob, "clock-seed-0004", { daysPerMove: 2 });
    const before = (await bob.get(`/api/games/${id}`)).body.players[0].deadline;
    const v = await ann.post("/api/me/vacation", { days: 3 });
    expect(v.status).toBe(200);
    expect(v.body.vacation.daysLeft).toBe(11);
    const seen = (await bob.get(`/api/games/${id}`)).body.players[0];
    expect(seen.onVacationUntil).toBeGreaterThan(Date.now() + 3 * DAY - 60_000);
    expect(seen.deadline - before).toBeGreaterThan(3 * DAY - 60_000);
    expect(seen.deadline - before).toBeLessThanOrEqual(3 * DAY);
    expect((await ann.post("/api/me/vacation", { days: 12 })).body.code).toBe("vacation/too-long");
    expect((await ann.post("/api/me/vacation", { days: 1.5 })).body.code).toBe("bad-field");
  });

  it("a vacation ended early: the clock runs again from then, the days not begun come back, twice is refused", async () => {
    const cy = await signIn("cy.vacation@example.com");
    const di = await signIn("di.vacation@example.com");
    expect((await cy.call("DELETE", "/api/me/vacation")).body.code).toBe("vacation/none");
    const id = await startGame(cy, di, "clock-seed-0005", { daysPerMove: 2 });
    const before = (await di.get(`/api/games/${id}`)).body.players[0].deadline;
    expect((await cy.post("/api/me/vacation", { days: 5 })).body.vacation.daysLeft).toBe(9);
    // two days and an hour away (on the game's clock), then back: the clock stood still for exactly that long
    await advance(cy, id, 2 * DAY + HOUR);
    const offset = 2 * DAY + HOUR;
    const back = await cy.call("DELETE", "/api/me/vacation");
    expect(back.status).toBe(200);
    // the account's days follow real time, which the development clock does not move: 4 whole days not begun
    expect(back.body.vacation).toEqual({ daysLeft: 14 - 5 + 4, until: null });
    const seen = (await di.get(`/api/games/${id}`)).body.players[0];
    expect(seen.onVacationUntil).toBeNull();
    expect(seen.deadline - before).toBeGreaterThan(offset - 60_000);
    expect(seen.deadline - before).toBeLessThanOrEqual(offset + 60_000);
    // nothing more to end; the account says so and changes nothing
    const again = await cy.call("DELETE", "/api/me/vacation");
    expect(again.status).toBe(409);
    expect((await cy.get("/api/me")).body.vacation.daysLeft).toBe(13);
    expect((await di.get(`/api/games/${id}`)).body.players[0].deadline).toBe(seen.deadline);
  });

  it("a burst of moves: no turn notice goes out twice, and each player is told of their latest turn", async () => {
    const id = await startGame(ann, bob, "notice-seed-0001", { daysPerMove: 1 });
    const sent = await spyNotices(id);
    const told: { userId: string; said: string }[] = [];
    for (let i = 0; i < 8; i++) {
      const r = await playOne(id);
      if (r.passed) told.push({ userId: r.next, said: r.said });
    }
    await runDurableObjectAlarm(stubOf(id)); // sends whatever waits
    const turns = sent.filter((m) => m.type === "turn");
    // Some went at once, some waited for the batch; a waiting one may have given way to the same player's next turn.
    expect(new Set(turns.map((m) => m.at)).size).toBe(turns.length);
    expect(turns.length).toBeLessThanOrEqual(told.length);
    for (const t of latestPerPlayer(told)) expect(turns.findLast((m) => m.userId === t.userId)!.text).toBe(`${t.said}. Your turn.`);
  });

  it("while a batch of notices waits, a player's newer turn replaces the older one; nobody's latest turn is lost", async () => {
    const id = await startGame(ann, bob, "notice-seed-0002", { daysPerMove: 1 });
    const sent = await spyNotices(id);
    // A notice has just gone out, so everything from this burst waits for the batch's alarm.
    await runInDurableObject(stubOf(id), (room: GameRoom) => void ((room as any).notices.lastSent = Date.now() + HOUR));
    const told: { userId: string; said: string }[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await playOne(id);
      if (r.passed) told.push({ userId: r.next, said: r.said });
    }
    expect(told.length).toBeGreaterThan(2);
    expect(sent).toEqual([]);
    await runDurableObjectAlarm(stubOf(id));
    const latest = latestPerPlayer(told);
    const turns = sent.filter((m) => m.type === "turn");
    expect(turns.map((m) => m.userId).sort()).toEqual(latest.map((t) => t.userId).sort());
    for (const t of latest) expect(turns.find((m) => m.userId === t.userId)!.text).toBe(`${t.said}. Your turn.`);
  });
});

const latestPerPlayer = <T extends { userId: string }>(told: T[]) => [...new Set(told.map((t) => t.userId))].map((userId) => told.findLast((t) => t.userId === userId)!);

/** Whoever may act posts draw or a discard; `passed` when the turn went to the other player. */
async function playOne(id: string) {
  for (const p of [ann, bob]) {
    const g = (await p.get(`/api/games/${id}`)).body;
    if (!g.legalMoves.length) continue;
    const move = g.legalMoves.find((m: any) => m.type === "draw") ?? g.legalMoves.find((m: any) => m.type === "discard");
    const r = await p.post(`/api/games/${id}/moves`, { version: g.version, move, idempotencyKey: key() });
    expect(r.status).toBe(200);
    const next = r.body.players.find((q: any) => q.toAct);
    return { passed: r.body.legalMoves.length === 0, next: next?.userId as string, said: r.body.events.at(-1)?.text as string };
  }
  throw new Error("nobody can move");
}
