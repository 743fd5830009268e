/**
 * Who is at the table, and whether everyone is (a live game; a live claim window's countdown is beside
 * its buttons: LiveCountdown.tsx).
 * The service sends `here` per player and `live` in every view, and a presence message when
 * someone comes or goes (useGame folds it in).
 */
import type { GameInfo } from "../api";

export function LiveStatus({ game, seat }: { game: GameInfo; seat: number }) {
  if (game.status !== "active") return null;
  const people = game.players.filter((p) => p.userId && !p.computer);
  const here = people.filter((p) => p.here && p.seat !== seat).map((p) => p.name ?? "—");
  // One short line beside the heading: the table below keeps the screen.
  return (
    <span class={`live-status${game.live ? " live" : ""}`}>
      {game.live ? <strong>Playing live</strong> : null}
      {people.length > 1 ? `${game.live ? " · " : ""}${here.length ? `Here now: ${here.join(", ")}` : "Nobody else is here"}` : null}
    </span>
  );
}
