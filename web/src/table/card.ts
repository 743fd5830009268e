/** The sample card's lines by id, for labels on the table (the data is small; the matcher is not loaded here). */
import sample from "../../../worker/engine/cards/sample-2026.json";

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

export const SAMPLE_CARD = sample as { id: string; name: string; lines: LineData[] };
const BY_ID = new Map(SAMPLE_CARD.lines.map((l) => [l.id, l]));

export const lineOf = (id: string): LineData | undefined => BY_ID.get(id);

/** "2468a 2468b 22c 8888c (any 3 suits, 2468, 30 points)" */
export function lineText(id: string): string {
  const l = BY_ID.get(id);
  return l ? `${l.text} (${[l.note, l.category, `${l.value} points`, l.concealed ? "concealed" : ""].filter(Boolean).join(", ")})` : `line ${id}`;
}

/** "2468, line 3": the category and the line's place in it, as a player finds it on the card. */
export function lineName(id: string): string {
  const l = BY_ID.get(id);
  if (!l) return `line ${id}`;
  const inCategory = SAMPLE_CARD.lines.filter((x) => x.category === l.category);
  return `${l.category}, line ${inCategory.indexOf(l) + 1}`;
}

/** "2468, line 3 (30 points)", with "concealed" when the line must stay concealed. */
export function lineTitle(id: string): string {
  const l = BY_ID.get(id);
  return l ? `${lineName(id)} (${l.value} points${l.concealed ? ", concealed" : ""})` : lineName(id);
}
