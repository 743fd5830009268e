/**
 * The card of hands (RULES §2): format and validator, built-in cards, matching, tiles away,
 * exposures that still fit, and the best two hands of a Siamese pool. See docs/card-format.md.
 */
import { builtinCardData } from "../cards";
import type { Card, CardModule } from "./api";
import { match, tilesAway } from "./away";
import { bestTwoHands } from "./best-two";
import { declarable } from "./declarable";
import { exposuresFit } from "./exposures";
import { formatProblem, validateCard } from "./validate";

export type * from "./api";
export { bestTwoHands, declarable, exposuresFit, formatProblem, match, tilesAway, validateCard };
export { describeGroup, describeGroups } from "./exposures";
export { CARD_LIMITS, cardFromText, cardToText, checkTextLine, numberProblems, type TextCheck, type TextProblem } from "./text";

function load(data: unknown): Card {
  const check = validateCard(data);
  if (!check.ok) throw new Error(`built-in card does not validate: ${check.problems.map(formatProblem).join("; ")}`);
  return check.card;
}

/** Built-in cards by id ("sample-2026"). */
export const builtinCards: Record<string, Card> = Object.fromEntries(
  Object.entries(builtinCardData).map(([id, data]) => [id, load(data)]),
);

export const cardModule: CardModule = { validateCard, builtinCards, match, tilesAway, declarable, exposuresFit, bestTwoHands };
