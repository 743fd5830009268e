/**
 * Royale for three and four on every path that seats players (issue 28): an open challenge for 3
 * and for 4 (posted, listed, accepted, "Play now"), a rated 3-player game played out and rated in
 * the Siamese family, pairwise, a practice game with three computers, and a league season at
 * tables of three, scheduled, started and played to the end.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { Browser, key, signIn } from "./client";

const names = ["ria", "sam", "tod", "uma", "val", "wes"];
const [ria, sam, tod, uma, val, wes] = (await Promise.all(names.map((n) => signIn(`${n}@royale-paths.example.com`)))) as Browser[] as [Browser, Browser, Browser, Browser, Browser, Browser];
const idOf = new Map<Browser, string>();
for (const p of [ria, sam, tod, uma, val, wes]) idOf.set(p, (await p.get("/api/me")).body.id);
const byId = new Map([...idOf].map(([b, u]) => [u, b]));
const listed = async (p: Browser, id: string) => ((await p.get("/api/challenges?ruleset=royale")).body.challenges as any[]).find((c) => c.id === id);

/** Mah Jongg when offered, else draw, else discard the tile just drawn (or the first tile offered). */
function pick(g: any): any {
  const moves: any[] = g.legalMoves;
  const of = (t: string) => moves.find((m) => m.type === t);
  const drawn = g.view.seats[g.seat].drawn?.id;
  return of("mahjong") ?? of("claim-mahjong") ?? of("draw") ?? moves.find((m) => m.type === "discard" && m.tile === drawn) ?? of("discard") ?? moves[0];
}

/**
 * Plays a Royale game of 3 or 4 to its end over HTTP. Every seat first sets its call preference to
 * "Mah Jongg only" (never asked; a Mah Jongg with a discard is claimed for it), so play is turns.
 */
async function playOut(gameId: string, seated: Browser[]): Promise<any> {
  for (const p of seated) {
    const g = (await p.get(`/api/games/${gameId}`)).body;
    const r = await p.post(`/api/games/${gameId}/moves`, { version: g.version, move: { type: "preference", call: "mahjong" }, idempotencyKey: key() });
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
  }
  let moves = 0;
  for (;;) {
    const g = (await seated[0]!.get(`/api/games/${gameId}`)).body;
    if (g.status === "ended") return g;
    const seat = g.players.findIndex((p: { toAct: boolean }) => p.toAct);
    const mine = (await seated[seat]!.get(`/api/games/${gameId}`)).body;
    const r = await seated[seat]!.post(`/api/games/${gameId}/moves`, { version: mine.version, move: pick(mine), idempotencyKey: key() });
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
    expect(++moves).toBeLessThan(3000);
  }
}

describe("Royale challenges for three and four", () => {
  it("a challenge for three is listed with 3 seats, fills with two acceptances and deals three seats of four racks; it is rated in the Siamese family, pairwise", async () => {
    const posted = await ria.post("/api/challenges", { ruleset: "royale", daysPerMove: 2, options: { players: 3 }, rated: true, seed: "royale-paths-rated-3" });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const id = posted.body.id;
    expect(await listed(sam, id)).toMatchObject({ ruleset: "royale", seats: 3, taken: 1, options: { players: 3 } });
    expect((await sam.post(`/api/challenges/${id}/accept`)).status).toBe(200);
    expect(await listed(tod, id)).toMatchObject({ seats: 3, taken: 2 });
    expect((await sam.get(`/api/games/${id}`)).body.status).toBe("open");
    expect((await tod.post(`/api/challenges/${id}/accept`)).status).toBe(200);
    expect(await listed(uma, id)).toBeUndefined();
    const g = (await tod.get(`/api/games/${id}`)).body;
    expect(g).toMatchObject({ status: "active", seat: 2 });
    expect(g.players.map((p: any) => p.userId)).toEqual([ria, sam, tod].map((p) => idOf.get(p)));
    expect(g.view.seats.map((s: any) => s.racks.length)).toEqual([4, 4, 4]);
    expect(g.view.seats.map((s: any) => s.concealedCount)).toEqual([56, 55, 55]);

    const end = await playOut(id, [ria, sam, tod]);
    expect(end.result.totals).toHaveLength(3);
    const results = (await env.DB.prepare("SELECT seat, family FROM game_results WHERE game_id = ? ORDER BY seat").bind(id).all<any>()).results;
    expect(results).toEqual([0, 1, 2].map((seat) => ({ seat, family: "siamese" })));
    const changes = (await env.DB.prepare("SELECT user_id AS userId, family FROM rating_changes WHERE game_id = ?").bind(id).all<any>()).results;
    // this fixed deal has Mah Jonggs, so the game is rated (a wall game without one would not be)
    expect(end.result.lines.some((l: any) => l.reason.startsWith("mahjong"))).toBe(true);
    expect(changes.map((c: any) => c.family)).toEqual(["siamese", "siamese", "siamese"]);
    for (const p of [ria, sam, tod]) expect((await ria.get(`/api/players/${idOf.get(p)}`)).body.ratings.siamese.games).toBe(1);
    for (const p of [ria, sam, tod]) expect((await ria.get(`/api/players/${idOf.get(p)}`)).body.ratings.american.games).toBe(0);
  }, 600_000);

  it("a challenge for four is listed with 4 seats; “Play now” takes a seat in it; the fourth acceptance deals four seats", async () => {
    const posted = await uma.post("/api/challenges", { ruleset: "royale", daysPerMove: 3, options: { players: 4 } });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const id = posted.body.id;
    expect(await listed(val, id)).toMatchObject({ seats: 4, taken: 1, options: { players: 4 } });
    expect((await val.post(`/api/challenges/${id}/accept`)).status).toBe(200);
    const now = await wes.post("/api/challenges/play-now", { ruleset: "royale" });
    expect(now.body).toMatchObject({ gameId: id, posted: false });
    expect(await listed(ria, id)).toMatchObject({ seats: 4, taken: 3 });
    expect((await ria.post(`/api/challenges/${id}/accept`)).status).toBe(200);
    const g = (await ria.get(`/api/games/${id}`)).body;
    expect(g).toMatchObject({ status: "active", seat: 3 });
    expect(g.view.seats.map((s: any) => s.concealedCount)).toEqual([56, 55, 55, 55]);
    expect(g.view.seats.every((s: any) => s.racks.length === 4)).toBe(true);
  });

  it("a practice game of four: three computers take the other seats and it deals at once, never rated", async () => {
    const r = await sam.post("/api/games", { ruleset: "royale", options: { players: 4, daysPerMove: 3 }, computers: { seats: 3, strength: "easy" } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const g = (await sam.get(`/api/games/${r.body.id}`)).body;
    expect(g.status).toBe("active");
    expect(g.players).toHaveLength(4);
    expect(g.players.slice(1).every((p: any) => p.userId.startsWith("computer:"))).toBe(true);
  });
});

describe("a Royale season at tables of three", () => {
  it("three members, Royale for 3: one table of three is scheduled, started in the scheduled seats and played to the end; the standings are its result", async () => {
    const created = await ria.post("/api/leagues", { name: "Royale Threes", visibility: "private" });
    expect(created.status).toBe(201);
    const league = created.body.id;
    const invite = new URL(created.body.inviteUrl).searchParams.get("invite");
    for (const m of [sam, tod]) expect((await m.post(`/api/leagues/${league}/join`, { invite })).status).toBe(200);
    const season = await ria.post(`/api/leagues/${league}/seasons`, { name: "Spring", ruleset: "royale", options: { players: 3, hints: false }, format: "single", mode: "concurrent", daysPerMove: 3 });
    expect(season.status, JSON.stringify(season.body)).toBe(201);
    expect(season.body).toMatchObject({ rounds: 1, games: 1, players: 3 });
    const s = (await ria.get(`/api/leagues/${league}`)).body.seasons[0];
    expect(s.byes).toEqual([[]]);
    const [game] = s.games;
    expect(game).toMatchObject({ status: "started", gameStatus: "active" });
    expect(game.players).toHaveLength(3);
    const seated: Browser[] = game.players.map((p: any) => byId.get(p.userId)!);
    for (const [seat, p] of seated.entries()) {
      const v = (await p.get(`/api/games/${game.gameId}`)).body;
      expect(v.seat).toBe(seat);
      expect(v.view.seats).toHaveLength(3);
    }
    const end = await playOut(game.gameId, seated);
    expect(end.result.totals).toHaveLength(3);
    const standings = (await sam.get(`/api/leagues/${league}/standings`)).body.standings;
    expect(standings).toHaveLength(3);
    for (const row of standings) {
      expect(row.played).toBe(1);
      expect(row.points).toBe(end.result.totals[game.players.findIndex((p: any) => p.userId === row.userId)]);
    }
  }, 600_000);
});
