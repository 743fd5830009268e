/**
 * Joker-aware distance on count vectors. A held tile first fills a single or pair of its kind
 * (nothing else can), then a group of 3+; jokers fill what is left of the 3+ groups. This greedy
 * order is optimal, also for several racks sharing one pool (RULES §2, §3).
 */
import { JOKER, KIND_COUNT, type Counts, type Kind } from "../tile-kinds";
import type { Group } from "./api";
import type { Need, Slot } from "./compile";

/** Jokers the last `distance` call would use (its flex shortfall, capped by the jokers held). */
export let lastJokersUsed = 0;
/** The last `distance` call's shortfall in groups of 3+, before jokers. */
export let lastFlexShortfall = 0;

/** Tiles still needed to complete `need` from `counts` (jokers are `counts[JOKER]`). */
export function distance(counts: Counts, need: Need): number {
  const { kinds, strict, flex } = need;
  let s = 0;
  let f = 0;
  for (let i = 0; i < kinds.length; i++) {
    const h = counts[kinds[i]!]!;
    const st = strict[i]!;
    if (h >= st) {
      const fl = flex[i]! - (h - st);
      if (fl > 0) f += fl;
    } else {
      s += st - h;
      f += flex[i]!;
    }
  }
  const j = counts[JOKER]!;
  lastJokersUsed = f < j ? f : j;
  lastFlexShortfall = f;
  return f > j ? s + f - j : s;
}

/** True when `counts` completes `need` (distance 0), stopping at the first shortfall. */
export function completes(counts: Counts, need: Need): boolean {
  const { kinds, strict, flex } = need;
  let f = 0;
  const j = counts[JOKER]!;
  for (let i = 0; i < kinds.length; i++) {
    const h = counts[kinds[i]!]! - strict[i]!;
    if (h < 0) return false;
    const fl = flex[i]! - h;
    if (fl > 0 && (f += fl) > j) return false;
  }
  return true;
}

/** The kinds one rack still needs (as `distance` counts them): jokers cover 3+ groups in order. */
export function shortfall(counts: Counts, need: Need): Kind[] {
  const { kinds, strict, flex } = need;
  const out: Kind[] = [];
  let j = counts[JOKER]!;
  for (let i = 0; i < kinds.length; i++) {
    const k = kinds[i]!;
    const h = counts[k]!;
    const st = strict[i]!;
    for (let x = st - h; x > 0; x--) out.push(k);
    let fl = flex[i]! - Math.max(0, h - st);
    const covered = Math.min(j, Math.max(0, fl));
    j -= covered;
    for (fl -= covered; fl > 0; fl--) out.push(k);
  }
  return out;
}

export interface RackShare {
  away: number;
  needed: Kind[];
  /** Real tiles given to the rack, per index of its need. */
  real: number[];
  /** Jokers given to the rack, per index of its need. */
  jokers: number[];
}

/** Share one pool between racks (in priority order) and say what each still needs. */
export function allocate(counts: Counts, needs: Need[]): RackShare[] {
  if (needs.length === 1 && !needs[0]!.kinds.includes(JOKER)) return [allocateOne(counts, needs[0]!)];
  const left = Int16Array.from(counts);
  const shares = needs.map((n) => ({
    sMiss: new Array<number>(n.kinds.length).fill(0),
    fMiss: new Array<number>(n.kinds.length).fill(0),
    real: new Array<number>(n.kinds.length).fill(0),
    jokers: new Array<number>(n.kinds.length).fill(0),
  }));
  needs.forEach((n, r) =>
    n.kinds.forEach((k, i) => {
      const take = Math.min(left[k]!, n.strict[i]!);
      left[k]! -= take;
      shares[r]!.real[i] = take;
      shares[r]!.sMiss[i] = n.strict[i]! - take;
    }),
  );
  needs.forEach((n, r) =>
    n.kinds.forEach((k, i) => {
      const take = Math.min(left[k]!, n.flex[i]!);
      left[k]! -= take;
      shares[r]!.real[i]! += take;
      shares[r]!.fMiss[i] = n.flex[i]! - take;
    }),
  );
  // Jokers go first to the rack nearest to complete, so one hand finishes rather than two half-hands.
  let jokers = left[JOKER]!;
  const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);
  const order = shares.map((_, r) => r).sort((a, b) => sum(shares[a]!.sMiss) + sum(shares[a]!.fMiss) - sum(shares[b]!.sMiss) - sum(shares[b]!.fMiss) || a - b);
  for (const r of order) {
    const sh = shares[r]!;
    sh.fMiss.forEach((m, i) => {
      const use = Math.min(m, jokers);
      jokers -= use;
      sh.jokers[i] = use;
    });
  }
  return shares.map((sh, r) => {
    const needed: Kind[] = [];
    needs[r]!.kinds.forEach((k, i) => {
      for (let x = sh.sMiss[i]! + sh.fMiss[i]! - sh.jokers[i]!; x > 0; x--) needed.push(k);
    });
    return { away: needed.length, needed, real: sh.real, jokers: sh.jokers };
  });
}

/**
 * `allocate` for one rack (every detail of a line asks it): the same shares in plain loops. A
 * need's kinds are distinct, so what its singles and pairs leave of a kind is what its 3+ groups
 * may take; the jokers then fill its 3+ groups in order.
 */
function allocateOne(counts: Counts, n: Need): RackShare {
  const len = n.kinds.length;
  const real = new Array<number>(len);
  const jokers = new Array<number>(len);
  const needed: Kind[] = [];
  let free = counts[JOKER]!;
  for (let i = 0; i < len; i++) {
    const k = n.kinds[i]!;
    const st = n.strict[i]!;
    const fl = n.flex[i]!;
    const h = counts[k]!;
    const s = h < st ? h : st;
    const f = h - s < fl ? h - s : fl;
    real[i] = s + f;
    const use = fl - f < free ? fl - f : free;
    free -= use;
    jokers[i] = use;
    for (let x = st - s + fl - f - use; x > 0; x--) needed.push(k);
  }
  return { away: needed.length, needed, real, jokers };
}

/** The pool's tiles a rack's share takes: its real tiles, kind by kind, then its jokers. */
export function takenKinds(need: Need, share: RackShare): Kind[] {
  const out: Kind[] = [];
  need.kinds.forEach((k, i) => {
    for (let x = share.real[i]!; x > 0; x--) out.push(k);
  });
  for (let x = share.jokers.reduce((a, b) => a + b, 0); x > 0; x--) out.push(JOKER);
  return out;
}

/**
 * The full 14 as the line's groups, in line order: exposures where they were assigned, the rest
 * filled from the rack's share (real tiles first, so jokers end up in as few groups as possible).
 */
export function arrange(slots: Slot[], exposures: Group[], assigned: number[], need: Need, share: RackShare): Group[] {
  const real = REAL;
  for (let i = 0; i < need.kinds.length; i++) real[need.kinds[i]!] = share.real[i]!;
  // Singles and pairs first take the real tiles they must have.
  for (let i = 0; i < slots.length; i++) if (slots[i]!.size < 3 && !assigned.includes(i)) real[slots[i]!.kind]! -= slots[i]!.size;
  const out: Group[] = [];
  for (let i = 0; i < slots.length; i++) {
    const s = slots[i]!;
    const e = assigned.indexOf(i);
    if (e >= 0) out.push({ ...exposures[e]! });
    else if (s.size < 3) out.push({ kind: s.kind, size: s.size, jokers: 0 });
    else {
      const r = Math.min(real[s.kind]!, s.size);
      real[s.kind]! -= r;
      out.push({ kind: s.kind, size: s.size, jokers: s.size - r });
    }
  }
  for (let i = 0; i < slots.length; i++) real[slots[i]!.kind] = 0;
  for (let i = 0; i < need.kinds.length; i++) real[need.kinds[i]!] = 0;
  return out;
}

/** arrange's real tiles by kind, all 0 between calls. */
const REAL = new Int32Array(KIND_COUNT);
