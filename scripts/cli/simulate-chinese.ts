/**
 * `npm run cli -- simulate --ruleset chinese-ming --games N --seed S [--length hand|round|match] [--fast]`:
 * the figures of games (whole matches unless --length says otherwise) between four purposeful players (worker/engine/variants/chinese-ming/simulated.ts), played
 * through the engine's one simulation, invariants, views and events checked on every step unless --fast.
 */
import type { GameOptions } from "../../worker/engine/api";
import { simulateMatch } from "../../worker/engine/variants/chinese-ming/simulated";

export interface ChineseFigures {
  ruleset: "chinese-ming";
  matches: number;
  matchesPerSecond: number;
  meanHands: number;
  /** Matches that ended because a player ran out of points. */
  endedEarly: number;
  drawnHands: number;
  jongWins: number;
  highestScore: number;
}

export function simulate(matches: number, seed: string, o: { check?: boolean; events?: boolean; length?: GameOptions["length"] } = {}): ChineseFigures {
  let hands = 0, early = 0, drawn = 0, jongWins = 0, highest = 0;
  const t0 = performance.now();
  for (let g = 0; g < matches; g++) {
    const { state } = simulateMatch(`${seed}:${g}`, o);
    hands += state.hands.length;
    if (state.points.some((p) => p <= 0)) early++;
    for (const h of state.hands) {
      if (h.winner === null) drawn++;
      else if (h.winner === h.jong) jongWins++;
      highest = Math.max(highest, ...h.sheets.map((x) => x.score));
    }
  }
  const secs = (performance.now() - t0) / 1000;
  return {
    ruleset: "chinese-ming",
    matches,
    matchesPerSecond: Math.round((matches / secs) * 10) / 10,
    meanHands: Math.round((hands / matches) * 10) / 10,
    endedEarly: early,
    drawnHands: drawn,
    jongWins,
    highestScore: highest,
  };
}
