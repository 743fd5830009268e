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
  hints,
  closeWindow,
  DEFAULT_ORDERS,
  ASK_ORDERS,
  CLAIM_ORDERS,
  THROW_ORDERS,
  normalizeOrders,
} from "../engine/index";
export type { Facts, GameState, Orders } from "../engine/index";

import { headOf, isRulesetId } from "../engine/rulesets";
import type { RulesetId } from "../engine/api";

/** Does the game view carry hints for this ruleset (or does the table work them out itself)? */
export const hintsInView = (id: RulesetId): boolean => headOf(id).hintsIn === "view";
/** A ruleset's name in mails and notices ("Mah Jongg" for an id no ruleset has, e.g. a game from before a ruleset was withdrawn). */
export const rulesetName = (id: string): string => (isRulesetId(id) ? headOf(id).name : "Mah Jongg");
