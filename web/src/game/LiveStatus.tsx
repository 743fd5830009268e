/**
 * Who is at the table, and while everyone is (a live game) how long the claim window still runs.
 * The service sends `here` per player and `live` in every view, and a presence message when
 * someone comes or goes (useGame folds it in).
 */
import { useEffect, useMemo, useState } from "preact/hooks";
import type { GameInfo } from "../api";

/** Seconds left in a live claim window, counted on this device from the game's clock as the view was made. */
function useSecondsLeft(game: GameInfo): number | null {
  // Ticks to draw again; the time itself is read when drawing (a tick from before the window would be stale).
  const [, setTick] = useState(0);
  // The game's clock (game.now) may differ from this device's: take the difference once per view.
  const skew = useMemo(() => game.now - Date.now(), [game]);
  // Only a live claim window runs out within a minute (turns keep their days).
  const soon = game.live ? game.players.filter((p) => p.toAct && p.deadline !== null && p.deadline - game.now <= 60_000).map((p) => p.deadline!) : [];
  const deadline = soon.length ? Math.min(...soon) : null;
  const live = deadline !== null;
  useEffect(() => {
    if (!live) return;
    const t = setInterval(() => setTick((n) => n + 1), 500);
    return () => clearInterval(t);
  }, [live]);
  return live ? Math.max(0, Math.ceil((deadline! - (Date.now() + skew)) / 1000)) : null;
}

export function LiveStatus({ game, seat }: { game: GameInfo; seat: number }) {
  const left = useSecondsLeft(game);
  if (game.status !== "active") return null;
  const people = game.players.filter((p) => p.userId && !p.computer);
  const here = people.filter((p) => p.here && p.seat !== seat).map((p) => p.name ?? "—");
  // One short line beside the heading: the table below keeps the screen.
  return (
    <span class={`live-status${game.live ? " live" : ""}`}>
      {game.live ? <strong>Playing live</strong> : null}
      {people.length > 1 ? `${game.live ? " · " : ""}${here.length ? `Here now: ${here.join(", ")}` : "Nobody else is here"}` : null}
      {/* Not a live region: the table's own status line says what to do; this would be read out every second. */}
      {left !== null ? <span class="countdown"> · The claim window closes in {left} s</span> : null}
    </span>
  );
}
