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
import { JOKER, KIND_COUNT, type Counts, type Kind } from "../tile-kinds";
import type { Away, BestHands, Card, Group } from "./api";
import { allocate, distance, lastFlexShortfall, takenKinds } from "./allocate";
import { tileCounts } from "./away";
import type { Candidate, CompiledLine, Need } from "./compile";
import { checkExposures, openOptions } from "./exposures";
import { bestHandsFound } from "./best-found";
import { rackAway } from "./rack-away";

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

/** Joint distance of several needs drawing on one pool (same greedy as `distance`, on the summed needs). */
function joint(counts: Counts, needs: readonly Need[]): number {
  for (let i = 0; i < needs.length; i++) add(needs[i]!);
  js = 0;
  jf = 0;
  for (let i = 0; i < needs.length; i++) settle(counts, needs[i]!);
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

/** Tiles a complete hand holds (every card line is 14 tiles). */
const HAND_TILES = 14;

/**
 * The best N lines for N racks drawing on one shared pool (Siamese: N = 2 from 27-28 tiles), exact.
 * For N > 2 (Royale: N = 4 from 55-56) it returns the best found by bestHandsFound (./best-found.ts),
 * an anytime search capped by steps: four-rack hints are "the best found". Rack r has `exposures[r]` (default: none). The search is the
 * one described at the top of this file, over N-tuples: tuples of per-rack distances are tried in
 * increasing order of their sum (lexicographically within one sum), the same bounds prune them, and
 * MAX_PAIRS caps the tuples looked at. For N = 2 it visits the pairs in exactly the old order.
 */
export function bestHands(pool: Kind[], n: number, card: Card, exposures: Group[][] = Array.from({ length: n }, () => [])): BestHands | null {
  // more than two racks (Royale's four): no exact search fits a request; the best found (./best-found.ts)
  if (n > 2) return bestHandsFound(pool, n, card, exposures);
  if (exposures.length !== n) throw new Error(`bestHands: ${exposures.length} exposure lists for ${n} racks`);
  exposures.forEach(checkExposures);
  const counts = tileCounts(pool);
  const opts = exposures.map((e) => options(counts, card, e));
  if (n === 0 || opts.some((o) => o.length === 0)) return null;
  const exposed = exposures.flat().reduce((k, e) => k + e.size, 0);
  const floor = Math.max(0, HAND_TILES * n - exposed - pool.length);

  // Racks with the same exposures have the same options: when all are alike, try each unordered tuple once
  // (per-rack (distance, position) never decreasing from one rack to the next).
  const first = JSON.stringify(exposures[0]);
  const alike = exposures.every((e) => JSON.stringify(e) === first);
  const jokers = counts[JOKER]!;
  const maxBound = opts.reduce((k, o) => k + o.length, 0);
  let best: Option[] | null = null;
  let bestTotal = Infinity;
  let bestValue = -1;
  let tried = 0;
  let stop = false;
  const ds = new Array<number>(n).fill(0);
  const picked = new Array<Option>(n);
  const needs = new Array<Need>(n);

  /** Tries every tuple of options at distances `ds`, choosing rack r onwards; partial sums of s, f and value carried. */
  const tuples = (r: number, s: number, f: number, value: number): void => {
    if (r === n) {
      if (++tried > MAX_PAIRS) {
        stop = true;
        return;
      }
      // Sharing the jokers too: strict shortfalls add up, and so do the flex ones before jokers.
      if (s + Math.max(0, f - jokers) > bestTotal) return;
      const t = joint(counts, needs);
      if (t < bestTotal || (t === bestTotal && value > bestValue)) {
        best = picked.slice();
        bestTotal = t;
        bestValue = value;
      }
      if (bestTotal <= floor) stop = true;
      return;
    }
    for (const o of opts[r]![ds[r]!]!) {
      if (alike && r > 0 && ds[r] === ds[r - 1] && o.i < picked[r - 1]!.i) continue;
      picked[r] = o;
      needs[r] = o.need;
      tuples(r + 1, s + o.s, f + o.f, value + o.line.line.value);
      if (stop) return;
    }
  };

  /** Every split of `left` into per-rack distances for racks r onwards, in lexicographic order. */
  const splits = (r: number, left: number): void => {
    if (r === n - 1) {
      ds[r] = left;
      if (alike && r > 0 && left < ds[r - 1]!) return;
      for (let k = 0; k < n; k++) if (!opts[k]![ds[k]!]) return;
      tuples(0, 0, 0, 0);
      return;
    }
    for (let d = 0; d <= left; d++) {
      if (alike && r > 0 && d < ds[r - 1]!) continue;
      ds[r] = d;
      splits(r + 1, left - d);
      if (stop) return;
    }
  };
  for (let bound = 0; bound < bestTotal && bound < maxBound && !stop; bound++) splits(0, bound);

  lastSearch.pairs = Math.min(tried, MAX_PAIRS);
  lastSearch.capped = tried > MAX_PAIRS;
  const chosen = best as Option[] | null;
  if (!chosen) return null;
  const shares = allocate(counts, chosen.map((o) => o.need));
  const racks = chosen.map((o, r) => rackAway(o, exposures[r]!, shares[r]!));
  return { racks, total: racks.reduce((k, a) => k + a.away, 0), parts: shares.map((sh, r) => takenKinds(chosen[r]!.need, sh)) };
}

/** Siamese: the best pair of lines for two racks (bestHands with N = 2). */
export function bestTwoHands(pool: Kind[], exposures: [Group[], Group[]], card: Card): (BestHands & { racks: [Away, Away] }) | null {
  return bestHands(pool, 2, card, exposures) as (BestHands & { racks: [Away, Away] }) | null;
}
