/**
 * `npm run cli -- simulate --ruleset american --games N --seed S [--dead enforce] [--card id] [--fast]`:
 * the figures of games between four purposeful players (worker/engine/variants/american/simulated.ts),
 * played through the engine's one simulation, invariants checked on every step unless --fast.
 */
import type { GameOptions } from "../../worker/engine/api";
import { simulateGame, type SimOptions } from "../../worker/engine/variants/american/simulated";
import type { AmericanRules } from "../../worker/engine/variants/american";

export interface SimFigures {
  ruleset: string;
  games: number;
  gamesPerSecond: number;
  mahjong: number;
  selfDrawn: number;
  wallGames: number;
  deadOrVoid: number;
  charlestonStopped: number;
  meanDiscards: number;
}

export function simulate(v: AmericanRules, options: GameOptions, games: number, seed: string, o: SimOptions = {}): SimFigures {
  let mahjong = 0, self = 0, wall = 0, dead = 0, stopped = 0, turns = 0;
  const t0 = performance.now();
  for (let g = 0; g < games; g++) {
    const { state, record } = simulateGame(v, options, `${seed}:${g}`, o);
    const r = state.result!;
    if (r.reason === "mahjong") mahjong++;
    if (r.lines.some((l) => l.reason === "mahjong/self-drawn")) self++;
    if (r.reason === "wall") wall++;
    if (r.reason === "dead" || r.reason === "void") dead++;
    if (record.moves.some((m) => m.move.type === "stop")) stopped++;
    turns += state.turn;
  }
  const secs = (performance.now() - t0) / 1000;
  return {
    ruleset: "american",
    games,
    gamesPerSecond: Math.round((games / secs) * 10) / 10,
    mahjong,
    selfDrawn: self,
    wallGames: wall,
    deadOrVoid: dead,
    charlestonStopped: stopped,
    meanDiscards: Math.round((turns / Math.max(1, games)) * 10) / 10,
  };
}
