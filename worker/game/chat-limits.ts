/**
 * The chat at a game's table, kept inside the game's Durable Object (its `chat` table; exact, no
 * D1 write): each seat may post a few messages a minute and a bounded number a day, and the game
 * keeps only its latest messages. Counts come from the chat table itself.
 */
import { inWords } from "../lib/limits";
import { ok, refuse, type Result } from "./room-support";

export const CHAT_PER_MINUTE = 6;
export const CHAT_PER_DAY = 100;
/** Messages a game keeps; older ones are removed as new ones come (more than a day of the most any table can post). */
export const CHAT_KEPT = 500;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface ChatMessage {
  id: number;
  seat: number;
  name: string;
  text: string;
  at: number;
}

/**
 * A message `seat` said at the table (shown under `name`), stored; or the refusal when the seat
 * is over a limit (a refused message is not stored, shown or sent on).
 */
export function postChat(sql: SqlStorage, seat: number, name: string, text: string, now: number): Result<ChatMessage> {
  const limited = chatRefusal(sql, seat, now);
  if (limited) return refuse("rate-limited", limited.message, { retryAfter: limited.retryAfter });
  const id = sql.exec<{ id: number }>("INSERT INTO chat (seat, name, text, at) VALUES (?, ?, ?, ?) RETURNING id", seat, name, text, now).one().id;
  trimChat(sql);
  return ok({ id, seat, name, text, at: now });
}

/** The latest `limit` messages, oldest first. */
export function chatLog(sql: SqlStorage, limit = 200): ChatMessage[] {
  return sql.exec<{ id: number; seat: number; name: string; text: string; at: number }>("SELECT * FROM (SELECT id, seat, name, text, at FROM chat ORDER BY id DESC LIMIT ?) ORDER BY id", limit).toArray();
}

/** Null when the seat may post now; otherwise the plain refusal and seconds until it may. */
export function chatRefusal(sql: SqlStorage, seat: number, now: number): { message: string; retryAfter: number } | null {
  for (const [limit, window, what] of [
    [CHAT_PER_MINUTE, MINUTE, `You can send ${CHAT_PER_MINUTE} chat messages a minute.`],
    [CHAT_PER_DAY, DAY, `You can send ${CHAT_PER_DAY} chat messages a day in one game.`],
  ] as const) {
    const row = sql.exec<{ n: number; first: number | null }>("SELECT COUNT(*) AS n, MIN(at) AS first FROM (SELECT at FROM chat WHERE seat = ? AND at > ? ORDER BY at DESC LIMIT ?)", seat, now - window, limit).one();
    if (row.n >= limit) {
      const retryAfter = Math.max(1, Math.ceil(((row.first ?? now) + window - now) / 1000));
      return { message: `${what} Try again ${inWords(retryAfter)}.`, retryAfter };
    }
  }
  return null;
}

/** Keeps only the latest CHAT_KEPT messages of the game. */
export function trimChat(sql: SqlStorage, kept = CHAT_KEPT) {
  sql.exec("DELETE FROM chat WHERE id <= (SELECT id FROM chat ORDER BY id DESC LIMIT 1 OFFSET ?)", kept);
}
