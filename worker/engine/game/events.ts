/** Events leave the engine through viewEvent: a secret (the tile drawn) reaches only its owner. */
import type { GameEvent, Seat } from "../api";

export function viewEvent(event: GameEvent, seat: Seat | null): GameEvent {
  if (event.secret === undefined || (seat !== null && event.secretFor === seat)) return event;
  const { secret: _secret, secretFor: _for, ...open } = event;
  return open as GameEvent;
}
