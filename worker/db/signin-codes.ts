/**
 * Sign-in requests in D1 (login_tokens): the mailed link's token and, beside it, a six-digit code
 * for the page that asked. That page holds the request's id (only its hash is stored); the code is
 * stored as a hash over that id, so the table alone gives neither. Link and code are each single
 * use, both expire with the request (15 minutes), and the code takes at most CODE_TRIES tries.
 */
import type { Env } from "../lib/env";
import { randomToken, sha256Hex } from "../lib/crypto";
import { TOKEN_TTL_MS } from "./accounts";

export const CODE_TRIES = 5;

/** Six digits, uniformly drawn ("004217" included). */
export function sixDigits(): string {
  const buf = new Uint32Array(1);
  // Rejection sampling: the top of the 32-bit range would make the low codes a little likelier.
  const limit = 2 ** 32 - (2 ** 32 % 1_000_000);
  do crypto.getRandomValues(buf);
  while (buf[0]! >= limit);
  return String(buf[0]! % 1_000_000).padStart(6, "0");
}

const codeHash = (request: string, code: string) => sha256Hex(`${request}:${code}`);

/** A new sign-in request for `email`: the link's token, the id the asking page keeps, and the code for the mail. */
export async function createSignInRequest(env: Env, email: string, now = Date.now()): Promise<{ token: string; request: string; code: string }> {
  const token = randomToken();
  const request = randomToken();
  const code = sixDigits();
  await env.DB.prepare(
    "INSERT INTO login_tokens (token_hash, email, expires_at, created_at, request_hash, code_hash) VALUES (?, ?, ?, ?, ?, ?)",
  )
    .bind(await sha256Hex(token), email, now + TOKEN_TTL_MS, now, await sha256Hex(request), await codeHash(request, code))
    .run();
  return { token, request, code };
}

/** The address a request was made for (while it is known at all), for the limits counted before a try. */
export async function requestEmail(env: Env, request: string): Promise<string | null> {
  return (await env.DB.prepare("SELECT email FROM login_tokens WHERE request_hash = ?").bind(await sha256Hex(request)).first<{ email: string }>())?.email ?? null;
}

export type CodeOutcome =
  | { ok: true; email: string }
  | { ok: false; why: "unknown" | "used" | "expired" | "locked" }
  | { ok: false; why: "wrong"; triesLeft: number };

/**
 * One try of `code` for `request`. The try is counted before the code is compared (one statement,
 * so no more than CODE_TRIES comparisons ever happen, however many arrive at once); a right code
 * is then used up in one statement, so it signs in once.
 */
export async function tryCode(env: Env, request: string, code: string, now = Date.now()): Promise<CodeOutcome> {
  const requestHash = await sha256Hex(request);
  const row = await env.DB.prepare(
    `UPDATE login_tokens SET code_tries = code_tries + 1
     WHERE request_hash = ?1 AND code_used_at IS NULL AND expires_at > ?2 AND code_tries < ?3
     RETURNING code_hash AS codeHash, code_tries AS tries`,
  )
    .bind(requestHash, now, CODE_TRIES)
    .first<{ codeHash: string; tries: number }>();
  if (!row) {
    const state = await env.DB.prepare("SELECT code_used_at AS usedAt, expires_at AS expiresAt, code_tries AS tries FROM login_tokens WHERE request_hash = ?")
      .bind(requestHash)
      .first<{ usedAt: number | null; expiresAt: number; tries: number }>();
    if (!state) return { ok: false, why: "unknown" };
    if (state.usedAt !== null) return { ok: false, why: "used" };
    if (state.expiresAt <= now) return { ok: false, why: "expired" };
    return { ok: false, why: "locked" };
  }
  if (row.codeHash !== (await codeHash(request, code))) return { ok: false, why: "wrong", triesLeft: CODE_TRIES - row.tries };
  const used = await env.DB.prepare("UPDATE login_tokens SET code_used_at = ?1 WHERE request_hash = ?2 AND code_used_at IS NULL AND expires_at > ?1 RETURNING email")
    .bind(now, requestHash)
    .first<{ email: string }>();
  return used ? { ok: true, email: used.email } : { ok: false, why: "used" };
}
