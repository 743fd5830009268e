/**
 * The American computer player (RULES §6): Charleston passes, claim windows, joker exchanges,
 * discards and Mah Jongg, from what its seat sees.
 */
import type { Move } from "../api";
import type { Card, Group } from "../card/api";
import { nextInt, type RngState } from "../random";
import { JOKER, KIND_COUNT, type Kind } from "../tiles";
import { completions, completionsWith } from "../variants/siamese/judge";
import { cardFor, cards, cost, costOf, dangerFrom, groupOf, kindsOf, lookahead, minus, needsOf, rackTargets, unseenAmerican, workDone, type Target } from "./card-hand";
import { chance, findMove, ofType, pick, seenCounts, simpleChoice, type Strength, type TileRef } from "./common";

interface SeatView {
  concealed: TileRef[] | null;
  exposures: { kind: Kind; tiles: TileRef[] }[];
  mahjong: unknown;
  dead: unknown;
}
interface View {
  you: number;
  phase: string;
  options: { card?: unknown; deadHands?: string };
  wallCount: number;
  window: { tile: TileRef } | null;
  charleston: { stopAllowed: boolean; courtesy: boolean } | null;
  seats: SeatView[];
}

export interface Hand {
  card: Card;
  /** American sets in play (1; Royale deals one per player). */
  sets?: number;
  ids: TileRef[];
  kinds: Kind[];
  exps: Group[];
}

/** Declarations that really complete the hand (under "enforce" every line is offered), best value first. */
export function validDeclarations(legal: Move[], type: string, valid: Set<string>): Move[] {
  return ofType(legal, type).filter((m) => valid.has(m.line as string));
}

/** Loneliest-first order of the non-joker tiles (fewest of their kind held), ties at random. */
export function lonelyOrder(rng: RngState, ids: TileRef[]): TileRef[] {
  const count = new Array<number>(KIND_COUNT).fill(0);
  for (const t of ids) count[t.kind]!++;
  return ids
    .filter((t) => t.kind !== JOKER)
    .map((t) => ({ t, w: count[t.kind]! * 64 + nextInt(rng, 64) }))
    .sort((a, b) => a.w - b.w)
    .map((x) => x.t);
}

/** Tiles to give away: `n` least useful kinds, one at a time (each judged after the ones before left). */
export function leastUseful(hand: Hand, targets: Target[], n: number, rng: RngState, zeroOnly = false): TileRef[] {
  let pool = hand.kinds.slice();
  let left = hand.ids.slice();
  const out: TileRef[] = [];
  for (let i = 0; i < n; i++) {
    const base = cost(pool, targets);
    let best: Kind[] = [];
    let bestCost = Infinity;
    const kinds = [...new Set(left.filter((t) => t.kind !== JOKER).map((t) => t.kind))];
    for (const k of kinds) {
      const c = cost(minus(pool, k), targets);
      if (c < bestCost - 1e-9) (bestCost = c), (best = [k]);
      else if (Math.abs(c - bestCost) < 1e-9) best.push(k);
    }
    if (!best.length || (zeroOnly && bestCost > base + 1e-9)) break;
    const k = pick(rng, best);
    const t = left.find((x) => x.kind === k)!;
    out.push(t);
    left = left.filter((x) => x !== t);
    pool = minus(pool, k);
  }
  return out;
}

export function chooseAmerican(view: unknown, legal: Move[], strength: Strength, rng: RngState): Move {
  const v = view as View;
  const me = v.seats[v.you]!;
  const card = cardFor(v.options as never);
  const ids = me.concealed ?? [];
  const hand: Hand = { card, ids, kinds: kindsOf(ids), exps: me.exposures.map(groupOf) };
  const moves = legal.filter((m) => m.type !== "preference");
  if (!moves.length) return legal[0]!;
  if (moves.length === 1) return moves[0]!;

  if (v.phase === "charleston") return charleston(v, hand, moves, strength, rng);
  if (v.phase === "window") return claimWindow(v, hand, moves, strength, rng);

  // your turn: Mah Jongg, joker exchanges, a discard
  const valid = new Set(completions(cards, card, hand.kinds, hand.exps).map((c) => c.line));
  const mj = validDeclarations(moves, "mahjong", valid).sort((a, b) => lineValue(card, b) - lineValue(card, a));
  if (mj.length) return mj[0]!;
  const jokers = ofType(moves, "joker");
  const discards = ofType(moves, "discard");
  if (strength === "easy") {
    if (jokers.length && chance(rng, 0.5)) return pick(rng, jokers);
    const t = lonelyOrder(rng, ids)[0];
    return (t && findMove(discards, { type: "discard", tile: t.id })) ?? discards[0] ?? simpleChoice(moves);
  }
  const unseen = strength === "strong" ? unseenAmerican(seenCounts(v, KIND_COUNT)).counts : undefined;
  const targets = rackTargets(card, hand.kinds, hand.exps, false, 5, unseen, STRONG.americanValues);
  if (jokers.length) {
    const base = cost(hand.kinds, targets);
    let best: Move | null = null;
    let bestCost = base + 1e-9;
    for (const m of jokers) {
      const e = v.seats[m.seat as number]!.exposures[m.exposure as number]!;
      const c = cost([...minus(hand.kinds, e.kind), JOKER], targets);
      if (c <= bestCost) (best = m), (bestCost = c - 1e-9);
    }
    if (best) return best;
  }
  const opponents = v.seats.filter((_, i) => i !== v.you && !v.seats[i]!.mahjong && !v.seats[i]!.dead).map((p) => p.exposures.map(groupOf));
  return discardBy(v, hand, targets, discards, strength, rng, 4, undefined, undefined, opponents) ?? simpleChoice(moves);
}

/**
 * The strong player's look ahead: sampled draws per decision and how many draws ahead (bounded by
 * counts, never by a clock), how much of the plain distance is kept beside it, and the weight of an
 * opponent's likely need against one tile of one's own distance.
 */
export const STRONG = { samples: 24, draws: 6, mix: 0.25, danger: 1.5, dangerFour: 5, callMax: 6, americanValues: false, charlestonLines: 6, charlestonValues: true, stopAt: 4, budget: 1500, lookBudget: 24 * 14 * 10 };

const lineValue = (card: Card, m: Move) => card.lines.find((l) => l.id === m.line)?.value ?? 0;

/** The discard whose loss costs least against the targets; strong plays out sampled draws for the closest few. */
export function discardBy(v: { wallCount: number }, hand: Hand, targets: Target[], discards: Move[], strength: Strength, rng: RngState, players: number, seenPart?: unknown, atomicFixed?: Set<number>, opponents: Group[][] = []): Move | null {
  const byKind = new Map<Kind, Move>();
  for (const m of discards) {
    const t = hand.ids.find((x) => x.id === m.tile);
    if (!t || atomicFixed?.has(t.id)) continue;
    if (!byKind.has(t.kind)) byKind.set(t.kind, m);
  }
  const kinds = [...byKind.keys()].filter((k) => k !== JOKER);
  if (!kinds.length) return discards[0] ?? null;
  const scored = kinds.map((k) => {
    const needs = needsOf(minus(hand.kinds, k), targets);
    return { k, needs, c: costOf(needs, targets), n: hand.kinds.filter((x) => x === k).length, e: 0 };
  });
  scored.sort((a, b) => a.c - b.c || a.n - b.n || a.k - b.k);
  // the look ahead only while the decision's work budget lasts (a count of lines measured, so the
  // choice stays a pure function of the view); past it the decision is medium's, never slower
  if (strength === "strong" && scored.length > 1 && targets.length && workDone() <= STRONG.budget) {
    const unseen = unseenAmerican(seenCounts(seenPart ?? v, KIND_COUNT), hand.sets);
    const draws = Math.max(1, Math.min(STRONG.draws, Math.ceil(v.wallCount / players)));
    const samples = Math.max(4, Math.min(STRONG.samples, Math.floor(STRONG.lookBudget / (scored.length * targets.length))));
    const la = lookahead(scored.map((s) => s.needs), targets, { rng, unseen, samples, draws, values: players === 2 || STRONG.americanValues });
    const danger = dangerFrom(hand.card, opponents);
    // four players: a discard that lets another win costs the discarder most, so caution weighs more
    const dw = players === 4 ? STRONG.dangerFour : STRONG.danger;
    scored.forEach((s, i) => (s.e = la[i]! + STRONG.mix * s.c + dw * danger[s.k]!));
    scored.sort((a, b) => a.e - b.e || a.c - b.c || a.n - b.n || a.k - b.k);
    return byKind.get(scored[0]!.k)!;
  }
  const ties = scored.filter((s) => s.c <= scored[0]!.c + 1e-9 && s.n === scored[0]!.n);
  return byKind.get(pick(rng, ties).k)!;
}

function charleston(v: View, hand: Hand, moves: Move[], strength: Strength, rng: RngState): Move {
  const ch = v.charleston!;
  if (strength === "easy") {
    const order = lonelyOrder(rng, hand.ids);
    if (ch.courtesy) return ofType(moves, "courtesy").find((m) => (m.tiles as number[]).length === 0) ?? moves[0]!;
    const tiles = order.slice(0, 3).map((t) => t.id).sort((a, b) => a - b);
    return findMove(moves, { type: "pass", tiles, blind: 0 }) ?? simpleChoice(moves);
  }
  const strong = strength === "strong";
  const targets = rackTargets(hand.card, hand.kinds, hand.exps, false, strong ? STRONG.charlestonLines : 6, undefined, strong ? STRONG.charlestonValues : true);
  const best = targets[0]?.away ?? 99;
  if (ch.stopAllowed && best <= (strong ? STRONG.stopAt : 4)) {
    const stop = findMove(moves, { type: "stop" });
    if (stop) return stop;
  }
  if (ch.courtesy) {
    const give = leastUseful(hand, targets, 3, rng, true).map((t) => t.id).sort((a, b) => a - b);
    return findMove(moves, { type: "courtesy", tiles: give }) ?? ofType(moves, "courtesy")[0]!;
  }
  const give = leastUseful(hand, targets, 3, rng).map((t) => t.id).sort((a, b) => a - b);
  return findMove(moves, { type: "pass", tiles: give, blind: 0 }) ?? ofType(moves, "pass").find((m) => m.blind === 3 - give.length) ?? simpleChoice(moves);
}

function claimWindow(v: View, hand: Hand, moves: Move[], strength: Strength, rng: RngState): Move {
  const tile = v.window!.tile.kind;
  const valid = new Set(completionsWith(cards, hand.card, hand.kinds, hand.exps, tile).map((c) => c.line));
  const mj = validDeclarations(moves, "call-mahjong", valid).sort((a, b) => lineValue(hand.card, b) - lineValue(hand.card, a));
  if (mj.length) return mj[0]!;
  const pass = findMove(moves, { type: "pass" }) ?? moves[0]!;
  const calls = ofType(moves, "call");
  if (!calls.length) return pass;
  if (strength === "easy") {
    if (!chance(rng, 0.3)) return pass;
    const fewest = Math.min(...calls.map((c) => c.jokers as number));
    return pick(rng, calls.filter((c) => c.jokers === fewest));
  }
  const now = nearest(hand.card, hand.kinds, hand.exps);
  let best: Move | null = null;
  let bestAway = Math.min(now - 1, strength === "strong" ? STRONG.callMax : 5) + 1;
  for (const m of calls) {
    const size = m.size as number, j = m.jokers as number;
    const pool = minus(minus(hand.kinds, tile, size - 1 - j), JOKER, j);
    const after = nearest(hand.card, pool, [...hand.exps, { kind: tile, size, jokers: j }]);
    if (after < bestAway || (after === bestAway && best && j < (best.jokers as number))) (best = m), (bestAway = after);
  }
  return best ?? pass;
}

/** Tiles away from the nearest line that is not an Atomic line. */
export function nearest(card: Card, pool: Kind[], exps: Group[]): number {
  for (const a of cards.tilesAway(pool, exps, card)) if (!a.line.atomic) return a.away;
  return 99;
}
