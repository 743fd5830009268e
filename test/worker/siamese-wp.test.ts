/**
 * siamese-wp through the service: two seats by invitation, a whole match of two games played over
 * HTTP, ledger and verify; and a league season of siamese-wp (the season's ruleset list offers it),
 * its game played to the end, standings and ledger agreeing with the result.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { rulesets, verify } from "../../worker/engine/index";
import { Browser, createAndJoin, key, signIn } from "./client";

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
    const { id, created, joins } = await createAndJoin(ann, [bob], { ruleset: "siamese-wp", seed: "siamese-wp-http-01", options: { daysPerMove: 2, games: 2 } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const joined = joins[0]!;
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

describe("siamese-wp in a league", () => {
  it("a season of siamese-wp is offered, scheduled and played; standings and ledger are the match's totals", async () => {
    const [ann, bob] = players as [Browser, Browser];
    expect(rulesets.find((r) => r.id === "siamese-wp")?.seasonChoice).toMatch(/Wright-Patterson/);
    const league = await ann.post("/api/leagues", { name: "Wright-Patterson Club", visibility: "private" });
    expect(league.status).toBe(201);
    const invite = new URL(league.body.inviteUrl).searchParams.get("invite");
    expect((await bob.post(`/api/leagues/${league.body.id}/join`, { invite })).status).toBe(200);
    const season = await ann.post(`/api/leagues/${league.body.id}/seasons`, { name: "Autumn", ruleset: "siamese-wp", options: { games: 1 }, format: "single", mode: "concurrent", daysPerMove: 3 });
    expect(season.status, JSON.stringify(season.body)).toBe(201);
    const page = (await bob.get(`/api/leagues/${league.body.id}`)).body;
    const games = page.seasons[0].games;
    expect(games).toHaveLength(1);
    const gameId = games[0].gameId;
    let g = (await ann.get(`/api/games/${gameId}`)).body;
    expect(g.ruleset).toBe("siamese-wp");
    const ids = [(await ann.get("/api/me")).body.id, (await bob.get("/api/me")).body.id];
    const seated = g.players.map((p: any) => players[ids.indexOf(p.userId)]!);
    for (let moves = 0; g.status !== "ended"; moves++) {
      const seat = g.players.find((p: any) => p.toAct).seat;
      const me = (await seated[seat].get(`/api/games/${gameId}`)).body;
      const r = await seated[seat].post(`/api/games/${gameId}/moves`, { version: me.version, move: pick(me), idempotencyKey: key() });
      expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
      g = r.body;
      expect(moves).toBeLessThan(1000);
    }
    const end = (await ann.get(`/api/games/${gameId}`)).body;
    const standings = (await bob.get(`/api/leagues/${league.body.id}/standings`)).body.standings;
    end.players.forEach((p: any, seat: number) => expect(standings.find((r: any) => r.userId === p.userId).points).toBe(end.result.totals[seat]));
    const ledger = (await bob.get(`/api/leagues/${league.body.id}/ledger`)).body;
    end.players.forEach((p: any, seat: number) => expect(ledger.totals.find((t: any) => t.userId === p.userId).points).toBe(end.result.totals[seat]));
  }, 600_000);
});
