/**
 * Events leave the engine through viewEvent: a secret (the tile drawn) reaches only its owner, and
 * so does the mark of a move played by the seat's standing orders (`byOrders`, game/orders.ts): it
 * stays on the event for the event's own seat only, never for another seat or a spectator (null).
 */
import type { GameEvent, Seat } from "../api";

export function viewEvent(event: GameEvent, seat: Seat | null): GameEvent {
  let e = event;
  if (e.byOrders !== undefined && (seat === null || e.seat !== seat)) {
    const { byOrders: _mark, ...rest } = e;
    e = rest as GameEvent;
  }
  if (e.secret === undefined || (seat !== null && e.secretFor === seat)) return e;
  const { secret: _secret, secretFor: _for, ...open } = e;
  return open as GameEvent;
}
