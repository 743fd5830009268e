/**
 * The figures of the limits on what one account can do to others, and how a refusal is worded
 * (worker/api/limits.ts counts them).
 */
import { HttpError } from "./errors";

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
