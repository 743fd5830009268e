/** chinese-ming through the service: four seats by invitation, a whole match played by four bots over HTTP. */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { verify } from "../../worker/engine/index";
import { Browser, createAndJoin, key, signIn } from "./client";

const players = [await signIn("ann.cm@example.com"), await signIn("bob.cm@example.com"), await signIn("cy.cm@example.com"), await signIn("di.cm@example.com")];

/** A plain bot: Woo, kong, pung when offered; else pass a window; else discard the drawn tile. */
function pick(g: any): any {
  const moves: any[] = g.legalMoves.filter((m: any) => m.type !== "preference");
  const of = (t: string) => moves.find((m) => m.type === t);
  const drawn = g.view.hand.seats[g.seat].drawn?.id;
  return of("woo") ?? of("kong") ?? of("pung") ?? of("pass") ?? moves.find((m) => m.type === "discard" && m.tile === drawn) ?? moves[0];
}

describe("chinese-ming over HTTP", () => {
  it("four seats by invitation; the match deals when the fourth player joins", async () => {
    const [ann, bob, cy, di] = players as [Browser, Browser, Browser, Browser];
    const { created, joins } = await createAndJoin(ann, [bob, cy, di], { ruleset: "chinese-ming", seed: "chinese-seats-01", options: { daysPerMove: 2 } });
    expect(created.status).toBe(201);
    for (const [i, joined] of joins.slice(0, 2).entries()) expect(joined.body).toMatchObject({ status: "open", seat: i + 1 });
    const last = joins[2]!;
    expect(last.body).toMatchObject({ status: "active", seat: 3 });
    expect(last.body.view.points).toEqual([2010, 2010, 2010, 2010]);
    expect(last.body.view.hand.seats[0].concealed).toBeNull(); // another seat's tiles never leave
    expect(last.body.view.hand.seats[3].concealed.length).toBe(13);
  });

  it("a whole match by four bots through HTTP: windows, preferences, every hand kept, ledger, verify", async () => {
    const [ann] = players as [Browser];
    const { id } = await createAndJoin(ann, players.slice(1), { ruleset: "chinese-ming", seed: "chinese-match-http-01", options: { daysPerMove: 2, length: "match" } });
    // Seats 1–3 let the engine call Woo for them; seat 0 is asked about every discard.
    for (const seat of [1, 2, 3]) {
      const g = (await players[seat]!.get(`/api/games/${id}`)).body;
      const r = await players[seat]!.post(`/api/games/${id}/moves`, { version: g.version, move: { type: "preference", call: "mahjong" }, idempotencyKey: key() });
      expect(r.status).toBe(200);
    }
    let g = (await ann.get(`/api/games/${id}`)).body;
    let moves = 3;
    const bad = await ann.post(`/api/games/${id}/moves`, { version: g.version, move: { type: "chow" }, idempotencyKey: key() });
    expect(bad.status).toBe(422);
    while (g.status !== "ended") {
      const seat = g.players.find((p: any) => p.toAct).seat;
      const me = (await players[seat]!.get(`/api/games/${id}`)).body;
      const r = await players[seat]!.post(`/api/games/${id}/moves`, { version: me.version, move: pick(me), idempotencyKey: key() });
      expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
      g = r.body;
      moves++;
      expect(moves).toBeLessThan(8000);
    }
    const end = (await ann.get(`/api/games/${id}`)).body;
    expect(end.result.reason).toBe("match");
    expect(end.result.totals.reduce((a: number, b: number) => a + b, 0)).toBe(0);
    expect(end.view.hands.length).toBeGreaterThan(0);
    for (const h of end.view.hands) expect(h.net.reduce((a: number, b: number) => a + b, 0)).toBe(0);

    const record = await new Browser().get(`/api/games/${id}/record`);
    expect(record.body.moves).toHaveLength(moves);
    expect(verify(record.body)).toMatchObject({ ok: true, result: end.result });
    const rows = await env.DB.prepare("SELECT seat, points FROM ledger WHERE game_id = ? ORDER BY seat").bind(id).all<{ seat: number; points: number }>();
    const perSeat = [0, 0, 0, 0];
    for (const r of rows.results) perSeat[r.seat]! += r.points;
    expect(perSeat).toEqual(end.result.totals);
    // Each seat's Mah Jongg count on its profile comes from the hands it won in the match.
    const winners = new Set(end.view.hands.map((h: { winner: number | null }) => h.winner).filter((w: number | null) => w !== null));
    expect(end.result.mahjong).toEqual([0, 1, 2, 3].map((seat) => winners.has(seat)));
    const results = await env.DB.prepare("SELECT seat, mahjong FROM game_results WHERE game_id = ? ORDER BY seat").bind(id).all<{ seat: number; mahjong: number }>();
    expect(results.results.map((r) => !!r.mahjong)).toEqual(end.result.mahjong);
  }, 600_000);
});
