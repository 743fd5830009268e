/**
 * What the card-game computer players share (American, Siamese, Royale, and Wright-Patterson's
 * loneliest tiles): a hand as a player holds it, the loneliest tiles, the discard that costs least
 * against the closest card lines (strong: played out over sampled draws), and tiles away.
 */
import type { Move } from "../api";
import type { Card, Group } from "../card/api";
import { nextInt, type RngState } from "../random";
import { JOKER, KIND_COUNT, type Kind } from "../tiles";
import { cards, costOf, dangerFrom, lookahead, minus, needsOf, unseenAmerican, workDone, type Target } from "./card-hand";
import { pick, seenCounts, type Strength, type TileRef } from "./common";
import { reportRatings } from "./decide";

export interface Hand {
  card: Card;
  /** American sets in play (1; Royale deals one per player). */
  sets?: number;
  ids: TileRef[];
  kinds: Kind[];
  exps: Group[];
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

/**
 * The strong player's look ahead: sampled draws per decision and how many draws ahead (bounded by
 * counts, never by a clock), how much of the plain distance is kept beside it, and the weight of an
 * opponent's likely need against one tile of one's own distance.
 */
export const STRONG = { samples: 24, draws: 6, mix: 0.25, danger: 1.5, dangerFour: 5, callMax: 6, americanValues: false, charlestonLines: 6, charlestonValues: true, stopAt: 4, budget: 1500, lookBudget: 24 * 14 * 10 };

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
    reportRatings(scored.map((s) => [s.k, [s.e, s.c]] as const));
    return byKind.get(scored[0]!.k)!;
  }
  reportRatings(scored.map((s) => [s.k, [s.c]] as const));
  const ties = scored.filter((s) => s.c <= scored[0]!.c + 1e-9 && s.n === scored[0]!.n);
  return byKind.get(pick(rng, ties).k)!;
}

/** Tiles away from the nearest line that is not an Atomic line. */
export function nearest(card: Card, pool: Kind[], exps: Group[]): number {
  for (const a of cards.tilesAway(pool, exps, card)) if (!a.line.atomic) return a.away;
  return 99;
}
