/**
 * A live claim window's one countdown (issue 36), beside the buttons it is about ("Closes in 11 s"),
 * ticking on this device from the game's clock as the view was made. The game page provides the
 * game (`LiveGame`); the status bar's clocks say "to call" for a live window instead of a second,
 * frozen count (`clockWords`).
 */
import { createContext } from "preact";
import { useContext, useEffect, useMemo, useState } from "preact/hooks";
import type { GameInfo } from "../api";
import { timeLeft } from "../components/timeLeft";

/** The game drawn on this page (Game.tsx provides it). */
export const LiveGame = createContext<GameInfo | null>(null);

/** A live window's deadline: only a live claim window runs out within a minute (turns keep their days). */
function liveDeadline(game: GameInfo | null): number | null {
  if (!game?.live) return null;
  const soon = game.players.filter((p) => p.toAct && p.deadline !== null && p.deadline - game.now <= 60_000).map((p) => p.deadline!);
  return soon.length ? Math.min(...soon) : null;
}

/** Seconds left in the live claim window, ticking; null when no live window runs. */
export function useSecondsLeft(): number | null {
  const game = useContext(LiveGame);
  // Ticks to draw again; the time itself is read when drawing (a tick from before the window would be stale).
  const [, setTick] = useState(0);
  // The game's clock (game.now) may differ from this device's: take the difference once per view.
  const skew = useMemo(() => (game ? game.now - Date.now() : 0), [game]);
  const deadline = liveDeadline(game);
  const live = deadline !== null;
  useEffect(() => {
    if (!live) return;
    const t = setInterval(() => setTick((n) => n + 1), 500);
    return () => clearInterval(t);
  }, [live]);
  return live ? Math.max(0, Math.ceil((deadline! - (Date.now() + skew)) / 1000)) : null;
}

/** "Closes in 11 s" while a live window runs (nothing otherwise). Not a live region: it would be read out every second. */
export function Countdown() {
  const left = useSecondsLeft();
  return left === null ? null : <span class="countdown">Closes in {left} s</span>;
}

/** A running clock in the status bar: its time left, or "to call" in a live window (the countdown is beside the buttons). */
export function useClockWords(): (deadline: number | null | undefined) => string {
  const live = liveDeadline(useContext(LiveGame));
  return (deadline) => (live !== null && deadline && deadline - live < 1000 ? "to call" : timeLeft(deadline));
}
