/**
 * Royale hints (issue 17: the best four lines for a pool of 56 tiles and four racks, target ≤ 5 ms).
 * The four-rack search comes with `bestHands(n)` in card/best-two.ts; until then these are the
 * stand-in figures it will be measured against: the best two of 28 today, the same search on a
 * 56-tile pool drawn from two sets, and the per-rack part every N-rack search starts from
 * (each line's distance against the whole 56-tile pool).
 */
import { bestTwoHands, builtinCards, tilesAway } from "../worker/engine/card";
import { lastSearch, MAX_PAIRS } from "../worker/engine/card/best-two";
import { nextInt, seedRng } from "../worker/engine/random";
import { tileSets, type Kind } from "../worker/engine/tiles";
import { median, perCall } from "./card.bench";

const card = builtinCards["sample-2026"]!;

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
  console.log(`best four  56 tiles, four racks              target ≤ 5000 µs: measured here once bestHands(4) lands`);
}
