/**
 * Contract of the card module (RULES §2). worker/engine/card/index.ts implements and re-exports it.
 * Consumers (the Siamese and American variants, hints, the CLI) use only these names.
 */
import type { Kind } from "../tiles";

export interface CardLine {
  /** Stable id within the card, e.g. "2468-3". */
  id: string;
  /** Category heading as printed on the card, e.g. "2468", "Like Numbers", "Winds & Dragons". */
  category: string;
  /** Value in points (25..75 on the sample card). */
  value: number;
  /** C (concealed): nothing exposed before Mah Jongg; a discard may be claimed only for Mah Jongg. */
  concealed: boolean;
  /** Siamese Atomic hand flag (RULES §3). */
  atomic: boolean;
  /** The line as printed, in the card notation (for display). */
  text: string;
  /** Optional printed note, e.g. "any 3 suits, like pungs". */
  note?: string;
}

export interface Card {
  id: string;
  name: string;
  lines: CardLine[];
}

/**
 * A group of identical tiles as laid out: `size` tiles standing for `kind`, `jokers` of them
 * jokers (jokers only in groups of 3+). An exposure is a Group; a declared hand is 14 tiles of Groups.
 */
export interface Group {
  kind: Kind;
  size: number;
  jokers: number;
}

export interface LineMatch {
  line: CardLine;
  jokerless: boolean;
  /** The 14 tiles arranged as the line's groups (jokerless whenever possible). */
  arrangement: Group[];
}

export interface Away {
  line: CardLine;
  /** Minimum number of tiles still needed (0 = complete). Infinity-free: lines the exposures rule out are omitted. */
  away: number;
  /** Kinds still needed for that best assignment (jokers not listed; any joker can stand in a 3+ group). */
  needed: Kind[];
  /** When away = 0: the full 14 as the line's groups, exposures included, jokerless whenever possible. */
  arrangement?: Group[];
}

export interface CardProblem {
  /** Line id or index ("line 12") the problem is in; absent for card-level problems. */
  line?: string;
  message: string;
}

export type CardCheck = { ok: true; card: Card } | { ok: false; problems: CardProblem[] };

export interface CardModule {
  /** Validate card data (JSON or text, the module's documented format); name the line and the problem for every mistake. */
  validateCard(data: unknown): CardCheck;
  /** Built-in cards by id, e.g. "sample-2026". */
  builtinCards: Record<string, Card>;
  /** Lines that exactly 14 tiles satisfy, given the groups already exposed (fixed; their tiles are among `tiles`). */
  match(tiles: Kind[], card: Card, exposures?: Group[]): LineMatch[];
  /** For a rack: concealed tiles available (13–14, or a Siamese pool) plus its fixed exposures → distance to every line still possible, nearest first. */
  tilesAway(concealed: Kind[], exposures: Group[], card: Card): Away[];
  /**
   * Optional fast path: exactly the away-0 entries of `tilesAway` (the lines the rack completes now).
   * With `using` (a kind, not a joker): only the ways of completing a line that need a tile of that kind.
   */
  declarable?(concealed: Kind[], exposures: Group[], card: Card, using?: Kind): Away[];
  /** Optional fast path: exactly `declarable([...concealed, kind], exposures, card, kind)` (what a claimed discard of `kind` completes). */
  declarableWith?(concealed: Kind[], exposures: Group[], card: Card, kind: Kind): Away[];
  /** Can these exposures (of one hand) still be part of some line? If not, a message in plain words saying why. */
  exposuresFit(exposures: Group[], card: Card): { ok: true } | { ok: false; message: string };
  /**
   * Optional fast path: the sizes s (bit 1 << s, 3 to 6) for which `exposuresFit([...exposures, { kind, size: s, jokers }], card).ok`
   * (what claiming a discard of `kind` may expose on a rack; the jokers in a group never change whether it fits).
   */
  fitSizes?(exposures: Group[], kind: Kind, card: Card): number;
  /**
   * Siamese editions: the best `n` lines for `n` racks from one shared pool (27–28 tiles for two racks),
   * rack r with its own `exposures[r]` (default none). Null when some rack has no line left.
   */
  bestHands(pool: Kind[], n: number, card: Card, exposures?: Group[][]): BestHands | null;
}

/** One line per rack built together from one shared pool. */
export interface BestHands {
  racks: Away[];
  total: number;
  /** The pool's tiles each rack's line takes (its jokers included): no tile in two parts; tiles no line takes are in none. Absent: not worked out. */
  parts?: Kind[][];
}
