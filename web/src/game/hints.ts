import { hintsAllowed } from "../../../worker/engine/game/hints-allowed";
import type { GameInfo } from "../api";

/**
 * Whether the page offers hints: only when the game allows them. Where the service sends hints
 * itself (`hints` in the game), null means none; where the table works them out on the device,
 * the engine decides from the game's options.
 */
export const hintsShown = (game: GameInfo): boolean => hintsAllowed(game.options ?? {});

/** The hints the service sent with the game (American), or null: none, or the table works them out. */
export const sentHints = <H>(game: GameInfo): H | null => ((game as GameInfo & { hints?: H | null }).hints ?? null);
