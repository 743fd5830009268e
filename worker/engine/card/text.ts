/**
 * The plain-text form of a card (docs/card-format.md, "Typing a card"): one line per hand,
 *
 *   category | hand | value | C or X | note
 *
 * e.g. `2468 | FF 2222a 44a 6666b 88b | 25 | X | any two suits`. Blank lines and lines starting
 * with `#` are skipped; `name: …` names the card. An empty category repeats the one above.
 * Pure: text in, a Card (checked by the engine's validator) or every problem with its line number.
 */
import type { Card, CardLine, CardProblem } from "./api";
import { parseLine } from "./notation";
import { validateCard } from "./validate";

export const CARD_LIMITS = { lines: 120, bytes: 64 * 1024 } as const;

/** A problem of a typed card: `line` is the 1-based line of the text (null for the card as a whole). */
export interface TextProblem {
  line: number | null;
  message: string;
}

export type TextCheck = { ok: true; card: Card; lineAt: number[] } | { ok: false; problems: TextProblem[] };

/** One typed line, split into its fields (not yet checked against the notation). */
interface RawLine {
  at: number;
  id: string;
  category: string;
  value: unknown;
  concealed: boolean;
  atomic: boolean;
  text: string;
  note?: string;
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, " ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 24) || "line";

/** Group sizes in words, for plain-word messages. */
const SIZE_NAME = ["", "is a single", "is a pair", "is a pung", "is a kong", "is a quint", "is a sextet"];

/** "FF is a pair, 2222a is a kong, …" for a hand that does not add up to 14, so the typist sees which group is short. */
function tileCount(text: string): string {
  const parsed = parseLine(text);
  if (!parsed.ok) return "";
  const words = parsed.pattern.groups.map((g) => `${g.token} ${g.run ? `is ${g.faces.length} singles` : SIZE_NAME[g.faces.length] ?? `is ${g.faces.length} tiles`}`);
  return `: ${words.join(", ")}`;
}


/**
 * The fields of one typed hand line, or a plain-word problem. `category` is what an empty
 * category field stands for (the line above's).
 */
function splitLine(line: string, at: number, category: string): RawLine | string {
  const fields = line.split("|").map((f) => f.trim());
  if (fields.length < 4)
    return `write the hand as: category | hand | value | C or X | note (found ${fields.length} part${fields.length === 1 ? "" : "s"}; separate them with |)`;
  const [cat, text, value, cx, ...note] = fields as [string, string, string, string, ...string[]];
  const flags = cx.toLowerCase().split(/[\s,]+/).filter(Boolean);
  let concealed: boolean | null = null, atomic = false;
  for (const f of flags) {
    if (f === "c" || f === "concealed") concealed = true;
    else if (f === "x" || f === "exposed") concealed = false;
    else if (f === "atomic" || f === "a") atomic = true;
    else return `"${cx}" should be C (concealed) or X (may be exposed), optionally followed by "atomic"`;
  }
  if (concealed === null) return `the fourth part should be C (concealed) or X (may be exposed), not "${cx}"`;
  const c = cat || category;
  if (!c) return "has no category: write the heading printed on the card first, e.g. 2468 | …";
  if (!text) return "has no hand: write its groups in the second part, e.g. FF 2222a 44a 6666b 88b";
  if (!value) return "has no value: write its points in the third part, e.g. 25";
  const raw: RawLine = { at, id: "", category: c, value: /^\d+$/.test(value) ? Number(value) : value, concealed, atomic, text };
  const n = note.join(" | ").trim();
  if (n) raw.note = n;
  return raw;
}

/** Turn the engine validator's message into the words a typist needs (group sizes, tile counts). */
function explain(message: string, text: string): string {
  const m = /^has (\d+) tiles, a hand needs 14$/.exec(message);
  if (m) return message + tileCount(text);
  return message;
}

function toRaw(source: string): { name?: string; raws: RawLine[]; problems: TextProblem[] } {
  const problems: TextProblem[] = [];
  const raws: RawLine[] = [];
  let name: string | undefined, category = "";
  const used = new Map<string, number>();
  source.split(/\r?\n/).forEach((line, i) => {
    const at = i + 1;
    const t = line.trim();
    if (!t || t.startsWith("#")) return;
    const nm = /^name\s*:\s*(.*)$/i.exec(t);
    if (nm) {
      name = nm[1]!.trim();
      return;
    }
    const r = splitLine(t, at, category);
    if (typeof r === "string") return problems.push({ line: at, message: r });
    category = r.category;
    const base = slug(r.category);
    const n = (used.get(base) ?? 0) + 1;
    used.set(base, n);
    r.id = `${base}-${n}`;
    raws.push(r);
  });
  return { name, raws, problems };
}

/**
 * Check one typed line on its own (the editor, as you type). Blank and comment lines are fine
 * (`line: null`); a hand line gives its CardLine or every problem in plain words. An empty
 * category stands for `categoryAbove` (the category of the hand line above, as in a whole card).
 */
export function checkTextLine(line: string, categoryAbove = ""): { ok: true; line: CardLine | null } | { ok: false; messages: string[] } {
  const t = line.trim();
  if (!t || t.startsWith("#") || /^name\s*:/i.test(t)) return { ok: true, line: null };
  const r = splitLine(t, 1, categoryAbove);
  if (typeof r === "string") return { ok: false, messages: [r] };
  const check = validateCard({ id: "x", name: "x", lines: [{ ...r, id: slug(r.category) + "-1" }] });
  if (check.ok) return { ok: true, line: check.card.lines[0]! };
  return { ok: false, messages: check.problems.map((p) => explain(p.message, r.text)) };
}

/**
 * A whole typed card: every problem with its text line, or the Card (its lines' ids are made
 * from their category: "2468-1", "2468-2", …; `lineAt[i]` is the text line of card line i).
 */
export function cardFromText(source: string, opts: { id: string; name?: string }): TextCheck {
  if (new TextEncoder().encode(source).length > CARD_LIMITS.bytes)
    return { ok: false, problems: [{ line: null, message: `the card is larger than ${CARD_LIMITS.bytes / 1024} KB` }] };
  const { name, raws, problems } = toRaw(source);
  if (raws.length > CARD_LIMITS.lines)
    problems.push({ line: raws[CARD_LIMITS.lines]!.at, message: `a card has at most ${CARD_LIMITS.lines} hands; this is hand ${CARD_LIMITS.lines + 1}` });
  const cardName = (opts.name ?? name ?? "").trim();
  const check = validateCard({ id: opts.id, name: cardName, lines: raws.map(({ at: _at, ...l }) => l) });
  if (!check.ok) {
    const byId = new Map(raws.map((r) => [r.id, r]));
    for (const p of check.problems) {
      if (p.line === undefined) {
        if (p.message === "the card has no name") problems.push({ line: null, message: 'the card has no name: give it one, or start with a line "name: …"' });
        else if (p.message === "the card has no lines") {
          if (!problems.length) problems.push({ line: null, message: "the card has no hands yet: write one per line, e.g. 2468 | FF 2222a 44a 6666b 88b | 25 | X" });
        } else problems.push({ line: null, message: p.message });
      } else {
        const r = byId.get(p.line);
        problems.push({ line: r?.at ?? null, message: explain(p.message, r?.text ?? "") });
      }
    }
  }
  if (problems.length || !check.ok) return { ok: false, problems: problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)) };
  return { ok: true, card: check.card, lineAt: raws.map((r) => r.at) };
}

/** The card written as text, ready to edit again (export, duplicate). */
export function cardToText(card: Card): string {
  const out = [`name: ${card.name}`, ""];
  let category = "";
  for (const l of card.lines) {
    if (l.category !== category && category) out.push("");
    category = l.category;
    const cx = `${l.concealed ? "C" : "X"}${l.atomic ? " atomic" : ""}`;
    out.push([l.category, l.text, String(l.value), cx, ...(l.note ? [l.note] : [])].join(" | "));
  }
  return out.join("\n") + "\n";
}

/**
 * Problems of a JSON card with their line: the position (1-based) in `lines` of the line the
 * validator named, or null for the card as a whole.
 */
export function numberProblems(data: unknown, problems: CardProblem[]): TextProblem[] {
  const lines = typeof data === "object" && data !== null && Array.isArray((data as { lines?: unknown }).lines) ? ((data as { lines: unknown[] }).lines) : [];
  const index = new Map<string, number>();
  lines.forEach((l, i) => {
    const id = typeof l === "object" && l !== null ? (l as { id?: unknown }).id : undefined;
    if (typeof id === "string" && !index.has(id)) index.set(id, i + 1);
  });
  return problems.map((p) => {
    if (p.line === undefined) return { line: null, message: p.message };
    const pos = /^line (\d+)$/.exec(p.line);
    return { line: pos ? Number(pos[1]) : index.get(p.line) ?? null, message: p.message };
  });
}
