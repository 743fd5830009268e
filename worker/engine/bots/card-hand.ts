/**
 * Judging a hand against the card (Siamese and American): the nearest lines ("targets"), the cost
 * of a pool of concealed tiles as its weighted tiles away from them, and the strong player's look
 * ahead: the same cost after sampled draws from the tiles it has not seen.
 */
import { cardModule } from "../card";
import type { Card, CardLine, Group } from "../card/api";
import { cardOf } from "../game/card-of";
import type { GameOptions } from "../api";
import type { RngState } from "../random";
import { FLOWER, JOKER, KIND_COUNT, type Kind } from "../tiles";
import { sampleKinds, type TileRef } from "./common";

/**
 * Work per decision, in lines measured (one line's tiles-away is one unit; a whole card is its
 * number of lines). Every measure a computer player makes goes through `cards` and is counted, so
 * strong play can stop looking further when a decision has spent its budget (a count, never a
 * clock: the choice stays a pure function of what the seat sees). `startWork` is called by
 * chooseMove before every decision.
 */
let work = 0;
export const startWork = () => void (work = 0);
export const workDone = () => work;
export const cards: typeof cardModule = {
  ...cardModule,
  tilesAway: (pool, exps, card) => {
    work += card.lines.length;
    return cardModule.tilesAway(pool, exps, card);
  },
};
export const cardFor = (options: GameOptions | undefined): Card => cardOf(cardModule, options ?? {});

const singles = new WeakMap<CardLine, Card>();
/** A card of one line (cached), so a line's distance costs one line's work. */
export function lineCard(line: CardLine): Card {
  let c = singles.get(line);
  if (!c) singles.set(line, (c = { id: `one:${line.id}`, name: line.id, lines: [line] }));
  return c;
}

export function awayOn(pool: Kind[], exps: Group[], line: CardLine): number {
  const a = cards.tilesAway(pool, exps, lineCard(line))[0];
  return a ? a.away : 99;
}

export interface Target {
  line: CardLine;
  exps: Group[];
  away: number;
  weight: number;
}

/**
 * The nearest lines for a rack (Atomic lines only on an Atomic rack, never elsewhere), weighted by
 * nearness and value. With `unseen` (strong play) a line is as far as the tiles it needs that are
 * still out there allow: each needed tile with no unseen copy left counts as three more away
 * (a joker may still stand in for it in a group of three or more), and value weighs more.
 */
export function rackTargets(card: Card, pool: Kind[], exps: Group[], atomic: boolean, max: number, unseen?: number[], values = true): Target[] {
  const all = cards.tilesAway(pool, exps, card).filter((a) => a.line.atomic === atomic);
  if (!all.length) return [];
  const eff = (a: (typeof all)[number]) => {
    if (!unseen) return a.away;
    let gone = 0;
    const want = new Map<Kind, number>();
    for (const k of a.needed) want.set(k, (want.get(k) ?? 0) + 1);
    for (const [k, n] of want) gone += Math.max(0, n - (unseen[k] ?? 0));
    return a.away + 3 * Math.max(0, gone - (unseen[JOKER] ?? 0) / 2);
  };
  const scored = all.map((a) => ({ a, e: eff(a) }));
  scored.sort((x, y) => x.e - y.e || y.a.line.value - x.a.line.value);
  const best = scored[0]!.e;
  // values = false: only winning counts (four players place by who wins), so a line's value barely matters
  const valueWeight = (v: number) => (!values ? 1 + v / 1000 : unseen ? 0.5 + v / 50 : 0.75 + v / 100);
  return scored
    .filter((x) => x.e <= best + 2)
    .slice(0, max)
    .map(({ a, e }) => ({ line: a.line, exps, away: a.away, weight: 0.5 ** (e - best) * valueWeight(a.line.value) }));
}

export function cost(pool: Kind[], targets: readonly Target[]): number {
  let c = 0;
  for (const t of targets) c += t.weight * awayOn(pool, t.exps, t.line);
  return c;
}

export const minus = (pool: readonly Kind[], k: Kind, n = 1): Kind[] => {
  const out = pool.slice();
  for (let i = 0; i < n; i++) {
    const at = out.indexOf(k);
    if (at >= 0) out.splice(at, 1);
  }
  return out;
};

export const kindsOf = (refs: readonly TileRef[] | null | undefined): Kind[] => (refs ?? []).map((r) => r.kind);

export function groupOf(e: { kind: Kind; tiles: TileRef[] }): Group {
  let jokers = 0;
  for (const t of e.tiles) if (t.kind === JOKER) jokers++;
  return { kind: e.kind, size: e.tiles.length, jokers };
}

/** Unseen copies per kind of `sets` American sets (152 tiles each; Royale plays with one per player), given the copies seen. */
export function unseenAmerican(seen: number[], sets = 1): { counts: number[]; total: number } {
  const counts = new Array<number>(KIND_COUNT).fill(0);
  let total = 0;
  for (let k = 0; k < KIND_COUNT; k++) {
    const all = sets * (k < 34 ? 4 : k === FLOWER || k === JOKER ? 8 : 0);
    counts[k] = Math.max(0, all - (seen[k] ?? 0));
    total += counts[k]!;
  }
  return { counts, total };
}

export interface Need {
  away: number;
  needed: Kind[];
}

/**
 * What `n` still misses once the drawn tiles counted in `have` are laid against it: each drawn tile
 * it needs is used up (`have` goes down), and a drawn joker (`have[JOKER]`, used up too) stands in
 * for 0.7 of a tile it lacks (for a group of 3 or more; close enough for a look ahead).
 */
export function missingAfter(n: Need, have: number[]): number {
  let missing = n.away;
  for (const k of n.needed) {
    if (have[k]! > 0) {
      have[k]!--;
      missing--;
    } else if (have[JOKER]! > 0 && k !== FLOWER) {
      have[JOKER]!--;
      missing -= 0.7;
    }
  }
  return Math.max(0, missing);
}

/** Distance and missing kinds of `pool` to every target. */
export function needsOf(pool: Kind[], targets: readonly Target[]): Need[] {
  return targets.map((t) => {
    const a = cards.tilesAway(pool, t.exps, lineCard(t.line))[0];
    return a ? { away: a.away, needed: a.needed } : { away: 99, needed: [] };
  });
}

export const costOf = (needs: readonly Need[], targets: readonly Target[]) => needs.reduce((c, n, i) => c + targets[i]!.weight * n.away, 0);

export interface Lookahead {
  rng: RngState;
  unseen: { counts: number[]; total: number };
  samples: number;
  draws: number;
  /** Bonus for a line the draws would complete: its value / 50 (points count), or 1 (only winning counts). */
  values?: boolean;
}

/**
 * Strong play: the same `samples` sets of `draws` tiles drawn from the unseen ones (common draws,
 * so candidates are compared on equal luck) are laid against what each candidate still needs: the
 * mean weighted tiles still missing after those draws, less a bonus when a line would be complete.
 */
export function lookahead(candidates: Need[][], targets: readonly Target[], la: Lookahead): number[] {
  const sums = new Array<number>(candidates.length).fill(0);
  const draw: Kind[] = [];
  const have = new Array<number>(KIND_COUNT).fill(0);
  for (let s = 0; s < la.samples; s++) {
    sampleKinds(la.rng, la.unseen.counts, la.unseen.total, la.draws, draw);
    for (let i = 0; i < candidates.length; i++) {
      let e = 0;
      candidates[i]!.forEach((n, j) => {
        if (n.away >= 99) return void (e += targets[j]!.weight * 99);
        have.fill(0);
        for (const k of draw) have[k]!++;
        const missing = missingAfter(n, have);
        e += targets[j]!.weight * (missing - (missing === 0 ? (la.values === false ? 1 : targets[j]!.line.value / 50) : 0));
      });
      sums[i]! += e;
    }
  }
  return sums.map((x) => x / Math.max(1, la.samples));
}

/**
 * Strong play's caution: how much each kind may help an opponent, from their exposures alone (the
 * lines those exposures still fit, and what those lines still need), more the nearer they look.
 */
export function dangerFrom(card: Card, opponents: Group[][]): number[] {
  const danger = new Array<number>(KIND_COUNT).fill(0);
  for (const exps of opponents) {
    if (!exps.length) continue;
    const exposed = exps.reduce((t, g) => t + g.size, 0);
    const lines = cards.tilesAway([], exps, card).filter((a) => !a.line.atomic);
    if (!lines.length) continue;
    const near = (exposed / 14) ** 2;
    for (const a of lines) {
      const kinds = new Set(a.needed);
      for (const k of kinds) danger[k]! += near / lines.length;
    }
  }
  return danger;
}
