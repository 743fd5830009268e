/** Your own account: a new email address, everything held about you, deleting the account. */
import type { Env } from "../lib/env";
import { randomToken, sha256Hex } from "../lib/crypto";
import { DELETED_NAME } from "./profiles";

/** A confirmation link lasts a day. */
export const ACCOUNT_TOKEN_TTL_MS = 24 * 3600_000;

export async function createAccountToken(env: Env, userId: string, kind: "email" | "delete", email: string | null, now = Date.now()) {
  const token = randomToken();
  await env.DB.prepare("INSERT INTO account_tokens (token_hash, user_id, kind, email, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(await sha256Hex(token), userId, kind, email, now + ACCOUNT_TOKEN_TTL_MS, now)
    .run();
  return token;
}

/** Uses a token up (once); answers its user and new address, or null when unknown, used or expired. */
export async function consumeAccountToken(env: Env, token: string, kind: "email" | "delete", now = Date.now()) {
  return env.DB.prepare(
    `UPDATE account_tokens SET used_at = ?1 WHERE token_hash = ?2 AND kind = ?3 AND used_at IS NULL AND expires_at > ?1
     RETURNING user_id AS userId, email`,
  )
    .bind(now, await sha256Hex(token), kind)
    .first<{ userId: string; email: string | null }>();
}

/** Everything the service holds about the player, as one JSON document (no session ids or keys). */
export async function exportOf(env: Env, userId: string) {
  const all = async (sql: string) => (await env.DB.prepare(sql).bind(userId).all()).results;
  const [user] = await all(
    "SELECT id, email, display_name AS displayName, timezone, vacation_year AS vacationYear, vacation_days AS vacationDays, vacation_until AS vacationUntil, created_at AS createdAt, welcomed_at AS welcomedAt, default_orders AS defaultOrders, orders_noted_at AS ordersNotedAt FROM users WHERE id = ?",
  );
  return {
    exportedAt: new Date().toISOString(),
    account: user ?? null,
    accessSettings: (await all("SELECT large_tiles AS largeTiles, play_by_typing AS playByTyping FROM users WHERE id = ?"))[0] ?? null,
    sessions: await all("SELECT browser, via, created_at AS createdAt, COALESCE(last_seen_at, created_at) AS lastSeenAt, expires_at AS expiresAt FROM sessions WHERE user_id = ?"),
    passkeys: await all("SELECT name, created_at AS createdAt, last_used_at AS lastUsedAt FROM passkeys WHERE user_id = ?"),
    notificationSettings: (await all("SELECT * FROM notify_settings WHERE user_id = ?"))[0] ?? null,
    pushDevices: await all("SELECT endpoint, created_at AS createdAt FROM push_subscriptions WHERE user_id = ?"),
    games: await all(
      `SELECT g.id, g.ruleset, g.status, g.rated, g.result, p.seat, g.created_at AS createdAt, g.updated_at AS updatedAt
       FROM game_players p JOIN games g ON g.id = p.game_id WHERE p.user_id = ? ORDER BY g.created_at`,
    ),
    results: await all("SELECT game_id AS gameId, seat, ruleset, result, points, place, mahjong, rated, ended_at AS endedAt FROM game_results WHERE user_id = ? ORDER BY ended_at"),
    ledger: await all("SELECT game_id AS gameId, seat, reason, points, detail, ruleset, league_id AS leagueId, season_id AS seasonId, created_at AS createdAt FROM ledger WHERE user_id = ? ORDER BY id"),
    ratings: await all("SELECT family, rating, rd, vol, games, updated_at AS updatedAt FROM ratings WHERE user_id = ?"),
    ratingHistory: await all("SELECT game_id AS gameId, family, before, after, at FROM rating_changes WHERE user_id = ? ORDER BY at"),
    leagues: await all("SELECT league_id AS leagueId, organiser, plays, joined_at AS joinedAt FROM league_members WHERE user_id = ?"),
    leagueRemovals: await all("SELECT league_id AS leagueId, removed_at AS removedAt FROM league_removals WHERE user_id = ?"),
    mail: await all("SELECT subject, created_at AS createdAt FROM outbox WHERE to_address = (SELECT email FROM users WHERE id = ?) ORDER BY id"),
  };
}

/**
 * Removes what identifies the player: sessions, passkeys, push devices, settings, pending notices, mail,
 * tokens and the email address; the name becomes "Deleted player". Their games, ledger lines,
 * ratings and league rows stay (under that name), so every table and standing still adds up.
 * The address left behind is not an email address, so nobody can sign in to it again.
 */
export async function deleteAccount(env: Env, userId: string) {
  const u = await env.DB.prepare("SELECT email FROM users WHERE id = ?").bind(userId).first<{ email: string }>();
  if (!u) return;
  await env.DB.batch([
    env.DB.prepare("DELETE FROM sessions WHERE user_id = ?").bind(userId),
    env.DB.prepare("DELETE FROM passkeys WHERE user_id = ?").bind(userId),
    env.DB.prepare("DELETE FROM webauthn_challenges WHERE user_id = ?").bind(userId),
    env.DB.prepare("DELETE FROM push_subscriptions WHERE user_id = ?").bind(userId),
    env.DB.prepare("DELETE FROM notify_settings WHERE user_id = ?").bind(userId),
    env.DB.prepare("DELETE FROM notify_pending WHERE user_id = ?").bind(userId),
    env.DB.prepare("DELETE FROM account_tokens WHERE user_id = ?").bind(userId),
    env.DB.prepare("DELETE FROM login_tokens WHERE email = ?").bind(u.email),
    env.DB.prepare("DELETE FROM outbox WHERE to_address = ?").bind(u.email),
    env.DB.prepare("UPDATE users SET email = ?, display_name = ?, timezone = 'UTC', welcomed_at = COALESCE(welcomed_at, 0), default_orders = NULL, orders_noted_at = NULL WHERE id = ?").bind(`deleted:${userId}`, DELETED_NAME, userId),
  ]);
}
