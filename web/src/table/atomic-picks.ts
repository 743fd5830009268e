/**
 * The Atomic picker's own part of atomic.ts: the Atomic lines closest to some tiles, and which
 * line each suggested pick is for. Apart from cardParts, so the hints do not carry it.
 */
import type { Away } from "../../../worker/engine/card/api";
import { tilesAway } from "../../../worker/engine/card/away";
import type { Kind } from "../../../worker/engine/tile-kinds";
import { cardParts } from "./atomic";

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
