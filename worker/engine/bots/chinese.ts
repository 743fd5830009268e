/**
 * The chinese-ming computer player (RULES §7): pungs and kongs plus a pair, no chows. It calls Woo
 * whenever it can, kongs and pungs (the easy player now and then), and discards the tile least
 * likely to become part of a set: singles before pairs, and (strong) singles whose kind is all
 * but gone from the unseen tiles first, keeping the sets that score doubles.
 */
import type { Move } from "../api";
import type { RngState } from "../random";
import { FIRST_CHINESE_FLOWER, KIND_COUNT, isDragon, isHonour, isSuited, numberOf, type Kind } from "../tiles";
import { windOfSeat } from "../variants/chinese-ming/words";
import { chance, findMove, ofType, pick, seenCounts, simpleChoice, type Strength, type TileRef } from "./common";

interface View {
  you: number;
  hand: {
    prevailing: number;
    phase: "discard" | "window";
    wallCount: number;
    discards: { seat: number; tile: TileRef }[];
    seats: { concealed: TileRef[] | null; melds: { kind: Kind; tiles: TileRef[] }[] }[];
  };
}

/** Strong play: how much a copy already thrown makes a tile safer to throw (nobody called it then). */
export const CHINESE = { safety: 0.6 };

/** What a set of this kind is worth to this seat (counters and doubles, roughly). */
function setWorth(k: Kind, seat: number, prevailing: number): number {
  let w = isHonour(k) || (isSuited(k) && (numberOf(k) === 1 || numberOf(k) === 9)) ? 2 : 1;
  if (isDragon(k)) w += 3;
  if (k === windOfSeat(seat)) w += 3;
  if (k === windOfSeat(prevailing)) w += 3;
  return w;
}

export function chooseChinese(view: unknown, legal: Move[], strength: Strength, rng: RngState): Move {
  const v = view as View;
  const moves = legal.filter((m) => m.type !== "preference");
  if (!moves.length) return legal[0]!;
  const woo = findMove(moves, { type: "woo" });
  if (woo) return woo;
  const pass = findMove(moves, { type: "pass" });
  const kongs = ofType(moves, "kong");
  const pung = findMove(moves, { type: "pung" });
  if (pass) {
    // claim window
    if (kongs.length && (strength !== "easy" || chance(rng, 0.6))) return kongs[0]!;
    if (pung && (strength !== "easy" || chance(rng, 0.6))) return pung;
    return pass;
  }
  if (kongs.length && (strength !== "easy" || chance(rng, 0.6))) return kongs[0]!;
  const discards = ofType(moves, "discard");
  if (!discards.length) return simpleChoice(moves);
  const me = v.hand.seats[v.you]!;
  const mine = me.concealed ?? [];
  const count = new Array<number>(KIND_COUNT).fill(0);
  for (const t of mine) count[t.kind]!++;

  if (strength === "easy") {
    const lonely = Math.min(...mine.map((t) => count[t.kind]!));
    return pick(rng, discards.filter((m) => count[mine.find((t) => t.id === m.tile)!.kind] === lonely));
  }
  // unseen copies: 4 of every kind (flowers never stay in a hand), less what this seat has seen
  let unseen: number[] | null = null;
  if (strength === "strong") {
    const seen = seenCounts(v.hand, KIND_COUNT);
    unseen = seen.map((n, k) => (k < FIRST_CHINESE_FLOWER && k < 34 ? Math.max(0, 4 - n) : 0));
  }
  // keep-value of one more copy of each kind held: how likely it becomes (part of) a set, times what the set is worth
  const keep = (k: Kind): number => {
    const n = count[k]!;
    const worth = setWorth(k, v.you, v.hand.prevailing);
    const out = unseen ? unseen[k]! : 2; // copies that may still come
    if (n >= 3) return 100 + worth; // a set (a fourth copy stays: it may make a kong)
    if (n === 2) return 10 + worth + (unseen ? 2 * out : 2);
    // a single: needs two more of `out` unseen copies to become a set, one to become a pair
    if (unseen && out === 0) return 0;
    return 1 + (unseen ? out * 0.8 + (worth - 1) * 0.4 * (out >= 2 ? 1 : 0.3) : worth * 0.3);
  };
  let best: Move[] = [];
  let bestKeep = Infinity;
  for (const m of discards) {
    const t = mine.find((x) => x.id === m.tile);
    if (!t) continue;
    let k = keep(t.kind);
    // strong: a kind already thrown (and not called then) is safer to throw again
    if (unseen) k -= CHINESE.safety * v.hand.discards.filter((d) => d.tile.kind === t.kind).length;
    if (k < bestKeep - 1e-9) (bestKeep = k), (best = [m]);
    else if (Math.abs(k - bestKeep) < 1e-9) best.push(m);
  }
  return best.length ? pick(rng, best) : discards[0]!;
}
