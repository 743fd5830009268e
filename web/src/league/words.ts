/** League words and choices kept apart from the pages, so that tests can hold them against the engine. */
import { rulesets } from "../../../worker/engine/rulesets";
import { RULESET_NAMES } from "../components/names";

/**
 * Every ruleset a league season can be played with: each ruleset the engine plays, in the words of
 * the New Season form (test/web/league-words.test.ts holds this list against the engine's).
 */
export const SEASON_RULESETS: { id: string; label: string }[] = rulesets.map((r) => ({ id: r.id, label: r.seasonChoice }));

export const rulesetName = (id: string) => RULESET_NAMES[id] ?? id;

/** "1 member", "5 members". */
export const members = (n: number) => `${n} ${n === 1 ? "member" : "members"}`;

/** The standings' short column heads, spelled out under the table. */
export const TIE_BREAKS = {
  h2h: "H2H, head to head: for players level on points, their results against each other (1 for each game won between them, ½ for a level game).",
  sb: "SB, Sonneborn-Berger: each game result against an opponent (1, ½ or 0) times that opponent's season points, added up; it settles ties head to head leaves.",
};

/** A date and time without the seconds ("3 Dec 2026, 13:15" in the reader's own way of writing dates). */
export const when = (t: number) => new Date(t).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * "3 days", "1 day", "5 hours", "less than an hour": a span in days from a day and a half on (to the
 * nearest: a move just begun has "3 days left", not 2), else in whole days or hours. The exact time
 * stands beside it ("next move due …").
 */
export function span(ms: number): string {
  const n = (k: number, unit: string) => `${k} ${unit}${k === 1 ? "" : "s"}`;
  if (ms >= 1.5 * DAY) return n(Math.round(ms / DAY), "day");
  if (ms >= DAY) return n(1, "day");
  if (ms >= HOUR) return n(Math.floor(ms / HOUR), "hour");
  return "less than an hour";
}

/**
 * Whose turn it is, in a line: "Jade to play — 2 days late", "Ruby to play, 3 days left", "Jade is away
 * until 4 Dec 2026, 13:15"; the reader's own turn as "Your turn".
 */
function turnLine(t: { userId: string; name: string; deadline: number; awayUntil: number | null }, me: string, now: number): string {
  const mine = t.userId === me;
  if (t.awayUntil && t.awayUntil > now) return `${mine ? "You are" : `${t.name} is`} away until ${when(t.awayUntil)}`;
  const who = mine ? "Your turn" : `${t.name} to play`;
  return t.deadline < now ? `${who} — ${span(now - t.deadline)} late` : `${who}, ${span(t.deadline - now)} left`;
}

/** A game's players whose clock runs, one turnLine each, in one line ("Jade to play — 2 days late · Ruby to play, …"). */
export const turnsLine = (toPlay: { userId: string; name: string; deadline: number; awayUntil: number | null }[], me: string, now: number): string =>
  toPlay.map((t) => turnLine(t, me, now)).join(" · ");

/** A game line's note when computers fill seats at its table: "with a computer player", "with 2 computer players"; "" without. */
export function computerNote(players: { computer?: boolean }[]): string {
  const n = players.filter((p) => p.computer).length;
  return n === 0 ? "" : n === 1 ? "with a computer player" : `with ${n} computer players`;
}

/** What the new-season form says of computer fill-ins, with them and without, and the rating rule for games with computers. */
export const FILL_WORDS = {
  label: "Fill empty seats with a computer player",
  on: "Every round has a table for everyone: the seats the members leave empty go to computers, spread over the tables and the members, so nobody sits out. Standings list the members only.",
  off: "Without it, when the members do not fill every table, some sit out each round (a bye).",
  rated: "A game with a computer player is never rated, here as everywhere on the site.",
};
