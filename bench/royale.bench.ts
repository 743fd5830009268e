/**
 * Royale hints (issue 17: the best four lines for a pool of 56 tiles and four racks, target ≤ 5 ms).
 * `bestHands(pool, 4, card)` (the anytime search of card/best-found.ts) is measured last, beside
 * the baselines of the same run: the best two of 28 today, the same search on a
 * 56-tile pool drawn from two sets, and the per-rack part every N-rack search starts from
 * (each line's distance against the whole 56-tile pool). Then how large a four-rack search is
 * (why best-first in summed distance, as best-two does, cannot finish at N = 4), and what a
 * greedy four with swap passes costs and finds: an anytime start for a four-rack hint.
 */
import { bestHands, bestTwoHands, builtinCards, tilesAway } from "../worker/engine/card";
import { Joint, lastFound, MAX_STEPS } from "../worker/engine/card/best-found";
import { distance } from "../worker/engine/card/allocate";
import { tileCounts } from "../worker/engine/card/away";
import { lastSearch, MAX_PAIRS } from "../worker/engine/card/best-two";
import type { Need } from "../worker/engine/card/compile";
import { openOptions } from "../worker/engine/card/exposures";
import { nextInt, seedRng } from "../worker/engine/random";
import { tileSets, type Kind } from "../worker/engine/tiles";
import { median, perCall } from "./card.bench";

const card = builtinCards["sample-2026"]!;

/** Every open option's need for a rack without exposures: the same for every pool. */
const NEEDS: Need[] = [...openOptions(card, [])].map((o) => o.need);

/**
 * A greedy four plus improvement passes (each rack in turn swapped for the option that lowers the
 * joint distance most, until no swap helps): an anytime search a four-rack hint could start from.
 * Not exact; returns the joint distance found.
 */
function greedyFour(pool: Kind[], passes = 3): { away: number; greedy: number } {
  const j = new Joint(tileCounts(pool));
  const all = NEEDS;
  const chosen: Need[] = [];
  for (let r = 0; r < 4; r++) {
    let best = all[0]!;
    let d = Infinity;
    for (const n of all) {
      const x = j.with(n);
      if (x < d) [best, d] = [n, x];
    }
    chosen.push(best);
    j.add(best);
  }
  const greedy = j.away;
  for (let pass = 0; pass < passes; pass++) {
    let better = false;
    for (let r = 0; r < 4; r++) {
      j.remove(chosen[r]!);
      let d = j.with(chosen[r]!);
      for (const n of all) {
        const x = j.with(n);
        if (x < d) [chosen[r], d, better] = [n, x, true];
      }
      j.add(chosen[r]!);
    }
    if (!better) break;
  }
  return { away: j.away, greedy };
}

/** `n` tiles off a shuffled wall of `sets` American sets. */
function pool(rng: ReturnType<typeof seedRng>, n: number, sets: number): Kind[] {
  const wall = tileSets("american", sets);
  for (let i = wall.length - 1; i > 0; i--) {
    const j = nextInt(rng, i + 1);
    [wall[i], wall[j]] = [wall[j]!, wall[i]!];
  }
  return wall.slice(0, n);
}

export async function bench() {
  const rng = seedRng("royale-bench");
  const pools28 = Array.from({ length: 100 }, () => pool(rng, 28, 1));
  const pools56 = Array.from({ length: 100 }, () => pool(rng, 56, 2));
  const fmt = (x: number) => x.toFixed(0).padStart(7);
  const pairs = (ps: Kind[][]) => {
    const n = ps.map((p) => (bestTwoHands(p, [[], []], card), lastSearch.pairs)).sort((a, b) => a - b);
    return `pairs looked at: median ${n[n.length >> 1]}, max ${n.at(-1)} (cap ${MAX_PAIRS})`;
  };
  let i = 0;
  console.log(`best two   random 28-tile pool, 1 set        ${fmt(median(pools28, (p) => bestTwoHands(p, [[], []], card), 1))} µs  (stand-in; ${pairs(pools28)})`);
  console.log(`best two   random 56-tile pool, 2 sets       ${fmt(median(pools56, (p) => bestTwoHands(p, [[], []], card), 1))} µs  (${pairs(pools56)})`);
  console.log(`away       random 56-tile pool, every line   ${fmt(perCall(() => tilesAway(pools56[i++ % 100]!, [], card), 100))} µs  (per-rack lists a four-rack search starts from)`);
  // How big a four-rack search is: each rack's options by distance, and the four-tuples whose summed
  // distance is at or below a lower bound of the best four (best two of racks 1–2 plus best two of
  // racks 3–4, each against the whole pool: sharing one pool can only cost more). An exact search
  // that tries tuples in increasing summed distance looks at least at those below the bound.
  const sizes = pools56.slice(0, 20).map((p) => {
    const counts = tileCounts(p);
    const hist: number[] = [];
    let options = 0;
    for (const o of openOptions(card, [])) {
      const d = distance(counts, o.need);
      hist[d] = (hist[d] ?? 0) + 1;
      options++;
    }
    const bound = 2 * bestTwoHands(p, [[], []], card)!.total;
    // a greedy four: an upper bound of the best four
    const greedy = greedyFour(p, 0).away;
    // ordered four-tuples with summed distance ≤ bound (unordered ones are about 1/24 of these)
    let ways = [1];
    for (let r = 0; r < 4; r++) {
      const next: number[] = [];
      ways.forEach((w, a) => hist.forEach((h, d) => { if (h && a + d <= bound) next[a + d] = (next[a + d] ?? 0) + w * h; }));
      ways = next;
    }
    const tuples = ways.reduce((t, w) => t + (w ?? 0), 0);
    // ordered four-tuples with summed distance below the greedy four: what a best-first search
    // in increasing summed distance may have to look at before it can stop
    let below = [1];
    for (let r = 0; r < 4; r++) {
      const next: number[] = [];
      below.forEach((w, a) => hist.forEach((h, d) => { if (h && a + d < greedy) next[a + d] = (next[a + d] ?? 0) + w * h; }));
      below = next;
    }
    return { options, bound, tuples, greedy, below: below.reduce((t, w) => t + (w ?? 0), 0) };
  });
  const mid = <T,>(xs: T[], f: (x: T) => number) => xs.map(f).sort((a, b) => a - b)[xs.length >> 1]!;
  console.log(`best four  search size on 56 tiles: ${mid(sizes, (x) => x.options)} options a rack, lower bound ${mid(sizes, (x) => x.bound)} tiles away, ordered four-tuples within it: median ${mid(sizes, (x) => x.tuples)}, max ${Math.max(...sizes.map((x) => x.tuples))}`);
  console.log(`best four  a greedy four is ${mid(sizes, (x) => x.greedy)} tiles away (median; ${Math.min(...sizes.map((x) => x.greedy))}–${Math.max(...sizes.map((x) => x.greedy))}); ordered four-tuples below it: median ${mid(sizes, (x) => x.below).toExponential(1)}`);
  const g = pools56.slice(0, 20).map((p) => greedyFour(p));
  console.log(`best four  greedy + swaps, 56 tiles          ${fmt(median(pools56.slice(0, 20), (p) => greedyFour(p), 1))} µs  (a sketch, not exact; away: greedy median ${mid(g, (x) => x.greedy)}, after swaps ${mid(g, (x) => x.away)})`);
  console.log(`best four  greedy alone, 56 tiles            ${fmt(median(pools56.slice(0, 20), (p) => greedyFour(p, 0), 1))} µs`);
  // the hint itself: bestHands(4) on 56 tiles, against the greedy-alone baseline of this same run
  const found = pools56.map((p) => {
    const r = bestHands(p, 4, card)!;
    return { total: r.total, steps: lastFound.steps, starts: lastFound.starts, greedy: greedyFour(p, 0).away };
  });
  const times = pools56.map((p) => {
    const t0 = performance.now();
    bestHands(p, 4, card);
    return (performance.now() - t0) * 1000;
  }).sort((a, b) => a - b);
  const better = found.filter((f) => f.total < f.greedy).length;
  console.log(`best four  bestHands(4), 56 tiles, four racks ${fmt(median(pools56, (p) => bestHands(p, 4, card), 1))} µs  (target ≤ 5000 µs; 9 in 10 within ${times[89]!.toFixed(0)} µs, slowest ${times.at(-1)!.toFixed(0)} µs; baseline greedy alone above)`);
  console.log(`best four  found: away median ${mid(found, (f) => f.total)} (greedy alone ${mid(found, (f) => f.greedy)}; closer than greedy in ${better}/100 pools); steps median ${mid(found, (f) => f.steps)} (cap ${MAX_STEPS}), starts median ${mid(found, (f) => f.starts)}`);
}
