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

function* assignments<T>(letters: string[], domain: (letter: string) => T[], distinct: boolean): Generator<Map<string, T>> {
  const cur = new Map<string, T>();
  function* rec(i: number): Generator<Map<string, T>> {
    if (i === letters.length) return yield new Map(cur);
    const used = new Set(cur.values());
    for (const v of domain(letters[i]!)) {
      if (distinct && used.has(v)) continue;
      cur.set(letters[i]!, v);
      yield* rec(i + 1);
      cur.delete(letters[i]!);
    }
  }
  yield* rec(0);
}

function toCandidate(slots: Slot[]): Candidate {
  const strict = new Map<Kind, number>();
  const flex = new Map<Kind, number>();
  for (const s of slots) {
    const m = s.size >= 3 ? flex : strict;
    m.set(s.kind, (m.get(s.kind) ?? 0) + s.size);
  }
  const kinds = [...new Set([...strict.keys(), ...flex.keys()])].sort((a, b) => a - b);
  return {
    slots,
    kinds: Uint8Array.from(kinds),
    strict: Uint8Array.from(kinds, (k) => strict.get(k) ?? 0),
    flex: Uint8Array.from(kinds, (k) => flex.get(k) ?? 0),
  };
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
  const seen = new Set<string>();
  const out: Candidate[] = [];
  for (const suits of assignments(suitLetters, () => [0, 1, 2], true)) {
    for (const nums of assignments(numLetters, (v) => p.allowed.get(v)!, true)) {
      const slots: Slot[] = [];
      let ok = true;
      for (const g of p.groups) {
        const suit = g.suit === null ? -1 : "var" in g.suit ? suits.get(g.suit.var)! : g.suit.fixed;
        const kinds = g.faces.map((f) => concrete(f, suit, nums));
        if (kinds.some((k) => k === null)) ok = false;
        else if (g.run) for (const k of kinds) slots.push({ kind: k!, size: 1 });
        else slots.push({ kind: kinds[0]!, size: kinds.length });
      }
      if (!ok) continue;
      const key = slots
        .map((s) => `${s.kind}x${s.size}`)
        .sort()
        .join(",");
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
