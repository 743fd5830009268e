/**
 * Scoring one player's tiles (RULES §7 "Points", "Doubles"). A hand is described by its sets
 * (exposed or natural), pairs, flowers, seat and prevailing wind, and whether it is the Jong's and
 * the winner's; the result is a score sheet whose every line names a set or a double, so players
 * can check it. There is no limit.
 *
 * Counters: low = 2..8 of a suit; high = 1s, 9s, winds, dragons.
 *   three of a kind  low ½ exposed, 1 natural;  high 1 exposed, 2 natural
 *   four of a kind   low 2 exposed, 4 natural;  high 4 exposed, 8 natural
 * Each flower 1, pairs 0; basic score = total × 4; score = basic × 2^doubles.
 * Ruling: a set completed with a claimed discard counts as exposed.
 */
import { isDragon, isHonour, isSuited, numberOf, suitOf, type Kind } from "../../tiles";
import { chineseTileName, flowerColour, flowerNumber, SUIT_WORDS, windOfSeat, windWord } from "./words";

export interface ScoredSet {
  kind: Kind;
  /** 3 (pung, "three of a kind") or 4 (kong). */
  size: 3 | 4;
  /** Natural = built entirely from self-drawn tiles (concealed); otherwise exposed. */
  natural: boolean;
}

export interface HandToScore {
  sets: ScoredSet[];
  /** Kinds of the pairs held (score nothing; a winner has exactly one). */
  pairs: Kind[];
  /** Flower kinds laid out (F1r..F4g). */
  flowers: Kind[];
  /** 0..3 = East, South, West, North; own flower = seat + 1. */
  seat: number;
  /** 0..3 = East, South, West, North. */
  prevailing: number;
  jong: boolean;
  winner: boolean;
  /** The winner took the winning tile as a replacement from the loose end ("moon through the needle"). */
  replacement: boolean;
  /** The winner never punged (the set completed by the winning discard still counts as concealed). */
  concealed: boolean;
}

/** One line of a score sheet: a set or flower with its points, or a double. */
export interface SheetLine {
  what: string;
  /** Counters this line adds (may be ½). */
  points: number;
  /** Doubles this line adds (each multiplies the score by 2). */
  doubles: number;
}

export interface ScoreSheet {
  lines: SheetLine[];
  /** Sum of the points (may end in ½). */
  total: number;
  /** total × 4, always even. */
  basic: number;
  doubles: number;
  score: number;
}

export const isHigh = (k: Kind) => isHonour(k) || (isSuited(k) && (numberOf(k) === 1 || numberOf(k) === 9));

/** Counters of one set, in halves (so arithmetic stays exact): ½ → 1. */
export function setHalves(s: ScoredSet): number {
  const base = s.size === 3 ? 1 : 4; // low, exposed, in halves
  return base * (isHigh(s.kind) ? 2 : 1) * (s.natural ? 2 : 1);
}

const setWords = (s: ScoredSet) => `${s.natural ? "natural" : "exposed"} ${s.size === 4 ? "kong" : "pung"} of ${chineseTileName(s.kind)}`;

export function scoreHand(h: HandToScore): ScoreSheet {
  const lines: SheetLine[] = [];
  let halves = 0;
  for (const s of h.sets) {
    const p = setHalves(s);
    halves += p;
    lines.push({ what: setWords(s), points: p / 2, doubles: 0 });
  }
  for (const k of h.pairs) lines.push({ what: `pair of ${chineseTileName(k)}`, points: 0, doubles: 0 });
  for (const f of h.flowers) {
    halves += 2;
    lines.push({ what: chineseTileName(f), points: 1, doubles: 0 });
  }
  const dbl = (what: string) => lines.push({ what, points: 0, doubles: 1 });

  // Doubles for everyone.
  for (const f of h.flowers) if (flowerNumber(f) === h.seat + 1) dbl(`own flower (${chineseTileName(f)})`);
  for (const colour of ["red", "green"] as const) {
    const n = new Set(h.flowers.filter((f) => flowerColour(f) === colour).map(flowerNumber)).size;
    if (n === 4) dbl(`all four ${colour} flowers`);
  }
  for (const s of h.sets) if (isDragon(s.kind)) dbl(`${s.size === 4 ? "four" : "three"} of ${chineseTileName(s.kind)}`);
  for (const s of h.sets) if (s.kind === windOfSeat(h.seat)) dbl(`own wind (${windWord(h.seat)})`);
  for (const s of h.sets) if (s.kind === windOfSeat(h.prevailing)) dbl(`prevailing wind (${windWord(h.prevailing)})`);

  // Doubles for the winner only.
  if (h.winner) {
    if (h.jong) dbl("the Jong");
    const kinds = [...h.sets.map((s) => s.kind), ...h.pairs];
    const suits = new Set(kinds.filter(isSuited).map(suitOf));
    if (suits.size === 1) dbl(`one suit only (${SUIT_WORDS[[...suits][0]!]}${kinds.some(isHonour) ? " with honours" : ""})`);
    if (kinds.length > 0 && kinds.every(isHigh)) dbl("only high counters");
    if (h.replacement) dbl("moon through the needle (won on the replacement tile)");
    if (h.concealed) dbl("concealed hand");
  }

  const doubles = lines.reduce((t, l) => t + l.doubles, 0);
  const basic = halves * 2;
  return { lines, total: halves / 2, basic, doubles, score: basic * 2 ** doubles };
}

