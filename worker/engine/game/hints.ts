/** Hints as every variant shows them: per rack the closest card lines and how many tiles away. */
import type { Away } from "../card/api";
import { formatTiles } from "../tiles";

export { hintsAllowed } from "./hints-allowed";

export interface LineHint {
  line: string;
  category: string;
  value: number;
  text: string;
  concealed: boolean;
  away: number;
  /** Tiles still needed, in tile notation ("7D 7D N"). */
  needed: string;
}

export interface RackHint {
  rack: number;
  status: "open" | "declared" | "dead";
  closest: LineHint[];
}

export interface Hints {
  racks: RackHint[];
  /** The best lines for all the racks together (one per rack) built from one pool, or null. */
  together: { lines: LineHint[]; total: number } | null;
}

/** One card line as a hint, from what `tilesAway` found. */
export const lineHint = (a: Away): LineHint => ({
  line: a.line.id,
  category: a.line.category,
  value: a.line.value,
  text: a.line.text,
  concealed: a.line.concealed,
  away: a.away,
  needed: formatTiles(a.needed),
});

/**
 * The `per` nearest lines that the rack can actually declare: Atomic lines only on a Siamese
 * Atomic rack (`atomic`), every other line everywhere else (American: a Siamese-only hand).
 */
export const closestHints = (aways: Away[], per: number, atomic = false): LineHint[] =>
  aways.filter((a) => a.line.atomic === atomic).slice(0, per).map(lineHint);
