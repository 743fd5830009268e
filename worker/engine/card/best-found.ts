/**
 * The best N lines for N > 2 racks drawing on one pool (Royale: four racks, 55–56 tiles): the best
 * FOUND, not proven best. An exact search (./best-two.ts) cannot finish for four racks within the
 * CPU budget of a request (≤ 5 ms; ~600 options a rack on the sample card, billions of four-tuples
 * below a good answer), so this is an anytime search, deterministic and capped by steps, never by
 * a clock (the engine reads no clock):
 *   1. every rack's options sorted by their own distance against the whole pool;
 *   2. starts: rack 1 takes each of its closest options in turn, the other racks are filled
 *      greedily (each the option that lowers the joint distance most), then swap passes (each rack
 *      in turn replaced by its best option given the others) until no swap helps;
 *   3. the best tuple found (joint distance, then total value) is kept; it stops when the steps run
 *      out or a tuple reaches the floor no tuple can beat (the tiles missing from the pool).
 * A step is one joint distance worked out (~0.2 µs). Scans stop early: an option's own distance is
 * a lower bound of its joint distance with the others, and options are scanned closest first.
 * So four-rack hints are "the best found" in the time a request may take, as RULINGS.md says; each
 * rack's own closest lines (tilesAway) stay exact.
 */
import { JOKER, KIND_COUNT, type Counts, type Kind } from "../tile-kinds";
import type { BestHands, Card, Group } from "./api";
import { allocate, distance, takenKinds } from "./allocate";
import { tileCounts } from "./away";
import type { Need } from "./compile";
import { checkExposures, openOptions } from "./exposures";
import { rackAway, type RackOption } from "./rack-away";

/** Joint distances worked out per search: under 2 ms at ~0.2 µs each, well within the 5 ms of a request. */
export const MAX_STEPS = 8_000;

/** How the last search went (figures for the bench): steps taken, starts tried, and whether the cap cut it short. */
export const lastFound = { steps: 0, starts: 0, capped: false };

const strictPart = (h: number, st: number) => (h >= st ? 0 : st - h);
const flexPart = (h: number, st: number, fl: number) => (h >= st ? (fl > h - st ? fl - (h - st) : 0) : fl);

/**
 * The joint distance of the needs chosen so far (the same greedy as `distance` on the summed
 * needs), kept up to date per kind: adding or removing a need works out only the kinds it touches.
 */
export class Joint {
  private readonly S = new Int16Array(KIND_COUNT);
  private readonly F = new Int16Array(KIND_COUNT);
  private js = 0;
  private jf = 0;
  private readonly mark = new Uint8Array(KIND_COUNT);
  private readonly touched: number[] = [];
  constructor(readonly counts: Counts) {}
  private shift(n: Need, sign: 1 | -1): void {
    const t = this.touched;
    t.length = 0;
    for (let i = 0; i < n.kinds.length; i++) {
      const k = n.kinds[i]!;
      if (!this.mark[k]) {
        this.mark[k] = 1;
        t.push(k);
        this.js -= strictPart(this.counts[k]!, this.S[k]!);
        this.jf -= flexPart(this.counts[k]!, this.S[k]!, this.F[k]!);
      }
      this.S[k]! += sign * n.strict[i]!;
      this.F[k]! += sign * n.flex[i]!;
    }
    for (const k of t) {
      this.mark[k] = 0;
      this.js += strictPart(this.counts[k]!, this.S[k]!);
      this.jf += flexPart(this.counts[k]!, this.S[k]!, this.F[k]!);
    }
  }
  add(n: Need): void {
    this.shift(n, 1);
  }
  remove(n: Need): void {
    this.shift(n, -1);
  }
  get away(): number {
    const j = this.counts[JOKER]!;
    return this.jf > j ? this.js + this.jf - j : this.js;
  }
  /**
   * The joint distance with `n` added, leaving the chosen needs as they were: one read-only pass
   * over `n`'s kinds (a need names each kind once, as `distance` assumes).
   */
  with(n: Need): number {
    const { kinds, strict, flex } = n;
    const counts = this.counts;
    let js = this.js;
    let jf = this.jf;
    for (let i = 0; i < kinds.length; i++) {
      const k = kinds[i]!;
      const h = counts[k]!;
      const st = this.S[k]!;
      const fl = this.F[k]!;
      const st2 = st + strict[i]!;
      const fl2 = fl + flex[i]!;
      js += strictPart(h, st2) - strictPart(h, st);
      jf += flexPart(h, st2, fl2) - flexPart(h, st, fl);
    }
    const j = counts[JOKER]!;
    return jf > j ? js + jf - j : js;
  }
}

const HAND_TILES = 14;

/** The best N lines found for N racks from one pool within `steps` (see the top of this file). */
export function bestHandsFound(pool: Kind[], n: number, card: Card, exposures: Group[][] = Array.from({ length: n }, () => []), steps = MAX_STEPS): BestHands | null {
  if (exposures.length !== n) throw new Error(`bestHands: ${exposures.length} exposure lists for ${n} racks`);
  exposures.forEach(checkExposures);
  const counts = tileCounts(pool);
  // racks with the same exposures share one option list
  const lists = new Map<string, RackOption[]>();
  const opts = exposures.map((e) => {
    const key = JSON.stringify(e);
    let list = lists.get(key);
    if (!list) {
      list = [];
      let i = 0;
      for (const o of openOptions(card, e)) list.push({ ...o, d: distance(counts, o.need), i: i++ });
      list.sort((a, b) => a.d - b.d || b.line.line.value - a.line.line.value || a.i - b.i);
      lists.set(key, list);
    }
    return list;
  });
  lastFound.steps = 0;
  lastFound.starts = 0;
  lastFound.capped = false;
  if (n === 0 || opts.some((o) => o.length === 0)) return null;
  const exposed = exposures.flat().reduce((k, e) => k + e.size, 0);
  const floor = Math.max(0, HAND_TILES * n - exposed - pool.length);

  let left = steps;
  const joint = new Joint(counts);
  const chosen = new Array<RackOption>(n);
  let best: RackOption[] | null = null;
  let bestAway = Infinity;
  let bestValue = -1;
  const value = () => chosen.reduce((t, o) => t + o.line.line.value, 0);

  /** Rack r's best option given the needs in `joint` (r's own not among them); null when out of steps. */
  const bestFor = (r: number): RackOption | null => {
    let pick: RackOption | null = null;
    let d = Infinity;
    for (const o of opts[r]!) {
      if (o.d > d) break; // closest first: no later option can do better
      if (left-- <= 0) return null;
      const x = joint.with(o.need);
      if (x < d || (x === d && o.line.line.value > pick!.line.line.value)) [pick, d] = [o, x];
    }
    return pick;
  };
  const keep = () => {
    const away = joint.away;
    const v = value();
    if (away < bestAway || (away === bestAway && v > bestValue)) [best, bestAway, bestValue] = [chosen.slice(), away, v];
  };

  search: for (const start of opts[0]!) {
    if (bestAway <= floor || left <= 0) break;
    if (start.d >= bestAway) break; // rack 1's own distance bounds the tuple's
    lastFound.starts++;
    chosen[0] = start;
    joint.add(start.need);
    let filled = 1;
    for (let r = 1; r < n; r++, filled++) {
      const o = bestFor(r);
      if (!o) break;
      chosen[r] = o;
      joint.add(o.need);
    }
    // out of steps before the first tuple is whole: the racks left take their own closest lines
    for (; filled < n; filled++) {
      chosen[filled] = opts[filled]![0]!;
      joint.add(chosen[filled]!.need);
    }
    keep();
    // swap passes: each rack in turn takes its best option given the others, until none helps
    for (let better = true; better && left > 0; ) {
      better = false;
      for (let r = 0; r < n; r++) {
        const was = joint.away;
        joint.remove(chosen[r]!.need);
        const o = bestFor(r);
        if (o && joint.with(o.need) < was) {
          chosen[r] = o;
          better = true;
        }
        joint.add(chosen[r]!.need);
        if (!o) break;
      }
      keep();
    }
    for (let r = 0; r < filled; r++) joint.remove(chosen[r]!.need);
    if (left <= 0) break search;
  }
  lastFound.steps = steps - Math.max(0, left);
  lastFound.capped = left <= 0;
  const picked = best as RackOption[] | null;
  if (!picked) return null;
  const shares = allocate(counts, picked.map((o) => o.need));
  const racks = picked.map((o, r) => rackAway(o, exposures[r]!, shares[r]!));
  return { racks, total: racks.reduce((k, a) => k + a.away, 0), parts: shares.map((sh, r) => takenKinds(picked[r]!.need, sh)) };
}
