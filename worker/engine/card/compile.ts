/**
 * Precompilation: every line is expanded once into its concrete candidates (one per choice of
 * suits and numbers), each a tile-count vector split into "strict" tiles (singles, pairs, runs:
 * real tiles only) and "flex" tiles (groups of 3+: a joker may stand in). Matching and tiles-away
 * are then cheap arithmetic on count vectors.
 */
import { FLOWER, matchingDragon, suited as suitedKind, tileName, type Kind } from "../tiles";
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

function toCandidate(slots: Slot[]): Candidate {
  const kinds: number[] = [];
  for (const s of slots) {
    if (strictCount[s.kind] === 0 && flexCount[s.kind] === 0) kinds.push(s.kind);
    if (s.size >= 3) flexCount[s.kind] = flexCount[s.kind]! + s.size;
    else strictCount[s.kind] = strictCount[s.kind]! + s.size;
  }
  kinds.sort((a, b) => a - b);
  const c: Candidate = {
    slots,
    kinds: Uint8Array.from(kinds),
    strict: Uint8Array.from(kinds, (k) => strictCount[k]!),
    flex: Uint8Array.from(kinds, (k) => flexCount[k]!),
  };
  for (const k of kinds) strictCount[k] = flexCount[k] = 0;
  return c;
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
  const nums = new Map<string, number>();
  const seen = new Set<string>();
  const out: Candidate[] = [];
  const numChoices = assignments(numLetters.length, (i) => p.allowed.get(numLetters[i]!)!);
  for (const suits of assignments(suitLetters.length, () => [0, 1, 2])) {
    for (const choice of numChoices) {
      for (let i = 0; i < numLetters.length; i++) nums.set(numLetters[i]!, choice[i]!);
      const slots: Slot[] = [];
      let ok = true;
      for (const g of p.groups) {
        const suit = g.suit === null ? -1 : "var" in g.suit ? suits[suitLetters.indexOf(g.suit.var)]! : g.suit.fixed;
        if (g.run) {
          for (const f of g.faces) {
            const k = concrete(f, suit, nums);
            if (k === null) ok = false;
            else slots.push({ kind: k, size: 1 });
          }
        } else {
          const k = concrete(g.faces[0]!, suit, nums);
          if (k === null) ok = false;
          else slots.push({ kind: k, size: g.faces.length });
        }
        if (!ok) break;
      }
      if (!ok) continue;
      const codes = slots.map((s) => s.kind * 8 + s.size).sort((a, b) => a - b);
      const key = codes.join(",");
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
