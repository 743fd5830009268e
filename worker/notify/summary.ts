/**
 * One message from one or several merged events: a title, a few lines in words, and where the
 * button goes. Only what the event text already says publicly; never a concealed tile.
 */
import { timeLeftWords } from "./clock";
import { atMs, type NoticeType, type NotifyMessage } from "./types";
import { awayWords } from "../lib/away";

export interface Summary {
  title: string;
  /** One line per event, oldest first: "Tuesday Siamese: Ann discarded 7 Dots — your turn, 2 days left". */
  lines: string[];
  /**
   * Where the button goes: the game page; when several games are involved, the game among those
   * waiting for the player with the least time left (the table's "Next" goes on from there), or
   * the list of games when none waits for them.
   */
  url: string;
  /** The button's words. */
  button: string;
  /** Mail only, after the lines: where the button leads when several games wait, and the list of games. */
  more: string[];
  gameIds: string[];
  kinds: NoticeType[];
}

const HEADLINE: Record<NoticeType, string> = {
  turn: "Your turn",
  claim: "You may claim a discard",
  reminder: "Reminder: it is your move",
  "final-reminder": "Last reminder: your time is running out",
  "game-ended": "Game over",
  chat: "New message",
  "league-round": "A new league round starts",
  timeout: "Your time ran out",
};

/** The lines that say a game waits for the player's move. */
const TO_ACT: ReadonlySet<NoticeType> = new Set(["turn", "claim", "reminder", "final-reminder"]);

export function gameName(m: NotifyMessage): string {
  return m.game ?? `Game ${m.gameId}`;
}

/** "Tuesday Siamese with Ann" */
export function gameWith(m: NotifyMessage): string {
  return m.opponents?.length ? `${gameName(m)} with ${m.opponents.join(" and ")}` : gameName(m);
}

/** The line of one event; the others' vacations said in `timeZone` (the reader's). */
export function eventLine(m: NotifyMessage, now: number, timeZone?: string): string {
  const left = m.deadline !== undefined && m.type !== "game-ended" && m.type !== "timeout" ? ` (${timeLeftWords(m.deadline, now)} left)` : "";
  const away = (m.away ?? []).map((a) => ` ${awayWords(a.name, a.until, now, timeZone)}.`).join("");
  return `${gameWith(m)}: ${m.text}${left}${away && !/[.!?]$/.test(`${m.text}${left}`) ? "." : ""}${away}`;
}

export function summarize(events: NotifyMessage[], now: number, timeZone?: string): Summary {
  if (events.length === 0) throw new Error("summarize needs at least one event");
  const sorted = [...events].sort((a, b) => atMs(a.at) - atMs(b.at));
  const gameIds = [...new Set(sorted.map((e) => e.gameId))];
  const kinds = [...new Set(sorted.map((e) => e.type))];
  const last = sorted[sorted.length - 1]!;
  const title =
    sorted.length === 1
      ? `${HEADLINE[last.type]}: ${gameName(last)}`
      : gameIds.length === 1
        ? `${sorted.length} updates in ${gameName(last)}`
        : `${sorted.length} updates in ${gameIds.length} games`;
  const lines = sorted.map((e) => eventLine(e, now, timeZone));
  if (gameIds.length === 1) return { title, lines, url: last.url, button: "Open the game", more: [], gameIds, kinds };
  // Several games: the button opens the one waiting for you with the least time left, and after your
  // move there the table's "Next" takes you to the next (web/src/game/NextGame.tsx).
  const waiting = new Map<string, NotifyMessage>();
  for (const e of sorted) if (TO_ACT.has(e.type)) waiting.set(e.gameId, e);
  const list = new URL("/games", last.url).href;
  const first = [...waiting.values()].sort((a, b) => (a.deadline ?? Infinity) - (b.deadline ?? Infinity))[0];
  if (!first) return { title, lines, url: list, button: "Open my games", more: [], gameIds, kinds };
  const others = waiting.size - 1;
  const next = others ? ` After your move there, "Next" takes you to the other ${others === 1 ? "one" : others}.` : "";
  const more = [`Your turn in ${waiting.size === 1 ? "1 game" : `${waiting.size} games`}: the button opens ${gameWith(first)}, the one with the least time left.${next}`, `All your games: ${list}`];
  return { title, lines, url: first.url, button: `Open ${gameName(first)}`, more, gameIds, kinds };
}

/** The web push payload: title, short text, game URL. Nothing else leaves the server. */
export function pushPayload(s: Summary): { title: string; body: string; url: string; tag: string } {
  const body = s.lines.length === 1 ? s.lines[0]! : `${s.lines[s.lines.length - 1]!} (+${s.lines.length - 1} more)`;
  return { title: s.title, body: body.slice(0, 200), url: s.url, tag: s.gameIds.length === 1 ? `game-${s.gameIds[0]}` : "games" };
}
