/**
 * `npm run cli -- simulate --ruleset chinese-ming --games N --seed S [--fast]`
 * Whole matches between four random players, invariants and views checked on every step unless
 * --fast. Prints JSON figures; exit 1 on the first violated invariant.
 */
import { InvariantError, simulate } from "../../worker/engine/variants/chinese-ming/simulate";

export async function run(args: string[]): Promise<number> {
  const arg = (name: string, dflt: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : dflt;
  };
  const games = Number(arg("games", "10"));
  if (!Number.isInteger(games) || games < 1) {
    console.error("simulate: --games must be a positive whole number");
    return 2;
  }
  try {
    console.log(JSON.stringify(simulate(games, arg("seed", "simulate"), { check: !args.includes("--fast") }), null, 2));
    return 0;
  } catch (e) {
    console.error(`simulate: ${e instanceof InvariantError ? "invariant violated" : "error"}: ${(e as Error).message}`);
    return 1;
  }
}
