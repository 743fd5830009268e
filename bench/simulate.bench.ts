/**
 * Simulated Siamese games per CPU second of this process, next to a baseline measured in the same run:
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

/** Seconds of this process's CPU time (user + system): unlike the clock, it barely moves when other processes load the machine. */
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** Games per CPU second of one call's games (its wall-clock figure moves with the machine's load). */
function perCpu<R extends { games: number; gamesPerSecond: number }>(run: () => R): R & { perCpuSecond: number } {
  const t0 = cpu();
  const r = run();
  return { ...r, perCpuSecond: Math.round(r.games / (cpu() - t0)) };
}

function baseline(games: number): number {
  const t0 = cpu();
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
  return Math.round(games / (cpu() - t0));
}

export async function bench() {
  const v = siameseVariant("siamese", cardModule);
  const modes = [{}, { deadHands: "enforce" as const }];
  const cold = modes.map((o) => simulate(v, o, 40, "cold"));
  for (const o of modes) simulate(v, o, 200, "warm-up");
  baseline(200);
  const base = Math.max(baseline(1000), baseline(1000), baseline(1000));
  // Best of three rounds of 300 games, in games per CPU second like the baseline (the clock's figure too).
  const fastest = <R extends { perCpuSecond: number; meanTurns: number }>(rounds: R[]): R => ({ ...rounds.reduce((a, b) => (b.perCpuSecond > a.perCpuSecond ? b : a)), meanTurns: rounds[0]!.meanTurns });
  const rows = modes.map((o) => fastest([1, 2, 3].map((r) => perCpu(() => simulate(v, o, 300, `bench-${r}`)))));
  console.log(`baseline deal + draw to the empty wall: ${base} games per CPU second`);
  // The goal is a share of the same run's baseline, both counted in this process's CPU time.
  const pct = (n: number) => `${((100 * n) / base).toFixed(2)} %`;
  for (const [i, r] of rows.entries())
    console.log(`${r.ruleset} ${modes[i]!.deadHands ?? "prevent"} (${r.games} games, sample card): ${r.perCpuSecond} games per CPU second = ${pct(r.perCpuSecond)} of the baseline (target ≥ 5 %; ${r.gamesPerSecond} games/s by the clock), mean ${r.meanTurns} turns (seeds bench-1) (first ${cold[i]!.games} games of the process: ${cold[i]!.gamesPerSecond} games/s)`);
  // Wright-Patterson Siamese (siamese-wp): matches of 4 games, no invariant checks, best of three rounds
  const wpCold = simulateWp({}, 8, "cold");
  simulateWp({}, 20, "warm-up");
  const wp = fastest([1, 2, 3].map((r) => perCpu(() => simulateWp({}, 40, `bench-${r}`))));
  console.log(`siamese-wp prevent (${wp.games} games in matches of 4, hand list): ${wp.perCpuSecond} games per CPU second = ${pct(wp.perCpuSecond)} of the baseline, mean ${wp.meanTurns} turns (seeds bench-1; first ${wpCold.games} games of the process: ${wpCold.gamesPerSecond} games/s)`);
}
