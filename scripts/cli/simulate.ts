/**
 * `npm run cli -- simulate --ruleset R --games N --seed S [--dead enforce] [--card id] [--players 2|3|4] [--length hand|round|match] [--fast]`
 * Plays N seeded games of any ruleset through the engine's one simulation (worker/engine/simulate.ts),
 * with the ruleset's purposeful players where it has them (else random legal moves), checking the
 * invariants on every step unless --fast. Prints JSON figures; exit 1 on the first violated invariant.
 */
import type { CardModule } from "../../worker/engine/card/api";
import { cardModule } from "../../worker/engine/card";
import type { GameOptions, RulesetId } from "../../worker/engine/api";
import { rulesets } from "../../worker/engine/index";
import { checkReplay, rulesOf, simulate as simulateOne } from "../../worker/engine/simulate";
import { simulateGame } from "../../worker/engine/variants/siamese/simulated";
import { siameseVariant } from "../../worker/engine/variants/siamese";
import { argReader, deadHandsArg, gamesArg, printFigures } from "./sim-run";

export type SiameseRules = ReturnType<typeof siameseVariant>;

export interface SimOptions {
  /** Check invariants after every step. */
  check?: boolean;
  /** Also check every seat's view for leaks after every step (default: with check). */
  views?: boolean;
  /** Also check every event as each seat sees it. */
  events?: boolean;
}

export interface SimFigures {
  ruleset: string;
  games: number;
  gamesPerSecond: number;
  /** Share of player-games ending with 0, 1, 2 (… 4 with four racks) valid Mah Jonggs. */
  mahjongsPerPlayer: Record<number, number>;
  wallGames: number;
  deadEnds: number;
  meanTurns: number;
}

/** Siamese figures over `games` games. */
export function simulate(v: SiameseRules, options: GameOptions, games: number, seed: string, o: SimOptions = {}): SimFigures {
  const mj = Array<number>(v.edition.racks + 1).fill(0);
  let seats = 0;
  let wall = 0, dead = 0, turns = 0;
  const t0 = performance.now();
  for (let g = 0; g < games; g++) {
    const { state } = simulateGame(v, options, `${seed}:${g}`, o);
    for (const p of state.seats) mj[p.racks.filter((r) => r.mahjong && !r.mahjong.void).length]!++;
    seats += state.seats.length;
    if (state.result!.lines.some((l) => l.reason === "wall")) wall++;
    if (state.result!.reason === "dead") dead++;
    turns += state.turn;
  }
  const secs = (performance.now() - t0) / 1000;
  const share = (n: number) => Math.round((n / seats) * 1000) / 1000;
  return {
    ruleset: v.id,
    games,
    gamesPerSecond: Math.round(games / secs),
    mahjongsPerPlayer: Object.fromEntries(mj.map((n, k) => [k, share(n)])),
    wallGames: wall,
    deadEnds: dead,
    meanTurns: Math.round((turns / Math.max(1, games)) * 10) / 10,
  };
}

/** A ruleset without purposeful players of its own: random legal moves, every record verified. */
export function simulateRandom(ruleset: RulesetId, options: GameOptions, games: number, seed: string, o: { check?: boolean } = {}) {
  const reasons: Record<string, number> = {};
  let moves = 0;
  const t0 = performance.now();
  for (let g = 0; g < games; g++) {
    const sim = simulateOne(ruleset, options, `${seed}:${g}`, { check: o.check });
    if (o.check) checkReplay(rulesOf(ruleset), sim);
    const reason = rulesOf(ruleset).result(sim.state)!.reason;
    reasons[reason] = (reasons[reason] ?? 0) + 1;
    moves += sim.record.moves.length;
  }
  const secs = (performance.now() - t0) / 1000;
  return { ruleset, games, gamesPerSecond: Math.round((games / secs) * 10) / 10, endings: reasons, meanMoves: Math.round((moves / games) * 10) / 10 };
}

export async function run(args: string[], cards: CardModule = cardModule): Promise<number> {
  const arg = argReader(args);
  const ruleset = arg("ruleset", "siamese") as RulesetId;
  const check = !args.includes("--fast");
  const seed = arg("seed", "simulate");
  // Wright-Patterson has its own purposeful players and invariants (144 tiles, flowers, the pot).
  if (ruleset === "siamese-wp") return (await import("./simulate-wp")).run(args);
  if (!rulesets.some((r) => r.id === ruleset)) {
    console.error(`simulate: unknown ruleset "${ruleset}" (${rulesets.map((r) => r.id).join(", ")})`);
    return 2;
  }
  if (ruleset === "chinese-ming") {
    const games = gamesArg(arg, "10");
    if (games === null) return 2;
    const length = arg("length", "match");
    if (length !== "hand" && length !== "round" && length !== "match") {
      console.error(`simulate: --length must be hand, round or match (got "${length}")`);
      return 2;
    }
    const { simulate: figures } = await import("./simulate-chinese");
    return printFigures(() => figures(games, seed, { check, events: check, length }));
  }
  const games = gamesArg(arg, ruleset === "american" ? "20" : "100");
  if (games === null) return 2;
  const deadHands = deadHandsArg(arg);
  if (deadHands === null) return 2;
  const options: GameOptions = { deadHands, card: arg("card", "sample-2026") };
  if (args.includes("--players")) options.players = Number(arg("players", "2"));
  if (ruleset === "american") {
    const { simulate: figures } = await import("./simulate-american");
    const { americanVariant } = await import("../../worker/engine/variants/american");
    return printFigures(() => figures(americanVariant(cards), options, games, seed, { check, events: check }));
  }
  // Royale: the Siamese players on four racks (`--players`: the table the edition allows).
  if (ruleset === "royale") {
    const { ROYALE } = await import("../../worker/engine/variants/royale/edition");
    const v = siameseVariant(ROYALE, cards) as unknown as SiameseRules;
    try {
      v.newGame(options, "check-the-table");
    } catch (e) {
      console.error(`simulate: ${(e as Error).message}`);
      return 2;
    }
    return printFigures(() => simulate(v, options, games, seed, { check, events: check }));
  }
  if (ruleset === "siamese" || ruleset === "siamese-mjm") return printFigures(() => simulate(siameseVariant(ruleset, cards), options, games, seed, { check, events: check }));
  return printFigures(() => simulateRandom(ruleset, options, games, seed, { check }));
}
