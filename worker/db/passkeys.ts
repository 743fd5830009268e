/** Passkeys and WebAuthn challenges in D1 (schema-passkeys.ts). */
import type { Env } from "../lib/env";

/** How long a ceremony's challenge may be answered (the browser's own prompt gives up after 5 minutes). */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** Passkeys one account may keep. */
export const PASSKEYS_PER_ACCOUNT = 20;

export type CeremonyKind = "register" | "signin";

/** Keeps a new challenge, and sweeps the expired ones in the same batch. */
export async function putChallenge(env: Env, challenge: string, kind: CeremonyKind, userId: string | null, now = Date.now()): Promise<void> {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM webauthn_challenges WHERE expires_at <= ?").bind(now),
    env.DB.prepare("INSERT INTO webauthn_challenges (challenge, kind, user_id, expires_at) VALUES (?, ?, ?, ?)").bind(challenge, kind, userId, now + CHALLENGE_TTL_MS),
  ]);
}

/**
 * Takes a challenge out (one statement: it serves one answer, whatever arrives at once). Null when
 * unknown, used, of another ceremony, expired, or (for "register") another account's.
 */
export async function takeChallenge(env: Env, challenge: string, kind: CeremonyKind, userId: string | null, now = Date.now()): Promise<boolean> {
  const row = await env.DB.prepare(
    `DELETE FROM webauthn_challenges WHERE challenge = ?1 AND kind = ?2 AND user_id IS ?3 AND expires_at > ?4 RETURNING challenge`,
  )
    .bind(challenge, kind, userId, now)
    .first();
  return !!row;
}

export interface PasskeyRow {
  id: string;
  userId: string;
  name: string;
  publicKey: string;
  counter: number;
  transports: string | null;
  backedUp: boolean;
  createdAt: number;
  lastUsedAt: number | null;
}

const COLS = `id, user_id AS userId, name, public_key AS publicKey, counter, transports, backed_up AS backedUp, created_at AS createdAt, last_used_at AS lastUsedAt`;

export async function passkeysOf(env: Env, userId: string): Promise<PasskeyRow[]> {
  const { results } = await env.DB.prepare(`SELECT ${COLS} FROM passkeys WHERE user_id = ? ORDER BY created_at`).bind(userId).all<PasskeyRow>();
  return results.map((r) => ({ ...r, backedUp: !!r.backedUp }));
}

export async function passkeyById(env: Env, id: string): Promise<PasskeyRow | null> {
  const r = await env.DB.prepare(`SELECT ${COLS} FROM passkeys WHERE id = ?`).bind(id).first<PasskeyRow>();
  return r && { ...r, backedUp: !!r.backedUp };
}

/** Stores a new passkey; false when that credential is stored already (for anyone) or the account has its fill. */
export async function addPasskey(env: Env, p: Omit<PasskeyRow, "lastUsedAt">): Promise<boolean> {
  const row = await env.DB.prepare(
    `INSERT INTO passkeys (id, user_id, name, public_key, counter, transports, backed_up, created_at)
     SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 WHERE (SELECT COUNT(*) FROM passkeys WHERE user_id = ?2) < ?9
     ON CONFLICT (id) DO NOTHING RETURNING id`,
  )
    .bind(p.id, p.userId, p.name, p.publicKey, p.counter, p.transports, p.backedUp ? 1 : 0, p.createdAt, PASSKEYS_PER_ACCOUNT)
    .first();
  return !!row;
}

/**
 * Records a use: the new counter, if the stored one is still the one the answer was checked
 * against (so two answers checked at once cannot both pass on one counter value).
 */
export async function usePasskey(env: Env, id: string, seenCounter: number, newCounter: number, now = Date.now()): Promise<boolean> {
  const r = await env.DB.prepare("UPDATE passkeys SET counter = ?1, last_used_at = ?2 WHERE id = ?3 AND counter = ?4").bind(newCounter, now, id, seenCounter).run();
  return r.meta.changes > 0;
}

export async function renamePasskey(env: Env, userId: string, id: string, name: string): Promise<boolean> {
  const r = await env.DB.prepare("UPDATE passkeys SET name = ? WHERE id = ? AND user_id = ?").bind(name, id, userId).run();
  return r.meta.changes > 0;
}

export async function removePasskey(env: Env, userId: string, id: string): Promise<boolean> {
  const r = await env.DB.prepare("DELETE FROM passkeys WHERE id = ? AND user_id = ?").bind(id, userId).run();
  return r.meta.changes > 0;
}
