/** royale through the service: two seats by invitation, four racks each, a whole game over HTTP, views, ledger, verify. */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { verify } from "../../worker/engine/index";
import { Browser, key, signIn } from "./client";

const [ann, bob] = [await signIn("ann.royale@example.com"), await signIn("bob.royale@example.com")] as [Browser, Browser];

/** Mah Jongg when offered, else draw, else discard the tile just drawn (or the first tile offered). */
function pick(g: any): any {
  const moves: any[] = g.legalMoves;
  const of = (t: string) => moves.find((m) => m.type === t);
  const drawn = g.view.seats[g.seat].drawn?.id;
  return of("mahjong") ?? of("claim-mahjong") ?? of("draw") ?? moves.find((m) => m.type === "discard" && m.tile === drawn) ?? of("discard") ?? moves[0];
}

describe("royale over HTTP", () => {
  it("Configurations: a royale game has two seats and four racks each; three players are refused for now", async () => {
    const refused = await ann.post("/api/games", { ruleset: "royale", seed: "royale-http-refused", options: { players: 3 } });
    expect(refused.status).toBe(422);
    const created = await ann.post("/api/games", { ruleset: "royale", seed: "royale-http-seats", options: { daysPerMove: 2 } });
    expect(created.status).toBe(201);
    const joined = await bob.post(`/api/games/${created.body.id}/join`, { invite: created.body.invite });
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
    const created = await ann.post("/api/games", { ruleset: "royale", seed: "royale-http-game-01", options: { daysPerMove: 2 } });
    const id = created.body.id;
    await bob.post(`/api/games/${id}/join`, { invite: created.body.invite });
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
});
