/**
 * Whether a game shows hints at all: unless its options turn them off or it plays dead hands
 * "enforce" (tournament rules). A leaf of the engine, so that a page can ask without loading every
 * ruleset, or the hints' own words (game/hints.ts, which re-exports it).
 */
import type { GameOptions } from "../api";

/** Tournament rules (deadHands "enforce") give no help towards a hand that may be dead: no hints, whatever the hints option says. */
export const hintsOffByRules = (options: GameOptions): boolean => options.deadHands === "enforce";

export const hintsAllowed = (options: GameOptions): boolean => options.hints !== false && !hintsOffByRules(options);
