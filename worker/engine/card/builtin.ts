/** The built-in cards, validated once (apart from the matcher's index, so that a page needing only these and tilesAway loads no more). */
import { builtinCardData } from "../cards";
import type { Card } from "./api";
import { formatProblem, validateCard } from "./validate";

function load(data: unknown): Card {
  const check = validateCard(data);
  if (!check.ok) throw new Error(`built-in card does not validate: ${check.problems.map(formatProblem).join("; ")}`);
  return check.card;
}

/** Built-in cards by id ("sample-2026"). */
export const builtinCards: Record<string, Card> = Object.fromEntries(
  Object.entries(builtinCardData).map(([id, data]) => [id, load(data)]),
);
