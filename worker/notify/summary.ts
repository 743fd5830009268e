/**
 * One message from one or several merged events: a title, a few lines in words, and where the
 * button goes. Only what the event text already says publicly; never a concealed tile.
 */
import { timeLeftWords } from "./clock";
import { atMs, type NotifyEvent, type NotifyMessage } from "./types";

export interface Summary {
  title: string;
  /** One line per event, oldest first: "Tuesday Siamese: Ann discarded 7 Dots — your turn, 2 days left". */
  lines: string[];
  /** The game page, or the list of games when several games are involved. */
  url: string;
  gameIds: string[];
  kinds: NotifyEvent[];
}

const HEADLINE: Record<NotifyEvent, string> = {
  turn: "Your turn",
  claim: "You may claim a discard",
  reminder: "Reminder: it is your move",
  "final-reminder": "Last reminder: your time is running out",
  "game-ended": "Game over",
  chat: "New message",
  "league-round": "A new league round starts",
};

export function gameName(m: NotifyMessage): string {
  return m.game ?? `Game ${m.gameId}`;
}

/** "Tuesday Siamese with Ann" */
export function gameWith(m: NotifyMessage): string {
  return m.opponents?.length ? `${gameName(m)} with ${m.opponents.join(" and ")}` : gameName(m);
}

export function eventLine(m: NotifyMessage, now: number): string {
  const left = m.deadline !== undefined && m.type !== "game-ended" ? ` (${timeLeftWords(m.deadline, now)} left)` : "";
  return `${gameWith(m)}: ${m.text}${left}`;
}

export function summarize(events: NotifyMessage[], now: number): Summary {
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
  const url = gameIds.length === 1 ? last.url : new URL("/games", last.url).href;
  return { title, lines: sorted.map((e) => eventLine(e, now)), url, gameIds, kinds };
}

/** The web push payload: title, short text, game URL. Nothing else leaves the server. */
export function pushPayload(s: Summary): { title: string; body: string; url: string; tag: string } {
  const body = s.lines.length === 1 ? s.lines[0]! : `${s.lines[s.lines.length - 1]!} (+${s.lines.length - 1} more)`;
  return { title: s.title, body: body.slice(0, 200), url: s.url, tag: s.gameIds.length === 1 ? `game-${s.gameIds[0]}` : "games" };
}
