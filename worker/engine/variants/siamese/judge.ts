/**
 * The card questions the Siamese rules ask: does a rack's set of exposures still fit a line,
 * and which lines can a rack declare now (optionally with a claimed discard that must be used).
 */
import type { Away, Card, CardModule, Group } from "../../card/api";
import { groupKinds } from "../../game/physical";
import { JOKER, type Kind } from "../../tiles";
import type { Exposure } from "./state";

export function asGroup(e: Exposure, kinds: readonly Kind[]): Group {
  let jokers = 0;
  for (const id of e.tiles) if (kinds[id] === JOKER) jokers++;
  return { kind: e.kind, size: e.tiles.length, jokers };
}

export interface Completion {
  line: string;
  value: number;
  groups: Group[];
  jokerless: boolean;
  /** Kinds that leave the concealed pool (the claimed tile included) to complete the hand. */
  fromPool: Kind[];
}

/** Jokerless bonus only where a joker could have been used at all (not singles-and-pairs lines). */
export const isJokerless = (groups: Group[]) => groups.every((g) => g.jokers === 0) && groups.some((g) => g.size >= 3);

/** `atomic`: the Atomic rack completes Atomic lines only, every other rack every other line. */
function completionOf(a: Away, exposures: Group[], atomic: boolean): Completion | null {
  if (a.away !== 0 || !a.arrangement || a.line.atomic !== atomic) return null;
  const need = groupKinds(a.arrangement);
  for (const k of groupKinds(exposures)) {
    const i = need.indexOf(k);
    if (i < 0) return null;
    need.splice(i, 1);
  }
  return { line: a.line.id, value: a.line.value, groups: a.arrangement, jokerless: isJokerless(a.arrangement), fromPool: need };
}

/** Lines the rack completes with its exposures plus tiles from `pool` (declaring on one's own turn). */
export function completions(cards: CardModule, card: Card, pool: Kind[], exposures: Group[], using?: Kind, atomic = false): Completion[] {
  // The card module's fast path when it has one: the same answer as the away-0 head of tilesAway.
  return completionsOf(cards.declarable ? cards.declarable(pool, exposures, card, using) : cards.tilesAway(pool, exposures, card), exposures, atomic);
}

/** The completions among `complete` (a declarable answer, nearest first) for a rack with `exposures`. */
export function completionsOf(complete: Away[], exposures: Group[], atomic: boolean): Completion[] {
  const out: Completion[] = [];
  for (const a of complete) {
    if (a.away > 0) break; // nearest first
    const c = completionOf(a, exposures, atomic);
    if (c) out.push(c);
  }
  return out;
}

/** Lines the rack completes only thanks to the claimed tile `kind` (claiming a discard for Mah Jongg). */
export function completionsWith(cards: CardModule, card: Card, pool: Kind[], exposures: Group[], kind: Kind, atomic = false): Completion[] {
  // A line complete only thanks to `kind` is completed by a way that needs `kind`: the fast path looks at those only.
  const withTile = cards.declarableWith ? completionsOf(cards.declarableWith(pool, exposures, card, kind), exposures, atomic) : completions(cards, card, [...pool, kind], exposures, kind, atomic);
  if (withTile.length === 0) return withTile;
  const without = new Set(completions(cards, card, pool, exposures, undefined, atomic).map((c) => c.line));
  return withTile.filter((c) => !without.has(c.line) && c.fromPool.includes(kind));
}
