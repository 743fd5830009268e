/** The one place the service imports the rules engine (its public entry only). */
export {
  newGame,
  legalMoves,
  apply,
  viewFor,
  viewEvent,
  result,
  toAct,
  timeout,
  abandon,
  describeEvent,
  rulesets,
  hints,
  paceOf,
  closeWindow,
} from "../engine/index";

import { rulesets } from "../engine/index";
import type { RulesetId } from "../engine/api";

/** The rulesets a game can be created with, and seats per game. */
export const playable = (): RulesetId[] => rulesets.map((r) => r.id);
export const seatsOf = (id: RulesetId): number => rulesets.find((r) => r.id === id)!.players;
/** Does the game view carry hints for this ruleset (or does the table work them out itself)? */
export const hintsInView = (id: RulesetId): boolean => rulesets.find((r) => r.id === id)?.hintsIn === "view";
