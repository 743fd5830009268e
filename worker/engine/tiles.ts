/**
 * Tiles: kinds, physical sets, and the text notation used by fixtures, the CLI and messages.
 *
 * Notation (one token per tile, separated by spaces):
 *   1B..9B  Bams        1C..9C  Craks        1D..9D  Dots
 *   N E W S winds       R = Red dragon, G = Green dragon, 0 = White dragon ("Soap", also zero)
 *   F       flower (American set; all alike)
 *   F1r..F4r, F1g..F4g  numbered flowers of the Chinese set, red or green
 *   J       joker
 * Case-insensitive on input; `Wh` is accepted for Soap. Formatting always gives the canonical form.
 */

export * from "./tile-kinds";
import { DRAGONS, SUITS, WINDS, dragonKind, type Kind } from "./tile-kinds";

const CODES: string[] = [];
for (const s of SUITS) for (let n = 1; n <= 9; n++) CODES.push(`${n}${s}`);
CODES.push(...WINDS, ...DRAGONS, "F", "J");
for (const c of ["r", "g"]) for (let n = 1; n <= 4; n++) CODES.push(`F${n}${c}`);
const BY_CODE = new Map(CODES.map((c, k) => [c.toUpperCase(), k]));
BY_CODE.set("WH", dragonKind("0"));

export class NotationError extends Error {}

/** Parse one tile token, e.g. "7D", "N", "0", "J", "F2g". */
export function parseTile(token: string): Kind {
  const k = BY_CODE.get(token.trim().toUpperCase());
  if (k === undefined) throw new NotationError(`"${token}" is not a tile (try 1B..9B, 1C..9C, 1D..9D, N E W S, R G 0, F, J)`);
  return k;
}

/** Parse a space-separated list of tiles. */
export function parseTiles(text: string): Kind[] {
  return text.split(/[\s,]+/).filter(Boolean).map(parseTile);
}

export const tileCode = (k: Kind): string => {
  const c = CODES[k];
  if (c === undefined) throw new Error(`no tile kind ${k}`);
  return c;
};
export const formatTiles = (kinds: readonly Kind[]): string => kinds.map(tileCode).join(" ");
