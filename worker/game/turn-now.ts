/**
 * Whether a player is to act in a game now, and since when: what a notice about a turn is
 * checked against when it goes out (worker/notify/truth.ts). Pure; the room answers it as RPC
 * (`GameRoom.turnOf`), one call per game per flush.
 */
import { deadlineOf } from "./clock";
import type { GameDoc } from "./store";

export interface TurnNow {
  /** "gone": no such game, or the player holds no seat in it. */
  status: GameDoc["status"] | "gone";
  /**
   * The player's running clocks: when each turn began (`since`, the clock's start, which a
   * notice about that turn carries as `turnSince`) and when it runs out (vacation and extensions
   * counted). Empty when the player is not to act.
   */
  turns: { seat: number; since: number; deadline: number }[];
}

export function turnNow(doc: GameDoc | null, userId: string): TurnNow {
  const seats = doc ? doc.players.flatMap((p, seat) => (p?.userId === userId ? [seat] : [])) : [];
  if (!doc || !seats.length) return { status: "gone", turns: [] };
  const turns = doc.status === "active" ? doc.clocks.filter((c) => seats.includes(c.seat)).map((c) => ({ seat: c.seat, since: c.startedAt, deadline: deadlineOf(c) })) : [];
  return { status: doc.status, turns };
}
