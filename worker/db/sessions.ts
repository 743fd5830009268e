/**
 * Signed-in devices as their owner sees them in Settings: the browser, how it signed in, when last
 * seen; signing one out, or all but the current one. A session is named to its owner by the hash
 * of its id (what the table keeps), never by the id itself, which only the cookie carries.
 */
import type { Env } from "../lib/env";

export interface SessionRow {
  id: string;
  browser: string | null;
  via: string | null;
  createdAt: number;
  lastSeenAt: number;
}

/** Last seen is written at most this often per session (a write on every request would cost more than it tells). */
export const SEEN_EVERY_MS = 10 * 60_000;

export async function sessionsOf(env: Env, userId: string, now = Date.now()): Promise<SessionRow[]> {
  const { results } = await env.DB.prepare(
    `SELECT id_hash AS id, browser, via, created_at AS createdAt, COALESCE(last_seen_at, created_at) AS lastSeenAt
     FROM sessions WHERE user_id = ? AND expires_at > ? ORDER BY lastSeenAt DESC`,
  )
    .bind(userId, now)
    .all<SessionRow>();
  return results;
}

/** Ends one of the user's sessions; false when it is not theirs (or gone already). */
export async function endSession(env: Env, userId: string, idHash: string): Promise<boolean> {
  const r = await env.DB.prepare("DELETE FROM sessions WHERE user_id = ? AND id_hash = ?").bind(userId, idHash).run();
  return r.meta.changes > 0;
}

/** Ends every session of the user but `keepHash`; how many ended. */
export async function endOtherSessions(env: Env, userId: string, keepHash: string): Promise<number> {
  const r = await env.DB.prepare("DELETE FROM sessions WHERE user_id = ? AND id_hash <> ?").bind(userId, keepHash).run();
  return r.meta.changes;
}

export async function touchSession(env: Env, idHash: string, now = Date.now()): Promise<void> {
  await env.DB.prepare("UPDATE sessions SET last_seen_at = ? WHERE id_hash = ?").bind(now, idHash).run();
}
