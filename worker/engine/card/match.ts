/**
 * Matching a whole hand of 14 tiles (the engine's question when a player declares Mah Jongg). Apart
 * from away.ts because the web app's hints never ask it.
 */
import { JOKER, type Kind } from "../tile-kinds";
import type { Card, Group, LineMatch } from "./api";
import { completes } from "./allocate";
import { detail, tileCounts } from "./away";
import { compiled } from "./compile";
import { checkExposures, residual } from "./exposures";

export const exposedKinds = (exposures: Group[]): Kind[] =>
  exposures.flatMap((e) => [...Array<Kind>(e.size - e.jokers).fill(e.kind), ...Array<Kind>(e.jokers).fill(JOKER)]);

/**
 * Lines that exactly these 14 tiles make, exposures (whose tiles are among the 14) kept as they are.
 * `jokerless` is true only when no joker is used in a line that could have used one: singles-and-pairs
 * lines never earn the jokerless bonus (RULES §2).
 */
export function match(tiles: Kind[], card: Card, exposures: Group[] = []): LineMatch[] {
  if (tiles.length !== 14) throw new RangeError(`a Mah Jongg hand has 14 tiles, got ${tiles.length}`);
  checkExposures(exposures);
  const counts = tileCounts(tiles);
  for (const k of exposedKinds(exposures))
    if (--counts[k]! < 0) throw new RangeError("the exposed tiles are not among the 14 tiles");
  const withJokers = tiles.includes(JOKER);
  const out: LineMatch[] = [];
  for (const line of compiled(card)) {
    if (exposures.length > 0 && line.line.concealed) continue;
    for (const cand of line.candidates) {
      const need = residual(cand, exposures);
      if (!need || !completes(counts, need)) continue;
      const arrangement = detail(counts, cand, need, exposures).arrangement!;
      out.push({ line: line.line, jokerless: !withJokers && !line.jokerFree, arrangement });
      break;
    }
  }
  return out;
}
