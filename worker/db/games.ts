/** The D1 games index: written by each game's Durable Object, read by the games list. */
import type { Env } from "../lib/env";
import { distinctNames, indexSeatName } from "../table/names";

export interface IndexRow {
  id: string;
  ruleset: string;
  status: string;
  seats: number;
  createdBy: string;
  inviteHash: string;
  daysPerMove: number;
  version: number;
  result: string | null;
  rated?: boolean;
  /** Moves recorded so far (absent from rows written before the count was kept). */
  moves?: number;
  createdAt: number;
  /** When the game was dealt (null before the deal, and for a game dealt before the time was kept). */
  startedAt?: number | null;
  players: { seat: number; userId: string; toAct: boolean; deadline: number | null }[];
}

/**
 * Upserts the game row and its seats in one batch (a transaction). A write carrying an older
 * version than the row already has changes nothing, so out-of-order writes are harmless.
 * Whose turn it is goes in the game's row (`turns`); a seat's row is written when its player
 * changes, and not at all when it is as the index has it (`seats`: only these seats are sent).
 */
export async function writeIndex(env: Env, g: IndexRow, now = Date.now(), seats?: ReadonlySet<number>): Promise<void> {
  const deadlines = g.players.filter((p) => p.toAct && p.deadline !== null).map((p) => p.deadline!);
  const deadline = deadlines.length ? Math.min(...deadlines) : null;
  const turns = Array.from({ length: g.seats }, (_, seat) => g.players.find((p) => p.seat === seat && p.toAct)?.deadline ?? null);
  const seatStmts = g.players.filter((p) => !seats || seats.has(p.seat)).map((p) =>
    env.DB.prepare(
      `INSERT INTO game_players (game_id, seat, user_id, to_act, deadline)
       SELECT ?1, ?2, ?3, ?4, ?5 WHERE COALESCE((SELECT version FROM games WHERE id = ?1), -1) < ?6
       ON CONFLICT (game_id, seat) DO UPDATE SET user_id = excluded.user_id, to_act = excluded.to_act, deadline = excluded.deadline
       WHERE game_players.user_id IS NOT excluded.user_id`,
    ).bind(g.id, p.seat, p.userId, p.toAct ? 1 : 0, p.deadline, g.version),
  );
  const gameStmt = env.DB.prepare(
    `INSERT INTO games (id, ruleset, status, seats, created_by, invite_hash, days_per_move, version, deadline, result, created_at, updated_at, rated, moves, turns, started_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)
     ON CONFLICT (id) DO UPDATE SET status = excluded.status, version = excluded.version, deadline = excluded.deadline,
       result = excluded.result, updated_at = excluded.updated_at, moves = excluded.moves, turns = excluded.turns,
       started_at = COALESCE(excluded.started_at, games.started_at)
     WHERE excluded.version > games.version`,
  ).bind(g.id, g.ruleset, g.status, g.seats, g.createdBy, g.inviteHash, g.daysPerMove, g.version, deadline, g.result, g.createdAt, now, g.rated ? 1 : 0, g.moves ?? 0, JSON.stringify(turns), g.startedAt ?? null);
  await env.DB.batch([...seatStmts, gameStmt]);
}

/** A seat's clock runs (SQL, `p` a game_players row of game `g`): from the game's `turns`, else from a seat row written before the game row kept them. */
const TO_ACT = (p: string) => `(CASE WHEN g.turns IS NULL THEN ${p}.to_act ELSE json_extract(g.turns, '$[' || ${p}.seat || ']') IS NOT NULL END)`;
const DEADLINE = (p: string) => `(CASE WHEN g.turns IS NULL THEN ${p}.deadline ELSE json_extract(g.turns, '$[' || ${p}.seat || ']') END)`;

export interface ListedGame {
  id: string;
  ruleset: string;
  status: string;
  seats: number;
  daysPerMove: number;
  myTurn: boolean;
  deadline: number | null;
  result: string | null;
  updatedAt: number;
  /** When the game was created, and the moves recorded so far: two games alike are told apart by them. */
  createdAt: number;
  /** When the game was dealt: null while it waits for players, and for a game dealt before this was kept (then createdAt is the nearest known). */
  startedAt: number | null;
  moves: number;
  /** An open game offered to anyone (an open challenge), not one waiting for an invited player. */
  challenge: boolean;
  /** Ended games: my total points and place (1 = best; null until the result is posted). */
  myPoints: number | null;
  myPlace: number | null;
  /** Ended games: how many other players had my total and so share my place (0 when it is mine alone; null until posted). */
  myPlaceShared: number | null;
  /** `toAct`: this seat's clock runs (the game waits on them); `awayUntil`: on vacation until then (their clocks stand still), else null. */
  players: { seat: number; userId: string; name: string; toAct: boolean; awayUntil: number | null }[];
}

/** My games: those where it is my turn first (least time left first), then the others, newest first. */
export async function listGames(env: Env, userId: string, now = Date.now()): Promise<ListedGame[]> {
  const { results } = await env.DB.prepare(
    `SELECT g.id, g.ruleset, g.status, g.seats, g.days_per_move AS daysPerMove, ${TO_ACT("me")} AS myTurn, ${DEADLINE("me")} AS deadline,
            g.result, g.updated_at AS updatedAt, g.created_at AS createdAt, g.started_at AS startedAt, g.moves,
            EXISTS (SELECT 1 FROM challenges c WHERE c.id = g.id) AS challenge,
            r.points AS myPoints, r.place AS myPlace,
            CASE WHEN r.place IS NOT NULL THEN (SELECT COUNT(*) FROM game_results o WHERE o.game_id = g.id AND o.seat <> r.seat AND o.place = r.place) END AS myPlaceShared,
            (SELECT json_group_array(json_object('seat', p.seat, 'userId', p.user_id, 'name', COALESCE(u.display_name, 'Computer'), 'toAct', ${TO_ACT("p")},
                    'awayUntil', CASE WHEN u.vacation_until > ?2 THEN u.vacation_until END))
               FROM game_players p LEFT JOIN users u ON u.id = p.user_id WHERE p.game_id = g.id) AS players
     FROM game_players me JOIN games g ON g.id = me.game_id
     LEFT JOIN game_results r ON r.game_id = g.id AND r.seat = me.seat
     WHERE me.user_id = ?1
     ORDER BY (g.status = 'active' AND ${TO_ACT("me")}) DESC, (g.status = 'ended') ASC,
              CASE WHEN ${TO_ACT("me")} THEN ${DEADLINE("me")} END ASC, g.updated_at DESC
     LIMIT 200`,
  )
    .bind(userId, now)
    .all<Omit<ListedGame, "players" | "myTurn" | "challenge"> & { myTurn: number; challenge: number; players: string }>();
  return results.map((r) => {
    const seated = (JSON.parse(r.players) as (Omit<ListedGame["players"][number], "toAct"> & { toAct: number })[]).sort((a, b) => a.seat - b.seat);
    // named as at the table: "Computer (expert)", two alike "Computer (strong)" and "Computer (strong) (2)"
    const shown = distinctNames(seated.map(indexSeatName));
    return {
      ...r,
      myTurn: r.status === "active" && !!r.myTurn,
      challenge: !!r.challenge,
      players: seated.map((p, i) => ({ ...p, name: shown[i]!, toAct: r.status === "active" && !!p.toAct })),
    };
  });
}

/** Ids of the active games in which this user sits (for vacation). */
export async function activeGameIds(env: Env, userId: string): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "SELECT g.id FROM game_players p JOIN games g ON g.id = p.game_id WHERE p.user_id = ? AND g.status IN ('open', 'active')",
  )
    .bind(userId)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

/**
 * The open and running games, but `except`, in which any of these users sits, with their rulesets (a game's end tells them
 * that ratings moved): along the partial index of current seats (game_players_active), not every game a player ever played.
 */
export async function liveGamesOf(env: Env, userIds: string[], except: string): Promise<{ id: string; ruleset: string }[]> {
  if (!userIds.length) return [];
  const { results } = await env.DB.prepare(
    `SELECT DISTINCT g.id, g.ruleset FROM game_players p JOIN games g ON g.id = p.game_id
     WHERE p.user_id IN (${userIds.map(() => "?").join(", ")}) AND p.active = 1 AND g.status IN ('open', 'active') AND g.id <> ?`,
  )
    .bind(...userIds, except)
    .all<{ id: string; ruleset: string }>();
  return results;
}
