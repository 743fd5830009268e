/**
 * Matching Wright-Patterson hands (RULES §5): whether a rack's tiles (concealed kinds plus its
 * exposed sets) make a hand of the list, and, for the hints, how many tiles away each hand is with
 * the tiles that would bring it closer.
 *
 * Tiles-away = the tiles the hand needs (14, plus one for every kong) minus the most tiles of the
 * rack that can stand in it: 0 is a complete hand; a rack of 13 tiles is at least 1 away. `need`
 * lists the kinds missing from the best ways of making the hand: all of them when several tie and
 * the hand is at most TIES_WITHIN tiles away (what a player waiting on it wants to know); from the
 * first best way found when it is further.
 * When a whole set or the pair must come from tiles the rack does not hold at all, any set that
 * fits would do: `open` counts those, and their tiles are not listed in `need`.
 *
 * The search places sets by how many held tiles they use, most first, and stops as soon as no
 * placement can beat the best found; honour pungs that a hand requires are placed first.
 * Flowers are never part of a hand (they are laid out and replaced).
 */
import { FIRST_DRAGON, FIRST_WIND, isDragon, isHonour, isSuited, isWind, numberOf, suitOf, type Kind } from "../../tiles";
import type { HandList, TileRule, WpHand } from "./hands";

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

const PLAY_KINDS = 34;
/** Ways that tie for the best are all searched (and their needs joined) only this close to a hand. */
export const TIES_WITHIN = 2;
const DRAGONS = [FIRST_DRAGON, FIRST_DRAGON + 1, FIRST_DRAGON + 2];
const WINDS = [FIRST_WIND, FIRST_WIND + 1, FIRST_WIND + 2, FIRST_WIND + 3];
const ORPHANS: Kind[] = [0, 8, 9, 17, 18, 26, ...WINDS, ...DRAGONS];

/** The kinds a tile rule allows, as alternatives (one per suit where the rule names one suit). */
function allowedSets(rule: TileRule): ((k: Kind) => boolean)[] {
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

const tilesOf = (s: WpSet): Kind[] => (s.type === "chow" ? [s.kind, s.kind + 1, s.kind + 2] : Array<Kind>(s.type === "kong" ? 4 : 3).fill(s.kind));

function countsOf(kinds: readonly Kind[]): number[] {
  const c = new Array<number>(PLAY_KINDS).fill(0);
  for (const k of kinds) if (k >= 0 && k < PLAY_KINDS) c[k]!++;
  return c;
}

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
    for (const allow of allowedSets(hand.tiles ?? "any")) sets(hand, held, exposed, allow, best);
  }
  return best.result();
}

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

function sets(hand: WpHand, held: number[], exposed: readonly WpSet[], allow: (k: Kind) => boolean, best: Best) {
  const kongs = hand.kongs === 4;
  const rule = hand.sets ?? "any";
  // Exposures must belong to the hand.
  if (exposed.length > 4) return;
  for (const s of exposed) {
    if (rule === "pungs" && s.type === "chow") return;
    if (rule === "chows" && s.type !== "chow") return;
    if (kongs && s.type !== "kong") return;
    if (!tilesOf(s).every(allow)) return;
  }
  const used = new Array<number>(PLAY_KINDS).fill(0); // tiles of each kind the target uses
  for (const s of exposed) for (const k of tilesOf(s)) used[k]!++;
  if (used.some((n) => n > 4)) return;
  const rem = held.slice(); // held tiles not yet placed
  const need = new Array<number>(PLAY_KINDS).fill(0); // tiles the target uses that are not held
  const size = kongs ? 4 : 3;
  // 14 tiles, one more for every kong (a kong hand: 4 × 4 + 2)
  const totalTiles = size * 4 + 2 + (kongs ? 0 : exposed.filter((s) => s.type === "kong").length);
  const pairAllowed = (k: Kind) => allow(k) && (hand.pair === "dragon" ? isDragon(k) : hand.pair === "wind" ? isWind(k) : true);
  const pungs = rule !== "chows";
  const chows = rule !== "pungs" && !kongs;
  /** Honour and suit sets (or pair) placed so far: one-suit-honours needs one of each somewhere. */
  let honours = exposed.filter((s) => isHonour(s.kind)).length;
  let suited = exposed.length - honours;

  const put = (tiles: Kind[]): number | null => {
    for (const k of tiles) if (used[k]! >= 4) return null;
    let got = 0;
    for (const k of tiles) {
      used[k]!++;
      if (rem[k]! > 0) rem[k]!--, got++;
      else need[k]!++;
    }
    return got;
  };
  /** Exactly undoes `put(tiles)`: a kind is needed only once none of it is left held. */
  const unput = (tiles: Kind[]) => {
    for (let i = tiles.length - 1; i >= 0; i--) {
      const k = tiles[i]!;
      used[k]!--;
      if (need[k]! > 0) need[k]!--;
      else rem[k]!++;
    }
  };
  const missing = () => {
    const ks: Kind[] = [];
    for (let k = 0; k < PLAY_KINDS; k++) if (need[k]! > 0) ks.push(k);
    return ks;
  };
  let left = 0; // held tiles of allowed kinds not yet placed nor set aside
  for (let k = 0; k < PLAY_KINDS; k++) if (allow(k)) left += rem[k]!;

  // Open sets and an open pair need at least one set and one pair of tiles the hand allows.
  let anySet = false, anyPair = false;
  for (let k = 0; k < PLAY_KINDS; k++) {
    if (pairAllowed(k)) anyPair = true;
    if (pungs && allow(k)) anySet = true;
    if (chows && isSuited(k) && numberOf(k) <= 7 && allow(k) && allow(k + 1) && allow(k + 2)) anySet = true;
  }

  /** Every held tile is placed or set aside: the sets and pair still missing are left open. */
  const leaf = (overlap: number, slots: number, pairDone: boolean) => {
    if ((slots > 0 && !anySet) || (!pairDone && !anyPair)) return;
    const open = slots + (pairDone ? 0 : 1);
    if (hand.tiles === "one-suit-honours" && open < (honours === 0 ? 1 : 0) + (suited === 0 ? 1 : 0)) return;
    best.offer(totalTiles - overlap, missing(), open);
  };

  /**
   * The lowest held kind not yet dealt with goes into sets or the pair that contain it (chosen in
   * a fixed order, so no way is met twice), and whatever is left of it is set aside, unused by
   * this hand: each way of building the hand from held tiles is met once.
   */
  const dfs = (slots: number, pairDone: boolean, overlap: number, from: number, choice: number) => {
    const floor = totalTiles - (overlap + Math.min(slots * size + (pairDone ? 0 : 2), left));
    if (floor > best.away || (floor === best.away && best.away > TIES_WITHIN)) return;
    let k = from;
    while (k < PLAY_KINDS && !(rem[k]! > 0 && allow(k))) k++;
    if (k === PLAY_KINDS) return leaf(overlap, slots, pairDone);
    if (k !== from) choice = 0;
    const tryPut = (c: number, tiles: Kind[], slotsAfter: number, pairAfter: boolean) => {
      const got = put(tiles);
      if (got === null) return;
      left -= got;
      const h = isHonour(tiles[0]!) ? 1 : 0;
      honours += h;
      suited += 1 - h;
      dfs(slotsAfter, pairAfter, overlap + got, k, c);
      honours -= h;
      suited -= 1 - h;
      left += got;
      unput(tiles);
    };
    // choices at one kind, in order: 0 pung/kong, 1..3 chows ending, through, starting at it, 4 pair
    if (slots > 0) {
      if (pungs && choice <= 0) tryPut(0, Array<Kind>(size).fill(k), slots - 1, pairDone);
      if (chows && isSuited(k))
        for (let c = Math.max(1, choice); c <= 3; c++) {
          const start = k - 3 + c;
          if (start >= 0 && suitOf(start) === suitOf(k) && numberOf(start) <= 7 && allow(start) && allow(start + 1) && allow(start + 2))
            tryPut(c, [start, start + 1, start + 2], slots - 1, pairDone);
        }
    }
    if (!pairDone && choice <= 4 && pairAllowed(k)) tryPut(4, [k, k], slots, true);
    // set the rest of this kind aside (it stays in the rack, unused by this hand)
    const n = rem[k]!;
    rem[k] = 0;
    left -= n;
    dfs(slots, pairDone, overlap, k + 1, 0);
    left += n;
    rem[k] = n;
  };

  // Required honour pungs first (every choice of which dragons / winds), then the free search.
  const choose = (pool: Kind[], n: number): Kind[][] => (n === 0 ? [[]] : pool.flatMap((k, i) => choose(pool.slice(i + 1), n - 1).map((rest) => [k, ...rest])));
  const have = new Set(exposed.filter((s) => s.type !== "chow").map((s) => s.kind));
  const base = exposed.reduce((t, s) => t + tilesOf(s).length, 0);
  for (const d of hand.dragonPungs ? choose(DRAGONS, hand.dragonPungs) : [[]]) {
    for (const w of hand.windPungs ? choose(WINDS, hand.windPungs) : [[]]) {
      const req = [...d, ...w];
      if (req.some((k) => !allow(k))) continue;
      const todo = req.filter((k) => !have.has(k));
      if (todo.length > 4 - exposed.length) continue;
      const placed: { tiles: Kind[]; got: number }[] = [];
      let overlap = base;
      for (const k of todo) {
        const tiles = Array<Kind>(size).fill(k);
        const got = put(tiles);
        if (got === null) break;
        placed.push({ tiles, got });
        overlap += got;
        left -= got;
      }
      if (placed.length === todo.length) {
        honours += todo.length;
        dfs(4 - exposed.length - todo.length, false, overlap, 0, 0);
        honours -= todo.length;
      }
      for (const p of placed.reverse()) (left += p.got), unput(p.tiles);
    }
  }
}

/** Every hand of the list the rack makes (tiles-away 0), highest limit first. */
export function matchHands(list: HandList, rack: Rack): WpHand[] {
  const order = { triple: 0, double: 1, single: 2 } as const;
  return list.hands.filter((h) => tilesAway(h, rack)?.away === 0).sort((a, b) => order[a.limit] - order[b.limit]);
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
