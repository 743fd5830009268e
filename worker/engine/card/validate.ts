/**
 * The card validator: card data in (an object or its JSON text), a Card out, or every problem
 * found, each naming its line and saying what is wrong in plain words.
 */
import { isSuited, numberOf } from "../tile-kinds";
import type { Card, CardCheck, CardLine, CardProblem } from "./api";
import { expand, impossibility } from "./compile";
import { parseLineInWords } from "./notation-words";

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

/** `line "2468-3": has 13 tiles, a hand needs 14` */
export const formatProblem = (p: CardProblem) =>
  p.line === undefined ? p.message : /^line \d+$/.test(p.line) ? `${p.line}: ${p.message}` : `line "${p.line}": ${p.message}`;

function checkPattern(text: string, atomic: boolean): string[] {
  const parsed = parseLineInWords(text);
  if (!parsed.ok) return parsed.problems;
  const { pattern } = parsed;
  if (pattern.tiles !== 14) return [`has ${pattern.tiles} tiles, a hand needs 14`];
  const all = expand(pattern);
  if (all.length === 0) return ["no numbers fit: check the restrictions and offsets (every number must stay within 1–9, and different letters take different numbers)"];
  const possible = all.filter((c) => impossibility(c) === null);
  if (possible.length === 0) return [`cannot be made: it ${impossibility(all[0]!)}`];
  if (atomic) {
    const repeats = possible.every((c) => {
      const seen = new Set<number>();
      return c.slots.some((s) => isSuited(s.kind) && (s.size > 1 || seen.has(numberOf(s.kind)) || !seen.add(numberOf(s.kind))));
    });
    if (repeats) return ["is marked Atomic, but an Atomic hand may not repeat a number"];
  }
  return [];
}

function checkLine(raw: unknown, index: number, ids: Set<string>, problems: CardProblem[]): CardLine | null {
  const where = isObject(raw) && typeof raw.id === "string" && raw.id.trim() ? raw.id : `line ${index + 1}`;
  const say = (message: string) => problems.push({ line: where, message });
  if (!isObject(raw)) return say("is not an object with id, category, value and text"), null;
  const before = problems.length;
  if (typeof raw.id !== "string" || !raw.id.trim()) say("has no id");
  else if (ids.has(raw.id)) say("has the same id as an earlier line");
  else ids.add(raw.id);
  if (typeof raw.category !== "string" || !raw.category.trim()) say("has no category");
  if (typeof raw.value !== "number" || !Number.isFinite(raw.value)) say(`value ${JSON.stringify(raw.value ?? null)} is not a number`);
  else if (!Number.isInteger(raw.value) || raw.value <= 0) say(`value ${raw.value} is not a whole number of points above 0`);
  if (raw.concealed !== undefined && typeof raw.concealed !== "boolean") say("concealed must be true (C) or false (X)");
  if (raw.atomic !== undefined && typeof raw.atomic !== "boolean") say("atomic must be true or false");
  if (raw.note !== undefined && typeof raw.note !== "string") say("note must be text");
  if (typeof raw.text !== "string" || !raw.text.trim()) say("has no text (the groups of the hand)");
  else for (const m of checkPattern(raw.text, raw.atomic === true)) say(m);
  if (problems.length > before) return null;
  const line: CardLine = {
    id: raw.id as string,
    category: (raw.category as string).trim(),
    value: raw.value as number,
    concealed: raw.concealed === true,
    atomic: raw.atomic === true,
    text: (raw.text as string).trim(),
  };
  if (typeof raw.note === "string") line.note = raw.note;
  return line;
}

export function validateCard(data: unknown): CardCheck {
  if (typeof data === "string") {
    try {
      data = JSON.parse(data);
    } catch (e) {
      return { ok: false, problems: [{ message: `the card is not valid JSON: ${(e as Error).message}` }] };
    }
  }
  if (!isObject(data)) return { ok: false, problems: [{ message: "a card is an object with id, name and lines" }] };
  const problems: CardProblem[] = [];
  if (typeof data.id !== "string" || !data.id.trim()) problems.push({ message: "the card has no id" });
  if (typeof data.name !== "string" || !data.name.trim()) problems.push({ message: "the card has no name" });
  if (!Array.isArray(data.lines) || data.lines.length === 0) {
    problems.push({ message: "the card has no lines" });
    return { ok: false, problems };
  }
  const ids = new Set<string>();
  const lines = data.lines.map((raw, i) => checkLine(raw, i, ids, problems));
  if (problems.length) return { ok: false, problems };
  const card: Card = { id: data.id as string, name: data.name as string, lines: lines as CardLine[] };
  return { ok: true, card };
}
