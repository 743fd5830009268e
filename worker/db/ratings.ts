/**
 * A finished game's results, posted in one D1 batch: the ledger lines, one game_results row per
 * seat and, for a rated game, every player's rating change. Each write is idempotent by game,
 * so the Durable Object may retry the whole post until D1 confirms it.
 */
import type { Env } from "../lib/env";
import { ledgerStatements, type LedgerPost } from "./ledger";
import { RATING, idleRd, ratePeriod, type Rating } from "../rating/glicko2";
import { familyOf, pairKey, pairOutcomes, ratedPairs, seatResults, withZeroLines, PAIR_WINDOW_MS, type Family } from "../rating/result";

export interface GamePost extends LedgerPost {
  /** The engine's result reason. */
  reason: string;
  /** Decided by ratedWhy: this game changes ratings. */
  rated: boolean;
  /** The seat that left before most of the wall was drawn: its loss alone is rated (ratedWhy). */
  leftEarly?: number | null;
  endedAt: number;
  /** The engine's per-seat "went Mah Jongg" where its lines do not say it (a Chinese match). */
  mahjong?: boolean[];
}

interface RatingRow extends Rating {
  userId: string;
  games: number;
  updatedAt: number;
}

interface ChangeRow {
  userId: string;
  before: number;
  beforeRd: number;
  beforeVol: number;
  after: number;
  gamesBefore: number;
}

const DAY = 86_400_000;
/** The seat alone in first place. */
const won = (place: number[], seat: number) => place[seat] === 1 && place.filter((p) => p === 1).length === 1;

/** A rating as it stands at `now`: RD grown by the idle time since the last rated game. */
export function current(r: RatingRow | undefined, now: number): Rating & { games: number } {
  if (!r) return { ...RATING.start, games: 0 };
  return { rating: r.rating, rd: idleRd(r, (Math.max(0, now - r.updatedAt) / DAY) * RATING.periodsPerDay), vol: r.vol, games: r.games };
}

/**
 * Posts the game. Answers each seat's rating change (rounded, `null` when the game did not change
 * that seat's rating). Throws when D1 did not confirm, or when another game changed a player's
 * rating between the read and the write (the retry works it out again from the new rating).
 * The pairs a rated game counts (result.ts ratedPairs) are decided once, kept in rating_pairs in the
 * same batch, and read back by a retry, so a retry rates the same pairs.
 */
export async function postGame(env: Env, post: GamePost, now = Date.now()): Promise<(number | null)[]> {
  const seats = post.userIds.length;
  const family = familyOf(post.ruleset);
  const lines = withZeroLines(seats, post.lines);
  const { points, place, mahjong } = seatResults(seats, lines, post.mahjong);
  const leftEarly = post.leftEarly ?? null;
  const decided = post.rated ? await pairsOf(env, post.gameId) : [];
  const pairs = !post.rated ? [] : decided.length ? seatPairs(post.userIds, decided) : ratedPairs(post.userIds, leftEarly, await pairCounts(env, post, now));
  // The seats this game rates: those in a counted pair, or only the leaver who left early.
  const ratedSeats = new Set(leftEarly === null ? pairs.flat() : pairs.length ? [leftEarly] : []);
  const stmts = ledgerStatements(env, post, now);
  for (let seat = 0; seat < seats; seat++) {
    stmts.push(
      env.DB.prepare(
        `INSERT INTO game_results (game_id, seat, user_id, ruleset, family, result, points, place, mahjong, won, rated, ended_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, seat) DO NOTHING`,
      ).bind(post.gameId, seat, post.userIds[seat]!, post.ruleset, family, post.reason, points[seat]!, place[seat]!, mahjong[seat] ? 1 : 0, won(place, seat) ? 1 : 0, ratedSeats.has(seat) ? 1 : 0, post.endedAt),
    );
  }
  if (!ratedSeats.size) {
    await env.DB.batch(stmts);
    return post.userIds.map(() => null);
  }
  const change = (done: Map<string, ChangeRow>, seat: number) => {
    const c = done.get(post.userIds[seat]!);
    return ratedSeats.has(seat) && c ? Math.round(c.after - c.before) : null;
  };
  const done = await changesOf(env, post.gameId);
  if ([...ratedSeats].every((seat) => done.has(post.userIds[seat]!))) {
    await env.DB.batch(stmts); // the rating is in; the ledger lines may still be missing
    return post.userIds.map((_, seat) => change(done, seat));
  }
  for (const [i, j] of pairs) {
    const [a, b] = pairKey(post.userIds[i]!, post.userIds[j]!);
    stmts.push(env.DB.prepare(`INSERT INTO rating_pairs (game_id, user_a, user_b, at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`).bind(post.gameId, a, b, now));
  }
  const rows = await ratingRows(env, family, post.userIds);
  // Players whose change is already in play at the rating they had before this game.
  const before = post.userIds.map((u) => {
    const c = done.get(u);
    return c ? { rating: c.before, rd: c.beforeRd, vol: c.beforeVol, games: c.gamesBefore } : current(rows.get(u), now);
  });
  const outcomes = pairOutcomes(points, before, pairs, leftEarly);
  post.userIds.forEach((userId, seat) => {
    if (done.has(userId) || !ratedSeats.has(seat)) return;
    const b = before[seat]!;
    const a = ratePeriod(b, outcomes[seat]!);
    // The change goes in only if the rating is still the one it was worked out from …
    stmts.push(
      env.DB.prepare(
        `INSERT INTO rating_changes (game_id, user_id, family, before, before_rd, before_vol, after, after_rd, after_vol, games_before, at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11
         WHERE COALESCE((SELECT games FROM ratings WHERE user_id = ?2 AND family = ?3), 0) = ?10
         ON CONFLICT (game_id, user_id) DO NOTHING`,
      ).bind(post.gameId, userId, family, b.rating, b.rd, b.vol, a.rating, a.rd, a.vol, b.games, now),
    );
    // … and the rating moves only with its change row, once (the count moves on with it).
    stmts.push(
      env.DB.prepare(
        `INSERT INTO ratings (user_id, family, rating, rd, vol, games, updated_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6 + 1, ?7
         WHERE EXISTS (SELECT 1 FROM rating_changes WHERE game_id = ?8 AND user_id = ?1 AND games_before = ?6)
         ON CONFLICT (user_id, family) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, vol = excluded.vol,
           games = excluded.games, updated_at = excluded.updated_at
         WHERE ratings.games = ?6`,
      ).bind(userId, family, a.rating, a.rd, a.vol, b.games, now, post.gameId),
    );
  });
  await env.DB.batch(stmts);
  const after = await changesOf(env, post.gameId);
  if (![...ratedSeats].every((seat) => after.has(post.userIds[seat]!))) throw new Error("a player's rating changed meanwhile; worked out again on the next try");
  return post.userIds.map((_, seat) => change(after, seat));
}

/** The pairs an earlier try of this game already counted (its batch went in, a rating write did not). */
async function pairsOf(env: Env, gameId: string): Promise<[string, string][]> {
  const { results } = await env.DB.prepare(`SELECT user_a AS a, user_b AS b FROM rating_pairs WHERE game_id = ?`).bind(gameId).all<{ a: string; b: string }>();
  return results.map((r) => [r.a, r.b]);
}

/** Counted pairs of players as pairs of seats. */
const seatPairs = (userIds: readonly string[], pairs: readonly [string, string][]): [number, number][] =>
  pairs.map(([a, b]) => [userIds.indexOf(a), userIds.indexOf(b)].sort((x, y) => x - y) as [number, number]).filter(([i, j]) => i >= 0 && j >= 0);

/** How many rated games each pair of this game's players counted in the window before `now` (this game aside). */
async function pairCounts(env: Env, post: GamePost, now: number): Promise<(a: string, b: string) => number> {
  const { results } = await env.DB.prepare(
    `SELECT user_a AS a, user_b AS b, COUNT(*) AS n FROM rating_pairs
     WHERE user_a IN (SELECT value FROM json_each(?1)) AND user_b IN (SELECT value FROM json_each(?1)) AND at > ?2 AND game_id <> ?3
     GROUP BY user_a, user_b`,
  )
    .bind(JSON.stringify(post.userIds), now - PAIR_WINDOW_MS, post.gameId)
    .all<{ a: string; b: string; n: number }>();
  const counts = new Map(results.map((r) => [`${r.a} ${r.b}`, r.n]));
  return (a, b) => counts.get(`${a} ${b}`) ?? 0;
}

async function changesOf(env: Env, gameId: string): Promise<Map<string, ChangeRow>> {
  const { results } = await env.DB.prepare(
    `SELECT user_id AS userId, before, before_rd AS beforeRd, before_vol AS beforeVol, after, games_before AS gamesBefore
     FROM rating_changes WHERE game_id = ?`,
  )
    .bind(gameId)
    .all<ChangeRow>();
  return new Map(results.map((r) => [r.userId, r]));
}

async function ratingRows(env: Env, family: Family, userIds: string[]): Promise<Map<string, RatingRow>> {
  const { results } = await env.DB.prepare(
    `SELECT user_id AS userId, rating, rd, vol, games, updated_at AS updatedAt FROM ratings
     WHERE family = ? AND user_id IN (SELECT value FROM json_each(?))`,
  )
    .bind(family, JSON.stringify(userIds))
    .all<RatingRow>();
  return new Map(results.map((r) => [r.userId, r]));
}
