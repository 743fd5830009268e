/**
 * What the `simulate` commands share: reading `--name value` arguments, checking --games and
 * --dead, and printing the figures as JSON (exit 0), or what went wrong (exit 1).
 */

/** An error that means the engine broke a rule it promises to keep (not a bad argument). */
export class InvariantError extends Error {}
export const must = (ok: boolean, what: string) => {
  if (!ok) throw new InvariantError(what);
};

/** `arg("games", "20")`: the value after `--games`, or the default. */
export const argReader = (args: string[]) => (name: string, dflt: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : dflt;
};

type Arg = ReturnType<typeof argReader>;

/** --games as a positive whole number, or null (after saying why). */
export function gamesArg(arg: Arg, dflt: string): number | null {
  const games = Number(arg("games", dflt));
  if (!Number.isInteger(games) || games < 1) {
    console.error("simulate: --games must be a positive whole number");
    return null;
  }
  return games;
}

/** --dead as "prevent" or "enforce", or null (after saying why). */
export function deadHandsArg(arg: Arg): "prevent" | "enforce" | null {
  const deadHands = arg("dead", "prevent");
  if (deadHands !== "prevent" && deadHands !== "enforce") {
    console.error('simulate: --dead must be "prevent" or "enforce"');
    return null;
  }
  return deadHands;
}

/** Runs `figures`, prints them as JSON and returns 0; on an error prints it and returns 1. */
export function printFigures(figures: () => unknown, invariant: abstract new (...a: never[]) => Error = InvariantError): number {
  try {
    console.log(JSON.stringify(figures(), null, 2));
    return 0;
  } catch (e) {
    console.error(`simulate: ${e instanceof invariant ? "invariant violated" : "error"}: ${(e as Error).message}`);
    return 1;
  }
}
