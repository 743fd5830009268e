/**
 * Matching Wright-Patterson hands (RULES §5): whether a rack's tiles (concealed kinds plus its
 * exposed sets) make a hand of the list, and, for the hints, how many tiles away each hand is with
 * the tiles that would bring it closer.
 *
 * Tiles-away = the tiles the hand needs (14, plus one for every kong) minus the most tiles of the
 * rack that can stand in it: 0 is a complete hand; a rack of 13 tiles is at least 1 away.
 * `need` (hands of shape sets): every kind, a tile of which the rack has not all four of, whose one
 * more tile lowers tiles-away — one away, exactly the tiles that complete the hand. Seven pairs,
 * thirteen orphans and nine gates list the kinds missing from their best ways.
 * `open`: sets (or the pair) that the best ways leave to tiles the rack does not hold at all (any
 * set that fits would do).
 *
 * Sets hands are worked out by suit tables (./suit-tables.ts); honour pungs that a hand requires
 * are placed first, for every choice of which dragons / winds. Racks, sets and tiles-away are
 * ./shapes.ts. Flowers are never part of a hand (they are laid out and replaced).
 */
import type { Kind } from "../../tiles";
import type { HandList, WpHand } from "./hands";
import { allowedSets, countsOf, ORPHANS, PLAY_KINDS, tilesOf, type Away, type HandAway, type Rack, type WpSet } from "./shapes";
import { setsAway, type SetsFound } from "./suit-tables";

export type { Away, HandAway, Rack, WpSet } from "./shapes";

/** Keeps the best (lowest) away, joining the needs and open counts of ties. */
class Best {
  away = Infinity;
  need = new Set<Kind>();
  open = Infinity;
  offer(away: number, need: Iterable<Kind>, open: number) {
    if (away > this.away) return;
    if (away < this.away) {
      this.away = away;
      this.need = new Set();
      this.open = open;
    }
    for (const k of need) this.need.add(k);
    this.open = Math.min(this.open, open);
  }
  result(): Away | null {
    return this.away === Infinity ? null : { away: this.away, need: [...this.need].sort((a, b) => a - b), open: this.open };
  }
}

/** How far `rack` is from `hand`; null when the hand cannot be made with the rack's exposures. */
export function tilesAway(hand: WpHand, rack: Rack): Away | null {
  const exposed = rack.exposed ?? [];
  if (hand.concealed && exposed.some((s) => !s.concealed)) return null;
  const held = countsOf(rack.concealed);
  const best = new Best();
  if (hand.shape === "pairs") {
    if (exposed.length) return null;
    for (const allow of allowedSets(hand.tiles ?? "any")) pairs(held, allow, best);
  } else if (hand.shape === "orphans") {
    if (exposed.length) return null;
    orphans(held, best);
  } else if (hand.shape === "gates") {
    if (exposed.length) return null;
    for (const s of [0, 1, 2]) gates(held, s, best);
  } else {
    const key = rackKey(rack);
    const memo = memoOf(needMemo, hand);
    const known = memo.get(key);
    if (known !== undefined) return known && { away: known.away, need: known.need.slice(), open: known.open };
    const found = setsMemo(hand, held, exposed, key);
    if (!found) return remember(memo, key, null);
    // The tiles that would bring the hand closer: every kind (of which a tile is still unseen by
    // the rack) whose one more tile lowers tiles-away.
    const need: Kind[] = [];
    if (found.away > 0) {
      const seen = held.slice();
      for (const s of exposed) for (const k of tilesOf(s)) seen[k]!++;
      const trials = new Int8Array(PLAY_KINDS).fill(127);
      setsAway(hand, held, exposed, trials);
      for (let k = 0; k < PLAY_KINDS; k++) if (seen[k]! < 4 && trials[k]! < found.away) need.push(k);
    }
    remember(memo, key, { away: found.away, need, open: found.open });
    return { away: found.away, need: need.slice(), open: found.open };
  }
  return best.result();
}

/** Tiles-away without the tiles needed (what ranking and matching need; much cheaper for sets hands). */
export function awayOnly(hand: WpHand, rack: Rack): number | null {
  if (hand.shape !== "sets") return tilesAway(hand, rack)?.away ?? null;
  const exposed = rack.exposed ?? [];
  if (hand.concealed && exposed.some((s) => !s.concealed)) return null;
  const key = rackKey(rack);
  const memo = memoOf(setsMemos, hand);
  const known = memo.get(key);
  if (known !== undefined) return known?.away ?? null;
  return setsMemo(hand, countsOf(rack.concealed), exposed, key)?.away ?? null;
}

/*
 * Memo tables of the sets hands' answers, by hand and by a compact key of the rack (kinds counted,
 * exposures in order): the bots and the legal moves ask about the same racks again and again (every
 * hand of the list for one rack, the same rack in every sampled world of the expert). Pure answers of
 * pure functions, so nothing leaks between games; each table is emptied when it reaches MEMO_MAX.
 */
const MEMO_MAX = 4096; // per hand and table: a few MB at most (a Worker has 128 MB)
const setsMemos = new WeakMap<WpHand, Map<string, SetsFound | null>>();
const needMemo = new WeakMap<WpHand, Map<string, Away | null>>();

function memoOf<T>(memos: WeakMap<WpHand, Map<string, T>>, hand: WpHand): Map<string, T> {
  let memo = memos.get(hand);
  if (!memo) memos.set(hand, (memo = new Map()));
  return memo;
}

function remember<T>(memo: Map<string, T>, key: string, value: T): T {
  if (memo.size >= MEMO_MAX) memo.clear();
  memo.set(key, value);
  return value;
}

function setsMemo(hand: WpHand, held: readonly number[], exposed: readonly WpSet[], key: string): SetsFound | null {
  const memo = memoOf(setsMemos, hand);
  const known = memo.get(key);
  return known !== undefined ? known : remember(memo, key, setsAway(hand, held, exposed));
}

const counted = new Uint8Array(PLAY_KINDS); // scratch for rackKey only
/** The rack as a short string: one character per kind (its count), then one per exposure (kind, type, concealed). */
function rackKey(rack: Rack): string {
  counted.fill(0);
  for (const k of rack.concealed) if (k >= 0 && k < PLAY_KINDS) counted[k]!++;
  let key = String.fromCharCode.apply(null, counted as unknown as number[]);
  for (const s of rack.exposed ?? []) key += String.fromCharCode(64 + s.kind * 8 + SET_CODE[s.type] * 2 + (s.concealed ? 1 : 0));
  return key;
}
const SET_CODE = { chow: 0, pung: 1, kong: 2 } as const;

function pairs(held: number[], allow: (k: Kind) => boolean, best: Best) {
  const kinds = held.map((_, k) => k).filter(allow);
  const twos = kinds.filter((k) => held[k]! >= 2).length;
  const ones = kinds.filter((k) => held[k] === 1);
  const p = Math.min(twos, 7);
  const s = Math.min(ones.length, 7 - p);
  if (kinds.length < 7) return;
  best.offer(14 - (2 * p + s), p < 7 ? ones : [], Math.max(0, 7 - p - ones.length));
}

function orphans(held: number[], best: Best) {
  const have = ORPHANS.filter((k) => held[k]! > 0);
  const dup = ORPHANS.some((k) => held[k]! >= 2);
  const need = ORPHANS.filter((k) => held[k] === 0);
  best.offer(14 - have.length - (dup ? 1 : 0), dup ? need : [...need, ...have], 0);
}

function gates(held: number[], suit: number, best: Best) {
  const target = [3, 1, 1, 1, 1, 1, 1, 1, 3];
  let overlap = 0, excess = 0;
  const need: Kind[] = [];
  for (let i = 0; i < 9; i++) {
    const k = suit * 9 + i;
    overlap += Math.min(held[k]!, target[i]!);
    excess += Math.max(0, held[k]! - target[i]!);
    if (held[k]! < target[i]!) need.push(k);
  }
  if (excess > 0) overlap++;
  best.offer(14 - overlap, excess > 0 ? need : Array.from({ length: 9 }, (_, i) => suit * 9 + i), 0);
}

/** Every hand of the list the rack makes (tiles-away 0), highest limit first. */
export function matchHands(list: HandList, rack: Rack): WpHand[] {
  const order = { triple: 0, double: 1, single: 2 } as const;
  return list.hands.filter((h) => awayOnly(h, rack) === 0).sort((a, b) => order[a.limit] - order[b.limit]);
}

/** Tiles-away for every hand of the list that can still be made, nearest first (then the higher limit). */
export function handHints(list: HandList, rack: Rack): HandAway[] {
  const order = { triple: 0, double: 1, single: 2 } as const;
  const limitOf = new Map(list.hands.map((h) => [h.id, order[h.limit]]));
  const out: HandAway[] = [];
  for (const h of list.hands) {
    const a = tilesAway(h, rack);
    if (a) out.push({ hand: h.id, ...a });
  }
  return out.sort((a, b) => a.away - b.away || limitOf.get(a.hand)! - limitOf.get(b.hand)!);
}
