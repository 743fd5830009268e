/**
 * Limits on what one account can do to others. Abuse limits (bursts of game creation or league
 * invitations) use the platform's rate-limiting binding ([[ratelimits]] in wrangler.toml: no D1
 * write per request; it counts per location and per 60 s). Limits that must be exact over an hour
 * or a day (invitation mail, sign-in) are D1 counters (db/rate-limits.ts). A refused request
 * answers 429 with a plain message saying when to try again, and changes nothing (a refused D1
 * counter is not raised). The figures and words are in lib/limits.ts.
 */
import type { Env } from "../lib/env";
import { sha256Hex } from "../lib/crypto";
import { LIMITS, MINUTE, HOUR, DAY, refuse } from "../lib/limits";
import { hit, lower, raiseBelow } from "../db/rate-limits";

export interface Counter {
  key: string;
  limit: number;
  windowMs: number;
  /** Says what was refused, in words ("You have sent many invitations in the last hour."). */
  what: string;
}

/**
 * Raises every counter by one, or none: when any of them is full the others are lowered again
 * and a 429 says when the first full one opens.
 */
export async function count(env: Env, counters: Counter[], now = Date.now()): Promise<void> {
  if (!counters.length) return;
  const starts = counters.map((c) => now - (now % c.windowMs));
  const ok = await raiseBelow(env, counters.map((c, i) => ({ key: c.key, windowStart: starts[i]!, limit: c.limit })));
  const full = ok.indexOf(false);
  if (full < 0) return;
  const raised = counters.map((c, i) => ({ key: c.key, windowStart: starts[i]! })).filter((_, i) => ok[i]);
  if (raised.length) await lower(env, raised);
  const c = counters[full]!;
  throw refuse(c.what, (starts[full]! + c.windowMs - now) / 1000);
}

/** A burst limit through a rate-limiting binding (60 s period); D1 keeps the same limit when the binding is absent. */
export async function burst(env: Env, binding: RateLimit | undefined, key: string, limit: number, what: string): Promise<void> {
  if (!binding) return count(env, [{ key: `burst:${key}`, limit, windowMs: MINUTE, what }]);
  const { success } = await binding.limit({ key });
  if (!success) throw refuse(what, 60);
}

/** The counters an invitation mail from `userId` to `to` raises. */
export async function inviteMailCounters(userId: string, to: string): Promise<Counter[]> {
  return [
    { key: `invite-mail:${userId}`, limit: LIMITS.inviteMailPerHour, windowMs: HOUR, what: `You have sent ${LIMITS.inviteMailPerHour} invitations in the last hour, the most we send for one player.` },
    { key: `invite-mail:${userId}:${await sha256Hex(to)}`, limit: LIMITS.inviteMailPerRecipientPerDay, windowMs: DAY, what: `You have already invited this address ${LIMITS.inviteMailPerRecipientPerDay} times today.` },
  ];
}

/**
 * Fixed-window counter in D1. Returns true while `key` has been hit at most `limit` times in
 * the current window (this hit included).
 */
export async function allow(env: Env, key: string, limit: number, windowMs: number, now = Date.now()): Promise<boolean> {
  const windowStart = now - (now % windowMs);
  return (await hit(env, key, windowStart)) <= limit;
}
