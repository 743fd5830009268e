/**
 * The chinese-ming computer player (RULES §7): pungs and kongs plus a pair, no chows.
 *   easy    calls Woo whenever it can, kongs and pungs now and then, discards its loneliest tile
 *   medium  calls Woo, kongs and pungs always, and discards the tile least likely to become part
 *           of a set: singles before pairs, keeping the kinds whose sets score doubles
 *   strong  judges every choice by what the hand it leaves is worth in expected points
 *           (./chinese-value.ts: the chance of each set from the copies still unseen and the draws
 *           left, the winner's score with its doubles, and the tiles scored anyway): discards the
 *           tile that keeps the most, and pungs, or takes the left player's discard instead of
 *           drawing (it then counts as drawn, RULES §7), only when the hand is worth more after it
 */
import type { Move } from "../../api";
import type { RngState } from "../../random";
import { KIND_COUNT, isDragon, isHonour, isSuited, numberOf, type Kind } from "../../tiles";
import { flowerColour, flowerNumber, windOfSeat } from "./words";
import { chance, findMove, ofType, pick, simpleChoice, type Strength, type TileRef } from "../../bots/common";
import { reportRatings } from "../../bots/decide";
import { handWorth, SUITED_AND_HONOURS, type Situation } from "./bot-value";

interface View {
  you: number;
  hand: {
    jong: number;
    prevailing: number;
    phase: "discard" | "window";
    wallCount: number;
    deadWall: number;
    discards: { seat: number; tile: TileRef }[];
    window: { tile: TileRef; discarder: number } | null;
    seats: { concealed: TileRef[] | null; flowers: TileRef[]; melds: { kind: Kind; tiles: TileRef[]; natural: boolean; claimed: TileRef | null }[] }[];
  };
}

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
  if (strength === "strong") return chooseStrong(v, moves);
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
  // keep-value of one more copy of each kind held: how likely it becomes (part of) a set, times what the set is worth
  const keep = (k: Kind): number => {
    const n = count[k]!;
    const worth = setWorth(k, v.you, v.hand.prevailing);
    if (n >= 3) return 100 + worth; // a set (a fourth copy stays: it may make a kong)
    if (n === 2) return 10 + worth + 2;
    // a single: needs two more copies to become a set, one to become a pair
    return 1 + worth * 0.3;
  };
  let best: Move[] = [];
  let bestKeep = Infinity;
  for (const m of discards) {
    const t = mine.find((x) => x.id === m.tile);
    if (!t) continue;
    const k = keep(t.kind);
    if (k < bestKeep - 1e-9) (bestKeep = k), (best = [m]);
    else if (Math.abs(k - bestKeep) < 1e-9) best.push(m);
  }
  return best.length ? pick(rng, best) : discards[0]!;
}

/** Tile ids seen (scratch for situation(); the Chinese set has 144 tiles). */
const SEEN_ID = new Uint8Array(256);

/** What the strong player knows of its situation, from its view. */
function situation(v: View): Situation {
  const h = v.hand;
  const me = h.seats[v.you]!;
  // copies seen: own concealed tiles, every set laid out, every discard on the table (each tile once)
  SEEN_ID.fill(0);
  const unseen = new Array<number>(SUITED_AND_HONOURS).fill(4);
  const see = (t: TileRef) => {
    if (t.kind < SUITED_AND_HONOURS && !SEEN_ID[t.id]) (SEEN_ID[t.id] = 1), unseen[t.kind]!--;
  };
  for (const t of me.concealed ?? []) see(t);
  for (const p of h.seats) for (const m of p.melds) for (const t of m.tiles) see(t);
  for (const d of h.discards) see(d.tile);
  if (h.window) see(h.window.tile);
  for (let k = 0; k < SUITED_AND_HONOURS; k++) if (unseen[k]! < 0) unseen[k] = 0;
  const flowers = me.flowers.map((t) => t.kind);
  let flowerDoubles = flowers.filter((f) => flowerNumber(f) === v.you + 1).length;
  for (const colour of ["red", "green"] as const) if (new Set(flowers.filter((f) => flowerColour(f) === colour).map(flowerNumber)).size === 4) flowerDoubles++;
  return {
    unseen,
    unseenTotal: unseen.reduce((a, b) => a + b, 0),
    draws: Math.max(0, h.wallCount - h.deadWall) / 4,
    seat: v.you,
    prevailing: h.prevailing,
    jong: h.jong === v.you,
    melds: me.melds.map((m) => ({ kind: m.kind, size: m.tiles.length, natural: m.natural, exposed: m.claimed !== null })),
    flowerHalves: 2 * flowers.length,
    flowerDoubles,
  };
}

/** The best discard from `count` (14 tiles): its kind and the worth of the 13 left. `report`: tell judged orders each kind's rating (bots/decide.ts). */
function bestDiscard(count: number[], s: Situation, draws: number, report = false): { kind: Kind; worth: number } {
  let kind = -1, worth = -Infinity;
  const rated: [Kind, number[]][] = [];
  for (let k = 0; k < SUITED_AND_HONOURS; k++) {
    if (!count[k]) continue;
    count[k]!--;
    const w = handWorth(count, s, draws);
    count[k]!++;
    if (report) rated.push([k, [-w]]);
    if (w > worth + 1e-9) (worth = w), (kind = k);
  }
  if (report) reportRatings(rated);
  return { kind, worth };
}

/**
 * Strong play: every choice by the worth of the hand it leaves (./chinese-value.ts): the discard
 * that keeps the most, a pung or a take of the discard only when the hand after it (and its best
 * discard) is worth more than waiting for the draw.
 */
function chooseStrong(v: View, moves: Move[]): Move {
  const h = v.hand;
  const me = h.seats[v.you]!;
  const mine = me.concealed ?? [];
  const count = new Array<number>(SUITED_AND_HONOURS).fill(0);
  for (const t of mine) if (t.kind < SUITED_AND_HONOURS) count[t.kind]!++;
  const woo = findMove(moves, { type: "woo" });
  const pass = findMove(moves, { type: "pass" });
  const take = findMove(moves, { type: "take" });
  const kongs = ofType(moves, "kong");
  if (pass && h.window) {
    const k = h.window.tile.kind;
    // the discard completes a pung and the hand: taken, it counts as drawn (a natural set), then Woo
    if (woo && take && count[k] === 2) return take;
    if (woo) return woo;
    if (kongs.length) return kongs[0]!;
    const s = situation(v);
    let choice: Move = pass;
    let worth = handWorth(count, s);
    const pung = findMove(moves, { type: "pung" });
    if (take) {
      count[k]!++;
      const w = bestDiscard(count, s, s.draws - 1).worth;
      count[k]!--;
      if (w > worth) (worth = w), (choice = take);
    }
    if (pung) {
      count[k]! -= 2;
      const after = { ...s, melds: [...s.melds, { kind: k, size: 3, natural: false, exposed: true }] };
      // the next player's pung comes instead of a draw, as a take does; anyone else's comes on top of it
      const w = bestDiscard(count, after, take ? s.draws - 1 : s.draws).worth;
      count[k]! += 2;
      if (w > worth) (worth = w), (choice = pung);
    }
    return choice;
  }
  if (woo) return woo;
  if (kongs.length) return kongs[0]!;
  const discards = ofType(moves, "discard");
  if (!discards.length) return simpleChoice(moves);
  const s = situation(v);
  const { kind } = bestDiscard(count, s, s.draws, true);
  return discards.find((m) => mine.find((t) => t.id === m.tile)?.kind === kind) ?? discards[0]!;
}
