/**
 * Siamese: the best pair of lines for two racks drawing on one shared pool of concealed tiles.
 *
 * Search: every open (line, suits, numbers) choice of each rack gets its distance against the
 * whole pool. Sharing a pool can only cost more, so dA + dB is a lower bound of the pair's joint
 * distance. Pairs are tried in increasing order of that bound and the search stops once the bound
 * reaches the best joint distance found: the result is exact. A safety cap (MAX_PAIRS joint
 * evaluations) bounds the worst case; when it is hit, the best pair found so far is returned.
 * Ties go to the larger total value, then to card order.
 */
import { JOKER, KIND_COUNT, type Counts, type Kind } from "../tiles";
import type { Away, Card, Group } from "./api";
import { allocate, arrange, distance } from "./allocate";
import { tileCounts } from "./away";
import type { Candidate, CompiledLine, Need } from "./compile";
import { assignSlots, checkExposures, openOptions } from "./exposures";

export const MAX_PAIRS = 200_000;

interface Option {
  line: CompiledLine;
  cand: Candidate;
  need: Need;
  d: number;
}

const S = new Int16Array(KIND_COUNT);
const F = new Int16Array(KIND_COUNT);

/** Joint distance of two needs on one pool; stops counting once `bound` is reached. */
function joint(counts: Counts, a: Need, b: Need, bound: number): number {
  for (const n of [a, b])
    for (let i = 0; i < n.kinds.length; i++) {
      S[n.kinds[i]!]! += n.strict[i]!;
      F[n.kinds[i]!]! += n.flex[i]!;
    }
  const j = counts[JOKER]!;
  let s = 0;
  let f = 0;
  for (const n of [a, b])
    for (let i = 0; i < n.kinds.length; i++) {
      const k = n.kinds[i]!;
      const st = S[k]!;
      const fl = F[k]!;
      if (st === 0 && fl === 0) continue;
      S[k] = 0;
      F[k] = 0;
      if (s >= bound) continue; // keep clearing the scratch arrays
      const h = counts[k]!;
      if (h >= st) {
        if (fl > h - st) f += fl - (h - st);
      } else {
        s += st - h;
        f += fl;
      }
      if (f > j && s + f - j >= bound) s = bound;
    }
  return f > j ? s + f - j : s;
}

function options(counts: Counts, card: Card, exposures: Group[]): Option[][] {
  const byDistance: Option[][] = [];
  for (const o of openOptions(card, exposures)) {
    const d = distance(counts, o.need);
    (byDistance[d] ??= []).push({ ...o, d });
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

  let best: [Option, Option] | null = null;
  let bestTotal = Infinity;
  let bestValue = -1;
  let evaluated = 0;
  search: for (let bound = 0; bound < bestTotal && bound < A.length + B.length; bound++) {
    for (let da = 0; da <= bound; da++) {
      const as = A[da];
      const bs = B[bound - da];
      if (!as || !bs) continue;
      for (const a of as)
        for (const b of bs) {
          const t = joint(counts, a.need, b.need, bestTotal + 1);
          const value = a.line.line.value + b.line.line.value;
          if (t < bestTotal || (t === bestTotal && value > bestValue)) {
            best = [a, b];
            bestTotal = t;
            bestValue = value;
          }
          if (++evaluated >= MAX_PAIRS || bestTotal <= floor) break search;
        }
    }
  }
  if (!best) return null;
  const [a, b] = best;
  const shares = allocate(counts, [a.need, b.need]);
  const racks: [Away, Away] = [rackAway(a, counts, exposures[0], shares[0]!), rackAway(b, counts, exposures[1], shares[1]!)];
  return { racks, total: racks[0].away + racks[1].away };
}
