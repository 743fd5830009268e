/**
 * The web build's stand-in for worker/engine/card/builtin.ts (vite.config.ts resolves every import
 * of that file here): the built-in cards as shipped, not validated again on each phone. The build
 * checks them instead: it fails unless the engine's validator, run over the same data, gives
 * exactly these cards (vite.config.ts, "builtin-cards").
 */
import type { Card } from "../../../worker/engine/card/api";
import { builtinCardData } from "../../../worker/engine/cards";

/** A built-in card's data as the validator returns it: the lines' optional `atomic` spelled out. */
export const shipped = (data: unknown): Card => {
  const c = data as Card;
  return { ...c, lines: c.lines.map((l) => ({ ...l, atomic: l.atomic === true })) };
};

/** Built-in cards by id ("sample-2026"). */
export const builtinCards: Record<string, Card> = Object.fromEntries(Object.entries(builtinCardData).map(([id, data]) => [id, shipped(data)]));
