/**
 * Simulated chinese-ming matches per second on one core (the figures `npm run cli -- simulate
 * --ruleset chinese-ming --fast` prints), next to a baseline measured in the same run: bare deals
 * with every player drawing and discarding until the dead wall, 16 hands per "match", no rules.
 */
import { dealHand } from "../worker/engine/variants/chinese-ming/deal";
import { DEAD_WALL } from "../worker/engine/variants/chinese-ming/state";
import { simulate } from "../scripts/cli/simulate-chinese";
import { seedRng } from "../worker/engine/random";

function baseline(matches: number): number {
  const t0 = performance.now();
  for (let g = 0; g < matches; g++) {
    const rng = seedRng(`baseline:${g}`);
    for (let n = 0; n < 16; n++) {
      const h = dealHand(rng, n, n % 4, Math.floor(n / 4), []);
      let seat = h.jong;
      h.discards.push({ seat, tile: h.seats[seat]!.concealed.shift()! });
      while (h.wall.length > DEAD_WALL) {
        seat = (seat + 1) % 4;
        const p = h.seats[seat]!;
        p.concealed.push(h.wall.shift()!);
        h.discards.push({ seat, tile: p.concealed.shift()! });
      }
    }
  }
  return Math.round(matches / ((performance.now() - t0) / 1000));
}

export async function bench() {
  const base = baseline(200);
  const fast = simulate(30, "bench");
  const checked = simulate(2, "bench-checked", { check: true });
  console.log(`baseline: 16 bare deals drawn to the dead wall: ${base} "matches"/s`);
  console.log(`chinese-ming (${fast.matches} matches, mean ${fast.meanHands} hands, ${fast.endedEarly} ended early): ${fast.matchesPerSecond} matches/s`);
  console.log(`chinese-ming with every invariant and view checked on each step: ${checked.matchesPerSecond} matches/s`);
}
