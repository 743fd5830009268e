/**
 * The Atomic hand on the web side (RULES §3): which card lines a rack can aim for, and which
 * Atomic line each of the engine's suggested 13 tiles is meant for (atomic-picks.ts, the picker's own).
 * Loaded with the card matcher (hints and the Atomic picker), never with the table itself.
 */
import type { Card } from "../../../worker/engine/card/api";
import { builtinCards } from "../../../worker/engine/card/builtin";
import { gameCard } from "./card";

const SPLIT = new WeakMap<Card, { atomic: Card; other: Card }>();

/** The game's card split in two: its Atomic lines, and every other line. */
export function cardParts(cardId: string): { atomic: Card; other: Card } | null {
  const c = builtinCards[cardId] ?? (gameCard(cardId) as Card | undefined) ?? builtinCards["sample-2026"];
  if (!c) return null;
  let parts = SPLIT.get(c);
  if (!parts) {
    parts = {
      atomic: { ...c, lines: c.lines.filter((l) => l.atomic) },
      other: { ...c, lines: c.lines.filter((l) => !l.atomic) },
    };
    SPLIT.set(c, parts);
  }
  return parts;
}
