/**
 * Which card a game plays with: a built-in id (default "sample-2026") or card data loaded by a
 * league (validated once, then cached by its text).
 */
import type { Card, CardLine, CardModule } from "../card/api";
import type { GameOptions } from "../api";

export const DEFAULT_CARD = "sample-2026";

const byData = new Map<string, Card>();
/** The same card object (a state's options share it from move to move) resolves without re-reading its text. */
const byObject = new WeakMap<object, Card>();
const lineIndex = new WeakMap<Card, Map<string, CardLine>>();

export class CardError extends Error {}

export function cardOf(cards: CardModule, options: GameOptions): Card {
  const wanted = options.card ?? DEFAULT_CARD;
  if (typeof wanted === "string") {
    const c = cards.builtinCards[wanted];
    if (!c) throw new CardError(`there is no built-in card "${wanted}" (known: ${Object.keys(cards.builtinCards).join(", ")})`);
    return c;
  }
  if (typeof wanted !== "object" || wanted === null) throw new CardError("the card must be a card id or a card");
  const known = byObject.get(wanted);
  if (known) return known;
  const key = JSON.stringify(wanted);
  let c = byData.get(key);
  if (!c) {
    const check = cards.validateCard(wanted);
    if (!check.ok) throw new CardError(`the card is not valid: ${check.problems.map((p) => (p.line ? `${p.line}: ` : "") + p.message).join("; ")}`);
    c = check.card;
    if (byData.size > 50) byData.clear();
    byData.set(key, c);
  }
  byObject.set(wanted, c);
  return c;
}

export function lineById(card: Card, id: string): CardLine | undefined {
  let m = lineIndex.get(card);
  if (!m) lineIndex.set(card, (m = new Map(card.lines.map((l) => [l.id, l]))));
  return m.get(id);
}

/**
 * A line as a player finds it on the card: its category and its place in that category
 * ("Consecutive Run, line 2"), never the card file's internal id.
 */
export function lineLabel(card: Card, id: string): string {
  const l = lineById(card, id);
  if (!l) return "a line not on this card";
  return `${l.category}, line ${card.lines.filter((x) => x.category === l.category).indexOf(l) + 1}`;
}

export const lowestValue = (card: Card) => Math.min(...card.lines.map((l) => l.value));
