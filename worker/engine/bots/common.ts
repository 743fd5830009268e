/**
 * What every computer player shares: its seeded PRNG, finding a chosen move among the legal ones,
 * and reading the tiles a seat has seen out of its view (never the state).
 */
import type { Move } from "../api";
import { nextInt, nextU32, seedRng, type RngState } from "../random";
import type { Kind } from "../tiles";

export interface TileRef {
  id: number;
  kind: Kind;
}

export type Strength = "easy" | "medium" | "strong" | "expert";
/** The strengths a ruleset's own computer player plays (the expert searches with the strong one: ../expert/). */
export type BotStrength = Exclude<Strength, "expert">;

/** A ruleset's computer player: a move from what its seat sees, the legal moves, its strength and the seeded generator. */
export type Bot = (view: unknown, legal: Move[], strength: BotStrength, rng: RngState) => Move;

/** A decision's PRNG: a pure function of the seed the service passes (game, version, seat). */
export const rngFor = (seed: string): RngState => seedRng(`bot:${seed}`);
export const pick = <T>(rng: RngState, xs: readonly T[]): T => xs[nextInt(rng, xs.length)]!;
export const chance = (rng: RngState, p: number) => nextU32(rng) / 2 ** 32 < p;

export const ofType = (legal: readonly Move[], type: string): Move[] => legal.filter((m) => m.type === type);

/** The legal move equal to `want` field by field (arrays compared element-wise), or undefined. */
export function findMove(legal: readonly Move[], want: Move): Move | undefined {
  return legal.find((m) => sameMove(m, want));
}

export function sameMove(a: Move, b: Move): boolean {
  const ka = Object.keys(a), kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (const k of ka) {
    const x = a[k], y = b[k];
    if (Array.isArray(x) && Array.isArray(y)) {
      if (x.length !== y.length || x.some((v, i) => v !== y[i])) return false;
    } else if (x !== y) return false;
  }
  return true;
}

/** The simplest legal answer: a declaration if any, else a pass, a draw, the first discard; never a change of call preference. */
export function simpleChoice(legal: readonly Move[]): Move {
  const order = ["mahjong", "claim-mahjong", "call-mahjong", "woo", "pass", "draw", "discard"];
  for (const t of order) {
    const m = legal.find((x) => x.type === t);
    if (m) return m;
  }
  return legal.find((m) => m.type !== "preference") ?? legal[0]!;
}

/**
 * Copies of each kind the seat has seen: every tile ref ({id, kind}) anywhere in `part` of its view
 * (its own tiles, exposures, declarations, discards, the tile in a claim window), each physical tile once.
 */
export function seenCounts(part: unknown, kindCount: number): number[] {
  const seen = new Set<number>();
  const counts = new Array<number>(kindCount).fill(0);
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) {
      for (const y of x) if (y && typeof y === "object") walk(y);
      return;
    }
    if (!x || typeof x !== "object") return;
    const o = x as Record<string, unknown>;
    if (typeof o.id === "number" && typeof o.kind === "number" && Object.keys(o).length === 2) {
      if (!seen.has(o.id)) {
        seen.add(o.id);
        counts[o.kind]!++;
      }
      return;
    }
    for (const k in o) {
      if (k === "result" || k === "hands") continue; // finished results and earlier hands are not on the table
      const y = o[k];
      if (y && typeof y === "object") walk(y);
    }
  };
  walk(part);
  return counts;
}

/** `n` tiles drawn without replacement from a multiset given as counts per kind (the counts are restored). */
export function sampleKinds(rng: RngState, counts: number[], total: number, n: number, out: Kind[]): Kind[] {
  out.length = 0;
  const taken: Kind[] = [];
  let left = total;
  for (let i = 0; i < n && left > 0; i++) {
    let r = nextInt(rng, left);
    let k = 0;
    while (r >= counts[k]!) r -= counts[k++]!;
    counts[k]!--;
    left--;
    taken.push(k);
    out.push(k);
  }
  for (const k of taken) counts[k]!++;
  return out;
}
