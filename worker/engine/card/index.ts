/**
 * The card of hands (RULES §2): format and validator, built-in cards, matching, tiles away,
 * exposures that still fit, and the best N hands of a Siamese pool. See docs/card-format.md.
 */
import type { Card, CardModule } from "./api";
import { tilesAway } from "./away";
import { match } from "./match";
import { bestHands, bestTwoHands } from "./best-two";
import { declarable, declarableWith, tilesAwayIndexed } from "./declarable";
import { exposuresFit, fitSizes } from "./exposure-tree";
import { formatProblem, validateCard } from "./validate";
import { builtinCards } from "./builtin";

export type * from "./api";
export { builtinCards };
export { bestHands, bestTwoHands, declarable, declarableWith, exposuresFit, fitSizes, formatProblem, match, tilesAway, validateCard };
export { describeGroup } from "./exposures";
export { describeGroups } from "./exposure-tree";
export { CARD_LIMITS, cardFromText, cardToText, checkTextLine, numberProblems, type TextCheck, type TextProblem } from "./text";

// (`tilesAway` exported above is the reference the tests hold the fast answers to; the module answers through the kept index)
export const cardModule: CardModule = { validateCard, builtinCards, match, tilesAway: tilesAwayIndexed, declarable, declarableWith, exposuresFit, fitSizes, bestHands };
