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

/**
 * The doubles as a table (RULES §7 "Doubles"), in the order the score sheet lists them. Each row
 * names its double (`what`), how many doubles it is worth each time, whether only the winner gets it,
 * and `applies(h)`: the sheet's words for each time the hand earns it (none: it does not apply).
 * A new double is a new row.
 */
export interface DoubleRule {
  what: string;
  doubles: number;
  winnerOnly?: true;
  applies(h: HandToScore): string[];
}

const when = (yes: boolean, words: string): string[] => (yes ? [words] : []);
const kindsOf = (h: HandToScore) => [...h.sets.map((s) => s.kind), ...h.pairs];

export const DOUBLES: DoubleRule[] = [
  { what: "own flower", doubles: 1, applies: (h) => h.flowers.filter((f) => flowerNumber(f) === h.seat + 1).map((f) => `own flower (${chineseTileName(f)})`) },
  ...(["red", "green"] as const).map(
    (colour): DoubleRule => ({
      what: `all four ${colour} flowers`,
      doubles: 1,
      applies: (h) => when(new Set(h.flowers.filter((f) => flowerColour(f) === colour).map(flowerNumber)).size === 4, `all four ${colour} flowers`),
    }),
  ),
  { what: "a set of dragons", doubles: 1, applies: (h) => h.sets.filter((s) => isDragon(s.kind)).map((s) => `${s.size === 4 ? "four" : "three"} of ${chineseTileName(s.kind)}`) },
  { what: "own wind", doubles: 1, applies: (h) => h.sets.filter((s) => s.kind === windOfSeat(h.seat)).map(() => `own wind (${windWord(h.seat)})`) },
  { what: "prevailing wind", doubles: 1, applies: (h) => h.sets.filter((s) => s.kind === windOfSeat(h.prevailing)).map(() => `prevailing wind (${windWord(h.prevailing)})`) },
  { what: "the Jong", doubles: 1, winnerOnly: true, applies: (h) => when(h.jong, "the Jong") },
  {
    what: "one suit only",
    doubles: 1,
    winnerOnly: true,
    applies(h) {
      const kinds = kindsOf(h);
      const suits = new Set(kinds.filter(isSuited).map(suitOf));
      return when(suits.size === 1, `one suit only (${SUIT_WORDS[[...suits][0]!]}${kinds.some(isHonour) ? " with honours" : ""})`);
    },
  },
  { what: "only high counters", doubles: 1, winnerOnly: true, applies: (h) => when(kindsOf(h).length > 0 && kindsOf(h).every(isHigh), "only high counters") },
  { what: "moon through the needle", doubles: 1, winnerOnly: true, applies: (h) => when(h.replacement, "moon through the needle (won on the replacement tile)") },
  { what: "concealed hand", doubles: 1, winnerOnly: true, applies: (h) => when(h.concealed, "concealed hand") },
];

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
  for (const rule of DOUBLES) {
    if (rule.winnerOnly && !h.winner) continue;
    for (const what of rule.applies(h)) lines.push({ what, points: 0, doubles: rule.doubles });
  }

  const doubles = lines.reduce((t, l) => t + l.doubles, 0);
  const basic = halves * 2;
  return { lines, total: halves / 2, basic, doubles, score: basic * 2 ** doubles };
}

