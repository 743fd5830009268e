/**
 * Which lines can a rack declare right now? The same answer as the away-0 entries of
 * `tilesAway` (same lines, order, arrangement), without measuring every other line.
 *
 * A complete candidate must hold, of every kind it needs, its singles and pairs and whatever of
 * its 3+ groups the jokers held cannot fill. Which kinds it needs at least 1, 2, 3 and 4 times are
 * bit masks per candidate and joker count, so almost every candidate is ruled out by a few AND
 * operations against the kinds the rack holds that often; the rest get the exact check, and only
 * the lines found complete are arranged. The residual needs for a given set of exposures are computed once and kept.
 */
import { JOKER, KIND_COUNT, type Kind } from "../tile-kinds";
import type { Away, Card, Group } from "./api";
import { detail, tileCounts } from "./away";
import { distance, lastJokersUsed, shortfall } from "./allocate";
import { compiled, type Candidate, type Need } from "./compile";
import { exposureNode, holding } from "./exposure-tree";
import { checkExposures, residual } from "./exposures";

/** Joker counts above this are treated alike: no kind has more than 14 tiles in a 3+ group. */
const MAX_J = 14;
/** Masks of kinds needed at least 1, 2, 3 and 4 times. */
const LEVELS = 4;
const WORDS = 2 * LEVELS;

interface Index {
  /** Per entry (a candidate still open to the rack): its line's position in the card. */
  line: Int32Array;
  cands: Candidate[];
  needs: Need[];
  /**
   * Per joker count (built on first use: a rack's questions meet one or two joker counts, and a
   * simulation makes many indexes), the kinds each entry must hold at least 1..LEVELS times: at
   * entry * WORDS, per level two words, kinds 0–31 then 32–43.
   */
  req: (Int32Array | undefined)[];
  /**
   * Per kind, the entries that need a tile of it (in entry order), built on first use: one array, the
   * entries of kind k at [byKind[k], byKind[k + 1]) (its first KIND_COUNT + 1 numbers are those offsets).
   */
  byKind: Int32Array | null;
  /** Per joker count: the entries bucketed by anchor (see anchorsFor), built on first use. */
  anchors: (Int32Array | undefined)[];
}

const bit = (k: Kind) => 1 << (k & 31);

function build(card: Card, exposures: Group[]): Index {
  const line: number[] = [];
  const cands: Candidate[] = [];
  const needs: Need[] = [];
  const open = exposures.length === 0 ? compiled(card).flatMap((l) => l.candidates.map((cand) => ({ line: l, cand }))) : holding(card, exposures[0]!);
  for (const { line: l, cand } of open) {
    if (exposures.length > 0 && l.line.concealed) continue;
    const need = residual(cand, exposures);
    if (!need) continue;
    line.push(l.index);
    cands.push(cand);
    needs.push(need);
  }
  // (every joker count's slot there from the start: a read past an array's end takes the runtime's slow path)
  return { line: Int32Array.from(line), cands, needs, req: new Array<Int32Array | undefined>(MAX_J + 1).fill(undefined), byKind: null, anchors: new Array<Int32Array | undefined>(MAX_J + 1).fill(undefined) };
}

/** The index's kinds needed per entry with `j` jokers held (see Index.req). */
function reqFor(ix: Index, j: number): Int32Array {
  let req = ix.req[j];
  if (!req) {
    const needs = ix.needs;
    ix.req[j] = req = new Int32Array(needs.length * WORDS);
    needs.forEach((n, e) => {
      const at = e * WORDS;
      for (let i = 0; i < n.kinds.length; i++) {
        const k = n.kinds[i]!;
        // real tiles of k a complete hand must hold: its singles and pairs, and what j jokers cannot fill of its 3+ groups
        const real = Math.max(n.strict[i]!, n.strict[i]! + n.flex[i]! - j);
        for (let level = 1; level <= Math.min(real, LEVELS); level++) req![at + 2 * (level - 1) + (k < 32 ? 0 : 1)]! |= bit(k);
      }
    });
  }
  return req;
}

function indexFor(card: Card, exposures: Group[]): Index {
  const node = exposureNode(card, exposures);
  return (node.index as Index | null) ?? ((node.index = build(card, exposures)) as Index);
}

const counts = new Int32Array(KIND_COUNT);
/** Exactly the kinds 0..KIND_COUNT-1 (not 1.5, -1, NaN, 44 or "3"). */
const isKind = (k: unknown): k is Kind => typeof k === "number" && counts[k] !== undefined;
const miss = new Int32Array(WORDS);

/** Does the rack hold every kind the entry needs at least 1..LEVELS times that often? (Once first: most entries need a kind the rack lacks.) */
const held = (req: Int32Array, at: number) =>
  ((req[at]! & miss[0]!) | (req[at + 1]! & miss[1]!)) === 0 &&
  ((req[at + 2]! & miss[2]!) | (req[at + 3]! & miss[3]!) | (req[at + 4]! & miss[4]!) | (req[at + 5]! & miss[5]!) | (req[at + 6]! & miss[6]!) | (req[at + 7]! & miss[7]!)) === 0;

function collect(needs: Need[], e: number, jokers: number): void {
  const used = jokersToComplete(needs[e]!, jokers);
  if (used < 0) return;
  if (nHits + 2 > hits.length) {
    const more = new Int32Array(hits.length * 2);
    more.set(hits);
    hits = more;
  }
  hits[nHits++] = e;
  hits[nHits++] = used;
}
/**
 * The complete entries of the question being answered and the jokers each uses (pairs), in
 * hits[0..nHits): one array kept between questions, as almost every answer is empty.
 */
let hits = new Int32Array(64);
let nHits = 0;

/** Bucket of the entries that need no tile at all (enough jokers for everything), after the per-kind ones. */
const ANYTHING = KIND_COUNT * LEVELS;

/**
 * For `jokers` held: each entry in one bucket, by its anchor — the kind it must hold most often
 * (level 1..LEVELS, capped) — at kind * LEVELS + level - 1. A rack holding c of a kind can only
 * complete the entries in that kind's buckets up to level c. One array: the entries of bucket b at
 * [buckets[b], buckets[b + 1]) (its first ANYTHING + 2 numbers are those offsets), read by index
 * (an iterator per bucket cost more than the entries it held).
 */
function anchorsFor(ix: Index, jokers: number): Int32Array {
  let buckets = ix.anchors[jokers];
  if (!buckets) {
    const lists: number[][] = Array.from({ length: ANYTHING + 1 }, () => []);
    ix.needs.forEach((n, e) => {
      let bucket = ANYTHING;
      let top = 0;
      for (let i = 0; i < n.kinds.length; i++) {
        const level = Math.min(LEVELS, Math.max(n.strict[i]!, n.strict[i]! + n.flex[i]! - jokers));
        if (level > top) {
          top = level;
          bucket = n.kinds[i]! * LEVELS + level - 1;
        }
      }
      lists[bucket]!.push(e);
    });
    ix.anchors[jokers] = buckets = flatten(lists);
  }
  return buckets;
}

/** Lists of entries as one array: list i at [out[i], out[i + 1]), after the lists.length + 1 offsets. */
function flatten(lists: number[][]): Int32Array {
  const out = new Int32Array(lists.length + 1 + lists.reduce((t, l) => t + l.length, 0));
  let at = lists.length + 1;
  lists.forEach((l, i) => {
    out[i] = at;
    out.set(l, at);
    at += l.length;
  });
  out[lists.length] = at;
  return out;
}

function entriesByKind(ix: Index): Int32Array {
  let byKind = ix.byKind;
  if (!byKind) {
    const lists: number[][] = Array.from({ length: KIND_COUNT }, () => []);
    ix.needs.forEach((n, e) => {
      for (const k of n.kinds) lists[k]!.push(e);
    });
    ix.byKind = byKind = flatten(lists);
  }
  return byKind;
}

/**
 * Exactly `tilesAway(concealed, exposures, card).filter((a) => a.away === 0)`.
 * With `using` (not a joker): only the candidates that need a tile of that kind count, so a line is
 * listed when one of those is complete, with the best of them. A discard claimed for Mah Jongg must
 * complete a line the rack did not complete without it, and such a line's best candidate needs it.
 */
export function declarable(concealed: Kind[], exposures: Group[], card: Card, using?: Kind): Away[] {
  return complete(concealed, -1, exposures, card, using);
}

/**
 * The lines `concealed` plus one tile of `kind` (not a joker) completes by a way that needs that
 * kind: exactly `declarable([...concealed, kind], exposures, card, kind)`, without the copy. What a
 * claimed discard may complete.
 */
export function declarableWith(concealed: Kind[], exposures: Group[], card: Card, kind: Kind): Away[] {
  if (!isKind(kind) || kind === JOKER) throw new RangeError(`${kind} is not a tile kind a discard can be claimed as`);
  return complete(concealed, kind, exposures, card, kind);
}

/** `declarable` of `concealed` and, when `extra` is a kind, one more tile of it. */
function complete(concealed: Kind[], extra: number, exposures: Group[], card: Card, using?: Kind): Away[] {
  checkExposures(exposures);
  const ix = indexFor(card, exposures);
  const needs = ix.needs;
  if (using !== undefined && !isKind(using)) throw new RangeError(`${using} is not a tile kind`);
  // With `using`: the entries that need it, at [from, to) of `only`.
  const only = using !== undefined && using !== JOKER ? entriesByKind(ix) : null;
  const from = only !== null ? only[using!]! : 0;
  const to = only !== null ? only[using! + 1]! : 0;
  if (only !== null && from === to) {
    // nothing open to the rack needs that kind (most claimed discards once exposures are down): no need to count
    for (let i = 0; i < concealed.length; i++) if (!isKind(concealed[i])) throw new RangeError(`${concealed[i]} is not a tile kind`);
    return [];
  }
  countFor(concealed, extra);
  const jokers = counts[JOKER]!;
  const j = jokers < MAX_J ? jokers : MAX_J;
  const req = reqFor(ix, j);
  // Complete entries (and the jokers they use), then sorted into entry order.
  nHits = 0;
  if (only !== null) {
    for (let i = from; i < to; i++) {
      const e = only[i]!;
      if (held(req, e * WORDS)) collect(needs, e, jokers);
    }
  } else if (needs.length < 200) {
    // few candidates are left once exposures are down
    for (let e = 0; e < needs.length; e++) if (held(req, e * WORDS)) collect(needs, e, jokers);
  } else {
    // Only the entries whose anchor (the kind they need most often) the rack holds often enough.
    const anchors = anchorsFor(ix, j);
    for (let i = anchors[ANYTHING]!, end = anchors[ANYTHING + 1]!; i < end; i++) {
      const e = anchors[i]!;
      if (held(req, e * WORDS)) collect(needs, e, jokers);
    }
    for (let k = 0; k < KIND_COUNT; k++) {
      const c = counts[k]!;
      if (c === 0) continue;
      // the buckets of levels 1..c of kind k lie together
      for (let i = anchors[k * LEVELS]!, end = anchors[k * LEVELS + (c < LEVELS ? c : LEVELS)]!; i < end; i++) {
        const e = anchors[i]!;
        if (held(req, e * WORDS)) collect(needs, e, jokers);
      }
    }
  }
  if (nHits === 0) return [];
  const complete = Array.from(hits.subarray(0, nHits));
  const order: number[] = [];
  for (let x = 0; x < complete.length; x += 2) order.push(x);
  order.sort((a, b) => complete[a]! - complete[b]!);
  // Per line in card order: the first complete candidate using the fewest jokers (as tilesAway picks).
  let found: number[] | null = null;
  let curLine = -1;
  let best = -1;
  let bestJokers = Infinity;
  for (const x of order) {
    const e = complete[x]!;
    const used = complete[x + 1]!;
    const l = ix.line[e]!;
    if (l !== curLine) {
      if (best >= 0) (found ??= []).push(best);
      curLine = l;
      best = e;
      bestJokers = used;
    } else if (used < bestJokers) {
      best = e;
      bestJokers = used;
    }
  }
  if (best >= 0) (found ??= []).push(best);
  if (!found) return [];
  const lines = compiled(card);
  const full = tileCounts(concealed);
  if (extra >= 0) full[extra]!++;
  return found.map((e) => ({ line: lines[ix.line[e]!]!.line, ...detail(full, ix.cands[e]!, ix.needs[e]!, exposures, 0) }));
}

/**
 * The tiles `counts` and `miss` were counted from, kept for the last few lists of tiles asked about
 * (one per seat, in practice): a seat's racks are asked about one after the other with the same
 * concealed tiles (in 43 % of the questions of a simulated game the tiles are those of the question
 * before); a seat asked about in the draw phase (its tiles and the discard it may claim) is asked
 * again after its draw with the same tiles and the drawn one after them; and its next turn's tiles
 * are those of its last question with the one it discarded taken out, the others asked about in
 * between. So a question whose tiles are a kept list with at most one tile taken out and more
 * after them, compared one by one, counts only the difference (the kept `extra` taken back, the
 * tile taken out, the tiles after them and its own `extra`).
 *
 * KEPT[active] is the list `counts` and `miss` are the counts of; the others keep their own counts
 * (copied back and forth when a question goes to another). `length` -1: nothing kept.
 */
interface Kept {
  last: Int32Array;
  length: number;
  extra: number;
  counts: Int32Array;
  miss: Int32Array;
  /** When it was last asked about (the list least lately asked about is the one dropped). */
  used: number;
}
const KEPT: Kept[] = Array.from({ length: 4 }, () => ({ last: new Int32Array(64), length: -1, extra: -1, counts: new Int32Array(KIND_COUNT), miss: new Int32Array(WORDS), used: 0 }));
let active = 0;
let questions = 0;
/** How `concealed` follows a kept list: it begins with all of it (FOLLOWS), with all of it but the tile at index i (i), or neither (APART). */
const FOLLOWS = -1;
const APART = -2;

/** How `concealed` follows the kept list `k`. */
function follows(k: Kept, concealed: Kind[]): number {
  const m = k.length;
  const n = concealed.length;
  if (m < 0 || n < m - 1 || n > k.last.length) return APART;
  const last = k.last;
  const lim = n < m ? n : m;
  let i = 0;
  while (i < lim && concealed[i] === last[i]) i++;
  if (i === m) return FOLLOWS;
  // the tile at i taken out: the rest of the kept list one place earlier
  for (let j = i + 1; j < m; j++) if (concealed[j - 1] !== last[j]) return APART;
  return i;
}

/** Brings `counts` and `miss` to the kinds of `concealed` and one `extra` (when a kind), from a kept list where it can. */
function countFor(concealed: Kind[], extra: number): void {
  questions++;
  let at = follows(KEPT[active]!, concealed);
  if (at === APART) {
    for (let s = 0; s < KEPT.length; s++) {
      if (s === active) continue;
      const f = follows(KEPT[s]!, concealed);
      if (f !== APART) {
        switchTo(s);
        at = f;
        break;
      }
    }
  }
  if (at === APART) {
    // the list least lately asked about makes way
    let s = 0;
    for (let i = 1; i < KEPT.length; i++) if (KEPT[i]!.used < KEPT[s]!.used) s = i;
    if (s !== active) switchTo(s);
    return count(concealed, extra);
  }
  const k = KEPT[active]!;
  k.used = questions;
  const m = k.length;
  const n = concealed.length;
  if (at === FOLLOWS && n === m && extra === k.extra) return;
  k.length = -1; // (a bad tile below throws half-way through)
  if (k.extra >= 0) takeBack(k.extra);
  const last = k.last;
  let from = m;
  if (at >= 0) {
    takeBack(last[at]!);
    last.copyWithin(at, at + 1, m);
    from = m - 1;
  }
  for (let i = from; i < n; i++) {
    const kind = concealed[i]!;
    if (!isKind(kind)) throw new RangeError(`${kind} is not a tile kind`);
    add(kind);
    last[i] = kind;
  }
  if (extra >= 0) add(extra);
  k.length = n;
  k.extra = extra;
}

/** Keeps the counts of the list asked about till now with it, and takes up those of KEPT[s]. */
function switchTo(s: number): void {
  const from = KEPT[active]!;
  from.counts.set(counts);
  from.miss.set(miss);
  const to = KEPT[s]!;
  counts.set(to.counts);
  miss.set(to.miss);
  active = s;
}

/** One more tile of kind `k` in `counts`, and in `miss` at the level it now reaches. */
function add(k: number): void {
  const c = ++counts[k]!;
  if (c <= LEVELS) miss[2 * (c - 1) + (k < 32 ? 0 : 1)]! &= ~bit(k);
}

/** One tile of kind `k` fewer in `counts`, and in `miss` at the level it no longer reaches. */
function takeBack(k: number): void {
  const c = counts[k]!--;
  if (c <= LEVELS) miss[2 * (c - 1) + (k < 32 ? 0 : 1)]! |= bit(k);
}

/** Counts the kinds of `concealed` (and one `extra`, when a kind) into `counts`, noting those held fewer than 1, 2, 3, 4 times (the words of `miss`, laid out as in `req`), and keeps the list as KEPT[active]. */
function count(concealed: Kind[], extra: number): void {
  const k = KEPT[active]!;
  k.length = -1; // (a bad tile below throws half-way through)
  k.used = questions;
  counts.fill(0);
  miss.fill(-1);
  const last = k.last;
  const kept = concealed.length <= last.length;
  for (let i = 0; i < concealed.length; i++) {
    const kind = concealed[i]!;
    // exactly the kinds 0..KIND_COUNT-1 index the typed array (not 1.5, -1, NaN or 44)
    if (!isKind(kind)) throw new RangeError(`${kind} is not a tile kind`);
    add(kind);
    if (kept) last[i] = kind; // (one by one: a typed array's set of a plain array takes the runtime's slow path)
  }
  if (extra >= 0) add(extra);
  if (kept) {
    k.length = concealed.length;
    k.extra = extra;
  }
}

/** Jokers `counts` uses to complete `need`, or -1 if it cannot. */
function jokersToComplete(need: Need, jokers: number): number {
  const { kinds, strict, flex } = need;
  let f = 0;
  for (let i = 0; i < kinds.length; i++) {
    const h = counts[kinds[i]!]! - strict[i]!;
    if (h < 0) return -1;
    const fl = flex[i]! - h;
    if (fl > 0 && (f += fl) > jokers) return -1;
  }
  return f;
}

/**
 * Exactly `tilesAway` (./away.ts, the reference): every line still open to the rack, nearest first,
 * card order among equals, each by its closest candidate (fewest away, then fewest jokers, then the
 * first). It reads the candidates' needs beyond the exposures from the index kept for these
 * exposures instead of working each one out again on every call (the computer players ask it for
 * the same racks' exposures thousands of times a decision).
 */
export function tilesAwayIndexed(concealed: Kind[], exposures: Group[], card: Card): Away[] {
  checkExposures(exposures);
  const have = tileCounts(concealed);
  const ix = indexFor(card, exposures);
  const { needs, line } = ix;
  const lines = compiled(card);
  const out: Away[] = [];
  // the entries of one line lie together, in card order (see build)
  for (let e = 0; e < needs.length; ) {
    const l = line[e]!;
    let best = e;
    let bestAway = Infinity;
    let bestJokers = Infinity;
    for (; e < needs.length && line[e] === l; e++) {
      const a = distance(have, needs[e]!);
      if (a < bestAway || (a === bestAway && lastJokersUsed < bestJokers)) (best = e), (bestAway = a), (bestJokers = lastJokersUsed);
    }
    const need = needs[best]!;
    if (bestAway > 0) out.push({ line: lines[l]!.line, away: bestAway, needed: shortfall(have, need) });
    else out.push({ line: lines[l]!.line, ...detail(have, ix.cands[best]!, need, exposures) });
  }
  return out.sort((a, b) => a.away - b.away);
}
