/**
 * What matching Wright-Patterson hands reads (RULES §5): a rack (concealed kinds and exposed sets),
 * tiles-away, the tiles of a set, kinds counted, and the kinds a tile rule of the hand list allows.
 * Flowers are never part of a hand (they are laid out and replaced).
 */
import { FIRST_DRAGON, FIRST_WIND, isHonour, isSuited, numberOf, suitOf, type Kind } from "../../tiles";
import type { TileRule } from "./hands";

export interface WpSet {
  type: "chow" | "pung" | "kong";
  /** The tile of a pung or kong; the lowest tile of a chow. */
  kind: Kind;
  /** A kong declared from concealed tiles stays concealed; a claimed set does not. */
  concealed?: boolean;
}

export interface Rack {
  /** Concealed tile kinds (no flowers). */
  concealed: readonly Kind[];
  /** Sets already laid out on this rack. */
  exposed?: readonly WpSet[];
}

export interface Away {
  away: number;
  /** Kinds that would bring the hand closer, ascending. */
  need: Kind[];
  /** Sets (or the pair) the best ways leave to any tiles that fit. */
  open: number;
}

export interface HandAway extends Away {
  hand: string;
}

export const PLAY_KINDS = 34;
export const DRAGONS = [FIRST_DRAGON, FIRST_DRAGON + 1, FIRST_DRAGON + 2];
export const WINDS = [FIRST_WIND, FIRST_WIND + 1, FIRST_WIND + 2, FIRST_WIND + 3];
export const ORPHANS: Kind[] = [0, 8, 9, 17, 18, 26, ...WINDS, ...DRAGONS];

/** The kinds a tile rule allows, as alternatives (one per suit where the rule names one suit). */
export function allowedSets(rule: TileRule): ((k: Kind) => boolean)[] {
  const n = (k: Kind) => numberOf(k);
  switch (rule) {
    case "any": return [(k) => k < PLAY_KINDS];
    case "suits": return [isSuited];
    case "one-suit": return [0, 1, 2].map((s) => (k: Kind) => isSuited(k) && suitOf(k) === s);
    case "one-suit-honours": return [0, 1, 2].map((s) => (k: Kind) => isHonour(k) || (isSuited(k) && suitOf(k) === s));
    case "honours": return [isHonour];
    case "simples": return [(k) => isSuited(k) && n(k) >= 2 && n(k) <= 8];
    case "ends": return [(k) => isSuited(k) && (n(k) === 1 || n(k) === 9)];
    case "ends-honours": return [(k) => isHonour(k) || (isSuited(k) && (n(k) === 1 || n(k) === 9))];
    case "even": return [(k) => isSuited(k) && n(k) % 2 === 0];
  }
}

export const tilesOf = (s: WpSet): Kind[] => (s.type === "chow" ? [s.kind, s.kind + 1, s.kind + 2] : Array<Kind>(s.type === "kong" ? 4 : 3).fill(s.kind));

export function countsOf(kinds: readonly Kind[]): number[] {
  const c = new Array<number>(PLAY_KINDS).fill(0);
  for (const k of kinds) if (k >= 0 && k < PLAY_KINDS) c[k]!++;
  return c;
}
