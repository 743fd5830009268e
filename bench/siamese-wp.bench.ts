/**
 * Wright-Patterson Siamese hints: milliseconds for the hints of one seat (two racks of one 28-tile
 * pool, every hand of the list ranked, the nearest three per rack with their tiles), on dealt pools
 * from seeded deals; also with one rack holding an exposed pung (two racks measured apart).
 * Wall time and CPU time are both printed: on a busy machine the CPU time is the steadier figure.
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
    const c0 = process.cpuUsage();
    for (const pool of pools) {
      const [a, b] = exposed(pool);
      hintsWp(pool, [{ exposed: a!, status: "open" }, { exposed: b!, status: "open" }]);
    }
    const cpu = process.cpuUsage(c0);
    return { wall: (performance.now() - t0) / pools.length, cpu: (cpu.user + cpu.system) / 1000 / pools.length };
  };
  const fresh = time("fresh", () => [[], []]);
  const split = time("split", (pool) => [[{ type: "pung", kind: pool[0]! }], []]);
  return { fresh, split };
}

export async function bench() {
  figures(20, "warm-up");
  const { fresh, split } = figures(200, "measure");
  const ms = (f: { wall: number; cpu: number }) => `${f.wall.toFixed(2)} ms (${f.cpu.toFixed(2)} ms of CPU)`;
  console.log(`siamese-wp hints for one seat, 28-tile pool, two racks: ${ms(fresh)} with no exposures, ${ms(split)} with an exposed pung on one rack`);
}

if (import.meta.url === `file://${process.argv[1]}`) await bench();
