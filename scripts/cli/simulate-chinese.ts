/**
 * `npm run cli -- simulate --ruleset chinese-ming --games N --seed S [--fast]`
 * Whole matches between four random players, invariants and views checked on every step unless
 * --fast. Prints JSON figures; exit 1 on the first violated invariant.
 */
import { InvariantError, simulate } from "../../worker/engine/variants/chinese-ming/simulate";
import { argReader, gamesArg, printFigures } from "./sim-run";

export async function run(args: string[]): Promise<number> {
  const arg = argReader(args);
  const games = gamesArg(arg, "10");
  if (games === null) return 2;
  return printFigures(() => simulate(games, arg("seed", "simulate"), { check: !args.includes("--fast") }), InvariantError);
}
