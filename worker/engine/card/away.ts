/**
 * Tiles away and matching for one rack: its concealed tiles (13–14, or a whole Siamese pool)
 * plus its fixed exposures, against every line still open to it.
 */
import { KIND_COUNT, countKinds, type Counts, type Kind } from "../tile-kinds";
import type { Away, Card, Group } from "./api";
import { allocate, arrange, distance, lastJokersUsed, shortfall } from "./allocate";
import { compiled, type Candidate, type CompiledLine, type Need } from "./compile";
import { assignSlots, checkExposures, residual } from "./exposures";

export function tileCounts(tiles: Kind[]): Counts {
  for (const k of tiles) if (!Number.isInteger(k) || k < 0 || k >= KIND_COUNT) throw new RangeError(`${k} is not a tile kind`);
  return countKinds(tiles);
}

/** Details for the chosen candidate of a line: what is missing and, when complete, the arrangement. */
export function detail(counts: Counts, cand: Candidate, need: Need, exposures: Group[], away?: number): Omit<Away, "line"> {
  if (away !== undefined && away > 0) return { away, needed: shortfall(counts, need) };
  const share = allocate(counts, [need])[0]!;
  const out: Omit<Away, "line"> = { away: share.away, needed: share.needed };
  if (share.away === 0) out.arrangement = arrange(cand.slots, exposures, assignSlots(cand, exposures)!, need, share);
  return out;
}

/** What `nearest` found: the closest candidate, its need beyond the exposures, its distance. */
let nearCand: Candidate | null = null;
let nearNeed: Need | null = null;
let nearAway = Infinity;

/** `closestCandidate` without allocating: the answer is left in nearCand, nearNeed and nearAway. */
function nearest(counts: Counts, line: CompiledLine, exposures: Group[]): void {
  nearCand = nearNeed = null;
  nearAway = Infinity;
  let bestJokers = Infinity;
  for (const cand of line.candidates) {
    const need = residual(cand, exposures);
    if (!need) continue;
    const a = distance(counts, need);
    if (a < nearAway || (a === nearAway && lastJokersUsed < bestJokers)) {
      nearCand = cand;
      nearNeed = need;
      nearAway = a;
      bestJokers = lastJokersUsed;
    }
  }
}

/**
 * The candidate (choice of suits and numbers) of `line` the counts are closest to, with what it
 * still needs beyond the exposures: fewest tiles away; among equals, fewest jokers (jokerless
 * whenever possible). Null when the exposures fit no candidate.
 */
export function closestCandidate(counts: Counts, line: CompiledLine, exposures: Group[]): { cand: Candidate; need: Need; away: number } | null {
  nearest(counts, line, exposures);
  return nearCand && { cand: nearCand, need: nearNeed!, away: nearAway };
}

export function tilesAway(concealed: Kind[], exposures: Group[], card: Card): Away[] {
  checkExposures(exposures);
  const counts = tileCounts(concealed);
  const out: Away[] = [];
  for (const line of compiled(card)) {
    if (exposures.length > 0 && line.line.concealed) continue;
    nearest(counts, line, exposures);
    if (!nearCand) continue;
    if (nearAway > 0) out.push({ line: line.line, away: nearAway, needed: shortfall(counts, nearNeed!) });
    else out.push({ line: line.line, ...detail(counts, nearCand, nearNeed!, exposures) });
  }
  // The lines are in card order and the sort is stable: nearest first, card order among equals.
  return out.sort((a, b) => a.away - b.away);
}
