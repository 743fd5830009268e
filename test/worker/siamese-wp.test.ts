/** siamese-wp through the service: two seats by invitation, a whole match of two games played over HTTP, ledger and verify. */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { verify } from "../../worker/engine/index";
import { Browser, key, signIn } from "./client";

const players = [await signIn("ann.wp@example.com"), await signIn("bob.wp@example.com")];

/** A plain bot: Mah Jongg (claimed, declared or by a chow) when offered; else draw; else discard the tile received last. */
function pick(g: any): any {
  const moves: any[] = g.legalMoves;
  const of = (t: string) => moves.find((m) => m.type === t);
  const drawn = g.view.seats[g.seat].drawn?.id;
  return of("claim-mahjong") ?? of("chow") ?? of("mahjong") ?? of("draw") ?? moves.find((m) => m.type === "discard" && m.tile === drawn) ?? moves.find((m) => m.type === "discard") ?? moves[0];
}

describe("siamese-wp over HTTP", () => {
  it("a match of two games by invitation: flowers and winds in the views, hints sent, every payment in the result, ledger, verify", async () => {
    const [ann, bob] = players as [Browser, Browser];
    const created = await ann.post("/api/games", { ruleset: "siamese-wp", seed: "siamese-wp-http-01", options: { daysPerMove: 2, games: 2 } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    const joined = await bob.post(`/api/games/${id}/join`, { invite: created.body.invite });
    expect(joined.body).toMatchObject({ status: "active", seat: 1 });
    expect(joined.body.view.seats[0].concealed).toBeNull();
    expect(joined.body.view.seats[1].concealed.length).toBe(27);
    expect(joined.body.view.seats[1].winds).toHaveLength(2);
    let g = (await ann.get(`/api/games/${id}`)).body;
    expect(g.hints?.racks).toHaveLength(2);
    let moves = 0;
    const bad = await ann.post(`/api/games/${id}/moves`, { version: g.version, move: { type: "claim", rack: 0, size: 3, jokers: 0 }, idempotencyKey: key() });
    expect(bad.status).toBe(422);
    while (g.status !== "ended") {
      const seat = g.players.find((p: any) => p.toAct).seat;
      const me = (await players[seat]!.get(`/api/games/${id}`)).body;
      const r = await players[seat]!.post(`/api/games/${id}/moves`, { version: me.version, move: pick(me), idempotencyKey: key() });
      expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
      g = r.body;
      moves++;
      expect(moves).toBeLessThan(2000);
    }
    const end = (await ann.get(`/api/games/${id}`)).body;
    expect(end.result.totals[0] + end.result.totals[1]).toBe(0);
    expect(end.view.games).toHaveLength(2);
    expect(end.result.lines.every((l: any) => /^Game [12]: /.test(l.detail))).toBe(true);
    const record = await new Browser().get(`/api/games/${id}/record`);
    expect(record.body.moves).toHaveLength(moves);
    expect(verify(record.body)).toMatchObject({ ok: true, result: end.result });
    const rows = await env.DB.prepare("SELECT seat, points FROM ledger WHERE game_id = ? ORDER BY seat").bind(id).all<{ seat: number; points: number }>();
    const perSeat = [0, 0];
    for (const r of rows.results) perSeat[r.seat]! += r.points;
    expect(perSeat).toEqual(end.result.totals);
  }, 600_000);
});
