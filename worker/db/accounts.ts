/** Users, sessions and magic-link tokens in D1. */
import { nameFrom } from "../lib/validate";
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

/** The user with this address, created on first sign-in (display name from the address). */
export async function findOrCreateUser(env: Env, email: string, now = Date.now()): Promise<string> {
  const name = nameFrom(email.split("@")[0]!);
  const row = await env.DB.prepare(
    `INSERT INTO users (id, email, display_name, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (email) DO UPDATE SET email = excluded.email RETURNING id`,
  )
    .bind(randomId(), email, name, now)
    .first<{ id: string }>();
  return row!.id;
}

/** A new session; returns the opaque id that goes into the cookie (only its hash is stored). */
export async function createSession(env: Env, userId: string, now = Date.now()): Promise<string> {
  const sid = randomToken();
  await env.DB.prepare("INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)")
    .bind(await sha256Hex(sid), userId, now, now + SESSION_TTL_MS)
    .run();
  return sid;
}

export async function deleteSession(env: Env, sid: string): Promise<void> {
  await env.DB.prepare("DELETE FROM sessions WHERE id_hash = ?").bind(await sha256Hex(sid)).run();
}
