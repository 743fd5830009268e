/**
 * The card-line notation (docs/card-format.md): one line of text per hand, groups separated by
 * spaces, then optional `; restriction` clauses. Parsing only; expansion into concrete tiles is
 * compile.ts.
 *
 *   FF 2222a 44a 6666b 88b        groups: a token of one repeated face is a group of that size
 *   2026a 222b 666c FFFF          a token of different faces is a run of singles (a year)
 *   nnna (n+1)(n+1)(n+1)b DDDa    number letters n m p with offsets; D = dragon of the suit
 *   FFFF nnnna nnnnb 66c ; n odd  restrictions: odd, even, in 1,3,5
 */
import { FLOWER, dragonKind, windKind, type Kind } from "../tile-kinds";

export type Face =
  | { t: "num"; n: number } // a fixed number 1..9, in the group's suit
  | { t: "var"; v: string; off: number } // a number letter plus an offset, in the group's suit
  | { t: "kind"; kind: Kind } // a wind, a named dragon, Soap, or a flower
  | { t: "dragon" }; // the dragon that matches the group's suit

export type SuitRef = { var: string } | { fixed: number } | null;

export interface PatternGroup {
  token: string;
  faces: Face[];
  /** false: all faces equal, one group of faces.length tiles; true: each face is a single (a run, a year). */
  run: boolean;
  suit: SuitRef;
}

export interface LinePattern {
  groups: PatternGroup[];
  /** Allowed values per number letter (after restrictions; offsets are checked at expansion). */
  allowed: Map<string, number[]>;
  tiles: number;
}

export const SUIT_LETTERS = ["a", "b", "c"];
export const NUMBER_LETTERS = ["n", "m", "p"];
const FIXED_SUITS: Record<string, number> = { B: 0, C: 1, D: 2 };
const HONOUR_FACES: Record<string, Kind> = {
  N: windKind("N"),
  E: windKind("E"),
  W: windKind("W"),
  S: windKind("S"),
  R: dragonKind("R"),
  G: dragonKind("G"),
  "0": dragonKind("0"),
  F: FLOWER,
};

const faceKey = (f: Face) => (f.t === "num" ? `${f.n}` : f.t === "var" ? `${f.v}+${f.off}` : f.t === "kind" ? `k${f.kind}` : "D");
const suited = (f: Face) => f.t === "num" || f.t === "var" || f.t === "dragon";

function parseGroup(token: string): PatternGroup | string {
  let body = token;
  let suit: SuitRef = null;
  const last = token[token.length - 1]!;
  if (SUIT_LETTERS.includes(last)) suit = { var: last };
  else if (last === "B" || last === "C") suit = { fixed: FIXED_SUITS[last]! };
  // A trailing D is the Dots suit only when the token has no D face of its own: "222D", not "DDDD".
  else if (last === "D" && token.length > 1 && !token.slice(0, -1).includes("D")) suit = { fixed: 2 };
  if (suit) body = token.slice(0, -1);

  const faces: Face[] = [];
  for (let i = 0; i < body.length; ) {
    const ch = body[i]!;
    if (ch === "(") {
      const m = /^\(([a-z])\+([1-8])\)/.exec(body.slice(i));
      if (!m || !NUMBER_LETTERS.includes(m[1]!)) return `group "${token}" has a bad offset; write it like (n+1), with n, m or p and +1..+8`;
      faces.push({ t: "var", v: m[1]!, off: Number(m[2]) });
      i += m[0].length;
      continue;
    }
    if (ch >= "1" && ch <= "9") faces.push({ t: "num", n: Number(ch) });
    else if (ch in HONOUR_FACES) faces.push({ t: "kind", kind: HONOUR_FACES[ch]! });
    else if (ch === "D") faces.push({ t: "dragon" });
    else if (NUMBER_LETTERS.includes(ch)) faces.push({ t: "var", v: ch, off: 0 });
    else if (/[a-z]/.test(ch)) return `unknown group "${token}": "${ch}" is not a suit letter (a, b, c) or number letter (n, m, p)`;
    else return `unknown group "${token}": "${ch}" is not a tile (use 1-9, 0 for Soap, N E W S, R G, D, F, n m p)`;
    i++;
  }
  if (faces.length === 0) return `group "${token}" has a suit but no tiles`;
  const run = faces.some((f) => faceKey(f) !== faceKey(faces[0]!));
  if (!run && faces.length > 6) return `group "${token}" has ${faces.length} tiles; a group has at most 6 (a sextet)`;
  const needsSuit = faces.some(suited);
  if (needsSuit && !suit)
    return `group "${token}" needs a suit: add a, b or c (any suit; different letters are different suits) or B, C, D`;
  if (!needsSuit && suit) return `group "${token}" has no numbers and no D, so its suit letter means nothing`;
  return { token, faces, run, suit };
}

function parseRestriction(clause: string, allowed: Map<string, number[]>): string | null {
  const m = /^([a-z])\s+(odd|even|in\s+([1-9](?:[\s,]+[1-9])*))$/.exec(clause.trim());
  if (!m) return `"${clause.trim()}" is not a restriction; write "n odd", "n even" or "n in 1,4,7"`;
  const v = m[1]!;
  if (!NUMBER_LETTERS.includes(v)) return `"${v}" in "${clause.trim()}" is not a number letter (n, m, p)`;
  if (allowed.has(v)) return `"${v}" is restricted twice`;
  const values = m[2] === "odd" ? [1, 3, 5, 7, 9] : m[2] === "even" ? [2, 4, 6, 8] : m[3]!.split(/[\s,]+/).map(Number);
  allowed.set(v, [...new Set(values)].sort());
  return null;
}

/** Parse one line's text. Returns every problem found, in plain words. */
export function parseLine(text: string): { ok: true; pattern: LinePattern } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const [groupsText = "", ...clauses] = text.split(";");
  const groups: PatternGroup[] = [];
  for (const token of groupsText.split(/\s+/).filter(Boolean)) {
    const g = parseGroup(token);
    if (typeof g === "string") problems.push(g);
    else groups.push(g);
  }
  if (groups.length === 0 && problems.length === 0) problems.push("has no groups");
  const allowed = new Map<string, number[]>();
  for (const c of clauses) {
    const p = parseRestriction(c, allowed);
    if (p) problems.push(p);
  }
  const used = new Set<string>();
  const suits = new Set<string>();
  for (const g of groups) {
    for (const f of g.faces) if (f.t === "var") used.add(f.v);
    if (g.suit && "var" in g.suit) suits.add(g.suit.var);
  }
  for (const v of allowed.keys()) if (!used.has(v)) problems.push(`restricts "${v}" but no group uses it`);
  if (suits.size > 3) problems.push(`uses ${suits.size} suit letters but there are only 3 suits`);
  const tiles = groups.reduce((s, g) => s + g.faces.length, 0);
  if (problems.length) return { ok: false, problems };
  for (const v of used) if (!allowed.has(v)) allowed.set(v, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
  return { ok: true, pattern: { groups, allowed, tiles } };
}
