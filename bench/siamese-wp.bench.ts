/**
 * Wright-Patterson Siamese hints: milliseconds for the hints of one seat (two racks of one 28-tile
 * pool, every hand of the list ranked, the nearest three per rack with their tiles), on dealt pools
 * from seeded deals; also with one rack holding an exposed pung (two racks measured apart).
 * Run on its own: `npx tsx bench/siamese-wp.bench.ts`.
 */
import { dealWp } from "../worker/engine/variants/siamese-wp/deal";
import { hintsWp } from "../worker/engine/variants/siamese-wp/hints";
import { WP_KINDS } from "../worker/engine/variants/siamese-wp/tiles";
import type { WpSet } from "../worker/engine/variants/siamese-wp/match";

function figures(n: number, tag: string) {
  const deal = (i: number, which: string) => dealWp(`wp-bench:${tag}:${which}:${i}`).seats[0]!.pool.map((id) => WP_KINDS[id]!);
  // fresh deals for each figure: no table is remembered from an earlier one
  const time = (which: string, exposed: (pool: number[]) => WpSet[][]) => {
    const pools = Array.from({ length: n }, (_, i) => deal(i, which));
    const t0 = performance.now();
    for (const pool of pools) {
      const [a, b] = exposed(pool);
      hintsWp(pool, [{ exposed: a!, status: "open" }, { exposed: b!, status: "open" }]);
    }
    return (performance.now() - t0) / pools.length;
  };
  const fresh = time("fresh", () => [[], []]);
  const split = time("split", (pool) => [[{ type: "pung", kind: pool[0]! }], []]);
  return { fresh, split };
}

export async function bench() {
  figures(20, "warm-up");
  const { fresh, split } = figures(200, "measure");
  console.log(`siamese-wp hints, 28-tile pool, two racks: ${fresh.toFixed(2)} ms (no exposures), ${split.toFixed(2)} ms (one rack with an exposed pung)`);
}

if (import.meta.url === `file://${process.argv[1]}`) await bench();
