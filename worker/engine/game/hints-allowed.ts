/**
 * Whether a game shows hints at all: unless its options turn them off or it plays dead hands
 * "enforce" (tournament rules). A leaf of the engine, so that a page can ask without loading every
 * ruleset, or the hints' own words (game/hints.ts, which re-exports it).
 */
import type { GameOptions } from "../api";

export const hintsAllowed = (options: GameOptions): boolean => options.hints !== false && options.deadHands !== "enforce";
