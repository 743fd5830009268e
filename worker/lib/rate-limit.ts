import type { Env } from "./env";

/**
 * Fixed-window counter in D1. Returns true while `key` has been hit at most `limit` times in
 * the current window (this hit included).
 */
export async function allow(env: Env, key: string, limit: number, windowMs: number, now = Date.now()): Promise<boolean> {
  const windowStart = now - (now % windowMs);
  const row = await env.DB.prepare(
    `INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 1)
     ON CONFLICT (key, window_start) DO UPDATE SET count = count + 1 RETURNING count`,
  )
    .bind(key, windowStart)
    .first<{ count: number }>();
  return (row?.count ?? 0) <= limit;
}
