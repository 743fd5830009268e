/**
 * American Mah Jongg through the service: four players join by invitation, set call preferences,
 * play a whole seeded game by bots over HTTP (Charleston, claim windows, the winner paid in the
 * ledger), the record verifies; a claim window's deadline (option windowHours) closes it with
 * silence as a pass.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { verify } from "../../worker/engine/index";
import type { GameRoom } from "../../worker/game/room";
import { botMove } from "./american-bot";
import { createAndJoin, key, signIn, type Browser } from "./client";

const HOUR = 3600_000;
const players = [await signIn("amy@example.com"), await signIn("ben@example.com"), await signIn("cal@example.com"), await signIn("dee@example.com")];
const stubOf = (id: string) => env.GAME.get(env.GAME.idFromName(id));

async function startAmerican(seed: string, options: object = {}): Promise<string> {
  const { id, created, joins } = await createAndJoin(players[0]!, players.slice(1), { ruleset: "american", seed, options: { daysPerMove: 2, card: "sample-2026", ...options } });
  expect(created.status).toBe(201);
  expect(created.body.game).toMatchObject({ status: "open", seat: 0 });
  for (const [i, joined] of joins.entries()) expect(joined.body).toMatchObject({ seat: i + 1, status: i === 2 ? "active" : "open" });
  return id;
}

const game = (p: Browser, id: string) => p.get(`/api/games/${id}`).then((r) => r.body);

async function post(p: Browser, id: string, version: number, move: object) {
  const r = await p.post(`/api/games/${id}/moves`, { version, move, idempotencyKey: key() });
  if (r.status !== 200) throw new Error(`${JSON.stringify(move)}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** The lowest seat that must act plays the bot's move; false when the game is over. */
async function step(id: string): Promise<boolean> {
  const g = await game(players[0]!, id);
  if (g.status === "ended") return false;
  const seat = g.players.findIndex((p: { toAct: boolean }) => p.toAct);
  const mine = await game(players[seat]!, id);
  await post(players[seat]!, id, mine.version, botMove(mine.legalMoves, mine.view.seats[seat].concealed));
  return true;
}

describe("American through the service", () => {
  it("four seats join by invitation; the deal waits for the fourth; nobody sees another's tiles", async () => {
    const id = await startAmerican("american-join-0001");
    const views = await Promise.all(players.map((p) => game(p, id)));
    expect(views.map((g) => g.seat)).toEqual([0, 1, 2, 3]);
    expect(views[0].players.every((p: { toAct: boolean }) => p.toAct)).toBe(true);
    expect(views[1].view.seats.map((s: { concealed: unknown[] | null }) => s.concealed?.length ?? null)).toEqual([null, 13, null, null]);
    expect(views[0].view.seats[0].concealed.length).toBe(14);
    expect(views[1].hints.racks[0].closest.length).toBeGreaterThan(0); // American tables show the service's hints
    expect(views[2].view.charleston).toMatchObject({ stage: "first-right", chosen: [false, false, false, false] });
    await expect((await signIn("eve@example.com")).post(`/api/games/${id}/join`, { invite: "x".repeat(43) })).resolves.toMatchObject({ status: 404 });
  });

  it("a whole game by four bots over HTTP: preferences, Charleston, claim windows, Mah Jongg paid in the ledger, the record verifies", async () => {
    const id = await startAmerican("american-http-26");
    for (const [seat, call] of [[1, "never"], [2, "mahjong"]] as const) {
      const g = await game(players[seat]!, id);
      const after = await post(players[seat]!, id, g.version, { type: "preference", call });
      expect(after.view.seats[seat].preference).toBe(call);
      expect((await game(players[0]!, id)).view.seats[seat].preference).toBeNull();
    }
    let moves = 0;
    while (await step(id)) moves++;
    expect(moves).toBe(192);
    const end = await game(players[3]!, id);
    expect(end.result.reason).toBe("mahjong");
    expect(end.result.totals).toEqual([-30, -30, 120, -60]);
    const record = (await players[1]!.get(`/api/games/${id}/record`)).body;
    const v = verify(record);
    expect(v.ok && v.result).toEqual(end.result);
    const rows = await env.DB.prepare("SELECT seat, reason, points FROM ledger WHERE game_id = ? ORDER BY seat").bind(id).all<{ seat: number; reason: string; points: number }>();
    expect(rows.results).toEqual([
      { seat: 0, reason: "pays/other", points: -30 },
      { seat: 1, reason: "pays/other", points: -30 },
      { seat: 2, reason: "mahjong/discard", points: 120 },
      { seat: 3, reason: "pays/discarder", points: -60 },
    ]);
  }, 120_000);

  it("windowHours is validated when the game is created", async () => {
    expect((await players[0]!.post("/api/games", { ruleset: "american", options: { windowHours: 0 } })).body.code).toBe("bad-field");
  });

  it("a claim window is timed by windowHours; at its deadline silence is a pass and does not count toward abandonment", async () => {
    const id = await startAmerican("american-window-01", { windowHours: 4 });
    let g = await game(players[0]!, id);
    while (g.view.phase !== "window") {
      await step(id);
      g = await game(players[0]!, id);
    }
    const waiting = g.players.filter((p: { toAct: boolean }) => p.toAct).map((p: { seat: number }) => p.seat);
    expect(waiting.length).toBeGreaterThan(0);
    for (const s of waiting) expect(g.players[s].deadline - g.now).toBeLessThanOrEqual(4 * HOUR);
    expect(g.players[waiting[0]].deadline - g.now).toBeGreaterThan(4 * HOUR - 60_000);
    await players[0]!.post(`/api/dev/games/${id}/clock`, { advanceMs: 4 * HOUR + 1000, fire: false });
    for (let i = 0; i < waiting.length; i++) await runDurableObjectAlarm(stubOf(id));
    const after = await game(players[0]!, id);
    expect(after.view.phase).toBe("discard");
    expect(after.events.filter((e: { event: { type: string } }) => e.event.type === "timeout").length).toBe(waiting.length);
    const streaks = await runInDurableObject(stubOf(id), (room: GameRoom) => (room as unknown as { doc: { timeouts: number[] } }).doc.timeouts);
    expect(streaks).toEqual([0, 0, 0, 0]);
    expect(after.players[after.view.toAct].deadline - after.now).toBeGreaterThan(2 * 24 * HOUR - 60_000);
  }, 60_000);
});
