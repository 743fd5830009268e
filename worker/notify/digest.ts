/**
 * The daily digest: one email a day, at the player's chosen local hour, listing the games where
 * it is their turn, the most urgent first. Pure: the cron sweep supplies the clock and the games.
 */
import { localTime, timeLeftWords } from "./clock";
import { inQuietHours } from "./decide";
import type { NotifySettings } from "./types";

export interface DigestGame {
  gameId: string;
  game: string;
  opponents: string[];
  /** Epoch ms when the player's time runs out; null when no clock runs. */
  deadline: number | null;
  url: string;
}

/**
 * The local date the digest is for, when one is due now; else null. Due during the player's
 * chosen hour (the cron runs several times an hour, so a missed run is caught up), once per
 * local day, never inside quiet hours.
 */
export function digestDueOn(s: NotifySettings, sentOn: string | null, now: number): string | null {
  if (s.email !== "digest") return null;
  const local = localTime(now, s.timezone);
  if (local.hour !== s.digestHour) return null;
  if (sentOn === local.date) return null;
  if (inQuietHours(s, now)) return null;
  return local.date;
}

/** Most urgent first; games without a running clock last, then by name. */
export function byTimeLeft(games: DigestGame[]): DigestGame[] {
  return [...games].sort((a, b) => (a.deadline ?? Infinity) - (b.deadline ?? Infinity) || a.game.localeCompare(b.game));
}

export interface DigestContent {
  subject: string;
  lines: string[];
  /** Where the button goes: the list of the player's games. */
  url: string;
}

/** Null when no game waits for the player: an empty digest is not sent. */
export function composeDigest(games: DigestGame[], now: number, appUrl: string): DigestContent | null {
  if (games.length === 0) return null;
  const sorted = byTimeLeft(games);
  const lines = sorted.map((g) => {
    const who = g.opponents.length ? ` with ${g.opponents.join(" and ")}` : "";
    const left = g.deadline === null ? "no clock" : `${timeLeftWords(g.deadline, now)} left`;
    return `${g.game}${who}: your turn, ${left}`;
  });
  const n = sorted.length;
  return { subject: `Your turn in ${n} game${n === 1 ? "" : "s"}`, lines, url: new URL("/games", appUrl).href };
}
