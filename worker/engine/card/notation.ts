/**
 * The card-line notation (docs/card-format.md): one line of text per hand, groups separated by
 * spaces, then optional `; restriction` clauses. Parsing only; expansion into concrete tiles is
 * compile.ts.
 *
 *   FF 2222a 44a 6666b 88b        groups: a token of one repeated face is a group of that size
 *   2026a 222b 666c FFFF          a token of different faces is a run of singles (a year)
 *   nnna (n+1)(n+1)(n+1)b DDDa    number letters n m p with offsets; D = dragon of the suit
 *   FFFF nnnna nnnnb 66c ; n odd  restrictions: odd, even, in 1,3,5
 *
 * A line's mistakes come back as codes (NotationProblem); notation-words.ts puts them in words. Apart because the browser parses only cards already checked (the built-in cards by the
 * build, a club's card by the service before any game could use it) and has no use for the words;
 * the card editor and the service import them.
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

/**
 * What can be wrong with a line: the first element of a NotationProblem (notation-words.ts says
 * each in words). Numbers, which the bundler writes in place of the names.
 */
export const BAD_OFFSET = 0,
  UNKNOWN_FACE = 1,
  NO_TILES = 2,
  TOO_BIG = 3,
  NEEDS_SUIT = 4,
  IDLE_SUIT = 5,
  NOT_A_RESTRICTION = 6,
  NOT_A_NUMBER_LETTER = 7,
  RESTRICTED_TWICE = 8,
  UNUSED_LETTER = 9,
  NO_GROUPS = 10;

/** One mistake in a line: what is wrong, then the text it is about. */
export type NotationProblem =
  | [why: typeof BAD_OFFSET | typeof NO_TILES | typeof NEEDS_SUIT | typeof IDLE_SUIT, token: string]
  | [why: typeof UNKNOWN_FACE, token: string, ch: string]
  | [why: typeof TOO_BIG, token: string, size: number]
  | [why: typeof NOT_A_RESTRICTION, clause: string]
  | [why: typeof NOT_A_NUMBER_LETTER, letter: string, clause: string]
  | [why: typeof RESTRICTED_TWICE | typeof UNUSED_LETTER, letter: string]
  | [why: typeof NO_GROUPS];

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

function parseGroup(token: string): PatternGroup | NotationProblem {
  const last = token[token.length - 1]!;
  // The suit: a suit letter a b c (any suit; different letters are different suits) or B C D; a
  // trailing D is the Dots suit only when the token has no D face of its own: "222D", not "DDDD".
  const suit: SuitRef = "abc".includes(last)
    ? { var: last }
    : last === "B" || last === "C" || (last === "D" && token.length > 1 && !token.slice(0, -1).includes("D"))
      ? { fixed: "BCD".indexOf(last) }
      : null;
  const body = suit ? token.slice(0, -1) : token;

  const faces: Face[] = [];
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch === "(") {
      const m = /^\(([nmp])\+([1-8])\)/.exec(body.slice(i));
      if (!m) return [BAD_OFFSET, token];
      faces.push({ t: "var", v: m[1]!, off: Number(m[2]) });
      i += m[0].length - 1;
    } else if (ch >= "1" && ch <= "9") faces.push({ t: "num", n: Number(ch) });
    else if (ch in HONOUR_FACES) faces.push({ t: "kind", kind: HONOUR_FACES[ch]! });
    else if (ch === "D") faces.push({ t: "dragon" });
    else if ("nmp".includes(ch)) faces.push({ t: "var", v: ch, off: 0 });
    else return [UNKNOWN_FACE, token, ch];
  }
  if (!faces.length) return [NO_TILES, token];
  const run = faces.some((f) => faceKey(f) !== faceKey(faces[0]!));
  if (!run && faces.length > 6) return [TOO_BIG, token, faces.length];
  // numbers and D need a suit; winds, named dragons, Soap and flowers take none
  const needsSuit = faces.some((f) => f.t !== "kind");
  if (needsSuit !== !!suit) return [needsSuit ? NEEDS_SUIT : IDLE_SUIT, token];
  return { token, faces, run, suit };
}

/** Parse one line's text. Returns every problem found. */
export function parseLine(text: string): { ok: true; pattern: LinePattern } | { ok: false; problems: NotationProblem[] } {
  const problems: NotationProblem[] = [];
  const [groupsText = "", ...clauses] = text.split(";");
  const groups: PatternGroup[] = [];
  for (const token of groupsText.split(/\s+/).filter(Boolean)) {
    const g = parseGroup(token);
    if (Array.isArray(g)) problems.push(g);
    else groups.push(g);
  }
  if (!groups.length && !problems.length) problems.push([NO_GROUPS]);
  const allowed = new Map<string, number[]>();
  for (let clause of clauses) {
    clause = clause.trim();
    const [, v, how, values] = /^([a-z])\s+(odd|even|in\s+([1-9](?:[\s,]+[1-9])*))$/.exec(clause) ?? [];
    if (!v) problems.push([NOT_A_RESTRICTION, clause]);
    else if (!"nmp".includes(v)) problems.push([NOT_A_NUMBER_LETTER, v, clause]);
    else if (allowed.has(v)) problems.push([RESTRICTED_TWICE, v]);
    else allowed.set(v, [...new Set(how === "odd" ? [1, 3, 5, 7, 9] : how === "even" ? [2, 4, 6, 8] : values!.split(/[\s,]+/).map(Number))].sort());
  }
  // (Only a, b and c are suit letters, so a line never has more suit letters than there are suits.)
  const used = new Set<string>();
  for (const g of groups) for (const f of g.faces) if (f.t === "var") used.add(f.v);
  for (const v of allowed.keys()) if (!used.has(v)) problems.push([UNUSED_LETTER, v]);
  if (problems.length) return { ok: false, problems };
  for (const v of used) if (!allowed.has(v)) allowed.set(v, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
  return { ok: true, pattern: { groups, allowed, tiles: groups.reduce((s, g) => s + g.faces.length, 0) } };
}
