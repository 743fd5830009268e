/**
 * The strong chinese-ming player's judgement of a hand (RULES §7): what the tiles held are worth in
 * points expected at the end of the hand, from what the seat sees. No chows, so a hand is four
 * pungs or kongs plus a pair, and each kind goes its own way: a kind held `c` times becomes a set
 * when enough of its copies still unseen come (drawn, taken from the left, or punged when a pair is
 * held), each copy with a chance that grows with the draws left. Two parts:
 *   - the Woo: over the targets (which kinds become the sets, which the pair), the best chance of
 *     completing times the winner's score (sets, flowers, doubles for everyone and the winner's own:
 *     the Jong, one suit, high counters only, concealed), times what the others pay a winner;
 *   - the tiles scored anyway (every player's tiles score and the losers pay each other the
 *     differences): the expected sets times the expected doubles of dragons and winds.
 * Only counts per kind and the view's public facts go in, so the judgement is a pure function of
 * the view.
 */
import { isDragon, isHonour, isSuited, numberOf, suitOf, type Kind } from "../../tiles";
import { windOfSeat } from "./words";

/** Tunable weights of the judgement (the benchmark chose them). */
export const VALUE = {
  /** How much likelier a copy comes to a held pair than by drawing alone (anyone's discard may be punged). */
  pairRate: 2.0,
  /** The same for a single (the left player's discard may be taken). */
  singleRate: 1.3,
  /** Share of the sets still to make that end up natural (drawn or taken, not punged). */
  naturalShare: 0.6,
  /** What a concealed hand is worth on average while nothing is exposed (the double is not sure). */
  concealed: 1.5,
  /** What the others pay for a point of the tiles scored by a player who does not win. */
  loser: 2,
  /** How many of the likeliest kinds are tried as sets. */
  candidates: 7,
};

export const SUITED_AND_HONOURS = 34;

const isHigh = (k: Kind) => isHonour(k) || (isSuited(k) && (numberOf(k) === 1 || numberOf(k) === 9));

/** What the judgement needs of the seat's public situation. */
export interface Situation {
  /** copies of each kind (0..33) the seat has not seen */
  unseen: number[];
  /** sum of `unseen` */
  unseenTotal: number;
  /** the seat's own draws still to come (roughly) */
  draws: number;
  seat: number;
  prevailing: number;
  jong: boolean;
  /** laid-out sets */
  melds: { kind: Kind; size: number; natural: boolean; exposed: boolean }[];
  /** flowers laid out: their halves of a point and their doubles */
  flowerHalves: number;
  flowerDoubles: number;
}

/** Doubles a set of `k` earns anyone: a dragon, the seat's own wind, the prevailing wind. */
export function setDoubles(k: Kind, seat: number, prevailing: number): number {
  let d = isDragon(k) ? 1 : 0;
  if (k === windOfSeat(seat)) d++;
  if (k === windOfSeat(prevailing)) d++;
  return d;
}

/** Halves of a point a set scores (RULES §7 table, in halves). */
export const setHalves = (k: Kind, size: number, natural: boolean) => (size === 4 ? 4 : 1) * (isHigh(k) ? 2 : 1) * (natural ? 2 : 1);

/** P(at least n of u copies come), each coming with chance q independently. */
function atLeast(u: number, q: number, n: number): number {
  if (n <= 0) return 1;
  if (u < n) return 0;
  const r = 1 - q;
  // u ≤ 4: the binomial tail written out
  let p0 = r ** u;
  if (n === 1) return 1 - p0;
  const p1 = u * q * r ** (u - 1);
  if (n === 2) return Math.max(0, 1 - p0 - p1);
  const p2 = ((u * (u - 1)) / 2) * q * q * r ** (u - 2);
  return Math.max(0, 1 - p0 - p1 - p2);
}

// scratch arrays (the judgement allocates nothing per call)
const K: number[] = [];
const P3: number[] = new Array(SUITED_AND_HONOURS).fill(0);
const P2: number[] = new Array(SUITED_AND_HONOURS).fill(0);
const H3: number[] = new Array(SUITED_AND_HONOURS).fill(0);
const DB: number[] = new Array(SUITED_AND_HONOURS).fill(0);
const CAND: number[] = [];
const PICK: number[] = [];

/** The Woo's search over targets: its inputs and best value so far (module-level, so nothing is allocated per call). */
const W = { s: null as unknown as Situation, need: 0, best: 0, meldHalves: 0, suitMask: 0, allHigh: true, baseDoubles: 0, concealedMul: 1 };

/** Tries every choice of W.need sets among the candidates, the likeliest other kind held as the pair. */
function visit(from: number): void {
  if (PICK.length === W.need) {
    let pair = -1, p2 = 0;
    for (const k of K) if (!PICK.includes(k) && P2[k]! > p2) (p2 = P2[k]!), (pair = k);
    if (pair < 0) return;
    let p = p2, halves = W.s.flowerHalves + W.meldHalves, d = W.baseDoubles, mask = W.suitMask, high = W.allHigh && isHigh(pair);
    for (const k of PICK) {
      p *= P3[k]!;
      halves += H3[k]!;
      d += DB[k]!;
      if (isSuited(k)) mask |= 1 << suitOf(k);
      if (!isHigh(k)) high = false;
    }
    if (isSuited(pair)) mask |= 1 << suitOf(pair);
    if (mask === 1 || mask === 2 || mask === 4) d++; // one suit only
    if (high) d++; // only high counters
    const v = p * halves * 2 * 2 ** d * W.concealedMul;
    if (v > W.best) W.best = v;
    return;
  }
  for (let i = from; i < CAND.length; i++) {
    PICK.push(CAND[i]!);
    visit(i + 1);
    PICK.pop();
  }
}

/** The expected worth (in points won) of holding `count` (per kind, concealed) in situation `s`, with `draws` to come. */
export function handWorth(count: readonly number[], s: Situation, draws = s.draws): number {
  const qd = s.unseenTotal > 0 ? Math.min(0.9, Math.max(0, draws) / s.unseenTotal) : 0;
  const qPair = Math.min(0.95, qd * VALUE.pairRate);
  const qSingle = Math.min(0.95, qd * VALUE.singleRate);
  const qMid = (qPair + qSingle) / 2;
  K.length = 0;
  let loserHalves = s.flowerHalves;
  let loserMul = 2 ** s.flowerDoubles;
  let meldHalves = 0, meldDoubles = 0, exposed = false;
  let suitMask = 0, allHigh = true;
  for (const m of s.melds) {
    meldHalves += setHalves(m.kind, m.size, m.natural);
    meldDoubles += setDoubles(m.kind, s.seat, s.prevailing);
    if (m.exposed) exposed = true;
    if (isSuited(m.kind)) suitMask |= 1 << suitOf(m.kind);
    if (!isHigh(m.kind)) allHigh = false;
  }
  loserHalves += meldHalves;
  loserMul *= 2 ** meldDoubles;
  for (let k = 0; k < SUITED_AND_HONOURS; k++) {
    const c = count[k]!;
    if (!c) continue;
    const u = s.unseen[k]!;
    const nat = setHalves(k, 3, true);
    let p3: number, h3: number;
    if (c >= 3) {
      p3 = 1;
      h3 = c === 4 ? setHalves(k, 4, true) : nat;
    } else {
      p3 = c === 2 ? atLeast(u, qPair, 1) : atLeast(u, qMid, 2);
      h3 = nat * (VALUE.naturalShare + (1 - VALUE.naturalShare) * 0.5);
    }
    const p2 = c >= 2 ? 1 : atLeast(u, qSingle, 1);
    const db = setDoubles(k, s.seat, s.prevailing);
    P3[k] = p3;
    P2[k] = p2;
    H3[k] = h3;
    DB[k] = db;
    K.push(k);
    loserHalves += p3 * h3;
    if (db) loserMul *= 1 + p3 * (2 ** db - 1);
  }
  const loser = loserHalves * 2 * loserMul;

  // the Woo: the best target of sets + pair
  const need = Math.max(0, 4 - s.melds.length);
  // candidates for sets: the likeliest kinds, by chance times worth
  CAND.length = 0;
  for (const k of K) if (P3[k]! > 0) CAND.push(k);
  CAND.sort((a, b) => P3[b]! * H3[b]! * 2 ** DB[b]! - P3[a]! * H3[a]! * 2 ** DB[a]!);
  if (CAND.length > VALUE.candidates) CAND.length = VALUE.candidates;
  W.s = s;
  W.need = need;
  W.best = 0;
  W.meldHalves = meldHalves;
  W.suitMask = suitMask;
  W.allHigh = allHigh;
  W.baseDoubles = s.flowerDoubles + meldDoubles + (s.jong ? 1 : 0);
  W.concealedMul = exposed ? 1 : VALUE.concealed;
  PICK.length = 0;
  visit(0);
  const best = W.best;
  const pay = s.jong ? 6 : 4;
  return pay * best + VALUE.loser * loser;
}
