/**
 * The daily digest: one email a day, at the player's chosen local hour, listing the games where
 * it is their turn, the most urgent first. Pure: the cron sweep supplies the clock and the games.
 */
import { localTime, timeLeftWords } from "./clock";
import { inQuietHours } from "./decide";
import type { NotifySettings } from "./types";
import type { ListedGame } from "../db/games";
import { distinctNames, indexSeatName, isComputerUserId, rulesetName } from "../table/names";

export interface DigestGame {
  gameId: string;
  game: string;
  opponents: string[];
  /** Epoch ms when the player's time runs out; null when no clock runs. */
  deadline: number | null;
  url: string;
}

/**
 * The games of the player's list where it is their turn, as the digest lists them: named by
 * their ruleset, the others as the table names them ("Computer (strong) (2)"), each opening its
 * own page. A practice game (every other seat a computer's) is left out: it mails nobody. A
 * challenge whose empty seats computers took is not practice (GameDoc.practice): it is played by
 * correspondence, its turn mails go out, and it is counted.
 */
export function awaiting(games: ListedGame[], userId: string, appUrl: string): DigestGame[] {
  return games.flatMap((g) => {
    const others = g.players.filter((p) => p.userId !== userId);
    if (!g.myTurn || (!g.challenge && others.every((p) => isComputerUserId(p.userId)))) return [];
    const shown = distinctNames(g.players.map(indexSeatName));
    return [
      {
        gameId: g.id,
        game: rulesetName(g.ruleset),
        opponents: shown.filter((_, i) => g.players[i]!.userId !== userId),
        deadline: g.deadline,
        url: new URL(`/game/${g.id}`, appUrl).href,
      },
    ];
  });
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
