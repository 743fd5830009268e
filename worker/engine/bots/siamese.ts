/**
 * The Siamese computer player (RULES §3–4): two racks from one pool, claims, joker exchanges,
 * Mah Jongg, and the Atomic hand, from what its seat sees.
 */
import type { Move } from "../api";
import type { Card, Group } from "../card/api";
import type { RngState } from "../random";
import { JOKER, KIND_COUNT, type Kind } from "../tiles";
import { atomicCard, plainCard } from "../variants/siamese/atomic";
import { completions } from "../variants/siamese/judge";
import { lonelyOrder, nearest, discardBy, type Hand } from "./american";
import { cardFor, cards, cost, groupOf, kindsOf, lineCard, minus, rackTargets, unseenAmerican, type Target } from "./card-hand";
import { groupKinds } from "../game/physical";
import { chance, findMove, ofType, pick, seenCounts, simpleChoice, type Strength, type TileRef } from "./common";

interface RackView {
  exposures: { kind: Kind; tiles: TileRef[] }[];
  mahjong: unknown;
  dead: unknown;
}
interface View {
  you: number;
  phase: "draw" | "discard" | "over";
  options: { card?: unknown; deadHands?: string };
  wallCount: number;
  claimable: { seat: number; tile: TileRef } | null;
  seats: { concealed: TileRef[] | null; drawn: TileRef | null; atomic: boolean; atomicTiles: TileRef[] | null; racks: RackView[] }[];
}

/** Atomic lines are judged with a lighter hand: they need every one of their tiles, no joker can help. */
const ATOMIC_WEIGHT = 1.5;

function atomicAway(card: Card, kinds: Kind[]): number {
  const a = atomicCard(card);
  if (!a) return 99;
  return cards.tilesAway(kinds, [], a)[0]?.away ?? 99;
}

/** `sets`: American sets in play (Siamese 1; Royale one per player). */
export function chooseSiamese(view: unknown, legal: Move[], strength: Strength, rng: RngState, sets = 1): Move {
  const v = view as View;
  const me = v.seats[v.you]!;
  const card = cardFor(v.options as never);
  const plain = plainCard(card);
  if (legal.length === 1) return legal[0]!;
  const pool = me.concealed ?? [];
  const atomicIds = new Set((me.atomicTiles ?? []).map((t) => t.id));
  const atomicRefs = pool.filter((t) => atomicIds.has(t.id));
  const sideRefs = pool.filter((t) => !atomicIds.has(t.id));
  const side = kindsOf(sideRefs);
  const loose = me.atomic && me.drawn && !atomicIds.has(me.drawn.id) ? me.drawn : null;
  const racks = me.racks.map((r, i) => ({ i, exps: r.exposures.map(groupOf), open: !r.mahjong && !r.dead, atomic: me.atomic && i === 0 }));
  const valueOf = (m: Move) => card.lines.find((l) => l.id === m.line)?.value ?? 0;

  // Mah Jongg first: on a discard, or with one's own tiles (under "enforce" only the lines really complete)
  const claimMj = ofType(legal, "claim-mahjong").sort((a, b) => valueOf(b) - valueOf(a));
  if (claimMj.length) return claimMj[0]!;
  const declare = ofType(legal, "mahjong");
  if (declare.length) {
    const valid = new Set<string>();
    for (const r of racks) {
      if (!r.open) continue;
      const done = r.atomic
        ? completions(cards, atomicCard(card)!, kindsOf(loose ? [...atomicRefs, loose] : atomicRefs), [], undefined, true)
        : completions(cards, card, side, r.exps);
      for (const c of done) valid.add(`${r.i} ${c.line}`);
    }
    const ok = declare.filter((m) => valid.has(`${m.rack} ${m.line}`)).sort((a, b) => valueOf(b) - valueOf(a));
    if (ok.length) return ok[0]!;
  }

  const unseenOf = () => unseenAmerican(seenCounts(v, KIND_COUNT), sets);

  // The Atomic hand: go for it when close (never for the easy player), give it up when it cannot be made
  const atomicPicks = ofType(legal, "atomic");
  if (atomicPicks.length && strength !== "easy") {
    let best: Move | null = null;
    let bestAway = strength === "strong" ? 3 : 2;
    const unseen = strength === "strong" ? unseenOf() : null;
    for (const m of atomicPicks) {
      const kinds = (m.tiles as number[]).map((id) => pool.find((t) => t.id === id)!.kind);
      const near = cards.tilesAway(kinds, [], atomicCard(card)!)[0];
      if (!near) continue;
      // strong: the tiles it still needs must be out there
      if (unseen && near.needed.some((k) => unseen.counts[k]! === 0)) continue;
      if (near.away <= bestAway) (best = m), (bestAway = near.away);
    }
    if (best) return best;
  }
  const abandon = findMove(legal, { type: "abandon-atomic" });
  if (abandon && strength !== "easy") {
    const near = cards.tilesAway(kindsOf(loose ? [...atomicRefs, loose] : atomicRefs), [], atomicCard(card)!)[0];
    const unseen = unseenOf();
    if (!near || near.needed.some((k) => unseen.counts[k]! === 0)) return abandon;
  }

  const openPlain = racks.filter((r) => r.open && !r.atomic);
  const unseenCounts = strength === "strong" ? unseenOf().counts : undefined;
  const targetsFor = (kinds: Kind[]): Target[] => {
    if (openPlain.length >= 2) {
      // racks from one pool: the nearest line for one rack, then the nearest for the next from what
      // it leaves, and so on (each rack tried first, with its two nearest lines)
      const out: Target[] = [];
      let bestSet: Target[] | null = null;
      let bestSum = Infinity;
      const firsts = openPlain.length === 2 ? 2 : 1;
      for (const a of openPlain) {
        for (const t of rackTargets(card, kinds, a.exps, false, firsts, unseenCounts)) {
          let rest = leftAfter(kinds, t);
          let sum = t.away;
          const chain: Target[] = [{ ...t, weight: 1 }];
          for (const b of openPlain) {
            if (b === a) continue;
            const next = rackTargets(card, rest, b.exps, false, 1, unseenCounts)[0];
            if (!next) {
              sum = Infinity;
              break;
            }
            sum += next.away;
            chain.push({ ...next, weight: 1 });
            if (chain.length < openPlain.length) rest = leftAfter(rest, next);
          }
          if (sum < bestSum) (bestSum = sum), (bestSet = chain);
        }
      }
      if (bestSet) out.push(...bestSet);
      for (const r of openPlain) for (const t of rackTargets(card, kinds, r.exps, false, 3, unseenCounts)) out.push({ ...t, weight: t.weight * 0.3 });
      return out;
    }
    return openPlain.flatMap((r) => rackTargets(card, kinds, r.exps, false, 5, unseenCounts));
  };

  if (v.phase === "draw") {
    const draw = findMove(legal, { type: "draw" }) ?? simpleChoice(legal);
    const claims = ofType(legal, "claim");
    if (!claims.length || !v.claimable) return draw;
    const tile = v.claimable.tile.kind;
    if (strength === "easy") {
      if (!chance(rng, 0.4)) return draw;
      const fewest = Math.min(...claims.map((c) => c.jokers as number));
      return pick(rng, claims.filter((c) => c.jokers === fewest));
    }
    const nowSum = openPlain.reduce((t, r) => t + nearest(card, side, r.exps), 0);
    let best: Move | null = null;
    let bestGain = 0;
    let bestAfter = 99;
    for (const m of claims) {
      const size = m.size as number, j = m.jokers as number;
      const after = minus(minus(side, tile, size - 1 - j), JOKER, j);
      let sum = 0;
      let mine = 99;
      for (const r of openPlain) {
        const exps = r.i === m.rack ? [...r.exps, { kind: tile, size, jokers: j }] : r.exps;
        const a = nearest(card, after, exps);
        sum += a;
        if (r.i === m.rack) mine = a;
      }
      const gain = nowSum - sum;
      if (mine > (strength === "strong" ? 6 : 5)) continue;
      if (gain > bestGain || (gain === bestGain && gain > 0 && (mine < bestAfter || (mine === bestAfter && j < (best!.jokers as number))))) {
        best = m;
        bestGain = gain;
        bestAfter = mine;
      }
    }
    return best ?? draw;
  }

  // discard phase: joker exchanges, then a discard
  const discards = ofType(legal, "discard");
  const jokers = ofType(legal, "joker");
  if (strength === "easy") {
    if (jokers.length && chance(rng, 0.5)) return pick(rng, jokers);
    const order = lonelyOrder(rng, sideRefs);
    for (const t of order) {
      const m = findMove(discards, { type: "discard", tile: t.id });
      if (m) return m;
    }
    return discards[0] ?? simpleChoice(legal);
  }
  const targets = targetsFor(side);
  if (jokers.length) {
    const base = cost(side, targets);
    let best: Move | null = null;
    let bestCost = base + 1e-9;
    for (const m of jokers) {
      const e = v.seats[m.seat as number]!.racks[m.rack as number]!.exposures[m.exposure as number]!;
      const c = cost([...minus(side, e.kind), JOKER], targets);
      if (c <= bestCost) (best = m), (bestCost = c - 1e-9);
    }
    if (best) return best;
  }
  // An Atomic player with a drawn tile may also put it on rack 1 in place of a rack-1 tile.
  if (me.atomic && loose) {
    const aKinds = kindsOf(atomicRefs);
    const baseA = atomicAway(card, aKinds);
    let swap: Move | null = null;
    let swapAway = baseA;
    for (const t of atomicRefs) {
      const m = findMove(discards, { type: "discard", tile: t.id });
      if (!m) continue;
      const a = atomicAway(card, [...minus(aKinds, t.kind), loose.kind]);
      if (a < swapAway) (swap = m), (swapAway = a);
    }
    if (swap) {
      // worth it when rack 1 gains more than rack 2 loses by giving up the drawn tile
      const loss = cost(minus(side, loose.kind), targets) - cost(side, targets);
      if ((baseA - swapAway) * ATOMIC_WEIGHT >= loss) return swap;
    }
  }
  const hand: Hand = { card, sets, ids: sideRefs, kinds: side, exps: [] as Group[] };
  const opponents = v.seats.filter((_, i) => i !== v.you).flatMap((p) => p.racks.filter((r) => !r.mahjong && !r.dead).map((r) => r.exposures.map(groupOf)));
  return discardBy(v, hand, targets, discards, strength, rng, 2, v, atomicIds, opponents) ?? simpleChoice(legal);
}

/** The pool less the tiles a target's nearest way uses (its full arrangement, less what it still needs and its exposures). */
function leftAfter(pool: Kind[], t: Target): Kind[] {
  const line = lineCard(t.line);
  const near = cards.tilesAway(pool, t.exps, line)[0];
  if (!near) return pool;
  const full = near.away === 0 ? near : cards.tilesAway([...pool, ...near.needed], t.exps, line)[0];
  if (!full?.arrangement) return pool;
  const used = groupKinds(full.arrangement);
  for (const k of [...groupKinds(t.exps), ...near.needed]) {
    const i = used.indexOf(k);
    if (i >= 0) used.splice(i, 1);
  }
  let rest = pool;
  for (const k of used) rest = minus(rest, k);
  return rest;
}
