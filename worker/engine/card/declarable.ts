/**
 * Which lines can a rack declare right now? The same answer as the away-0 entries of
 * `tilesAway` (same lines, order, arrangement), without measuring every other line.
 *
 * A complete candidate must hold every kind it needs as a single or pair, and every kind of a
 * 3+ group larger than the jokers held (the jokers cannot fill it alone). Those kinds are a
 * bit mask per candidate and joker count, so almost every candidate is ruled out by two AND
 * operations; the rest get the exact check (`completes`), and only the lines found complete are
 * arranged. The residual needs for a given set of exposures are computed once and kept.
 */
import { JOKER, KIND_COUNT, type Kind } from "../tiles";
import type { Away, Card, Group } from "./api";
import { detail, tileCounts } from "./away";
import { compiled, type Candidate, type Need } from "./compile";
import { checkExposures, exposureKey, holding, residual } from "./exposures";

/** Joker counts above this are treated alike: no kind has more than 14 tiles in a 3+ group. */
const MAX_J = 14;
const STRIDE = MAX_J + 1;

interface Index {
  /** Per entry (a candidate still open to the rack): its line's position in the card. */
  line: Int32Array;
  cands: Candidate[];
  needs: Need[];
  /** Kinds that must be present, per entry and joker count (entry * STRIDE + jokers): kinds 0–31 and 32–43. */
  reqLo: Int32Array;
  reqHi: Int32Array;
  /** Per kind: the entries that need a tile of it (in entry order), built on first use. */
  byKind: (Int32Array | undefined)[];
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
  const reqLo = new Int32Array(cands.length * STRIDE);
  const reqHi = new Int32Array(cands.length * STRIDE);
  needs.forEach((n, e) => {
    for (let j = 0; j <= MAX_J; j++) {
      let lo = 0;
      let hi = 0;
      for (let i = 0; i < n.kinds.length; i++) {
        const k = n.kinds[i]!;
        if (n.strict[i]! === 0 && n.flex[i]! <= j) continue;
        if (k < 32) lo |= bit(k);
        else hi |= bit(k);
      }
      reqLo[e * STRIDE + j] = lo;
      reqHi[e * STRIDE + j] = hi;
    }
  });
  return { line: Int32Array.from(line), cands, needs, reqLo, reqHi, byKind: [] };
}

const indexes = new WeakMap<Card, Map<number | string, Index>>();

function indexFor(card: Card, exposures: Group[]): Index {
  let byKey = indexes.get(card);
  if (!byKey) indexes.set(card, (byKey = new Map()));
  const key = exposureKey(exposures);
  let ix = byKey.get(key);
  if (!ix) {
    if (byKey.size >= 2000) byKey.clear(); // exposures seen in play are few; this only bounds memory
    byKey.set(key, (ix = build(card, exposures)));
  }
  return ix;
}

const counts = new Int32Array(KIND_COUNT);

function entriesNeeding(ix: Index, kind: Kind): Int32Array {
  let list = ix.byKind[kind];
  if (!list) {
    const out: number[] = [];
    ix.needs.forEach((n, e) => {
      if (n.kinds.includes(kind)) out.push(e);
    });
    ix.byKind[kind] = list = Int32Array.from(out);
  }
  return list;
}

/**
 * Exactly `tilesAway(concealed, exposures, card).filter((a) => a.away === 0)`.
 * With `using` (not a joker): only the candidates that need a tile of that kind count, so a line is
 * listed when one of those is complete, with the best of them. A discard claimed for Mah Jongg must
 * complete a line the rack did not complete without it, and such a line's best candidate needs it.
 */
export function declarable(concealed: Kind[], exposures: Group[], card: Card, using?: Kind): Away[] {
  checkExposures(exposures);
  counts.fill(0);
  let lo = 0;
  let hi = 0;
  for (const k of concealed) {
    // exactly the kinds 0..KIND_COUNT-1 index the typed array (not 1.5, -1, NaN or 44)
    if (typeof k !== "number" || counts[k] === undefined) throw new RangeError(`${k} is not a tile kind`);
    counts[k]!++;
    if (k < 32) lo |= bit(k);
    else hi |= bit(k);
  }
  const jokers = counts[JOKER]!;
  const j = jokers < MAX_J ? jokers : MAX_J;
  const ix = indexFor(card, exposures);
  const { reqLo, reqHi, needs } = ix;
  const missLo = ~lo;
  const missHi = ~hi;
  // Per line in card order: the first complete candidate using the fewest jokers (as tilesAway picks).
  let found: number[] | null = null;
  let curLine = -1;
  let best = -1;
  let bestJokers = Infinity;
  const only = using === undefined || using === JOKER ? null : entriesNeeding(ix, using);
  const n = only ? only.length : needs.length;
  for (let x = 0; x < n; x++) {
    const e = only ? only[x]! : x;
    const at = e * STRIDE + j;
    if ((reqLo[at]! & missLo) | (reqHi[at]! & missHi)) continue;
    const used = jokersToComplete(needs[e]!, jokers);
    if (used < 0) continue;
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
  return found.map((e) => ({ line: lines[ix.line[e]!]!.line, ...detail(full, ix.cands[e]!, ix.needs[e]!, exposures, 0) }));
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
