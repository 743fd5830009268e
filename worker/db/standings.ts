/**
 * D1 queries of league standings. The totals are kept as results arrive (season_totals,
 * season_pairs, league_game_players.points: a trigger on the ledger, migrations/0014), so the
 * standings read one row per player; the played games, straight from the ledger, are the check.
 * Ranking them is league/standings.ts's job.
 */
import type { Env } from "../lib/env";

type DB = Pick<Env, "DB">;

/** One seat's result in a league game: the sum of its ledger lines, and what they were. */
export interface SeatResult {
  userId: string;
  /** Sum of the player's ledger lines in this game. */
  points: number;
  mahjongs: number;
  wall: number;
  forfeit: number;
}

/** A game whose result is in the ledger, one entry per seat. */
export interface PlayedGame {
  gameId: string;
  seats: SeatResult[];
}

/** A player's season so far: the sums, and the two tie breaks. */
export interface Totals {
  userId: string;
  points: number;
  played: number;
  mahjongs: number;
  wallGames: number;
  forfeits: number;
  /** Game score (1 win, ½ tie) against the players level on points with this one. */
  headToHead: number;
  /** Σ over games and opponents of the game score against them × their points. */
  sonnebornBerger: number;
}

/**
 * The season's totals per player, head-to-head and Sonneborn-Berger included: one kept row per
 * player with a result; head-to-head reads the pairs of players level on points only (a computer
 * fill-in level on points is no member to break a tie against)
 * (worker/league/standings.ts totalsOf is the same computation from the played games).
 */
export async function seasonTotals(env: DB, seasonId: string): Promise<Totals[]> {
  return (await env.DB.prepare(TOTALS).bind(seasonId).all<Totals>()).results;
}

const TOTALS = `
  SELECT t.user_id AS userId, t.points, t.played, t.mahjongs, t.wall_games AS wallGames, t.forfeits,
         COALESCE((SELECT SUM(p.score2) FROM season_totals o
                   JOIN season_pairs p ON p.season_id = o.season_id AND p.user_id = t.user_id AND p.opponent_id = o.user_id
                   WHERE o.season_id = t.season_id AND o.points = t.points AND o.user_id <> t.user_id AND o.user_id NOT LIKE 'computer:%'), 0) / 2.0 AS headToHead,
         t.sonneborn_berger2 / 2.0 AS sonnebornBerger
  FROM season_totals t WHERE t.season_id = ?1`;

/**
 * What the standings table reads, in one statement: the season's players with their names, in
 * list order, and the totals of everyone with a result (a replaced player keeps theirs; a computer
 * fill-in, whose points are no member's, is not listed). Raw rows:
 * 200 players come back in a third less time than as objects.
 */
export async function seasonStandings(env: DB, seasonId: string): Promise<{ players: { userId: string; name: string }[]; totals: Totals[] }> {
  const rows = await env.DB.prepare(
    `WITH t AS (${TOTALS})
     SELECT p.user_id, u.display_name, p.position AS ord, t.points, t.played, t.mahjongs, t.wallGames, t.forfeits, t.headToHead, t.sonnebornBerger
     FROM season_players p JOIN users u ON u.id = p.user_id LEFT JOIN t ON t.userId = p.user_id WHERE p.season_id = ?1
     UNION ALL
     SELECT t.userId, NULL, NULL, t.points, t.played, t.mahjongs, t.wallGames, t.forfeits, t.headToHead, t.sonnebornBerger
     FROM t WHERE t.userId NOT IN (SELECT user_id FROM season_players WHERE season_id = ?1) AND t.userId NOT LIKE 'computer:%'
     ORDER BY ord`,
  )
    .bind(seasonId)
    .raw<[string, string | null, number | null, number | null, number, number, number, number, number, number]>();
  const players: { userId: string; name: string }[] = [];
  const totals: Totals[] = [];
  for (const [userId, name, ord, points, played, mahjongs, wallGames, forfeits, headToHead, sonnebornBerger] of rows) {
    if (ord !== null) players.push({ userId, name: name! });
    if (points !== null) totals.push({ userId, points, played, mahjongs, wallGames, forfeits, headToHead, sonnebornBerger });
  }
  return { players, totals };
}

/** Per game and seat of the season, once the game's result is in the ledger: points, Mah Jonggs (a double counts two), wall-game lines, forfeits. */
const SEAT_RESULTS = `
  lines AS (
    SELECT game_id, seat, SUM(points) AS points,
           SUM(CASE WHEN reason = 'mahjong/double' THEN 2 WHEN reason LIKE 'mahjong/%' THEN 1 ELSE 0 END) AS mahjongs,
           SUM(reason = 'wall') AS wall, SUM(reason = 'abandoned') AS forfeit
    FROM ledger WHERE season_id = ?1 GROUP BY game_id, seat),
  seat AS MATERIALIZED (
    SELECT p.game_id, p.user_id, COALESCE(l.points, 0) AS points, COALESCE(l.mahjongs, 0) AS mahjongs, COALESCE(l.wall, 0) AS wall, COALESCE(l.forfeit, 0) AS forfeit
    FROM league_game_players p JOIN (SELECT DISTINCT game_id FROM lines) d ON d.game_id = p.game_id
    LEFT JOIN lines l ON l.game_id = p.game_id AND l.seat = p.seat
    WHERE p.season_id = ?1)`;

/** Played games of the season, one entry per seat (for checks and exports; the standings use seasonTotals). */
export async function playedGames(env: DB, seasonId: string): Promise<PlayedGame[]> {
  const results = await env.DB.prepare(`WITH ${SEAT_RESULTS} SELECT game_id, user_id, points, mahjongs, wall, forfeit FROM seat ORDER BY game_id`)
    .bind(seasonId)
    .raw<[string, string, number, number, number, number]>();
  const games: PlayedGame[] = [];
  for (const [gameId, userId, points, mahjongs, wall, forfeit] of results) {
    if (games.at(-1)?.gameId !== gameId) games.push({ gameId, seats: [] });
    games.at(-1)!.seats.push({ userId, points, mahjongs, wall, forfeit });
  }
  return games;
}
