/**
 * Simulated Siamese games per second on one core, next to a baseline measured in the same run:
 * a bare deal-and-draw-until-the-wall-is-empty loop (no rules, no card). The figures are for a
 * warmed-up engine (JIT tiers, per-card tables), best of three rounds for both; the first games of a
 * fresh process are printed too. The outcome (mean turns) is always the first round's, whose seeds are
 * fixed, so a change to the code can be checked to play the same games; the fastest round depends on
 * the machine's load.
 */
import { cardModule } from "../worker/engine/card";
import { siameseVariant } from "../worker/engine/variants/siamese";
import { deal } from "../worker/engine/variants/siamese/deal";
import { simulate } from "../scripts/cli/simulate";
import { simulate as simulateWp } from "../scripts/cli/simulate-wp";

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
  const v = siameseVariant("siamese", cardModule);
  const modes = [{}, { deadHands: "enforce" as const }];
  const cold = modes.map((o) => simulate(v, o, 40, "cold"));
  for (const o of modes) simulate(v, o, 200, "warm-up");
  baseline(200);
  const base = Math.max(baseline(1000), baseline(1000), baseline(1000));
  // Best of three rounds of 300 games (other processes on the machine only ever slow a round down).
  const fastest = <R extends { gamesPerSecond: number; meanTurns: number }>(rounds: R[]): R => ({ ...rounds.reduce((a, b) => (b.gamesPerSecond > a.gamesPerSecond ? b : a)), meanTurns: rounds[0]!.meanTurns });
  const rows = modes.map((o) => fastest([1, 2, 3].map((r) => simulate(v, o, 300, `bench-${r}`))));
  console.log(`baseline deal + draw to the empty wall: ${base} games/s`);
  for (const [i, r] of rows.entries())
    console.log(`${r.ruleset} ${modes[i]!.deadHands ?? "prevent"} (${r.games} games, sample card): ${r.gamesPerSecond} games/s, mean ${r.meanTurns} turns (seeds bench-1), target ≥ 1000 (first ${cold[i]!.games} games of the process: ${cold[i]!.gamesPerSecond} games/s)`);
  // Wright-Patterson Siamese (siamese-wp): matches of 4 games, no invariant checks, best of three rounds
  const wpCold = simulateWp({}, 8, "cold");
  simulateWp({}, 20, "warm-up");
  const wp = fastest([1, 2, 3].map((r) => simulateWp({}, 40, `bench-${r}`)));
  console.log(`siamese-wp prevent (${wp.games} games in matches of 4, hand list): ${wp.gamesPerSecond} games/s, mean ${wp.meanTurns} turns (seeds bench-1; first ${wpCold.games} games of the process: ${wpCold.gamesPerSecond} games/s)`);
}
