import type { GameInfo } from "../api";

/**
 * Whether the page offers hints: only when the game allows them. Where the service sends hints
 * itself (`hints` in the game), null means none; where the table works them out on the device,
 * the game's options decide.
 */
export function hintsShown(game: GameInfo): boolean {
  if (game.options?.hints === false) return false;
  // Kept until the engine withholds hints under dead hands enforced (issue #18, another lane):
  // then the service says so itself and this line goes.
  if (game.options?.deadHands === "enforce") return false;
  return true;
}

/** The hints the service sent with the game (American), or null: none, or the table works them out. */
export const sentHints = <H>(game: GameInfo): H | null => ((game as GameInfo & { hints?: H | null }).hints ?? null);
