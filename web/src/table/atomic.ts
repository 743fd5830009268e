/**
 * The Atomic hand on the web side (RULES §3): which card lines a rack can aim for, and which
 * Atomic line each of the engine's suggested 13 tiles is meant for. Loaded with the card matcher
 * (hints and the Atomic picker), never with the table itself.
 */
import type { Away, Card } from "../../../worker/engine/card/api";
import { tilesAway } from "../../../worker/engine/card/away";
import { builtinCards } from "../../../worker/engine/card/builtin";
import type { Kind } from "../../../worker/engine/tiles";
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

/** The Atomic lines closest to these tiles, nearest first (card order on a tie). */
export const atomicAway = (kinds: Kind[], cardId: string): Away[] => {
  const parts = cardParts(cardId);
  return parts ? tilesAway(kinds, [], parts.atomic) : [];
};

/**
 * Which Atomic line each suggested pick of 13 tiles is for: the move's own `line` when the engine
 * names it, otherwise the Atomic line those tiles come closest to (ties go to the line not yet taken).
 */
export function suggestionLines(picks: { kinds: Kind[]; line?: unknown }[], cardId: string): string[] {
  const taken = new Set<string>();
  return picks.map(({ kinds, line: named }) => {
    if (typeof named === "string" && named) return named;
    const aways = atomicAway(kinds, cardId);
    const best = aways[0]?.away;
    const line = aways.find((a) => a.away === best && !taken.has(a.line.id)) ?? aways[0];
    if (line) taken.add(line.line.id);
    return line?.line.id ?? "";
  });
}
