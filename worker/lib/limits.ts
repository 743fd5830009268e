/**
 * Limits on what one account can do to others. Abuse limits (bursts of game creation or league
 * invitations) use the platform's rate-limiting binding ([[ratelimits]] in wrangler.toml: no D1
 * write per request; it counts per location and per 60 s). Limits that must be exact over an hour
 * or a day (invitation mail) are D1 counters. A refused request answers 429 with a plain
 * message saying when to try again, and changes nothing (a refused D1 counter is not raised).
 */
import type { Env } from "./env";
import { HttpError } from "./errors";
import { sha256Hex } from "./crypto";
import { lower, raiseBelow } from "../db/rate-limits";

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The figures, in one place (the README's API table repeats them). */
export const LIMITS = {
  /** Invitation mails (games and leagues together) one account may send per hour. */
  inviteMailPerHour: 20,
  /** Invitation mails from one account to one address per day. */
  inviteMailPerRecipientPerDay: 3,
  /** Games one account may create per day (each is a Durable Object). */
  gamesPerDay: 100,
  /** Burst limits of the rate-limiting bindings (per account, per 60 s); keep in step with wrangler.toml. */
  gamesPerMinute: 20,
  leagueInvitesPerMinute: 10,
} as const;

export class RateLimited extends HttpError {
  constructor(message: string, readonly retryAfterSeconds: number) {
    super(429, "rate-limited", message);
  }
}

/** "in a minute", "in 14 minutes", "in 3 hours". */
export function inWords(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes === 1) return "in a minute";
  if (minutes < 90) return `in ${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return `in ${hours} hours`;
}

export const refuse = (what: string, retryAfterSeconds: number) => new RateLimited(`${what} Try again ${inWords(retryAfterSeconds)}.`, Math.max(1, Math.ceil(retryAfterSeconds)));

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
