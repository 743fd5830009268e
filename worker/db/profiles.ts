/** The queries behind public profiles, leaderboards and games lists (no email is ever selected). */
import type { Env } from "../lib/env";
import { RATING } from "../rating/glicko2";
import { FAMILIES, type Family } from "../rating/result";
import { current } from "./ratings";

export const DELETED_NAME = "Deleted player";

/** A result's player with no account: a computer seat ("computer:strong:1") by its strength, else a deleted account. */
export const nameWithoutAccount = (userId: string) => {
  const computer = /^computer:([a-z]+):/.exec(userId);
  return computer ? `Computer (${computer[1]})` : DELETED_NAME;
};
const SCALE2 = 173.7178 * 173.7178;

export interface ShownRating {
  rating: number;
  rd: number;
  provisional: boolean;
  games: number;
}

const shown = (r: { rating: number; rd: number; games: number }): ShownRating => ({
  rating: Math.round(r.rating),
  rd: Math.round(r.rd),
  provisional: r.rd >= RATING.provisionalRd,
  games: r.games,
});

/** The ratings of a player in every family, RD as of `now`; a family never played shows the start rating. */
export async function ratingsOf(env: Env, userId: string, now = Date.now()): Promise<Record<Family, ShownRating>> {
  const { results } = await env.DB.prepare("SELECT family, rating, rd, vol, games, updated_at AS updatedAt FROM ratings WHERE user_id = ?")
    .bind(userId)
    .all<{ family: Family; rating: number; rd: number; vol: number; games: number; updatedAt: number }>();
  const out = {} as Record<Family, ShownRating>;
  for (const f of FAMILIES) out[f] = shown(current(results.find((r) => r.family === f) && { ...results.find((r) => r.family === f)!, userId }, now));
  return out;
}

/** A player's stored rating in one family, as D1 keeps it (the RD as of `updatedAt`): what a game keeps for its table (game/table-ratings.ts). */
export interface StoredRating {
  rating: number;
  rd: number;
  vol: number;
  games: number;
  updatedAt: number;
}

/** The stored ratings of these players in one family, by user id (a player with no row in it: absent). One query. */
export async function ratingRowsIn(env: Env, family: Family, userIds: string[]): Promise<Record<string, StoredRating>> {
  if (!userIds.length) return {};
  const { results } = await env.DB.prepare(`SELECT user_id AS userId, rating, rd, vol, games, updated_at AS updatedAt FROM ratings WHERE family = ? AND user_id IN (${userIds.map(() => "?").join(", ")})`)
    .bind(family, ...userIds)
    .all<StoredRating & { userId: string }>();
  return Object.fromEntries(results.map(({ userId, ...r }) => [userId, r]));
}

/** A stored rating as players are shown it, its RD grown to `now` (none stored: the start rating, provisional). */
export const shownRating = (r: StoredRating | null | undefined, now: number): ShownRating => shown(current(r ? { ...r, userId: "" } : undefined, now));

/** The ratings of these players in one family (the table's names, GET /api/players/ratings): one query, a row per player at most. */
export async function ratingsIn(env: Env, family: Family, userIds: string[], now = Date.now()): Promise<Record<string, ShownRating>> {
  const rows = await ratingRowsIn(env, family, userIds);
  return Object.fromEntries(userIds.map((id) => [id, shownRating(rows[id], now)]));
}

export async function profileOf(env: Env, userId: string, vs: string | null, now = Date.now()) {
  const user = await env.DB.prepare("SELECT id, display_name AS name FROM users WHERE id = ?").bind(userId).first<{ id: string; name: string }>();
  if (!user) return null;
  const [ratings, history, stats, currentGames, recent, h2h] = await Promise.all([
    ratingsOf(env, userId, now),
    env.DB.prepare("SELECT family, game_id AS gameId, at, before, after AS rating FROM rating_changes WHERE user_id = ? ORDER BY at DESC LIMIT 300")
      .bind(userId)
      .all<{ family: Family; gameId: string; at: number; before: number; rating: number }>(),
    // Counted as each game ended (player_stats, kept by a trigger), not added up over every game here.
    env.DB.prepare("SELECT played, won, mahjongs, points * 1.0 / MAX(played, 1) AS averagePoints FROM player_stats WHERE user_id = ?")
      .bind(userId)
      .first<{ played: number; mahjongs: number; averagePoints: number; won: number }>(),
    env.DB.prepare(
      // a game not dealt yet ('open') says in the same read what it waits for: its seats taken of all, by invitation or open to anyone
      `SELECT g.id, g.ruleset, g.status, g.rated, g.seats,
              CASE WHEN g.status = 'open' THEN (SELECT COUNT(*) FROM game_players q WHERE q.game_id = g.id) ELSE g.seats END AS seatsTaken,
              g.status = 'open' AND EXISTS (SELECT 1 FROM challenges c WHERE c.id = g.id) AS challenge
       FROM game_players p JOIN games g ON g.id = p.game_id
       WHERE p.user_id = ? AND p.active = 1 AND g.status IN ('open', 'active') ORDER BY g.updated_at DESC LIMIT 50`,
    )
      .bind(userId)
      .all<{ id: string; ruleset: string; status: string; rated: number; seats: number; seatsTaken: number; challenge: number }>(),
    gamesListOf(env, userId, 20),
    vs ? headToHead(env, userId, vs) : Promise.resolve(null),
  ]);
  const played = stats?.played ?? 0;
  // Per family, oldest first: each rated game's rating after it (and before it, for the chart's start).
  const historyBy = {} as Record<Family, { gameId: string; at: number; before: number; rating: number }[]>;
  for (const f of FAMILIES) historyBy[f] = [];
  for (const h of history.results.reverse()) historyBy[h.family]?.push({ gameId: h.gameId, at: h.at, before: Math.round(h.before), rating: Math.round(h.rating) });
  return {
    userId: user.id,
    displayName: user.name,
    ratings,
    history: historyBy,
    stats: {
      played,
      won: stats?.won ?? 0,
      mahjongRate: played ? (stats!.mahjongs / played) : 0,
      averagePoints: played ? Math.round(stats!.averagePoints * 10) / 10 : 0,
    },
    currentGames: currentGames.results.map((g) => ({
      id: g.id, ruleset: g.ruleset, status: g.status, rated: !!g.rated, url: `/game/${g.id}`,
      seats: g.seats, seatsTaken: g.seatsTaken, challenge: !!g.challenge,
    })),
    recentGames: recent,
    ...(h2h ? { headToHead: h2h } : {}),
  };
}

/** A player's finished games, newest first, with the other players and the rating change. */
export async function gamesListOf(env: Env, userId: string, limit = 50, before = Number.MAX_SAFE_INTEGER) {
  const { results } = await env.DB.prepare(
    `SELECT r.game_id AS id, r.ruleset, r.result, r.points, r.place, r.rated, r.ended_at AS endedAt,
            (SELECT c.after - c.before FROM rating_changes c WHERE c.game_id = r.game_id AND c.user_id = r.user_id) AS ratingChange,
            (SELECT json_group_array(json_object('userId', o.user_id, 'name', u.display_name, 'points', o.points))
               FROM game_results o LEFT JOIN users u ON u.id = o.user_id WHERE o.game_id = r.game_id AND o.seat <> r.seat) AS opponents
     FROM game_results r WHERE r.user_id = ? AND r.ended_at < ? ORDER BY r.ended_at DESC LIMIT ?`,
  )
    .bind(userId, before, limit)
    .all<{ id: string; ruleset: string; result: string; points: number; place: number; rated: number; endedAt: number; ratingChange: number | null; opponents: string }>();
  return results.map((r) => ({
    ...r,
    rated: !!r.rated,
    ratingChange: r.ratingChange === null ? null : Math.round(r.ratingChange),
    opponents: (JSON.parse(r.opponents) as { userId: string; name: string | null; points: number }[]).map((o) => ({ ...o, name: o.name ?? nameWithoutAccount(o.userId) })),
    replay: `/replay/${r.id}`,
  }));
}

/**
 * The two players' finished games together: wins, losses and draws by points, from `userId`'s side.
 * The walk starts from whichever of the two has fewer games (CROSS JOIN fixes SQLite's loop order),
 * so asking about a player with thousands of games against a newcomer reads the newcomer's few.
 */
export async function headToHead(env: Env, userId: string, vs: string) {
  const counts = await env.DB.prepare("SELECT user_id AS u, played FROM player_stats WHERE user_id IN (?1, ?2)")
    .bind(userId, vs)
    .all<{ u: string; played: number }>();
  const played = (u: string) => counts.results.find((r) => r.u === u)?.played ?? 0;
  const from = played(userId) <= played(vs) ? "game_results a CROSS JOIN game_results b" : "game_results b CROSS JOIN game_results a";
  const row = await env.DB.prepare(
    `SELECT COUNT(*) AS played, COALESCE(SUM(a.points > b.points), 0) AS wins, COALESCE(SUM(a.points < b.points), 0) AS losses,
            COALESCE(SUM(a.points = b.points), 0) AS draws, (SELECT display_name FROM users WHERE id = ?2) AS name
     FROM ${from} WHERE a.user_id = ?1 AND b.user_id = ?2 AND b.game_id = a.game_id`,
  )
    .bind(userId, vs)
    .first<{ played: number; wins: number; losses: number; draws: number; name: string | null }>();
  return { userId: vs, name: row?.name ?? DELETED_NAME, played: row?.played ?? 0, wins: row?.wins ?? 0, losses: row?.losses ?? 0, draws: row?.draws ?? 0 };
}

/** Top 100 of a family: at least 10 rated games and RD (grown while idle) at most 75; deleted accounts are left off. */
export async function leaderboard(env: Env, family: Family, now = Date.now(), limit = 100) {
  const { results } = await env.DB.prepare(
    `SELECT r.user_id AS userId, u.display_name AS name, r.rating, r.rd, r.vol, r.games, r.updated_at AS updatedAt
     FROM ratings r JOIN users u ON u.id = r.user_id
     WHERE r.family = ?1 AND r.games >= ?2 AND r.rd <= ?3 AND u.email NOT LIKE 'deleted:%'
       AND r.rd * r.rd + r.vol * r.vol * ((?4 - r.updated_at) / 86400000.0 * ?5) * ?6 <= ?3 * ?3
     ORDER BY r.rating DESC LIMIT ?7`,
  )
    .bind(family, RATING.leaderboardGames, RATING.leaderboardRd, now, RATING.periodsPerDay, SCALE2, limit)
    .all<{ userId: string; name: string; rating: number; rd: number; vol: number; games: number; updatedAt: number }>();
  return results.map((r, i) => ({ rank: i + 1, userId: r.userId, name: r.name, ...shown(current(r, now)) }));
}
