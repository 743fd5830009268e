/**
 * Card figures (targets: match ≤ 50 µs, tiles away ≤ 200 µs, best two hands ≤ 2 ms), each a median
 * over many runs on seeded random racks, next to a baseline: just counting the kinds of 14 tiles.
 */
import { bestTwoHands, builtinCards, declarable, exposuresFit, match, tilesAway } from "../worker/engine/card";
import { MAX_PAIRS, lastSearch } from "../worker/engine/card/best-two";
import { nextInt, seedRng } from "../worker/engine/random";
import { countKinds, parseTiles, tileSet, type Kind } from "../worker/engine/tiles";

const card = builtinCards["sample-2026"]!;

export function deal(rng: ReturnType<typeof seedRng>, n: number): Kind[] {
  const wall = tileSet("american");
  for (let i = wall.length - 1; i > 0; i--) {
    const j = nextInt(rng, i + 1);
    [wall[i], wall[j]] = [wall[j]!, wall[i]!];
  }
  return wall.slice(0, n);
}

/** Median microseconds per call of `fn` over `inputs`, after a warm-up pass. */
export function median<T>(inputs: T[], fn: (x: T) => unknown, reps = 5): number {
  for (const x of inputs) fn(x);
  const times: number[] = [];
  for (let r = 0; r < reps; r++)
    for (const x of inputs) {
      const t = performance.now();
      fn(x);
      times.push((performance.now() - t) * 1000);
    }
  times.sort((a, b) => a - b);
  return times[times.length >> 1]!;
}

/** The slowest of single calls, for the worst case next to the median. */
function worst<T>(inputs: T[], fn: (x: T) => unknown): number {
  let max = 0;
  for (const x of inputs) {
    const t = performance.now();
    fn(x);
    max = Math.max(max, (performance.now() - t) * 1000);
  }
  return max;
}

/** Median microseconds of a batch of `n` calls, divided by n (for calls below the timer's resolution). */
export function perCall(fn: () => unknown, n = 2000, reps = 9): number {
  for (let i = 0; i < n; i++) fn();
  const t: number[] = [];
  for (let r = 0; r < reps; r++) {
    const s = performance.now();
    for (let i = 0; i < n; i++) fn();
    t.push(((performance.now() - s) * 1000) / n);
  }
  return t.sort((a, b) => a - b)[reps >> 1]!;
}

export async function bench() {
  const rng = seedRng("card-bench");
  const hands14 = Array.from({ length: 200 }, () => deal(rng, 14));
  const racks13 = Array.from({ length: 200 }, () => deal(rng, 13));
  const pools28 = Array.from({ length: 100 }, () => deal(rng, 28));
  const complete = parseTiles("2B 0 2B 6B 2C 2C 2C 6D 6D 6D F F F F");
  const twoComplete = parseTiles("2B 0 2B 6B 2C 2C 2C 6D 6D 6D F F F F N N N N E E E W W W S S S S");
  let i = 0;
  const fmt = (x: number) => x.toFixed(2).padStart(9);
  console.log(`lines on the card: ${card.lines.length}`);
  console.log(`baseline  count kinds of 14 tiles        ${fmt(perCall(() => countKinds(hands14[i++ % 200]!)))} µs`);
  console.log(`match     random 14 vs whole card        ${fmt(perCall(() => match(hands14[i++ % 200]!, card)))} µs  (target ≤ 50)`);
  console.log(`match     a complete 14 vs whole card    ${fmt(perCall(() => match(complete, card)))} µs  (target ≤ 50)`);
  console.log(`away      random 13 vs every line        ${fmt(perCall(() => tilesAway(racks13[i++ % 200]!, [], card), 500))} µs  (target ≤ 200)`);
  console.log(`best two  random 28-tile pool            ${fmt(median(pools28, (p) => bestTwoHands(p, [[], []], card), 1))} µs  (target ≤ 2000)`);
  const pairs = pools28.map((p) => (bestTwoHands(p, [[], []], card), lastSearch.pairs)).sort((a, b) => a - b);
  console.log(`best two  pairs looked at: median ${pairs[pairs.length >> 1]}, max ${pairs.at(-1)} (cap ${MAX_PAIRS}); slowest single call ${worst(pools28, (p) => bestTwoHands(p, [[], []], card)).toFixed(0)} µs (wall clock, noisy)`);
  const kongN = [{ kind: parseTiles("N")[0]!, size: 4, jokers: 1 }];
  console.log(`best two  random 24 + a kong exposed     ${fmt(median(pools28.map((p) => p.slice(0, 24)), (p) => bestTwoHands(p, [[], kongN], card), 1))} µs  (target ≤ 2000)`);
  console.log(`away      random 28-tile pool, every line${fmt(perCall(() => tilesAway(pools28[i++ % 100]!, [], card), 200))} µs`);
  console.log(`best two  pool holding two complete hands${fmt(median([twoComplete], (p) => bestTwoHands(p, [[], []], card), 50))} µs  (target ≤ 2000)`);
  // The questions the Siamese rules ask every turn (next to "away ... 28-tile pool", which they replace).
  const pung = [{ kind: parseTiles("N")[0]!, size: 3, jokers: 0 }];
  console.log(`declare   random 28-tile pool, no exposure ${fmt(perCall(() => declarable(pools28[i++ % 100]!, [], card)))} µs`);
  console.log(`declare   random 25 + a pung of North      ${fmt(perCall(() => declarable(pools28[i++ % 100]!.slice(0, 25), pung, card)))} µs`);
  console.log(`declare   28-tile pool holding two hands   ${fmt(perCall(() => declarable(twoComplete, [], card)))} µs`);
  console.log(`fit       North pung + a pung of any kind     ${fmt(perCall(() => exposuresFit([...pung, { kind: i++ % 34, size: 3, jokers: 0 }], card)))} µs`);
}
