/**
 * The Wright-Patterson Siamese computer player (RULES §5): two racks from one pool of Chinese tiles,
 * the hand list instead of a card, pungs and kongs claimed, chows only to go Mah Jongg, concealed
 * kongs, Mah Jongg — from what its seat sees.
 *
 *   easy    declares and takes a chow or Mah Jongg claim when offered, claims a pung now and then,
 *           discards its loneliest tile
 *   medium  discards the tile whose loss leaves its racks fewest tiles away from their nearest hands
 *           of the list (the next nearest counted a little), claims a pung or kong when it brings
 *           that rack nearer, lays out a concealed kong when it costs nothing
 *   strong  as medium, and among the discards that leave it as near, keeps the most live tiles:
 *           the copies it has not seen of every kind that would bring a rack nearer (a kind whose
 *           every copy is seen is no help); it discards kinds already thrown first when all else is
 *           equal (nobody claimed them then)
 */
import type { Move } from "../../api";
import type { RngState } from "../../random";
import { KIND_COUNT, isHonour, isSuited, numberOf, suitOf, type Kind } from "../../tiles";
import { WP_HAND_LIST, type WpHand } from "./hands";
import { awayOnly, tilesAway, type WpSet } from "./match";
import { lonelyOrder } from "../../bots/card-play";
import { chance, findMove, ofType, pick, seenCounts, simpleChoice, type Strength, type TileRef } from "../../bots/common";
import { reportRatings } from "../../bots/decide";

interface RackView {
  exposures: { kind: Kind; type: "chow" | "pung" | "kong"; concealed: boolean; tiles: TileRef[] }[];
  mahjong: unknown;
  dead: unknown;
}
interface View {
  you: number;
  phase: "draw" | "discard" | "over";
  claimable: { seat: number; tile: TileRef } | null;
  discards: { seat: number; tile: TileRef }[];
  seats: { concealed: TileRef[] | null; racks: RackView[] }[];
}

const HANDS = WP_HAND_LIST.hands;
/** Strong play's look at live tiles stops after this many hand measures in one decision (a count, not a clock). */
const WP_BUDGET = 160;
/** Hands kept in view per rack while choosing a discard (the nearest ones). */
const NEAR_MAX = 6;
const PLAY_KINDS = 34;

interface OpenRack {
  i: number;
  exposed: WpSet[];
}

const setsOf = (r: RackView): WpSet[] => r.exposures.map((e) => ({ type: e.type, kind: e.kind, ...(e.concealed ? { concealed: true } : {}) }));

/** Nearest and next-nearest tiles away over `hands` for one rack (99 when no hand fits). */
function nearest(pool: readonly Kind[], exposed: readonly WpSet[], hands: readonly WpHand[]): [number, number] {
  let a = 99, b = 99;
  const rack = { concealed: pool, exposed };
  for (const h of hands) {
    const x = awayOnly(h, rack);
    if (x === null) continue;
    if (x < a) (b = a), (a = x);
    else if (x < b) b = x;
  }
  return [a, b];
}

/** The hands still within reach of a rack (at most `slack` further than its nearest), so later calls measure only those. */
function handsNear(pool: readonly Kind[], exposed: readonly WpSet[], slack: number): WpHand[] {
  const rack = { concealed: pool, exposed };
  const scored = HANDS.map((h) => ({ h, a: awayOnly(h, rack) })).filter((x) => x.a !== null) as { h: WpHand; a: number }[];
  if (!scored.length) return [];
  const best = Math.min(...scored.map((x) => x.a));
  return scored
    .filter((x) => x.a <= best + slack)
    .sort((x, y) => x.a - y.a)
    .slice(0, NEAR_MAX)
    .map((x) => x.h);
}

const minus = (pool: readonly Kind[], k: Kind, n = 1): Kind[] => {
  const out = pool.slice();
  for (let i = 0; i < n; i++) {
    const at = out.indexOf(k);
    if (at >= 0) out.splice(at, 1);
  }
  return out;
};

/** A loose tile's keep value: copies held and suited neighbours (what may grow into a set). */
function shapeValue(pool: readonly Kind[], k: Kind): number {
  let v = 0;
  for (const x of pool) {
    if (x === k) v += 2;
    else if (isSuited(k) && isSuited(x) && suitOf(x) === suitOf(k)) {
      const d = Math.abs(numberOf(x) - numberOf(k));
      if (d === 1) v += 1;
      else if (d === 2) v += 0.5;
    }
  }
  if (isHonour(k)) v -= 0.25;
  return v;
}

export function chooseWp(view: unknown, legal: Move[], strength: Strength, rng: RngState): Move {
  const v = view as View;
  if (legal.length === 1) return legal[0]!;
  const me = v.seats[v.you]!;
  const refs = me.concealed ?? [];
  const pool = refs.map((t) => t.kind);
  const racks: OpenRack[] = me.racks.map((r, i) => ({ r, i })).filter(({ r }) => !r.mahjong && !r.dead).map(({ r, i }) => ({ i, exposed: setsOf(r) }));

  // Mah Jongg first (a chow is offered only when it makes the hand, which is then declared)
  const mj = ofType(legal, "mahjong")[0] ?? ofType(legal, "claim-mahjong")[0] ?? ofType(legal, "chow")[0];
  if (mj) return mj;

  if (v.phase === "draw") {
    const draw = findMove(legal, { type: "draw" }) ?? simpleChoice(legal);
    const claims = ofType(legal, "claim");
    if (!claims.length || !v.claimable) return draw;
    if (strength === "easy") return chance(rng, 0.4) ? pick(rng, claims) : draw;
    const tile = v.claimable.tile.kind;
    let best: Move | null = null;
    let bestGain = 0;
    for (const m of claims) {
      const rack = racks.find((r) => r.i === m.rack);
      if (!rack) continue;
      const n = m.set === "kong" ? 3 : 2;
      const before = nearest(pool, rack.exposed, HANDS)[0];
      const after = nearest(minus(pool, tile, n), [...rack.exposed, { type: m.set as "pung" | "kong", kind: tile }], HANDS)[0];
      // a kong draws a replacement as well: as near is worth it
      const gain = before - after + (m.set === "kong" ? 0.5 : 0);
      if (gain > bestGain) (best = m), (bestGain = gain);
    }
    return best ?? draw;
  }

  // discard phase: a concealed kong when it costs nothing, then a discard
  const discards = ofType(legal, "discard");
  if (strength === "easy") {
    const kong = ofType(legal, "kong")[0];
    if (kong && chance(rng, 0.5)) return kong;
    for (const t of lonelyOrder(rng, refs)) {
      const m = findMove(discards, { type: "discard", tile: t.id });
      if (m) return m;
    }
    return discards[0] ?? simpleChoice(legal);
  }
  const near = racks.map((r) => handsNear(pool, r.exposed, 1));
  const costOf = (p: readonly Kind[]): number => {
    let c = 0;
    const done = new Map<string, number>();
    racks.forEach((r, j) => {
      const key = JSON.stringify(r.exposed);
      let x = done.get(key);
      if (x === undefined) {
        const [a, b] = nearest(p, r.exposed, near[j]!);
        done.set(key, (x = a + 0.25 * Math.min(b, a + 3)));
      }
      c += x;
    });
    return c;
  };
  for (const m of ofType(legal, "kong")) {
    const rack = racks.find((r) => r.i === m.rack);
    if (!rack) continue;
    const k = m.kind as Kind;
    const before = nearest(pool, rack.exposed, HANDS)[0];
    const after = nearest(minus(pool, k, 4), [...rack.exposed, { type: "kong", kind: k, concealed: true }], HANDS)[0];
    if (after <= before) return m;
  }
  const byKind = new Map<Kind, Move>();
  for (const m of discards) {
    const t = refs.find((x) => x.id === m.tile);
    if (t && !byKind.has(t.kind)) byKind.set(t.kind, m);
  }
  if (!byKind.size) return discards[0] ?? simpleChoice(legal);
  const scored = [...byKind.keys()].map((k) => ({ k, c: costOf(minus(pool, k)), s: shapeValue(pool, k), live: 0 }));
  scored.sort((a, b) => a.c - b.c || a.s - b.s || a.k - b.k);
  if (strength === "strong") {
    // among the discards that leave it as near (within a quarter tile), keep the most live tiles
    const close = scored.filter((x) => x.c <= scored[0]!.c + 0.25);
    if (close.length > 1) {
      const seen = seenCounts({ seats: v.seats, discards: v.discards, claimable: v.claimable }, KIND_COUNT); // this game's table only
      const unseen = (k: Kind) => Math.max(0, 4 - (seen[k] ?? 0));
      const thrown = new Array<number>(PLAY_KINDS).fill(0);
      for (const d of v.discards) if (d.tile.kind < PLAY_KINDS) thrown[d.tile.kind]!++;
      let spent = 0;
      for (const x of close.slice(0, 6)) {
        if (spent > WP_BUDGET) break; // out of budget: the rest keep live 0 and are judged by distance and shape
        const p = minus(pool, x.k);
        const want = new Set<Kind>();
        const done = new Set<string>();
        racks.forEach((r, j) => {
          const key = JSON.stringify(r.exposed);
          if (done.has(key)) return;
          done.add(key);
          const rack = { concealed: p, exposed: r.exposed };
          const aways = near[j]!.map((h) => awayOnly(h, rack) ?? 99);
          const a = Math.min(...aways);
          spent += aways.length;
          near[j]!.forEach((h, i) => {
            if (aways[i] !== a || spent > WP_BUDGET) return;
            spent += 4;
            const t = tilesAway(h, rack);
            if (t) for (const k of t.need) want.add(k);
          });
        });
        let live = 0;
        for (const k of want) live += unseen(k);
        x.live = live + 0.3 * thrown[x.k]!;
      }
      close.sort((a, b) => a.c - b.c + 0.05 * (b.live - a.live) || a.s - b.s || a.k - b.k);
      // the kinds further than a quarter tile are not weighed by live tiles: rated by distance alone, behind
      reportRatings([...close.map((x) => [x.k, [0, x.c - 0.05 * x.live, x.s]] as const), ...scored.filter((x) => !close.includes(x)).map((x) => [x.k, [1, x.c, x.s]] as const)]);
      return byKind.get(close[0]!.k)!;
    }
  }
  reportRatings(scored.map((x) => [x.k, [x.c, x.s]] as const));
  return byKind.get(scored[0]!.k)!;
}
