/**
 * Precompilation: every line is expanded once into its concrete candidates (one per choice of
 * suits and numbers), each a tile-count vector split into "strict" tiles (singles, pairs, runs:
 * real tiles only) and "flex" tiles (groups of 3+: a joker may stand in). Matching and tiles-away
 * are then cheap arithmetic on count vectors.
 */
import { FLOWER, matchingDragon, suited as suitedKind, tileName, type Kind } from "../tile-kinds";
import type { Card, CardLine } from "./api";
import { parseLine, type Face, type LinePattern } from "./notation";

/** One concrete group of a candidate: `size` tiles of `kind`. Runs are split into singles. */
export interface Slot {
  kind: Kind;
  size: number;
}

/** What a hand still has to supply, per distinct kind (parallel arrays). */
export interface Need {
  kinds: Uint8Array;
  strict: Uint8Array;
  flex: Uint8Array;
}

export interface Candidate extends Need {
  slots: Slot[];
}

export interface CompiledLine {
  line: CardLine;
  index: number;
  candidates: Candidate[];
  /** No group of 3+: jokers can never be used, so the line earns no jokerless bonus. */
  jokerFree: boolean;
}

/** Physical copies of a kind in one American set. */
export const available = (k: Kind) => (k === FLOWER ? 8 : 4);
export const JOKERS_IN_SET = 8;

function concrete(face: Face, suit: number, nums: Map<string, number>): Kind | null {
  switch (face.t) {
    case "kind":
      return face.kind;
    case "dragon":
      return matchingDragon(suit);
    case "num":
      return suitedKind(suit, face.n);
    case "var": {
      const n = nums.get(face.v)! + face.off;
      return n >= 1 && n <= 9 ? suitedKind(suit, n) : null;
    }
  }
}

/**
 * Every assignment of distinct values to `letters` (in domain order, the first letter varying
 * slowest), as arrays parallel to `letters`. Plain loops: compiling a club's card of 70 lines
 * runs this a few thousand times.
 */
function assignments(letters: number, domain: (i: number) => number[]): number[][] {
  const out: number[][] = [];
  const cur: number[] = new Array(letters);
  const rec = (i: number) => {
    if (i === letters) return void out.push(cur.slice());
    for (const v of domain(i)) {
      let used = false;
      for (let j = 0; j < i; j++) if (cur[j] === v) used = true;
      if (used) continue;
      cur[i] = v;
      rec(i + 1);
    }
  };
  rec(0);
  return out;
}

const strictCount = new Uint8Array(64);
const flexCount = new Uint8Array(64);
const kindBuf = new Uint8Array(64);

/**
 * Slots are shared, never changed: one object per (kind, size), so a candidate's slots cost one
 * array. Compiling a club's card allocates little, so the garbage collector rarely interrupts it.
 */
const SLOTS: Slot[] = [];
const slotOf = (kind: Kind, size: number): Slot => (SLOTS[kind * 8 + size] ??= Object.freeze({ kind, size }));

/** Plain loops into preallocated arrays: a club's card of 70 lines makes about a thousand of these. */
function toCandidate(slots: Slot[]): Candidate {
  let n = 0;
  for (const s of slots) {
    if (strictCount[s.kind] === 0 && flexCount[s.kind] === 0) kindBuf[n++] = s.kind;
    if (s.size >= 3) flexCount[s.kind] = flexCount[s.kind]! + s.size;
    else strictCount[s.kind] = strictCount[s.kind]! + s.size;
  }
  // Three arrays of their own, never views of one buffer: a small typed array lives inside the
  // heap, while a view forces its buffer outside it, and every read then costs an indirection
  // (the matchers read these arrays in their innermost loops: about 10 % of a Siamese game).
  const kinds = kindBuf.slice(0, n);
  const strict = new Uint8Array(n);
  const flex = new Uint8Array(n);
  kinds.sort();
  for (let i = 0; i < n; i++) {
    const k = kinds[i]!;
    strict[i] = strictCount[k]!;
    flex[i] = flexCount[k]!;
    strictCount[k] = flexCount[k] = 0;
  }
  return { slots, kinds, strict, flex };
}

/** Why a candidate cannot be built from one American set, or null if it can. */
export function impossibility(c: Candidate): string | null {
  let jokers = 0;
  for (let i = 0; i < c.kinds.length; i++) {
    const k = c.kinds[i]!;
    const s = c.strict[i]!;
    const total = s + c.flex[i]!;
    if (s > available(k))
      return `needs ${s} × ${tileName(k)} as singles or pairs, but there are only ${available(k)} and jokers cannot stand in for singles or pairs`;
    jokers += Math.max(0, total - available(k));
  }
  return jokers > JOKERS_IN_SET ? `needs ${jokers} jokers but a set has only ${JOKERS_IN_SET}` : null;
}

/** Every concrete candidate of a pattern, possible or not, without duplicates. */
export function expand(p: LinePattern): Candidate[] {
  const suitLetters: string[] = [];
  const numLetters: string[] = [];
  for (const g of p.groups) {
    if (g.suit && "var" in g.suit && !suitLetters.includes(g.suit.var)) suitLetters.push(g.suit.var);
    for (const f of g.faces) if (f.t === "var" && !numLetters.includes(f.v)) numLetters.push(f.v);
  }
  // Each group once: its suit as an index into the suit choice (or a fixed suit, or none), and each
  // face (all of a run's, one of a group's) as a number letter's index plus an offset, or as itself.
  const groups = p.groups.map((g) => ({
    size: g.run ? 1 : g.faces.length,
    suitVar: g.suit !== null && "var" in g.suit ? suitLetters.indexOf(g.suit.var) : -1,
    suit: g.suit === null || "var" in g.suit ? -1 : g.suit.fixed,
    faces: (g.run ? g.faces : g.faces.slice(0, 1)).map((f) => ({ f, v: f.t === "var" ? numLetters.indexOf(f.v) : -1, off: f.t === "var" ? f.off : 0 })),
  }));
  const none = new Map<string, number>();
  const seen = new Set<string>();
  const out: Candidate[] = [];
  const codes: number[] = [];
  const numChoices = assignments(numLetters.length, (i) => p.allowed.get(numLetters[i]!)!);
  for (const suits of assignments(suitLetters.length, () => [0, 1, 2])) {
    next: for (const choice of numChoices) {
      codes.length = 0;
      for (const g of groups) {
        const suit = g.suitVar >= 0 ? suits[g.suitVar]! : g.suit;
        for (const face of g.faces) {
          let k: Kind | null;
          if (face.v >= 0) {
            const n = choice[face.v]! + face.off;
            k = n >= 1 && n <= 9 ? suitedKind(suit, n) : null;
          } else k = concrete(face.f, suit, none);
          if (k === null) continue next;
          codes.push(k * 8 + g.size);
        }
      }
      // The slots in card order; the key sorted, so the same tiles reached another way count once.
      const slots = codes.map((c) => slotOf(c >> 3, c & 7));
      const key = String.fromCharCode(...codes.sort((a, b) => a - b));
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(toCandidate(slots));
    }
  }
  return out;
}

const cache = new WeakMap<Card, CompiledLine[]>();

/** The card's lines, compiled once per card object. Throws if a line does not parse (validate first). */
export function compiled(card: Card): CompiledLine[] {
  let c = cache.get(card);
  if (!c) {
    c = card.lines.map((line, index) => {
      const parsed = parseLine(line.text);
      // (the problems in notation.ts's codes: validate.ts, which checks every card first, says them in words)
      if (!parsed.ok) throw new Error(`card ${card.id}, line "${line.id}": ${parsed.problems.join("; ")}`);
      if (parsed.pattern.tiles !== 14) throw new Error(`card ${card.id}, line "${line.id}": has ${parsed.pattern.tiles} tiles`);
      const candidates = expand(parsed.pattern).filter((cand) => impossibility(cand) === null);
      const jokerFree = parsed.pattern.groups.every((g) => g.run || g.faces.length < 3);
      return { line, index, candidates, jokerFree };
    });
    cache.set(card, c);
  }
  return c;
}
