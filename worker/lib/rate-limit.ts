import type { Env } from "./env";
import { hit } from "../db/rate-limits";

/**
 * Fixed-window counter in D1. Returns true while `key` has been hit at most `limit` times in
 * the current window (this hit included).
 */
export async function allow(env: Env, key: string, limit: number, windowMs: number, now = Date.now()): Promise<boolean> {
  const windowStart = now - (now % windowMs);
  return (await hit(env, key, windowStart)) <= limit;
}
