/** Users, sessions and magic-link tokens in D1. */
import type { Env } from "../lib/env";
import { randomId, randomToken, sha256Hex } from "../lib/crypto";

export const TOKEN_TTL_MS = 15 * 60 * 1000;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Stores a new single-use sign-in token (hashed) and returns the token itself for the link. */
export async function createLoginToken(env: Env, email: string, now = Date.now()): Promise<string> {
  const token = randomToken();
  await env.DB.prepare("INSERT INTO login_tokens (token_hash, email, expires_at, created_at) VALUES (?, ?, ?, ?)")
    .bind(await sha256Hex(token), email, now + TOKEN_TTL_MS, now)
    .run();
  return token;
}

/** Marks the token used and returns its address; null when unknown, used or expired. One statement, so it is single-use even under races. */
export async function consumeLoginToken(env: Env, token: string, now = Date.now()): Promise<string | null> {
  const row = await env.DB.prepare(
    "UPDATE login_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING email",
  )
    .bind(now, await sha256Hex(token), now)
    .first<{ email: string }>();
  return row?.email ?? null;
}

/**
 * A new player's name until they choose one: "Player 4821", never anything of the address (others
 * see it on profiles, challenge lists and tables). Kept once given.
 */
export function neutralName(): string {
  return `Player ${1000 + (crypto.getRandomValues(new Uint32Array(1))[0]! % 9000)}`;
}

/** The user with this address, created on first sign-in with a neutral name (`name`: the demo's). */
export async function findOrCreateUser(env: Env, email: string, now = Date.now(), name = neutralName()): Promise<string> {
  const row = await env.DB.prepare(
    `INSERT INTO users (id, email, display_name, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (email) DO UPDATE SET email = excluded.email RETURNING id`,
  )
    .bind(randomId(), email, name, now)
    .first<{ id: string }>();
  return row!.id;
}

/**
 * A new session; returns the opaque id that goes into the cookie (only its hash is stored).
 * `seen`: the browser's name and how it signed in, for the owner's list of devices.
 */
export async function createSession(env: Env, userId: string, now = Date.now(), seen: { browser?: string; via?: string } = {}): Promise<string> {
  const sid = randomToken();
  // With a copy of the user's fields that every request reads (kept the same by migration 0022's trigger).
  await env.DB.prepare(
    `INSERT INTO sessions (id_hash, user_id, created_at, expires_at, browser, via, email, display_name, timezone, vacation_until)
     SELECT ?, id, ?, ?, ?, ?, email, display_name, timezone, vacation_until FROM users WHERE id = ?`,
  )
    .bind(await sha256Hex(sid), now, now + SESSION_TTL_MS, seen.browser ?? null, seen.via ?? null, userId)
    .run();
  return sid;
}

export async function deleteSession(env: Env, sid: string): Promise<void> {
  await env.DB.prepare("DELETE FROM sessions WHERE id_hash = ?").bind(await sha256Hex(sid)).run();
}

/** The signed-in user as every handler sees it. */
export interface User {
  id: string;
  email: string;
  displayName: string;
  timezone: string;
  vacationUntil: number;
}

/**
 * The user behind a session (by the hash of its id, from the cookie), while the session lasts; with
 * when it was last seen and when it expires. One row: the session keeps a copy of its user's fields
 * (migration 0022); a session opened without the copy (none should be) is joined to its user instead.
 * Asked only when the request brings no valid session proof (api/session-proof.ts).
 */
export async function sessionUser(env: Env, idHash: string, now = Date.now()): Promise<{ user: User; seenAt: number; expiresAt: number } | null> {
  type Row = User & { seenAt: number; expiresAt: number };
  let row = await env.DB.prepare(
    `SELECT user_id AS id, email, display_name AS displayName, timezone, vacation_until AS vacationUntil,
            COALESCE(last_seen_at, created_at) AS seenAt, expires_at AS expiresAt
     FROM sessions WHERE id_hash = ? AND expires_at > ?`,
  )
    .bind(idHash, now)
    .first<Row>();
  if (row && row.email === null) {
    row = await env.DB.prepare(
      `SELECT u.id, u.email, u.display_name AS displayName, u.timezone, u.vacation_until AS vacationUntil,
              COALESCE(s.last_seen_at, s.created_at) AS seenAt, s.expires_at AS expiresAt
       FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id_hash = ? AND s.expires_at > ?`,
    )
      .bind(idHash, now)
      .first<Row>();
  }
  if (!row) return null;
  const { seenAt, expiresAt, ...user } = row;
  return { user, seenAt, expiresAt };
}

export interface ProfileRow {
  id: string;
  email: string;
  displayName: string;
  timezone: string;
  vacationYear: number;
  vacationDays: number;
  vacationUntil: number;
  welcomedAt: number | null;
  /** Read with the profile so that GET /api/me reads the user's row once: the orders (db/orders.ts) and access settings (db/access-prefs.ts) columns. */
  defaultOrders: string | null;
  ordersNotedAt: number | null;
  largeTiles: number;
  playByTyping: number;
  /** The ledger's totals kept on the row (migration 0024). */
  ledgerPoints: number;
  ledgerGames: number;
}

/** A deleted account has no profile: a device whose session proof outlives the deletion by minutes is signed out of every page at once. */
export const profileRow = (env: Env, userId: string) =>
  env.DB.prepare(
    `SELECT id, email, display_name AS displayName, timezone, vacation_year AS vacationYear, vacation_days AS vacationDays,
            vacation_until AS vacationUntil, welcomed_at AS welcomedAt, default_orders AS defaultOrders, orders_noted_at AS ordersNotedAt,
            large_tiles AS largeTiles, play_by_typing AS playByTyping, ledger_points AS ledgerPoints, ledger_games AS ledgerGames FROM users WHERE id = ? AND email NOT LIKE 'deleted:%'`,
  )
    .bind(userId)
    .first<ProfileRow>();

/** Saves name and zone; the first save also answers the welcome questions for good. */
export async function saveProfile(env: Env, userId: string, displayName: string, timezone: string, now = Date.now()): Promise<void> {
  await env.DB.prepare("UPDATE users SET display_name = ?, timezone = ?, welcomed_at = COALESCE(welcomed_at, ?) WHERE id = ?")
    .bind(displayName, timezone, now, userId)
    .run();
}

/**
 * Takes `days` vacation days: a new vacation starts now, one already running is extended from its
 * end. Null (nothing changed) when the year's allowance `perYear` would be exceeded; else the new end.
 */
export async function takeVacation(env: Env, userId: string, days: number, perYear: number, dayMs: number, now = Date.now()): Promise<number | null> {
  const year = new Date(now).getUTCFullYear();
  const row = await env.DB.prepare(
    `UPDATE users SET
       vacation_days = (CASE WHEN vacation_year = ?1 THEN vacation_days ELSE 0 END) + ?2,
       vacation_year = ?1,
       vacation_until = MAX(vacation_until, ?3) + ?2 * ?4
     WHERE id = ?5 AND (CASE WHEN vacation_year = ?1 THEN vacation_days ELSE 0 END) + ?2 <= ?6
     RETURNING vacation_until AS until`,
  )
    .bind(year, days, now, dayMs, userId, perYear)
    .first<{ until: number }>();
  return row?.until ?? null;
}

/**
 * Ends a running vacation now; the whole days not yet begun go back to this year's allowance. The
 * new end (null: there was no vacation running, and nothing changed).
 */
export async function endVacation(env: Env, userId: string, dayMs: number, now = Date.now()): Promise<number | null> {
  const row = await env.DB.prepare(
    `UPDATE users SET
       vacation_days = MAX(0, vacation_days - CAST((vacation_until - ?1) / ?2 AS INTEGER)),
       vacation_until = ?1
     WHERE id = ?3 AND vacation_until > ?1
     RETURNING vacation_until AS until`,
  )
    .bind(now, dayMs, userId)
    .first<{ until: number }>();
  return row ? row.until : null;
}

/** The account still exists (it was not deleted: a deletion marks the address first). */
export async function accountLive(env: Env, userId: string): Promise<boolean> {
  return !!(await env.DB.prepare("SELECT 1 AS live FROM users WHERE id = ? AND email NOT LIKE 'deleted:%'").bind(userId).first());
}

export async function emailOf(env: Env, userId: string): Promise<string | null> {
  return (await env.DB.prepare("SELECT email FROM users WHERE id = ?").bind(userId).first<{ email: string }>())?.email ?? null;
}

/** Whether an account (other than `exceptUserId`) already uses this address. */
export async function emailTaken(env: Env, email: string, exceptUserId?: string): Promise<boolean> {
  const row = exceptUserId
    ? await env.DB.prepare("SELECT 1 AS x FROM users WHERE email = ? AND id <> ?").bind(email, exceptUserId).first()
    : await env.DB.prepare("SELECT 1 AS x FROM users WHERE email = ?").bind(email).first();
  return !!row;
}

export async function setEmail(env: Env, userId: string, email: string): Promise<void> {
  await env.DB.prepare("UPDATE users SET email = ? WHERE id = ?").bind(email, userId).run();
}

/** Every game the user ever sat in, running or over. */
export async function gameIdsOf(env: Env, userId: string): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT game_id AS id FROM game_players WHERE user_id = ?").bind(userId).all<{ id: string }>();
  return results.map((r) => r.id);
}

/** Display names by user id, for the ids that exist. */
export async function namesOf(env: Env, ids: string[]): Promise<{ id: string; name: string }[]> {
  if (!ids.length) return [];
  const { results } = await env.DB.prepare(`SELECT id, display_name AS name FROM users WHERE id IN (${ids.map(() => "?").join(",")})`).bind(...ids).all<{ id: string; name: string }>();
  return results;
}
