/**
 * Ratings through HTTP inside workerd: rated Siamese games played to the end change both players'
 * ratings exactly once (also when the D1 write fails and is retried, or is posted again after a
 * lost answer); every seat gets a ledger line; profiles and the leaderboard never show an email.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import type { GameRoom } from "../../worker/game/room";
import { Browser, createAndJoin, signIn, playOne } from "./client";

const ann = await signIn("rita@example.com");
const bob = await signIn("rob@example.com");
const annId = (await ann.get("/api/me")).body.id as string;
const bobId = (await bob.get("/api/me")).body.id as string;
const stubOf = (id: string) => env.GAME.get(env.GAME.idFromName(id));

async function ratedGame(seed: string, rated = true): Promise<string> {
  const { id, created, joins } = await createAndJoin(ann, [bob], { ruleset: "siamese", seed, rated, options: { daysPerMove: 2 } });
  expect(created.status).toBe(201);
  expect(joins[0]!.status).toBe(200);
  return id;
}

async function playToEnd(id: string, faultsAt = -1) {
  for (let moves = 0; ; moves++) {
    if (moves === faultsAt) expect((await ann.post(`/api/dev/games/${id}/faults`, { ledgerFailures: 2 })).status).toBe(200);
    const r = await playOne([ann, bob], id, moves);
    expect(r.status).toBe(200);
    if (r.body.status === "ended") return r.body;
    expect(moves).toBeLessThan(1000);
  }
}

const changes = async (id: string) =>
  (await env.DB.prepare("SELECT user_id AS userId, before, after, games_before AS gamesBefore FROM rating_changes WHERE game_id = ? ORDER BY user_id").bind(id).all<any>()).results;
const ratingRow = async (userId: string) => env.DB.prepare("SELECT rating, rd, games FROM ratings WHERE user_id = ? AND family = 'siamese'").bind(userId).first<any>();

describe("ratings", () => {
  it("two rated games change both ratings once each, retried writes never count twice, and every seat gets a ledger line", async () => {
    expect((await ann.get(`/api/players/${annId}`)).body.ratings.siamese).toEqual({ rating: 1500, rd: 500, provisional: true, games: 0 });

    // Game 1: the first two D1 writes of the result fail; the alarm retries until D1 confirms.
    const g1 = await ratedGame("rated-seed-0008");
    expect((await env.DB.prepare("SELECT rated FROM games WHERE id = ?").bind(g1).first<any>()).rated).toBe(1);
    const end1 = await playToEnd(g1, 3);
    expect(await changes(g1)).toHaveLength(0); // the first write failed
    for (let i = 0; i < 5 && (await changes(g1)).length === 0; i++) await runDurableObjectAlarm(stubOf(g1));
    expect(await changes(g1)).toHaveLength(2);
    const after1 = [await ratingRow(annId), await ratingRow(bobId)];
    expect(after1.map((r) => r.games)).toEqual([1, 1]);
    // Seed 8 ends 35 : 0 (Mah Jongg, then a wall): Ann won.
    expect(end1.result.totals).toEqual([35, 0]);
    expect(after1[0].rating).toBeGreaterThan(1500);
    expect(after1[1].rating).toBeLessThan(1500);

    // Posting again (a write whose answer was lost) changes nothing.
    await runInDurableObject(stubOf(g1), async (room: GameRoom) => {
      (room as any).doc.ledger = "pending";
      await room.alarm();
    });
    expect([await ratingRow(annId), await ratingRow(bobId)]).toEqual(after1);
    expect(await changes(g1)).toHaveLength(2);

    // The game-over view shows each seat's change, the same as D1 holds.
    const view = (await ann.get(`/api/games/${g1}`)).body;
    const c1 = await changes(g1);
    const byUser = new Map(c1.map((c: any) => [c.userId, Math.round(c.after - c.before)]));
    expect(view.ratingChanges).toEqual([byUser.get(annId), byUser.get(bobId)]);

    // Every seat has a ledger line, a zero line when it scored nothing.
    const seats = await env.DB.prepare("SELECT DISTINCT seat FROM ledger WHERE game_id = ? ORDER BY seat").bind(g1).all<any>();
    expect(seats.results.map((r) => r.seat)).toEqual([0, 1]);

    // Game 2 works on from game 1's ratings.
    await playToEnd(await ratedGame("rated-seed-0010"));
    const after2 = [await ratingRow(annId), await ratingRow(bobId)];
    expect(after2.map((r) => r.games)).toEqual([2, 2]);
    const c2 = await changes((await env.DB.prepare("SELECT game_id AS g FROM rating_changes WHERE games_before = 1 LIMIT 1").first<any>()).g);
    for (const c of c2) expect(c.before).toBeCloseTo(after1[c.userId === annId ? 0 : 1].rating, 6);
    for (const r of after2) expect(r.rd).toBeLessThan(500);

    // An unrated game changes no rating, but counts as played.
    const g3 = await ratedGame("rated-seed-0000", false);
    await playToEnd(g3);
    expect(await changes(g3)).toHaveLength(0);
    expect((await ratingRow(annId)).games).toBe(2);

    const profile = await new Browser().get(`/api/players/${annId}?vs=${bobId}`);
    expect(profile.status).toBe(200);
    expect(profile.body.ratings.siamese.games).toBe(2);
    expect(profile.body.history.siamese).toHaveLength(2);
    expect(profile.body.stats.played).toBe(3);
    // Ann won seed 8 (35 : 0), Bob seed 10 (0 : 25); seed 0 was a wall game (10 : 10), nobody's win.
    expect(profile.body.stats.won).toBe(1);
    expect(profile.body.stats.mahjongRate).toBeCloseTo(1 / 3, 6);
    expect(profile.body.stats.averagePoints).toBe(15);
    expect(profile.body.recentGames).toHaveLength(3);
    expect(profile.body.recentGames[0]).toMatchObject({ id: g3, rated: false, ratingChange: null, replay: `/replay/${g3}` });
    expect(profile.body.headToHead).toMatchObject({ userId: bobId, played: 3 });
    const h = profile.body.headToHead;
    expect(h.wins + h.losses + h.draws).toBe(3);
    expect((await ann.get("/api/me")).body.totals.games).toBe(3);
    const text = JSON.stringify(profile.body);
    expect(text).not.toContain("@");
    expect(text).not.toContain("example.com");
  }, 300_000);

  it("the leaderboard needs 10 rated games and RD ≤ 75, and shows no email", async () => {
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO ratings VALUES (?, 'american', 1800, 60, 0.06, 12, ?)").bind(annId, now),
      env.DB.prepare("INSERT INTO ratings VALUES (?, 'american', 1900, 60, 0.06, 9, ?)").bind(bobId, now), // too few games
    ]);
    const board = await new Browser().get("/api/leaderboard?family=american");
    expect(board.status).toBe(200);
    expect(board.body.players.map((p: any) => p.userId)).toEqual([annId]);
    expect(board.body.players[0]).toMatchObject({ rank: 1, rating: 1800, provisional: false });
    expect(JSON.stringify(board.body)).not.toContain("@");
    // A year idle: RD grows past 75 and the player leaves the board.
    await env.DB.prepare("UPDATE ratings SET updated_at = ? WHERE user_id = ? AND family = 'american'").bind(now - 365 * 86_400_000, annId).run();
    expect((await ann.get("/api/leaderboard?family=american")).body.players).toEqual([]);
    expect((await ann.get("/api/leaderboard?family=bridge")).body.code).toBe("bad-field");
    expect((await ann.get("/api/players/nobody-here")).status).toBe(404);
  });

  it("a profile's counters and current games follow each game as it starts and ends, whoever writes the rows", async () => {
    const carol = await signIn("cara@example.com");
    const dave = await signIn("dov@example.com");
    const carolId = (await carol.get("/api/me")).body.id as string;
    const profile = async () => (await new Browser().get(`/api/players/${carolId}`)).body;
    expect((await profile()).currentGames).toEqual([]);
    const created = await carol.post("/api/games", { ruleset: "siamese", seed: "rated-seed-0008", options: { daysPerMove: 2 } });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await profile()).currentGames.map((g: any) => g.id)).toEqual([id]);
    expect((await dave.post(`/api/games/${id}/join`, { invite: created.body.invite })).status).toBe(200);
    for (let moves = 0; ; moves++) {
      const r = await playOne([carol, dave], id, moves);
      expect(r.status).toBe(200);
      if (r.body.status === "ended") break;
      expect(moves).toBeLessThan(1000);
    }
    const ended = await profile();
    expect(ended.currentGames).toEqual([]);
    expect(ended.stats).toMatchObject({ played: 1, won: 1, mahjongRate: 1, averagePoints: 35 });
    // The counters are the sums of the result rows, for every player (the retried posts above included).
    const sums = await env.DB.prepare(
      `SELECT s.user_id FROM player_stats s LEFT JOIN (SELECT user_id, COUNT(*) n, SUM(won) w, SUM(mahjong) m, SUM(points) p FROM game_results GROUP BY user_id) r
       ON r.user_id = s.user_id WHERE r.n IS NOT s.played OR r.w IS NOT s.won OR r.m IS NOT s.mahjongs OR r.p IS NOT s.points`,
    ).all();
    expect(sums.results).toEqual([]);
    // A game row written after its seats (or seats after the game) still marks them right.
    await env.DB.batch([
      env.DB.prepare("INSERT INTO game_players (game_id, seat, user_id) VALUES ('late-game', 0, ?)").bind(carolId),
      env.DB.prepare("INSERT INTO games (id, ruleset, status, seats, created_by, invite_hash, days_per_move, version, created_at, updated_at) VALUES ('late-game', 'siamese', 'ended', 2, ?, '', 3, 1, 0, 0)").bind(carolId),
    ]);
    expect((await env.DB.prepare("SELECT active FROM game_players WHERE game_id = 'late-game'").first<any>()).active).toBe(0);
  }, 300_000);
});
