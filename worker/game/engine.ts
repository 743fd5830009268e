/** The one place the service imports the rules engine (its public entry only). */
export {
  newGame,
  legalMoves,
  apply,
  viewFor,
  viewEvent,
  factsOf,
  timeout,
  abandon,
  describeEvent,
  rulesets,
  hints,
  closeWindow,
  familyOf,
} from "../engine/index";
export type { Facts, GameState } from "../engine/index";

import { rulesets } from "../engine/index";
import type { GameOptions, RulesetId } from "../engine/api";

/** The rulesets a game can be created with, and seats per game. */
export const playable = (): RulesetId[] => rulesets.map((r) => r.id);
/** Seats of a game of `id` with these options: `options.players` where the ruleset lets the players choose (Royale: 2, 3 or 4), else its fixed number. */
export function seatsOf(id: RulesetId, options?: GameOptions): number {
  const info = rulesets.find((r) => r.id === id)!;
  const asked = options?.players;
  const choice = info.options.find((o) => o.key === "players");
  return asked !== undefined && choice?.values.some((v) => v.value === asked) ? asked : info.players;
}
/** Does the game view carry hints for this ruleset (or does the table work them out itself)? */
export const hintsInView = (id: RulesetId): boolean => rulesets.find((r) => r.id === id)?.hintsIn === "view";
