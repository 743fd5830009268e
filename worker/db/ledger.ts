/** The ledger: each ended game's result lines, posted exactly once. */
import type { Env } from "../lib/env";
import type { ResultLine } from "../engine/api";
import { withZeroLines } from "../rating/result";

export interface LedgerPost {
  gameId: string;
  ruleset: string;
  /** User id per seat. */
  userIds: string[];
  lines: ResultLine[];
  leagueId?: string | null;
  seasonId?: string | null;
}

/**
 * The statements that write the lines (run them in one batch). Lines are keyed (game, seat,
 * reason) — two lines with the same reason for a seat are summed — and an existing key is left
 * alone, so posting twice, or retrying after a failure whose outcome we never heard, can never
 * count the game twice. Every seat gets a line, a zero line when the engine gave it nothing.
 */
export function ledgerStatements(env: Env, post: LedgerPost, now = Date.now()): D1PreparedStatement[] {
  const merged = new Map<string, ResultLine>();
  for (const l of withZeroLines(post.userIds.length, post.lines)) {
    const key = `${l.seat}\u0000${l.reason}`;
    const prev = merged.get(key);
    merged.set(key, prev ? { ...prev, points: prev.points + l.points, detail: `${prev.detail}; ${l.detail}` } : { ...l });
  }
  return [...merged.values()].map((l) =>
    env.DB.prepare(
      `INSERT INTO ledger (game_id, seat, user_id, reason, points, detail, ruleset, league_id, season_id, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, seat, reason) DO NOTHING`,
    ).bind(post.gameId, l.seat, post.userIds[l.seat] ?? "", l.reason, Math.round(l.points), l.detail, post.ruleset, post.leagueId ?? null, post.seasonId ?? null, now),
  );
}

/** Writes the lines in one batch (see ledgerStatements). */
export async function postLedger(env: Env, post: LedgerPost, now = Date.now()): Promise<void> {
  const stmts = ledgerStatements(env, post, now);
  if (stmts.length) await env.DB.batch(stmts);
}

export async function totalsFor(env: Env, userId: string) {
  // Kept on the player's row by a trigger on each new line (migration 0024), not added up again.
  const row = await env.DB.prepare("SELECT ledger_points AS points, ledger_games AS games FROM users WHERE id = ?").bind(userId).first<{ points: number; games: number }>();
  return { points: row?.points ?? 0, games: row?.games ?? 0 };
}

export async function entriesFor(env: Env, userId: string, limit = 200) {
  const { results } = await env.DB.prepare(
    `SELECT game_id AS gameId, seat, reason, points, detail, ruleset, league_id AS leagueId, season_id AS seasonId, created_at AS createdAt
     FROM ledger WHERE user_id = ? ORDER BY id DESC LIMIT ?`,
  )
    .bind(userId, limit)
    .all();
  return results;
}
