/** Queries of the open challenges (schema-challenges.ts). The game's DO owns the seats; these rows list them. */
import type { Env } from "../lib/env";

export const CHALLENGE_DAYS = 7;
export const MAX_OPEN_CHALLENGES = 10;

export interface ChallengeRow {
  id: string;
  createdBy: string;
  ruleset: string;
  daysPerMove: number;
  options: string;
  rated: number;
  seats: number;
  inviteHash: string;
  status: string;
  computersAfterDays: number | null;
  computerStrength: string | null;
  createdAt: number;
  expiresAt: number;
}

const COLUMNS = `c.id, c.created_by AS createdBy, c.ruleset, c.days_per_move AS daysPerMove, c.options, c.rated, c.seats,
  c.invite_hash AS inviteHash, c.status, c.computers_after_days AS computersAfterDays, c.computer_strength AS computerStrength,
  c.created_at AS createdAt, c.expires_at AS expiresAt`;

/**
 * Lists a challenge, in the same statement checking that its poster's account still exists: a
 * deletion marks the account first and then calls off its open challenges, so a challenge is
 * either refused here or seen (and called off) by the deletion. False when refused.
 */
export async function insertChallenge(env: Env, c: Omit<ChallengeRow, "status">): Promise<boolean> {
  const r = await env.DB.prepare(
    `INSERT INTO challenges (id, created_by, ruleset, days_per_move, options, rated, seats, invite_hash, status, computers_after_days, computer_strength, created_at, expires_at)
     SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'open', ?9, ?10, ?11, ?12
     WHERE EXISTS (SELECT 1 FROM users WHERE id = ?2 AND email NOT LIKE 'deleted:%')`,
  )
    .bind(c.id, c.createdBy, c.ruleset, c.daysPerMove, c.options, c.rated ? 1 : 0, c.seats, c.inviteHash, c.computersAfterDays, c.computerStrength, c.createdAt, c.expiresAt)
    .run();
  return r.meta.changes > 0;
}

/** Challenges a player has open now (not yet full, cancelled or expired). */
export async function openCount(env: Env, userId: string, now: number): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM challenges WHERE created_by = ? AND status = 'open' AND expires_at > ?").bind(userId, now).first<{ n: number }>();
  return row?.n ?? 0;
}

export async function getChallenge(env: Env, id: string): Promise<ChallengeRow | null> {
  return env.DB.prepare(`SELECT ${COLUMNS} FROM challenges c WHERE c.id = ?`).bind(id).first<ChallengeRow>();
}

export interface ListedChallenge {
  id: string;
  ruleset: string;
  daysPerMove: number;
  options: Record<string, unknown>;
  rated: boolean;
  seats: number;
  taken: number;
  by: { name: string };
  mine: boolean;
  seated: boolean;
  computersAfterDays: number | null;
  createdAt: number;
  expiresAt: number;
}

/**
 * Open challenges, oldest first: the row is open and unexpired and the game (the games index the
 * DO writes) still waits for players. The poster is shown by display name only.
 */
export async function listOpen(env: Env, viewer: string, now: number, opts: { ruleset?: string; limit?: number; others?: boolean } = {}): Promise<(ListedChallenge & { inviteHash: string })[]> {
  const { results } = await env.DB.prepare(
    `SELECT ${COLUMNS}, COALESCE(u.display_name, 'A player') AS name,
       (SELECT COUNT(*) FROM game_players p WHERE p.game_id = c.id) AS taken,
       EXISTS (SELECT 1 FROM game_players p WHERE p.game_id = c.id AND p.user_id = ?1) AS seated
     FROM challenges c JOIN games g ON g.id = c.id LEFT JOIN users u ON u.id = c.created_by
     WHERE c.status = 'open' AND c.expires_at > ?2 AND g.status = 'open' AND (?3 IS NULL OR c.ruleset = ?3)
       AND (?4 = 0 OR (c.created_by <> ?1 AND NOT EXISTS (SELECT 1 FROM game_players p WHERE p.game_id = c.id AND p.user_id = ?1)))
     ORDER BY c.created_at ASC, c.id ASC LIMIT ?5`,
  )
    .bind(viewer, now, opts.ruleset ?? null, opts.others ? 1 : 0, opts.limit ?? 100)
    .all<ChallengeRow & { name: string; taken: number; seated: number }>();
  return results.map((r) => ({
    id: r.id,
    ruleset: r.ruleset,
    daysPerMove: r.daysPerMove,
    options: JSON.parse(r.options) as Record<string, unknown>,
    rated: !!r.rated,
    seats: r.seats,
    taken: r.taken,
    by: { name: r.name },
    mine: r.createdBy === viewer,
    seated: !!r.seated,
    computersAfterDays: r.computersAfterDays,
    createdAt: r.createdAt,
    expiresAt: r.expiresAt,
    inviteHash: r.inviteHash,
  }));
}

/** Closes an open challenge ("full", "cancelled", "expired"); false when it was no longer open. */
export async function closeChallenge(env: Env, id: string, status: "full" | "cancelled" | "expired", now: number): Promise<boolean> {
  const r = await env.DB.prepare("UPDATE challenges SET status = ?, closed_at = ? WHERE id = ? AND status = 'open'").bind(status, now, id).run();
  return r.meta.changes > 0;
}

/** Removes an open game that never started from the games index (its DO was emptied). */
export async function dropGameIndex(env: Env, gameId: string): Promise<void> {
  await env.DB.batch([env.DB.prepare("DELETE FROM game_players WHERE game_id = ?").bind(gameId), env.DB.prepare("DELETE FROM games WHERE id = ?").bind(gameId)]);
}

/** Open challenges the sweep must act on: expired ones, and those whose empty seats go to computers now. */
export async function dueChallenges(env: Env, now: number, limit = 100): Promise<ChallengeRow[]> {
  const { results } = await env.DB.prepare(
    `SELECT ${COLUMNS} FROM challenges c
     WHERE c.status = 'open' AND (c.expires_at <= ?1 OR (c.computers_after_days IS NOT NULL AND c.created_at + c.computers_after_days * 86400000 <= ?1))
     ORDER BY c.created_at LIMIT ?2`,
  )
    .bind(now, limit)
    .all<ChallengeRow>();
  return results;
}

/** Ids of the challenges a player posted that are still open (deleting an account calls them off). */
export async function openChallengesBy(env: Env, userId: string): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT id FROM challenges WHERE created_by = ? AND status = 'open'").bind(userId).all<{ id: string }>();
  return results.map((r) => r.id);
}
