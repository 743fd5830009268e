/**
 * One hint line as the player reads it, whichever variant computed it: "8 tiles away", the line's
 * name on the card, the closest tiles (held, joker, exposed, needed), the needed tiles in words,
 * and the line as printed on the card.
 */
import type { Card, Group } from "../../../worker/engine/card/api";
import { JOKER, tileName, type Kind } from "../../../worker/engine/tile-kinds";
import { lineOf, lineTitle } from "./card";
import { closestTiles, type HintGroup } from "./closest";

export interface HintLineM {
  line: string;
  /** "8 tiles away", or "Complete!" */
  head: string;
  /** "Consecutive Run, line 2 (30 points)" */
  title: string;
  /** The closest arrangement, or null when the rack's exposures rule the line out. */
  groups: HintGroup[] | null;
  /** "3 × 4 Bams, 6 Craks"; empty when complete. */
  needed: string;
  /** The line as printed: "NNNN EEEE WWWW SSSS", and the card's note ("any 1 suit") if any. */
  printed: string;
  note: string;
}

/** "8 tiles away"; `complete` for zero. */
export const away = (n: number, complete = "complete") => (n === 0 ? complete : `${n} ${n === 1 ? "tile" : "tiles"} away`);

/** "3 × 4 Bams, 6 Craks" */
export function neededWords(kinds: number[]): string {
  const counts = new Map<number, number>();
  for (const k of kinds) counts.set(k, (counts.get(k) ?? 0) + 1);
  return [...counts].map(([k, n]) => (n > 1 ? `${n} × ${tileName(k)}` : tileName(k))).join(", ");
}

/** An exposure on the table as the card matcher counts it. */
export const groupOf = (e: { kind: Kind; tiles: { kind: Kind }[] }): Group => ({
  kind: e.kind,
  size: e.tiles.length,
  jokers: e.tiles.filter((t) => t.kind === JOKER).length,
});

/** The hint for line `h.line` of `card`, for a rack holding `pool` with `exposures`. */
export function hintLine(h: { line: string; text: string; away: number; needed: Kind[] }, pool: Kind[], exposures: Group[], card: Card): HintLineM {
  return {
    line: h.line,
    head: away(h.away, "Complete!"),
    title: lineTitle(h.line),
    groups: closestTiles(pool, exposures, card, h.line)?.groups ?? null,
    needed: neededWords(h.needed),
    printed: h.text,
    note: lineOf(h.line)?.note ?? "",
  };
}
