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
  computerDecision,
  costliestFirst,
  newReview,
  reviewSlice,
} from "../engine/index";
export type { Facts, GameState, Orders, Review, ReviewItem } from "../engine/index";

import { headOf } from "../engine/rulesets";
import type { RulesetId } from "../engine/api";

/** Does the game view carry hints for this ruleset (or does the table work them out itself)? */
export const hintsInView = (id: RulesetId): boolean => headOf(id).hintsIn === "view";
