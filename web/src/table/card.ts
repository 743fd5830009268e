/**
 * The game's card lines by id, for labels on the table (the matcher is not loaded here). The sample
 * card unless the game brought its own (`useGameCard`). The sample card's lines are a chunk of their
 * own (`loadSampleCard`), loaded with the tables that play from a card (web/src/rulesets/game-tables.ts)
 * and the pages that name its lines (pages/Other.tsx): a table played from a hand list never loads them.
 * The Siamese table (Siamese editions, Royale) takes with it only the lines' names (./card-names.ts), and only when
 * its game names a line (./names-lines.ts); the whole card comes after the tiles (./SiameseGame.tsx).
 */

interface LineData {
  id: string;
  category: string;
  value: number;
  concealed: boolean;
  text: string;
  note?: string;
  /** A Siamese Atomic line (RULES §3). */
  atomic?: boolean;
}

export interface CardData {
  id: string;
  name: string;
  lines: LineData[];
}

let SAMPLE_CARD: CardData = { id: "sample-2026", name: "", lines: [] };
let active: CardData = SAMPLE_CARD;
let BY_ID = new Map(SAMPLE_CARD.lines.map((l) => [l.id, l]));
let sampleLoading: Promise<void> | null = null;

/** `load` (a table's or a page's code) with the sample card's lines: what names them draws with them from the first. */
export const withSampleCard = <M>(load: Promise<M>): Promise<M> => Promise.all([load, loadSampleCard()]).then(([m]) => m);

/** The sample card in place of the one before (and in use if that one was). */
const setSample = (c: CardData) => {
  const was = SAMPLE_CARD;
  SAMPLE_CARD = c;
  if (active === was) (active = c), (BY_ID = new Map(c.lines.map((l) => [l.id, l])));
};
/**
 * The sample card's lines enough to name them (./card-names.ts: no texts, no notes), unless some are in already (the whole
 * card then). (What reads a line's text, the American table's words, the hints, the card viewer, loads the whole card first.)
 */
export const sampleNames = (c: { id: string; name: string; lines: Omit<LineData, "text">[] }) => SAMPLE_CARD.lines[0] || setSample(c as CardData);

/** Loads the sample card's lines (once); labels follow it from then on. */
export const loadSampleCard = (): Promise<void> =>
  (sampleLoading ??= import("../../../worker/engine/cards/sample-2026.json").then(
    (m) => setSample(m.default as CardData),
    (e) => {
      sampleLoading = null;
      throw e;
    },
  ));
/** Cards games brought (their data, as stored with the game), by id. */
const gameCards = new Map<string, CardData>();

/**
 * The card of the game on screen: a built-in id, or the card data the game keeps. Line labels
 * follow it; returns the id the hints and the Atomic picker look the card up by (`gameCard`).
 */
export function useGameCard(card: unknown): string {
  if (card && typeof card === "object" && typeof (card as CardData).id === "string" && Array.isArray((card as CardData).lines)) {
    let c = card as CardData;
    // A game's answer brings a new copy of the same card each time: keep the first, so what was worked out from it stays.
    const known = gameCards.get(c.id);
    if (known && (known === c || JSON.stringify(known) === JSON.stringify(c))) c = known;
    else gameCards.set(c.id, c);
    if (active !== c) (active = c), (BY_ID = new Map(c.lines.map((l) => [l.id, l])));
    return c.id;
  }
  // Another player's private card, of which a finished game shows only the name: its lines are not known here.
  if (card && typeof card === "object") {
    if (active.id !== "") (active = { id: "", name: String((card as { name?: unknown }).name ?? ""), lines: [] }), (BY_ID = new Map());
    return "";
  }
  if (active !== SAMPLE_CARD) (active = SAMPLE_CARD), (BY_ID = new Map(SAMPLE_CARD.lines.map((l) => [l.id, l])));
  return typeof card === "string" && card ? card : SAMPLE_CARD.id;
}

/** A card a game brought, by id (undefined for the built-in ones). */
export const gameCard = (id: string): CardData | undefined => gameCards.get(id);

export const lineOf = (id: string): LineData | undefined => BY_ID.get(id);

/** "2468, line 3": the category and the line's place in it, as a player finds it on the card. */
export function lineName(id: string): string {
  const l = BY_ID.get(id);
  if (!l) return `line ${id}`;
  const inCategory = active.lines.filter((x) => x.category === l.category);
  return `${l.category}, line ${inCategory.indexOf(l) + 1}`;
}

/** "2468, line 3 (30 points)", with "concealed" when the line must stay concealed. */
export function lineTitle(id: string): string {
  const l = BY_ID.get(id);
  return l ? `${lineName(id)} (${l.value} points${l.concealed ? ", concealed" : ""})` : lineName(id);
}
