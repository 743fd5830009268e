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
 * Sets hands are worked out by suit tables (see `sets` below); honour pungs that a hand requires
 * are placed first, for every choice of which dragons / winds.
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
    const found = setsAway(hand, held, exposed);
    if (!found) return null;
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
    return { away: found.away, need, open: found.open };
  }
  return best.result();
}

function setsAway(hand: WpHand, held: readonly number[], exposed: readonly WpSet[], trials: Int8Array | null = null): SetsFound | null {
  let best: SetsFound | null = null;
  for (const spec of specsOf(hand)) {
    const f = sets(hand, held, exposed, spec, trials);
    if (f && (!best || f.away < best.away || (f.away === best.away && f.open < best.open))) best = f;
  }
  return best;
}

/** Tiles-away without the tiles needed (what ranking and matching need; much cheaper for sets hands). */
export function awayOnly(hand: WpHand, rack: Rack): number | null {
  if (hand.shape !== "sets") return tilesAway(hand, rack)?.away ?? null;
  const exposed = rack.exposed ?? [];
  if (hand.concealed && exposed.some((s) => !s.concealed)) return null;
  return setsAway(hand, countsOf(rack.concealed), exposed)?.away ?? null;
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

/**
 * Sets hands (four sets and a pair) by dynamic programming instead of a search: for every suit a
 * table of the most held tiles that K sets (K ≤ 4) and P pairs (P ≤ 1) placed in that suit can
 * cover, worked out kind by kind with the chows still running into the next kinds; honours kind by
 * kind; the tables joined. No kind is used more than its four tiles (exposures counted). Suit
 * tables are memoised, so the two racks of one pool, the hands of a list and the "one more tile"
 * trials of `need` share them.
 * Gives the fewest tiles away and, among the ways that reach it, the fewest open sets.
 */
interface SetsFound {
  away: number;
  open: number;
}

const NO = -1;
const TABLE = 10; // index K * 2 + P
const MEMO_MAX = 50000;
const suitMemo = new Map<number, Int8Array>();
const suitMemoCapped = new Map<string, Int8Array>();
const FLAG_BITS = 2 ** 21;

/** One tile-rule alternative of a sets hand, worked out once per hand. */
interface Spec {
  allow: Uint8Array;
  pairOk: Uint8Array;
  /** Per suit: allowed numbers (bits 0–8), pair numbers (bits 9–17), kong size, pungs, chows (bits 18–20). */
  flags: number[];
  anySet: boolean;
  anyPair: boolean;
  size: number;
  pungs: boolean;
}
const specMemo = new WeakMap<WpHand, Spec[]>();

function specsOf(hand: WpHand): Spec[] {
  let specs = specMemo.get(hand);
  if (specs) return specs;
  const kongs = hand.kongs === 4;
  const rule = hand.sets ?? "any";
  const size = kongs ? 4 : 3;
  const pungs = rule !== "chows";
  const chows = rule !== "pungs" && !kongs;
  specs = allowedSets(hand.tiles ?? "any").map((allowFn) => {
    const allow = new Uint8Array(PLAY_KINDS), pairOk = new Uint8Array(PLAY_KINDS);
    for (let k = 0; k < PLAY_KINDS; k++) {
      allow[k] = allowFn(k) ? 1 : 0;
      pairOk[k] = allow[k] && (hand.pair === "dragon" ? isDragon(k) : hand.pair === "wind" ? isWind(k) : true) ? 1 : 0;
    }
    let anySet = false, anyPair = false;
    const flags = [0, 0, 0];
    for (let k = 0; k < PLAY_KINDS; k++) {
      if (pairOk[k]) anyPair = true;
      if (pungs && allow[k]) anySet = true;
      if (chows && isSuited(k) && numberOf(k) <= 7 && allow[k] && allow[k + 1] && allow[k + 2]) anySet = true;
      if (isSuited(k)) {
        if (allow[k]) flags[suitOf(k)]! |= 1 << (numberOf(k) - 1);
        if (pairOk[k]) flags[suitOf(k)]! |= 1 << (numberOf(k) + 8);
      }
    }
    for (let s = 0; s < 3; s++) if (flags[s]) flags[s]! |= (kongs ? 1 << 18 : 0) | (pungs ? 1 << 19 : 0) | (chows ? 1 << 20 : 0);
    return { allow, pairOk, flags, anySet, anyPair, size, pungs };
  });
  specMemo.set(hand, specs);
  return specs;
}

const remember = <K>(memo: Map<K, Int8Array>, key: K, t: Int8Array) => {
  if (memo.size >= MEMO_MAX) memo.clear();
  memo.set(key, t);
  return t;
};

function suitTable(h: readonly number[], cap: readonly number[], base: number, flags: number): Int8Array {
  // Base 8: a "one more tile" trial of `need` can hold five of a kind, which base 5 would carry
  // into the next digit (and so read another suit's cached table).
  let hKey = 0, capped = false;
  for (let i = 8; i >= 0; i--) {
    hKey = hKey * 8 + h[base + i]!;
    if (cap[base + i] !== 4) capped = true;
  }
  const key = hKey * FLAG_BITS + flags;
  const capKey = capped ? `${key}:${cap.slice(base, base + 9).join("")}` : "";
  const hit = capped ? suitMemoCapped.get(capKey) : suitMemo.get(key);
  if (hit) return hit;
  const t = suitDp(h, cap, base, flags);
  return capped ? remember(suitMemoCapped, capKey, t) : remember(suitMemo, key, t);
}

// State of the suit table's walk: a = chows begun at the kind before, b = two before, K sets, P pairs.
const STATES = 250;
const dpCur = new Int8Array(STATES).fill(NO), dpNxt = new Int8Array(STATES).fill(NO);
const liveCur = new Int16Array(STATES), liveNxt = new Int16Array(STATES);
const ST_A = new Int8Array(STATES), ST_B = new Int8Array(STATES), ST_K = new Int8Array(STATES), ST_P = new Int8Array(STATES);
for (let st = 0; st < STATES; st++) {
  ST_A[st] = st % 5;
  ST_B[st] = ((st / 5) | 0) % 5;
  ST_K[st] = ((st / 25) | 0) % 5;
  ST_P[st] = (st / 125) | 0;
}

/**
 * The suit table itself. Only sets and pairs holding at least one held tile of their kinds are
 * placed (a set of tiles not held is an open set, left to the joining), as the search did.
 */
function suitDp(h: readonly number[], cap: readonly number[], base: number, flags: number): Int8Array {
  const size = flags & (1 << 18) ? 4 : 3;
  const pungs = (flags & (1 << 19)) !== 0, chows = (flags & (1 << 20)) !== 0;
  let cur = dpCur, nxt = dpNxt, live = liveCur, liveN = liveNxt;
  cur[0] = 0;
  live[0] = 0;
  let nLive = 1;
  for (let i = 0; i < 9; i++) {
    let nNext = 0;
    const held = h[base + i]!, room = cap[base + i]!;
    const chowHere = chows && i <= 6 && ((flags >> i) & 7) === 7 && held + h[base + i + 1]! + h[base + i + 2]! > 0;
    const pungHere = pungs && ((flags >> i) & 1) === 1 && held > 0;
    const pairHere = ((flags >> (i + 9)) & 1) === 1 && held > 0;
    for (let n = 0; n < nLive; n++) {
      const st = live[n]!;
      const v = cur[st]!;
      cur[st] = NO;
      const a = ST_A[st]!, K = ST_K[st]!, P = ST_P[st]!;
      const running = a + ST_B[st]!;
      if (running > room) continue;
      const maxC = chowHere ? Math.min(4 - K, room - running) : 0;
      const maxQ = pairHere && P === 0 ? 1 : 0;
      for (let c = 0; c <= maxC; c++) {
        const maxU = pungHere && K + c < 4 ? 1 : 0;
        for (let u = 0; u <= maxU; u++) {
          for (let q = 0; q <= maxQ; q++) {
            const used = running + c + size * u + 2 * q;
            if (used > room) break;
            const ns = c + 5 * a + 25 * (K + c + u) + 125 * (P + q);
            const nv = v + (held < used ? held : used);
            const old = nxt[ns]!;
            if (old === NO) liveN[nNext++] = ns;
            if (old < nv) nxt[ns] = nv;
          }
        }
      }
    }
    [cur, nxt] = [nxt, cur];
    [live, liveN] = [liveN, live];
    nLive = nNext;
  }
  const out = new Int8Array(TABLE).fill(NO);
  for (let K = 0; K <= 4; K++) for (let P = 0; P <= 1; P++) out[K * 2 + P] = cur[25 * K + 125 * P]!;
  for (let n = 0; n < nLive; n++) cur[live[n]!] = NO;
  return out;
}

function join(x: Int8Array, y: Int8Array): Int8Array {
  const out = new Int8Array(TABLE).fill(NO);
  for (let i = 0; i < TABLE; i++) {
    const xv = x[i]!;
    if (xv < 0) continue;
    const K1 = i >> 1, P1 = i & 1;
    for (let j = 0; j < TABLE; j++) {
      const yv = y[j]!;
      if (yv < 0) continue;
      const K = K1 + (j >> 1), P = P1 + (j & 1);
      if (K > 4 || P > 1) continue;
      const t = K * 2 + P;
      if (out[t]! < xv + yv) out[t] = xv + yv;
    }
  }
  return out;
}

const EMPTY: Int8Array = (() => {
  const t = new Int8Array(TABLE).fill(NO);
  t[0] = 0;
  return t;
})();

/** Honours kind by kind: each takes a pung (or kong), a pair, or nothing. */
function honourTable(h: readonly number[], cap: readonly number[], spec: Spec): Int8Array {
  let t: Int8Array = EMPTY;
  const one = new Int8Array(TABLE);
  for (let k = FIRST_WIND; k < PLAY_KINDS; k++) {
    const pung = spec.pungs && spec.allow[k] && cap[k]! >= spec.size;
    const pair = spec.pairOk[k] && cap[k]! >= 2;
    if (!pung && !pair) continue;
    one.fill(NO);
    one[0] = 0;
    if (pung) one[2] = Math.min(h[k]!, spec.size);
    if (pair) one[1] = Math.min(h[k]!, 2);
    t = join(t, one);
  }
  return t;
}

/**
 * Best away and open count of a sets hand for one tile-rule alternative. With `trials`, also the
 * best away with one more tile of each kind (lowered in place: trials[k] = min(trials[k], away)).
 */
function sets(hand: WpHand, held: readonly number[], exposed: readonly WpSet[], spec: Spec, trials: Int8Array | null = null): SetsFound | null {
  const kongs = hand.kongs === 4;
  const rule = hand.sets ?? "any";
  const { size, anySet, anyPair, allow } = spec;
  // Exposures must belong to the hand.
  if (exposed.length > 4) return null;
  for (const s of exposed) {
    if (rule === "pungs" && s.type === "chow") return null;
    if (rule === "chows" && s.type !== "chow") return null;
    if (kongs && s.type !== "kong") return null;
    if (!tilesOf(s).every((k) => allow[k])) return null;
  }
  const used = new Array<number>(PLAY_KINDS).fill(0); // tiles of each kind the target uses
  for (const s of exposed) for (const k of tilesOf(s)) used[k]!++;
  if (used.some((n) => n > 4)) return null;
  // 14 tiles, one more for every kong (a kong hand: 4 × 4 + 2)
  const totalTiles = size * 4 + 2 + (kongs ? 0 : exposed.filter((s) => s.type === "kong").length);
  const mixed = hand.tiles === "one-suit-honours";

  let best: SetsFound | null = null;
  const rem = held.slice();
  /** The best away (and fewest open) from these tables, for the current choice of required pungs. */
  const combine = (suitsT: Int8Array, honT: Int8Array, slots: number, overlap: number, honours: number, suited: number): SetsFound | null => {
    let found: SetsFound | null = null;
    for (let i = 0; i < TABLE; i++) {
      const sv = suitsT[i]!;
      if (sv < 0) continue;
      for (let j = 0; j < TABLE; j++) {
        const hv = honT[j]!;
        if (hv < 0) continue;
        const Ks = i >> 1, Ps = i & 1, Kh = j >> 1, Ph = j & 1;
        const K = Ks + Kh, P = Ps + Ph;
        if (K > slots || P > 1) continue;
        const openSets = slots - K, openPair = 1 - P;
        if ((openSets > 0 && !anySet) || (openPair > 0 && !anyPair)) continue;
        if (mixed && openSets + openPair < (honours + Kh + Ph === 0 ? 1 : 0) + (suited + Ks + Ps === 0 ? 1 : 0)) continue;
        const away = totalTiles - (overlap + sv + hv), open = openSets + openPair;
        if (!found || away < found.away || (away === found.away && open < found.open)) found = { away, open };
      }
    }
    return found;
  };
  const joinAll = (ts: (Int8Array | null)[]) => {
    let t: Int8Array = EMPTY;
    for (const x of ts) if (x) t = join(t, x);
    return t;
  };

  const search = (slots: number, overlap: number, honours: number, suited: number, todo: readonly Kind[], took: readonly number[]) => {
    const cap = used.map((n) => 4 - n);
    const tables = [0, 1, 2].map((s) => (spec.flags[s] ? suitTable(rem, cap, s * 9, spec.flags[s]!) : null));
    const suitsT = joinAll(tables);
    const honT = honourTable(rem, cap, spec);
    const found = combine(suitsT, honT, slots, overlap, honours, suited);
    if (!found) return;
    if (!best || found.away < best.away || (found.away === best.away && found.open < best.open)) best = found;
    if (!trials) return;
    // one more tile of each kind: only its own suit's table (or the honours) changes
    for (let k = 0; k < PLAY_KINDS; k++) {
      if (trials[k]! <= found.away - 1) continue;
      let away = found.away;
      const t = todo.indexOf(k);
      if (t >= 0 && took[t]! < size) away = found.away - 1;
      else if (isSuited(k)) {
        const s = suitOf(k);
        if (spec.flags[s] && allow[k]) {
          rem[k]!++;
          const changed = tables.slice();
          changed[s] = suitTable(rem, cap, s * 9, spec.flags[s]!);
          rem[k]!--;
          away = combine(joinAll(changed), honT, slots, overlap, honours, suited)?.away ?? away;
        }
      } else if (allow[k]) {
        rem[k]!++;
        const h = honourTable(rem, cap, spec);
        rem[k]!--;
        away = combine(suitsT, h, slots, overlap, honours, suited)?.away ?? away;
      }
      if (away < trials[k]!) trials[k] = away;
    }
  };

  // Required honour pungs first (every choice of which dragons / winds), then the tables.
  const choose = (pool: Kind[], n: number): Kind[][] => (n === 0 ? [[]] : pool.flatMap((k, i) => choose(pool.slice(i + 1), n - 1).map((rest) => [k, ...rest])));
  const have = new Set(exposed.filter((s) => s.type !== "chow").map((s) => s.kind));
  const base = exposed.reduce((t, s) => t + tilesOf(s).length, 0);
  const exposedHonours = exposed.filter((s) => isHonour(s.kind)).length;
  for (const d of hand.dragonPungs ? choose(DRAGONS, hand.dragonPungs) : [[]]) {
    for (const w of hand.windPungs ? choose(WINDS, hand.windPungs) : [[]]) {
      const req = [...d, ...w];
      if (req.some((k) => !allow[k])) continue;
      const todo = req.filter((k) => !have.has(k));
      if (todo.length > 4 - exposed.length) continue;
      if (todo.some((k) => used[k]! + size > 4)) continue;
      let overlap = base;
      const took: number[] = [];
      for (const k of todo) {
        const got = Math.min(rem[k]!, size);
        took.push(got);
        rem[k]! -= got;
        used[k]! += size;
        overlap += got;
      }
      search(4 - exposed.length - todo.length, overlap, exposedHonours + todo.length, exposed.length - exposedHonours, todo, took);
      todo.forEach((k, i) => {
        rem[k]! += took[i]!;
        used[k]! -= size;
      });
    }
  }
  return best;
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
