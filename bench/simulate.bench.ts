/**
 * Simulated Siamese games per second on one core, next to a baseline measured in the same run:
 * a bare deal-and-draw-until-the-wall-is-empty loop (no rules, no card).
 */
import { cardModule } from "../worker/engine/card";
import { siameseVariant } from "../worker/engine/variants/siamese";
import { deal } from "../worker/engine/variants/siamese/deal";
import { simulate } from "../scripts/cli/simulate";

function baseline(games: number): number {
  const t0 = performance.now();
  for (let g = 0; g < games; g++) {
    const s = deal("siamese", {}, `baseline:${g}`);
    let seat = 0;
    while (s.wall.length) {
      const p = s.seats[seat]!;
      p.pool.push(s.wall.shift()!);
      s.discards.push({ seat, tile: p.pool.shift()!, turn: s.turn++ });
      seat = 1 - seat;
    }
  }
  return Math.round(games / ((performance.now() - t0) / 1000));
}

export async function bench() {
  const base = baseline(500);
  const rows = [
    simulate(siameseVariant("siamese", cardModule), {}, 40, "bench"),
    simulate(siameseVariant("siamese", cardModule), { deadHands: "enforce" }, 40, "bench"),
  ];
  console.log(`baseline deal + draw to the empty wall: ${base} games/s`);
  for (const r of rows) console.log(`${r.ruleset} (${r.games} games, sample card): ${r.gamesPerSecond} games/s, mean ${r.meanTurns} turns, target ≥ 1000`);
}
