/**
 * The American computer player (RULES §6): Charleston passes, claim windows, joker exchanges,
 * discards and Mah Jongg, from what its seat sees.
 */
import type { Move } from "../../api";
import type { Card } from "../../card/api";
import type { RngState } from "../../random";
import { JOKER, KIND_COUNT, type Kind } from "../../tiles";
import { completions, completionsWith } from "../siamese/judge";
import { cardFor, cards, cost, groupOf, kindsOf, minus, rackTargets, unseenAmerican, type Target } from "../../bots/card-hand";
import { chance, findMove, ofType, pick, seenCounts, simpleChoice, type Strength, type TileRef } from "../../bots/common";
import { discardBy, lonelyOrder, nearest, STRONG, type Hand } from "../../bots/card-play";

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

/** Declarations that really complete the hand (under "enforce" every line is offered), best value first. */
export function validDeclarations(legal: Move[], type: string, valid: Set<string>): Move[] {
  return ofType(legal, type).filter((m) => valid.has(m.line as string));
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

const lineValue = (card: Card, m: Move) => card.lines.find((l) => l.id === m.line)?.value ?? 0;

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
