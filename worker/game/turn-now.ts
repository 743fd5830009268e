/**
 * Whether a player is to act in a game now, and since when: what a notice about a turn is
 * checked against when it goes out (worker/notify/truth.ts). Pure; the room answers it as RPC
 * (`GameRoom.turnOf`), one call per game per flush.
 */
import { deadlineOf } from "./clock";
import type { GameDoc } from "./store";
import type { TurnNow } from "../table/turn";

export function turnNow(doc: GameDoc | null, userId: string): TurnNow {
  const seats = doc ? doc.players.flatMap((p, seat) => (p?.userId === userId ? [seat] : [])) : [];
  if (!doc || !seats.length) return { status: "gone", turns: [] };
  const turns = doc.status === "active" ? doc.clocks.filter((c) => seats.includes(c.seat)).map((c) => ({ seat: c.seat, since: c.startedAt, deadline: deadlineOf(c) })) : [];
  return { status: doc.status, turns };
}
