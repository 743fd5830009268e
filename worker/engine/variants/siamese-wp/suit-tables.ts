/**
 * Sets hands of the Wright-Patterson list (four sets and a pair) matched by suit tables: how far a
 * rack's held kinds and exposed sets are from a hand, and with `trials` how far one more tile of each
 * kind would bring it (what ./match.ts lists as the tiles needed).
 */
import { FIRST_WIND, isDragon, isHonour, isSuited, isWind, numberOf, suitOf, type Kind } from "../../tiles";
import type { WpHand } from "./hands";
import { allowedSets, DRAGONS, PLAY_KINDS, tilesOf, WINDS, type WpSet } from "./shapes";

export function setsAway(hand: WpHand, held: readonly number[], exposed: readonly WpSet[], trials: Int8Array | null = null): SetsFound | null {
  let best: SetsFound | null = null;
  for (const spec of specsOf(hand)) {
    const f = sets(hand, held, exposed, spec, trials);
    if (f && (!best || f.away < best.away || (f.away === best.away && f.open < best.open))) best = f;
  }
  return best;
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
export interface SetsFound {
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
