/**
 * Chinese game length through the service (RULES §9): games, challenges and seasons take
 * `options.length` ("hand", "round", "match"), a new game without it plays one round, a bad value
 * is a clear 400 that creates nothing, and a one-hand game ends with a match's kind of result:
 * ledger lines, Mah Jongg flags and rating changes.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { verify } from "../../worker/engine/index";
import { Browser, createAndJoin, key, signIn } from "./client";

const players = (await Promise.all(["ann.len@example.com", "bob.len@example.com", "cy.len@example.com", "di.len@example.com"].map((e) => signIn(e)))) as [Browser, Browser, Browser, Browser];
const [ann] = players;

/** A plain bot: Woo, kong, pung when offered; else pass a window; else discard the drawn tile. */
function pick(g: any): any {
  const moves: any[] = g.legalMoves.filter((m: any) => m.type !== "preference");
  const of = (t: string) => moves.find((m) => m.type === t);
  const drawn = g.view.hand.seats[g.seat].drawn?.id;
  return of("woo") ?? of("kong") ?? of("pung") ?? of("pass") ?? moves.find((m) => m.type === "discard" && m.tile === drawn) ?? moves[0];
}

const count = async (table: string) => (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())!.n;

describe("Chinese game length", () => {
  it("a new game keeps the length asked for, and plays one round when none is given", async () => {
    for (const [asked, kept] of [["hand", "hand"], ["match", "match"], [undefined, "round"]] as const) {
      const { id, created } = await createAndJoin(ann, players.slice(1), { ruleset: "chinese-ming", seed: `length-new-${kept}-01`, options: { daysPerMove: 2, ...(asked ? { length: asked } : {}) } });
      expect(created.status).toBe(201);
      expect((await ann.get(`/api/games/${id}`)).body.options.length).toBe(kept);
    }
  });

  it("a challenge and a league season take the length; the challenge list shows it", async () => {
    const posted = await ann.post("/api/challenges", { ruleset: "chinese-ming", daysPerMove: 3, options: { length: "hand" } });
    expect(posted.status).toBe(201);
    const listed = (await players[1].get("/api/challenges?ruleset=chinese-ming")).body.challenges.find((c: any) => c.id === posted.body.id);
    expect(listed.options.length).toBe("hand");

    const league = await ann.post("/api/leagues", { name: "Ming Club", visibility: "private" });
    const invite = new URL(league.body.inviteUrl).searchParams.get("invite");
    for (const m of players.slice(1)) expect((await m.post(`/api/leagues/${league.body.id}/join`, { invite })).status).toBe(200);
    const season = await ann.post(`/api/leagues/${league.body.id}/seasons`, { name: "Winter", ruleset: "chinese-ming", options: { length: "match" }, format: "single", mode: "concurrent", daysPerMove: 3 });
    expect(season.status, JSON.stringify(season.body)).toBe(201);
    const page = (await ann.get(`/api/leagues/${league.body.id}`)).body;
    expect(page.seasons[0].options.length).toBe("match");
  });

  it("a bad length: 400 with words, and no game, challenge or season is created", async () => {
    const league = await ann.post("/api/leagues", { name: "Tuesday Ming", visibility: "private" });
    const invite = new URL(league.body.inviteUrl).searchParams.get("invite");
    for (const m of players.slice(1)) expect((await m.post(`/api/leagues/${league.body.id}/join`, { invite })).status).toBe(200);
    const before = await Promise.all(["games", "challenges", "seasons"].map(count));
    for (const [path, body] of [
      ["/api/games", { ruleset: "chinese-ming", options: { daysPerMove: 2, length: "week" } }],
      ["/api/games", { ruleset: "chinese-ming", options: { length: 1 } }],
      ["/api/challenges", { ruleset: "chinese-ming", daysPerMove: 3, options: { length: "forever" } }],
      [`/api/leagues/${league.body.id}/seasons`, { name: "Spring", ruleset: "chinese-ming", options: { length: "season" }, format: "single", mode: "concurrent", daysPerMove: 3 }],
    ] as const) {
      const r = await ann.post(path, body);
      expect(r.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(r.body).toEqual({ code: "bad-field", message: `"length" must be one of: hand, round, match.` });
    }
    expect(await Promise.all(["games", "challenges", "seasons"].map(count))).toEqual(before);
  });

  it("a rated one-hand game played to the end: one hand, a ledger line per seat, Mah Jongg flags, ratings changed once, the record verifies", async () => {
    const { id } = await createAndJoin(ann, players.slice(1), { ruleset: "chinese-ming", seed: "length-hand-http-01", rated: true, options: { daysPerMove: 2, length: "hand" } });
    let g = (await ann.get(`/api/games/${id}`)).body;
    let moves = 0;
    while (g.status !== "ended") {
      const seat = g.players.find((p: any) => p.toAct).seat;
      const me = (await players[seat]!.get(`/api/games/${id}`)).body;
      const r = await players[seat]!.post(`/api/games/${id}/moves`, { version: me.version, move: pick(me), idempotencyKey: key() });
      expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
      g = r.body;
      expect(++moves).toBeLessThan(600);
    }
    const end = (await ann.get(`/api/games/${id}`)).body;
    expect(end.view.hands).toHaveLength(1);
    expect(end.result.reason).toBe("match");
    expect(end.result.totals).toEqual(end.view.hands[0].net);
    const rows = await env.DB.prepare("SELECT seat, points, reason FROM ledger WHERE game_id = ? ORDER BY seat").bind(id).all<{ seat: number; points: number; reason: string }>();
    expect(rows.results.map((r) => [r.seat, r.points, r.reason])).toEqual(end.result.totals.map((p: number, seat: number) => [seat, p, "match"]));
    const results = await env.DB.prepare("SELECT seat, mahjong FROM game_results WHERE game_id = ? ORDER BY seat").bind(id).all<{ seat: number; mahjong: number }>();
    expect(results.results.map((r) => !!r.mahjong)).toEqual([0, 1, 2, 3].map((seat) => end.view.hands[0].winner === seat));
    const changes = await env.DB.prepare("SELECT COUNT(*) AS n FROM rating_changes WHERE game_id = ?").bind(id).first<{ n: number }>();
    expect(changes!.n).toBe(4);
    const record = await new Browser().get(`/api/games/${id}/record`);
    expect(record.body.options.length).toBe("hand");
    expect(verify(record.body)).toMatchObject({ ok: true, result: end.result });
  }, 300_000);
});
