/**
 * Siamese: the best pair of lines for two racks drawing on one shared pool of concealed tiles.
 *
 * Search: every open (line, suits, numbers) choice of each rack gets its distance against the
 * whole pool. Sharing a pool can only cost more, so dA + dB is a lower bound of the pair's joint
 * distance (and, sharing the jokers too, sA + sB + max(0, fA + fB - jokers) with s/f the shortfalls
 * in singles-and-pairs and in 3+ groups). Pairs are tried in increasing order of dA + dB, skipped
 * when the second bound already exceeds the best, and the search stops once dA + dB reaches the
 * best joint distance found: the result is exact. A safety cap (MAX_PAIRS pairs looked at) bounds
 * the worst case; when it is hit, the best pair found so far is returned. On random 28-tile pools
 * the search looks at a few dozen pairs (at most ~5,000 seen in 1,000 pools), far below the cap.
 * Ties go to the larger total value among the pairs tried, then to card order.
 */
import { JOKER, KIND_COUNT, type Counts, type Kind } from "../tiles";
import type { Away, Card, Group } from "./api";
import { allocate, arrange, distance, lastFlexShortfall } from "./allocate";
import { tileCounts } from "./away";
import type { Candidate, CompiledLine, Need } from "./compile";
import { assignSlots, checkExposures, openOptions } from "./exposures";

export const MAX_PAIRS = 100_000;

/** How the last search went (figures for the bench): pairs looked at, and whether the cap cut it short. */
export const lastSearch = { pairs: 0, capped: false };

interface Option {
  line: CompiledLine;
  cand: Candidate;
  need: Need;
  d: number;
  /** Shortfall in singles/pairs and in 3+ groups against the whole pool, before jokers. */
  s: number;
  f: number;
  /** Position in the rack's option list (to try each unordered pair once when both racks are alike). */
  i: number;
}

const S = new Int16Array(KIND_COUNT);
const F = new Int16Array(KIND_COUNT);

function add(n: Need): void {
  const { kinds, strict, flex } = n;
  for (let i = 0; i < kinds.length; i++) {
    S[kinds[i]!]! += strict[i]!;
    F[kinds[i]!]! += flex[i]!;
  }
}

let js = 0;
let jf = 0;
/** Adds one need's shortfalls against the pool into js/jf, clearing the scratch arrays as it goes. */
function settle(counts: Counts, n: Need): void {
  const kinds = n.kinds;
  for (let i = 0; i < kinds.length; i++) {
    const k = kinds[i]!;
    const st = S[k]!;
    const fl = F[k]!;
    if (st === 0 && fl === 0) continue; // already counted through the other need
    S[k] = 0;
    F[k] = 0;
    const h = counts[k]!;
    if (h >= st) {
      if (fl > h - st) jf += fl - (h - st);
    } else {
      js += st - h;
      jf += fl;
    }
  }
}

/** Joint distance of two needs drawing on one pool (same greedy as `distance`, on the summed needs). */
function joint(counts: Counts, a: Need, b: Need): number {
  add(a);
  add(b);
  js = 0;
  jf = 0;
  settle(counts, a);
  settle(counts, b);
  const j = counts[JOKER]!;
  return jf > j ? js + jf - j : js;
}

function options(counts: Counts, card: Card, exposures: Group[]): Option[][] {
  const byDistance: Option[][] = [];
  const j = counts[JOKER]!;
  let i = 0;
  for (const o of openOptions(card, exposures)) {
    const d = distance(counts, o.need);
    const s = d - Math.max(0, lastFlexShortfall - j);
    (byDistance[d] ??= []).push({ line: o.line, cand: o.cand, need: o.need, d, s, f: lastFlexShortfall, i: i++ });
  }
  return byDistance;
}

function rackAway(o: Option, counts: Counts, exposures: Group[], share: ReturnType<typeof allocate>[number]): Away {
  const away: Away = { line: o.line.line, away: share.away, needed: share.needed };
  if (share.away === 0) away.arrangement = arrange(o.cand.slots, exposures, assignSlots(o.cand, exposures)!, o.need, share);
  return away;
}

export function bestTwoHands(
  pool: Kind[],
  exposures: [Group[], Group[]],
  card: Card,
): { racks: [Away, Away]; total: number } | null {
  exposures.forEach(checkExposures);
  const counts = tileCounts(pool);
  const A = options(counts, card, exposures[0]);
  const B = options(counts, card, exposures[1]);
  if (A.length === 0 || B.length === 0) return null;
  const exposed = exposures.flat().reduce((n, e) => n + e.size, 0);
  const floor = Math.max(0, 28 - exposed - pool.length);

  // Racks with the same exposures have the same options: try each unordered pair once.
  const alike = JSON.stringify(exposures[0]) === JSON.stringify(exposures[1]);
  const jokers = counts[JOKER]!;
  let best: [Option, Option] | null = null;
  let bestTotal = Infinity;
  let bestValue = -1;
  let tried = 0;
  search: for (let bound = 0; bound < bestTotal && bound < A.length + B.length; bound++) {
    for (let da = 0; da <= bound; da++) {
      const db = bound - da;
      if (alike && da > db) break;
      const as = A[da];
      const bs = B[db];
      if (!as || !bs) continue;
      for (const a of as)
        for (const b of bs) {
          if (alike && da === db && b.i < a.i) continue;
          if (++tried > MAX_PAIRS) break search;
          // Sharing the jokers too: strict shortfalls add up, and so do the flex ones before jokers.
          if (a.s + b.s + Math.max(0, a.f + b.f - jokers) > bestTotal) continue;
          const t = joint(counts, a.need, b.need);
          const value = a.line.line.value + b.line.line.value;
          if (t < bestTotal || (t === bestTotal && value > bestValue)) {
            best = [a, b];
            bestTotal = t;
            bestValue = value;
          }
          if (bestTotal <= floor) break search;
        }
    }
  }
  lastSearch.pairs = Math.min(tried, MAX_PAIRS);
  lastSearch.capped = tried > MAX_PAIRS;
  if (!best) return null;
  const [a, b] = best;
  const shares = allocate(counts, [a.need, b.need]);
  const racks: [Away, Away] = [rackAway(a, counts, exposures[0], shares[0]!), rackAway(b, counts, exposures[1], shares[1]!)];
  return { racks, total: racks[0].away + racks[1].away };
}
