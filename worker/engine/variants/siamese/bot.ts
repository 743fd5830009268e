/**
 * The Siamese computer player (RULES §3–4): two racks from one pool, claims, joker exchanges,
 * Mah Jongg, and the Atomic hand, from what its seat sees.
 */
import type { Move } from "../../api";
import type { Card, Group } from "../../card/api";
import type { RngState } from "../../random";
import { JOKER, KIND_COUNT, type Kind } from "../../tiles";
import { atomicCard, plainCard } from "./atomic";
import { completions } from "./judge";
import { lonelyOrder, nearest, discardBy, type Hand } from "../../bots/card-play";
import { cardFor, cards, cost, dangerFrom, groupOf, kindsOf, lineCard, minus, missingAfter, rackTargets, unseenAmerican, workDone, type Need, type Target } from "../../bots/card-hand";
import { groupKinds } from "../../game/physical";
import { chance, findMove, ofType, pick, sampleKinds, seenCounts, simpleChoice, type Strength, type TileRef } from "../../bots/common";
import { reportRatings } from "../../bots/decide";

interface RackView {
  exposures: { kind: Kind; tiles: TileRef[] }[];
  mahjong: { turn: number } | null;
  dead: unknown;
}
interface View {
  you: number;
  turn: number;
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
    // strong, Royale: a complete hand may wait to be declared with the others (./royale.ts)
    if (ok.length && !(strength === "strong" && holdDeclaring(v, racks, card, side))) return ok[0]!;
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
  let chain: Target[] | null = null;
  const targetsFor = (kinds: Kind[]): Target[] => {
    if (openPlain.length >= 2) {
      // racks from one pool: the nearest line for one rack, then the nearest for the next from what
      // it leaves, and so on (each rack tried first, with its two nearest lines)
      const out: Target[] = [];
      let bestSet: Target[] | null = null;
      let bestSum = Infinity;
      const firsts = openPlain.length === 2 ? 2 : 1;
      // strong, three or four racks: another rack tried first only while the decision's work lasts
      const capped = strength === "strong" && openPlain.length >= 3;
      const perStart = openPlain.length * card.lines.length;
      for (const a of openPlain) {
        if (capped && bestSet && workDone() + perStart > ROYALE.budget * ROYALE.chainShare) break;
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
      chain = bestSet;
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
    // A Royale window offers up to four racks × sizes × jokers: what a claim leaves depends on its
    // size and jokers only, so each rack is measured once per such pool (and once more as the claimer)
    const measured = new Map<string, number>();
    for (const m of claims) {
      const size = m.size as number, j = m.jokers as number;
      const after = minus(minus(side, tile, size - 1 - j), JOKER, j);
      let sum = 0;
      let mine = 99;
      for (const r of openPlain) {
        const claimer = r.i === m.rack;
        const key = `${size} ${j} ${r.i}${claimer ? " claims" : ""}`;
        let a = measured.get(key);
        if (a === undefined) measured.set(key, (a = nearest(card, after, claimer ? [...r.exps, { kind: tile, size, jokers: j }] : r.exps)));
        sum += a;
        if (claimer) mine = a;
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
  // strong with three or four open racks (Royale): each rack's line judged on what the lines before it leave
  const racksChain = chain as Target[] | null;
  if (strength === "strong" && openPlain.length >= 3 && racksChain) {
    const m = discardChain(v, hand, racksChain, targets.slice(racksChain.length), discards, rng, atomicIds, opponents);
    if (m) return m;
  }
  return discardBy(v, hand, targets, discards, strength, rng, 2, v, atomicIds, opponents) ?? simpleChoice(legal);
}

/** The pool less the tiles a target's nearest way uses (its full arrangement, less what it still needs and its exposures). */
function leftAfter(pool: Kind[], t: Target, known?: { away: number; needed: Kind[]; arrangement?: Group[] }): Kind[] {
  const line = lineCard(t.line);
  const near = known ?? cards.tilesAway(pool, t.exps, line)[0];
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

/**
 * Strong play on three or four racks from one pool (Royale): the weight of the racks' other near
 * lines beside the chain, the look ahead (sampled draws, how many ahead, the plain distance kept
 * beside it, the weight of an opponent's likely need), and when a complete hand is held back:
 * until an opponent has declared `hold` hands or the wall is down to `holdWall` tiles. The work is
 * capped by a count of lines measured per decision (`budget`, as the American look ahead's, never a
 * clock): the chain's first racks may use `chainShare` of it, the discard's candidates the rest,
 * and the look ahead's samples × candidates × chain lines stay within `look`. Past the budget the
 * judgement narrows (fewer first racks, no other lines, a shorter chain, no caution), never slower.
 */
export const ROYALE = { alt: 0.3, samples: 16, draws: 6, mix: 0.25, danger: 1.5, dangerMany: 1.5, hold: 2, holdMany: 2, holdWall: 20, budget: 1500, chainShare: 0.6, look: 16 * 30 * 4 };

/**
 * What each line of a chain (one line per open rack) still needs, each from what the lines before it
 * leave of the pool: racks that share one pool cannot all use the same tiles. (Judging every rack's
 * line against the whole pool, as two racks can afford, counts one tile for up to four lines.)
 */
function chainNeeds(pool: Kind[], chain: readonly Target[]): Need[] {
  const out: Need[] = [];
  let rest = pool;
  for (let i = 0; i < chain.length; i++) {
    const t = chain[i]!;
    const near = cards.tilesAway(rest, t.exps, lineCard(t.line))[0];
    if (!near) {
      out.push({ away: 99, needed: [] });
      continue;
    }
    out.push({ away: near.away, needed: near.needed });
    if (i < chain.length - 1) rest = leftAfter(rest, t, near);
  }
  return out;
}

/**
 * The strong discard on three or four racks: the tiles still missing from the chain of lines (each
 * from what the ones before leave), a little of the racks' other near lines, then sampled draws from
 * the unseen tiles laid against the chain, each drawn tile serving one line only.
 */
function discardChain(v: { wallCount: number; seats: unknown[] }, hand: Hand, chain: Target[], alts: Target[], discards: Move[], rng: RngState, atomicFixed: Set<number>, opponents: Group[][]): Move | null {
  const byKind = new Map<Kind, Move>();
  for (const m of discards) {
    const t = hand.ids.find((x) => x.id === m.tile);
    if (!t || atomicFixed.has(t.id)) continue;
    if (!byKind.has(t.kind)) byKind.set(t.kind, m);
  }
  const kinds = [...byKind.keys()].filter((k) => k !== JOKER);
  if (!kinds.length) return null;
  // the work cap (lines measured this decision, ROYALE.budget): a candidate costs about two lines per
  // line of the chain and one per other near line; past the budget the other lines are left out,
  // then the chain is cut to its first lines (always one at least)
  const room = ROYALE.budget - workDone();
  if (kinds.length * (2 * chain.length + alts.length) > room) alts = [];
  const lines = Math.max(1, Math.min(chain.length, Math.floor(room / (2 * kinds.length))));
  if (lines < chain.length) chain = chain.slice(0, lines);
  const scored = kinds.map((k) => {
    const pool = minus(hand.kinds, k);
    const needs = chainNeeds(pool, chain);
    const s = needs.reduce((t, n) => t + n.away, 0) + (alts.length ? ROYALE.alt * cost(pool, alts) : 0);
    return { k, needs, s, n: hand.kinds.filter((x) => x === k).length, e: 0 };
  });
  scored.sort((a, b) => a.s - b.s || a.n - b.n || a.k - b.k);
  if (scored.length > 1) {
    const unseen = unseenAmerican(seenCounts(v, KIND_COUNT), hand.sets);
    // one's own draws still to come: the wall shared by every player
    const players = v.seats.length;
    const draws = Math.max(1, Math.min(ROYALE.draws, Math.ceil(v.wallCount / players)));
    const samples = Math.max(4, Math.min(ROYALE.samples, Math.floor(ROYALE.look / (scored.length * chain.length))));
    const la = lookaheadChain(scored.map((s) => s.needs), chain, rng, unseen, samples, draws);
    // the opponents' likely needs cost one card per opponent rack with exposures: only within the budget
    const exposed = opponents.filter((e) => e.length).length;
    const danger = workDone() + exposed * hand.card.lines.length <= ROYALE.budget ? dangerFrom(hand.card, opponents) : new Array<number>(KIND_COUNT).fill(0);
    // three or four players: any of them may call Mah Jongg on a discard (the discarder pays 25)
    const dw = players > 2 ? ROYALE.dangerMany : ROYALE.danger;
    scored.forEach((s, i) => (s.e = la[i]! + ROYALE.mix * s.s + dw * danger[s.k]!));
    scored.sort((a, b) => a.e - b.e || a.s - b.s || a.n - b.n || a.k - b.k);
  }
  reportRatings(scored.map((x) => [x.k, scored.length > 1 ? [x.e, x.s] : [x.s]] as const));
  return byKind.get(scored[0]!.k)!;
}

/**
 * The look ahead over a chain: the same sampled draws for every candidate (equal luck), each drawn
 * tile or joker serving one line only; the mean tiles still missing, less a bonus (value / 50) for a
 * line the draws would complete.
 */
function lookaheadChain(candidates: Need[][], chain: Target[], rng: RngState, unseen: { counts: number[]; total: number }, samples: number, draws: number): number[] {
  const sums = new Array<number>(candidates.length).fill(0);
  const draw: Kind[] = [];
  const have = new Array<number>(KIND_COUNT).fill(0);
  for (let s = 0; s < samples; s++) {
    sampleKinds(rng, unseen.counts, unseen.total, draws, draw);
    for (let i = 0; i < candidates.length; i++) {
      have.fill(0);
      for (const k of draw) have[k]!++;
      let e = 0;
      candidates[i]!.forEach((n, j) => {
        if (n.away >= 99) return void (e += 99);
        const missing = missingAfter(n, have);
        e += missing - (missing === 0 ? chain[j]!.line.value / 50 : 0);
      });
      sums[i]! += e;
    }
  }
  return sums.map((x) => x / Math.max(1, samples));
}

/**
 * Royale (strong, any number of players): a player's k-th Mah Jongg scores k times its value, and
 * Mah Jonggs declared in one turn all count as the last of them, so a complete hand is worth more
 * declared together with the next. It is held back (kept concealed, still judged as complete)
 * while that is safe: not once a Mah Jongg was declared this turn (the others join it), not when
 * every open hand can be declared at once, not once an opponent has declared `ROYALE.hold` hands
 * (they may soon end the game, and a hand still concealed then earns nothing), and not in the
 * wall's last `ROYALE.holdWall` tiles per two players. With three or four players a held hand
 * also joins a Mah Jongg called on a discard (`call-mahjong` with `hands`, ./royale.ts).
 */
function holdDeclaring(v: View, racks: { i: number; exps: Group[]; open: boolean; atomic: boolean }[], card: Card, side: Kind[]): boolean {
  const me = v.seats[v.you]!;
  if (me.racks.length <= 2) return false;
  if (me.racks.some((r) => r.mahjong && r.mahjong.turn === v.turn)) return false;
  // the opponent with the most hands declared (one who declares all four ends the game)
  const most = Math.max(...v.seats.filter((_, i) => i !== v.you).map((p) => p.racks.filter((r) => r.mahjong).length));
  if (most >= (v.seats.length > 2 ? ROYALE.holdMany : ROYALE.hold)) return false;
  // the wall's last `holdWall` tiles per two players (about as many turns of one's own)
  if (v.wallCount <= (ROYALE.holdWall * v.seats.length) / 2) return false;
  // every open hand complete at once from the one pool (each from what the ones before leave)
  let rest = side;
  for (const r of racks) {
    if (!r.open) continue;
    if (r.atomic) return true;
    const c = completions(cards, card, rest, r.exps)[0];
    if (!c) return true;
    for (const k of c.fromPool) rest = minus(rest, k);
  }
  return false;
}
