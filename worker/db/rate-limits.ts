/** Fixed-window counters in D1 (rate_limits), for api/limits.ts (invitations, bursts, sign-in). */
import type { Env } from "../lib/env";

/** Raises `key`'s counter for the window starting at `windowStart`; the count after this hit. */
export async function hit(env: Env, key: string, windowStart: number): Promise<number> {
  const row = await env.DB.prepare(
    `INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 1)
     ON CONFLICT (key, window_start) DO UPDATE SET count = count + 1 RETURNING count`,
  )
    .bind(key, windowStart)
    .first<{ count: number }>();
  return row?.count ?? 0;
}

/** Raises each counter that is below its limit, in one batch; per counter, whether it was raised. */
export async function raiseBelow(env: Env, counters: { key: string; windowStart: number; limit: number }[]): Promise<boolean[]> {
  const results = await env.DB.batch<{ count: number }>(
    counters.map((c) =>
      env.DB.prepare(
        `INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1)
         ON CONFLICT (key, window_start) DO UPDATE SET count = count + 1 WHERE count < ?3 RETURNING count`,
      ).bind(c.key, c.windowStart, c.limit),
    ),
  );
  return counters.map((_, i) => !!results[i]?.results?.length);
}

/** Takes back one hit of each counter (the others of a refused group). */
export async function lower(env: Env, counters: { key: string; windowStart: number }[]): Promise<void> {
  await env.DB.batch(counters.map((c) => env.DB.prepare("UPDATE rate_limits SET count = count - 1 WHERE key = ? AND window_start = ?").bind(c.key, c.windowStart)));
}
