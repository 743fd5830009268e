/** royale through the service: two seats by invitation, four racks each, a whole game over HTTP, views, ledger, verify. */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { recordOf, verify } from "../../worker/engine/index";
import type { GameRoom } from "../../worker/game/room";
import { Browser, createAndJoin, key, signIn } from "./client";

const [ann, bob, cy] = [await signIn("ann.royale@example.com"), await signIn("bob.royale@example.com"), await signIn("cy.royale@example.com")] as [Browser, Browser, Browser];
const HOUR = 3600_000;
const JOKER = 35;
const stubOf = (id: string) => env.GAME.get(env.GAME.idFromName(id));
type Room = { store: { moves(): { seat: number; move: { type: string } }[] }; game: { state: never } };

/** Mah Jongg when offered, else draw, else discard the tile just drawn (or the first tile offered). */
function pick(g: any): any {
  const moves: any[] = g.legalMoves;
  const of = (t: string) => moves.find((m) => m.type === t);
  const drawn = g.view.seats[g.seat].drawn?.id;
  return of("mahjong") ?? of("claim-mahjong") ?? of("draw") ?? moves.find((m) => m.type === "discard" && m.tile === drawn) ?? of("discard") ?? moves[0];
}

describe("royale over HTTP", () => {
  it("Configurations: a royale game has two seats and four racks each; five players are refused", async () => {
    const refused = await ann.post("/api/games", { ruleset: "royale", seed: "royale-http-refused", options: { players: 5 } });
    expect(refused.status).toBe(400);
    const { created, joins } = await createAndJoin(ann, [bob], { ruleset: "royale", seed: "royale-http-seats", options: { daysPerMove: 2 } });
    expect(created.status).toBe(201);
    const joined = joins[0]!;
    expect(joined.body).toMatchObject({ status: "active", seat: 1 });
    const v = joined.body.view;
    expect(v.seats).toHaveLength(2);
    expect(v.seats.every((s: any) => s.racks.length === 4)).toBe(true);
    expect(v.seats[0].concealed).toBeNull(); // another seat's tiles never leave
    expect(v.seats[0].concealedCount).toBe(56);
    expect(v.seats[1].concealed).toHaveLength(55);
    expect(Array.isArray(v.wall)).toBe(false); // the wall order stays hidden while the game runs
  });

  it("a whole game by two bots through HTTP: ledger as the result says, the record verifies", async () => {
    const { id } = await createAndJoin(ann, [bob], { ruleset: "royale", seed: "royale-http-game-01", options: { daysPerMove: 2 } });
    const players = [ann, bob];
    let g = (await ann.get(`/api/games/${id}`)).body;
    let moves = 0;
    while (g.status !== "ended") {
      const seat = g.players.find((p: any) => p.toAct).seat;
      const me = (await players[seat]!.get(`/api/games/${id}`)).body;
      const r = await players[seat]!.post(`/api/games/${id}/moves`, { version: me.version, move: pick(me), idempotencyKey: key() });
      expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
      g = r.body;
      expect(++moves).toBeLessThan(2000);
    }
    const end = (await ann.get(`/api/games/${id}`)).body;
    expect(end.result.totals).toHaveLength(2);
    const record = await new Browser().get(`/api/games/${id}/record`);
    expect(record.body.moves).toHaveLength(moves);
    expect(verify(record.body)).toMatchObject({ ok: true, result: end.result });
    const rows = await env.DB.prepare("SELECT seat, points FROM ledger WHERE game_id = ? ORDER BY seat").bind(id).all<{ seat: number; points: number }>();
    const perSeat = [0, 0];
    for (const r of rows.results) perSeat[r.seat]! += r.points;
    expect(perSeat).toEqual(end.result.totals);
  }, 600_000);

  it("Play: a 3-player game — East's discard opens a claim window for the two others; at the window's deadline one alarm passes the silent seat and the next player draws; the record verifies", async () => {
    const { id, created, joins } = await createAndJoin(ann, [bob, cy], { ruleset: "royale", seed: "royale-http-window-01", options: { players: 3, daysPerMove: 2, windowHours: 2 } });
    expect(created.status).toBe(201);
    for (const joined of joins) expect(joined.status).toBe(200);
    let g = (await ann.get(`/api/games/${id}`)).body;
    expect(g.status).toBe("active");
    expect(g.view.seats).toHaveLength(3);
    expect(g.view.seats.map((s: any) => s.concealedCount)).toEqual([56, 55, 55]);
    // East discards a tile that is not a joker (a joker opens no window)
    const discard = g.legalMoves.find((m: any) => m.type === "discard" && g.view.seats[0].concealed.find((t: any) => t.id === m.tile).kind !== JOKER);
    const r = await ann.post(`/api/games/${id}/moves`, { version: g.version, move: discard, idempotencyKey: key() });
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
    g = (await bob.get(`/api/games/${id}`)).body;
    expect(g.view.phase).toBe("window");
    expect(g.players.filter((p: any) => p.toAct).map((p: any) => p.seat)).toEqual([1, 2]);
    expect(g.view.window).toMatchObject({ discarder: 0, awaiting: [1, 2], asked: true, answered: false, yourAnswer: null, tile: { id: discard.tile }, hours: 2 });
    expect(g.legalMoves).toContainEqual({ type: "pass" });
    // Bob passes; Cy stays silent: his answer is secret, and Cy is still awaited
    const passed = await bob.post(`/api/games/${id}/moves`, { version: g.version, move: { type: "pass" }, idempotencyKey: key() });
    expect(passed.status).toBe(200);
    const seen = (await cy.get(`/api/games/${id}`)).body;
    expect(seen.view.window).toMatchObject({ awaiting: [2], answered: false, yourAnswer: null });
    const before = await runInDurableObject(stubOf(id), (room: GameRoom) => (room as unknown as Room).store.moves().length);
    await ann.post(`/api/dev/games/${id}/clock`, { advanceMs: 2 * HOUR + 1000, fire: false });
    await runDurableObjectAlarm(stubOf(id));
    g = (await bob.get(`/api/games/${id}`)).body;
    expect(g.view.phase).toBe("draw");
    expect(g.view.window).toBeNull();
    expect(g.players.filter((p: any) => p.toAct).map((p: any) => p.seat)).toEqual([1]);
    expect(g.legalMoves).toContainEqual({ type: "draw" });
    const { moves, state } = await runInDurableObject(stubOf(id), (room: GameRoom) => ({ moves: (room as unknown as Room).store.moves(), state: (room as unknown as Room).game.state }));
    expect(moves.slice(before)).toEqual([{ seat: 2, move: { type: "timeout" } }]);
    expect(verify(recordOf(state, moves)).ok).toBe(true);
  }, 120_000);
});
