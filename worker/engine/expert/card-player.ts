/**
 * The fast player of the card games' samples (Siamese and its editions, Royale, American): plays a
 * sampled world forward quickly enough that the expert can play it out many times per decision.
 *
 * Each seat keeps a plan: for each of its open racks the nearest line of the card as one concrete
 * candidate (suits and numbers chosen: the tiles it needs, counted), the racks planned one after the
 * other from what the ones before leave of the shared pool. The plan is made when the seat first
 * acts, again after it exposes, and every few of its own turns; in between every choice is counting:
 * it throws a tile no plan wants (or wants least), claims a discard for a group its plan needs,
 * exchanges for a joker a tile its plan has no use for, declares Mah Jongg whenever it may, never
 * goes for the Atomic hand, and in the Charleston passes what its plan wants least.
 *
 * It reads the sampled world whole (through a small adapter per ruleset); it is never used for a
 * real seat's decision.
 */
import type { Move, Seat } from "../api";
import type { Card, Group } from "../card/api";
import { closestCandidate } from "../card/away";
import { compiled, type Candidate } from "../card/compile";
import { nextInt, seedRng, type RngState } from "../random";
import { JOKER, KIND_COUNT, type Kind } from "../tiles";

/** What the card player reads of a world (one adapter per ruleset). */
export interface CardTable<S> {
  card(s: S): Card;
  kinds(s: S): readonly Kind[];
  /** The seat's concealed tile ids (the shared pool of its racks). */
  pool(s: S, seat: Seat): readonly number[];
  /** Its racks: exposures as groups, and whether the rack still plays (not declared, not dead). */
  racks(s: S, seat: Seat): { exps: Group[]; open: boolean }[];
  /** The tile a claim or call would take now (the discard or the window's tile), or null. */
  offered(s: S): number | null;
  legalMoves(s: S, seat: Seat): Move[];
  /** Dead hands enforced: Mah Jongg moves are offered for every line and must be checked. */
  enforce(s: S): boolean;
  /** The kind a joker exchange gives (the exposure's), or null. */
  jokerKind(s: S, move: Move): Kind | null;
}

interface RackPlan {
  rack: number;
  need: Counts;
  /** Group size of each kind in a group of 3 or more (what a claim of it makes). */
  groups: Map<Kind, number>;
  away: number;
  value: number;
  line: string;
  concealed: boolean;
}
type Counts = Int8Array;

interface SeatPlan {
  racks: RackPlan[];
  /** Tiles wanted over all racks, per kind. */
  want: Counts;
  /** Own turns since the plan was made. */
  age: number;
  exposures: number;
}

/** Own turns a plan is kept before it is made again. */
export const REPLAN_EVERY = 6;

const countsOf = (ids: readonly number[], kinds: readonly Kind[]): Counts => {
  const c = new Int8Array(KIND_COUNT);
  for (const id of ids) c[kinds[id]!]!++;
  return c;
};

/** The nearest concrete candidate of any line for a rack (fewest away, then most valuable). */
function nearest(card: Card, counts: Counts, exps: Group[]): { cand: Candidate; need: { kinds: Uint8Array; strict: Uint8Array; flex: Uint8Array }; away: number; line: Card["lines"][number] } | null {
  let best: ReturnType<typeof nearest> = null;
  const plain = Array.from(counts);
  for (const l of compiled(card)) {
    if (l.line.atomic || (exps.length && l.line.concealed)) continue;
    const c = closestCandidate(plain, l, exps);
    if (!c) continue;
    if (!best || c.away < best.away || (c.away === best.away && l.line.value > best.line.value)) best = { cand: c.cand, need: c.need, away: c.away, line: l.line };
  }
  return best;
}

function makePlan<S>(t: CardTable<S>, s: S, seat: Seat): SeatPlan {
  const kinds = t.kinds(s);
  const card = t.card(s);
  const left = countsOf(t.pool(s, seat), kinds);
  const want = new Int8Array(KIND_COUNT);
  const racks: RackPlan[] = [];
  let exposures = 0;
  t.racks(s, seat).forEach((r, rack) => {
    exposures += r.exps.length;
    if (!r.open) return;
    const near = nearest(card, left, r.exps);
    if (!near) return;
    const need = new Int8Array(KIND_COUNT);
    const { kinds: ks, strict, flex } = near.need;
    for (let i = 0; i < ks.length; i++) need[ks[i]!] = strict[i]! + flex[i]!;
    const groups = new Map<Kind, number>();
    for (const slot of near.cand.slots) if (slot.size >= 3 && !r.exps.some((e) => e.kind === slot.kind)) groups.set(slot.kind, slot.size);
    // the next rack plans with what this one leaves (jokers shared out as they are needed)
    for (let k = 0; k < KIND_COUNT; k++) {
      const used = Math.min(left[k]!, need[k]!);
      left[k]! -= used;
      want[k]! += need[k]!;
    }
    racks.push({ rack, need, groups, away: near.away, value: near.line.value, line: near.line.id, concealed: near.line.concealed });
  });
  return { racks, want, age: 0, exposures };
}

/** How far the seat is from going out: the tiles its open racks' nearest lines still need (the racks planned together). */
export function handDistance<S>(t: CardTable<S>, s: S, seat: Seat): number {
  const p = makePlan(t, s, seat);
  const open = t.racks(s, seat).filter((r) => r.open).length;
  return p.racks.reduce((d, r) => d + r.away, 0) + 14 * (open - p.racks.length);
}

/** How much the seat's plan would miss one copy of `k` (0: it has more than it wants). */
function keepValue(plan: SeatPlan, held: Counts, k: Kind): number {
  if (held[k]! > plan.want[k]!) return 0;
  let v = 0;
  for (const r of plan.racks) if (r.need[k]! > 0) v += (1 + r.value / 50) / (1 + r.away);
  return v;
}

const MAHJONG = new Set(["mahjong", "claim-mahjong", "call-mahjong"]);

/** The fast card player for one sample: `seed` seeds its ties. */
export function cardPlayer<S>(t: CardTable<S>): (seed: string) => (s: S, acting: Seat[]) => { seat: Seat; move: Move } {
  return (seed) => {
    const rng = seedRng(`card-player:${seed}`);
    const plans = new Map<Seat, SeatPlan>();
    const planOf = (s: S, seat: Seat, fresh: boolean): SeatPlan => {
      let p = plans.get(seat);
      const exposures = t.racks(s, seat).reduce((n, r) => n + r.exps.length, 0);
      if (!p || p.age >= REPLAN_EVERY || p.exposures !== exposures || fresh) plans.set(seat, (p = makePlan(t, s, seat)));
      return p;
    };
    return (s, acting) => {
      const seat = acting[0]!;
      const legal = t.legalMoves(s, seat).filter((m) => m.type !== "orders" && m.type !== "preference");
      if (legal.length <= 1) return { seat, move: legal[0] ?? { type: "pass" } };
      return { seat, move: choose(t, s, seat, legal, planOf, rng) };
    };
  };
}

function choose<S>(t: CardTable<S>, s: S, seat: Seat, legal: Move[], planOf: (s: S, seat: Seat, fresh: boolean) => SeatPlan, rng: RngState): Move {
  const card = t.card(s);
  const value = (m: Move) => card.lines.find((l) => l.id === m.line)?.value ?? 0;
  const mahjong = legal.filter((m) => MAHJONG.has(m.type));
  if (mahjong.length) {
    if (!t.enforce(s)) return mahjong.reduce((a, b) => (value(b) > value(a) ? b : a));
    // dead hands enforced: only the line the plan has complete (a wrong one would kill the hand)
    const plan = planOf(s, seat, true);
    const done = mahjong.find((m) => plan.racks.some((r) => r.away === 0 && r.line === m.line && (m.rack === undefined || m.rack === r.rack)));
    if (done) return done;
  }
  const kinds = t.kinds(s);
  const byType = (type: string) => legal.filter((m) => m.type === type);
  // the Charleston: pass what the plan wants least (never a joker: the legal passes hold none)
  const passes = legal.filter((m) => (m.type === "pass" || m.type === "courtesy") && Array.isArray(m.tiles));
  if (passes.length || legal.some((m) => m.type === "stop")) {
    if (!passes.length) return legal.find((m) => m.type !== "stop")!;
    const plan = planOf(s, seat, true);
    const held = countsOf(t.pool(s, seat), kinds);
    let best = passes[0]!, bestCost = Infinity;
    for (const m of passes) {
      const ids = m.tiles as number[];
      if (m.type === "courtesy" && ids.length) continue;
      let c = 0;
      for (const id of ids) c += keepValue(plan, held, kinds[id]!) + nextInt(rng, 8) / 1000;
      if (c < bestCost) (bestCost = c), (best = m);
    }
    return best;
  }
  const plan = planOf(s, seat, false);
  const held = countsOf(t.pool(s, seat), kinds);
  // a claim or a call for a group the plan needs (never on a concealed line)
  const claims = legal.filter((m) => m.type === "claim" || m.type === "call");
  const offered = t.offered(s);
  if (claims.length && offered !== null) {
    const k = kinds[offered]!;
    for (const r of plan.racks) {
      const size = r.groups.get(k);
      if (!size || r.concealed || r.away > 6) continue;
      const fits = claims.filter((m) => m.size === size && (m.rack === undefined || m.rack === r.rack)).sort((a, b) => (a.jokers as number) - (b.jokers as number));
      if (fits.length) return fits[0]!;
    }
  }
  const draw = legal.find((m) => m.type === "draw") ?? legal.find((m) => m.type === "pass");
  const discards = byType("discard");
  if (!discards.length) return draw ?? legal.find((m) => m.type !== "atomic" && m.type !== "abandon-atomic" && m.type !== "move-exposure") ?? legal[0]!;
  plan.age++;
  // a joker for a tile the plan has no use for
  for (const m of byType("joker")) {
    const e = t.jokerKind(s, m);
    if (e !== null && held[e]! > plan.want[e]!) return m;
  }
  let best: Move[] = [];
  let bestKeep = Infinity;
  const keepOf = new Map<Kind, number>();
  for (const m of discards) {
    const k = kinds[m.tile as number]!;
    let keep = keepOf.get(k);
    if (keep === undefined) keepOf.set(k, (keep = k === JOKER ? 1e6 : keepValue(plan, held, k) + held[k]! * 1e-3));
    if (keep < bestKeep - 1e-9) (bestKeep = keep), (best = [m]);
    else if (Math.abs(keep - bestKeep) <= 1e-9) best.push(m);
  }
  return best[nextInt(rng, best.length)] ?? discards[0]!;
}
