/**
 * Standing orders in the Siamese editions (siamese, siamese-mjm, Royale): what a seat's orders
 * (game/orders.ts) play for it now.
 *
 * - claims "mahjong-only": on my turn after a discard, if no Mah Jongg claim of it is legal for me,
 *   I draw at once (with nothing to claim, too); in a claim window (Royale with 3–4 players) I pass
 *   at once unless the discard completes one of my racks.
 * - claims "judged": on my turn after a discard I claim it or draw, and in a claim window I call it
 *   or pass, at once, as the strong computer player would from my view; never while a Mah Jongg
 *   claim of it is open to me (then I am asked).
 * - throws "unneeded": a tile I just drew from the wall is discarded at once when none of my target
 *   lines needs it (keeping it would bring none of them nearer). Targets: the lines I pinned that
 *   are still open to one of my racks; else the hints' lines (the best lines for all racks together,
 *   or each open rack's nearest). When the game's options turn hints off (tournament rules) only
 *   pinned lines count: with none pinned nothing is thrown for me.
 * - throws "judged": a tile I just drew from the wall is discarded at once when the strong computer
 *   player's discard from my view is that tile (or one it rates exactly as good) and none of the
 *   lines I pinned that are still open to a rack needs it.
 * Either throw: never a joker, never while I could declare Mah Jongg, exchange a joker or choose the
 * Atomic hand, and never while I play for the Atomic hand (the drawn tile may take a place on its rack).
 */
import type { GameEvent, Move, Orders, Seat } from "../../api";
import type { Away, Group } from "../../card/api";
import { hintsAllowed } from "../../game/hints-allowed";
import { drewFromWall, judgedAnswer, throwsDrawn, type Judge } from "../../game/orders";
import { JOKER, type Kind } from "../../tiles";
import { plainCard } from "./atomic";
import { asGroup } from "./judge";
import { kindsOfIds, legalMoves, open, type Ctx } from "./moves";
import type { SiameseState } from "./state";

const DRAW: Move = Object.freeze({ type: "draw" });
const PASS: Move = Object.freeze({ type: "pass" });

/** Could `seat` claim the last discard for Mah Jongg, were it their turn to claim it? (Real completions only, under either deadHands.) */
function mahjongWith(ctx: Ctx, s: SiameseState, seat: Seat): boolean {
  const d = s.phase === "window" ? s.discards[s.discards.length - 1] : s.claimable;
  if (!d || d.seat === seat) return false;
  const asTurn: SiameseState = { ...s, window: null, toAct: seat, phase: "draw", claimable: d };
  return legalMoves(ctx, asTurn, seat).some((m) => m.type === "claim-mahjong");
}

export function ordered(ctx: Ctx, s: SiameseState, seat: Seat, o: Orders, events: readonly GameEvent[], judge?: Judge<SiameseState>): Move | null {
  if (s.phase === "window") {
    if (o.claims === "ask" || !s.window?.awaiting.includes(seat) || mahjongWith(ctx, s, seat)) return null;
    if (o.claims === "mahjong-only") return PASS;
    return judge ? judgedAnswer(judge(s, seat), ["pass", "call"], PASS) : null;
  }
  if (s.toAct !== seat) return null;
  if (s.phase === "draw") {
    if (o.claims === "ask" || s.wall.length === 0 || mahjongWith(ctx, s, seat)) return null;
    if (o.claims === "mahjong-only" || !s.claimable) return DRAW;
    return judge ? judgedAnswer(judge(s, seat), ["draw", "claim"], DRAW) : null;
  }
  if (s.phase === "discard" && o.throws !== "none") return throwDrawn(ctx, s, seat, o, events, judge);
  return null;
}

function throwDrawn(ctx: Ctx, s: SiameseState, seat: Seat, o: Orders, events: readonly GameEvent[], judge?: Judge<SiameseState>): Move | null {
  const me = s.seats[seat]!;
  const tile = me.drawn;
  if (tile === null || !drewFromWall(events, seat, tile) || me.atomic !== undefined || ctx.kinds[tile] === JOKER || !me.pool.includes(tile)) return null;
  // the only choice open must be the discard: no Mah Jongg (a real one, whatever deadHands offers), joker exchange or Atomic pick
  const plain: SiameseState = s.options.deadHands === "enforce" ? { ...s, options: { ...s.options, deadHands: "prevent" } } : s;
  const moves = legalMoves(ctx, plain, seat);
  if (moves.some((m) => m.type !== "discard")) return null;
  if (o.throws === "unneeded") return needed(ctx, s, seat, tile, o) ? null : { type: "discard", tile };
  if (!judge || needed(ctx, s, seat, tile, o, true)) return null;
  return throwsDrawn(judge(s, seat, plain === s ? moves : undefined), ctx.kinds[tile]!, (id) => ctx.kinds[id]) ? { type: "discard", tile } : null;
}

/**
 * Does some target line of `seat` need `tile` (tiles away with it fewer than without)? No target at
 * all counts as needed. `pinnedOnly` (judged throws): only the pinned lines are targets, and none
 * pinned needs nothing.
 */
function needed(ctx: Ctx, s: SiameseState, seat: Seat, tile: number, o: Orders, pinnedOnly = false): boolean {
  if (pinnedOnly && !o.targets?.length) return false;
  const me = s.seats[seat]!;
  const withTile = kindsOfIds(me.pool, ctx.kinds);
  const without = kindsOfIds(me.pool.filter((id) => id !== tile), ctx.kinds);
  const aways = me.racks.map((r) => (open(r) ? r.exposures.map((e) => asGroup(e, ctx.kinds)) : null));
  const measure = (pool: typeof withTile, rack: number): Away[] => ctx.cards.tilesAway(pool, aways[rack]!, ctx.card).filter((a) => !a.line.atomic);
  const cache = new Map<number, { with: Away[]; without: Away[] }>();
  const at = (rack: number) => {
    let c = cache.get(rack);
    if (!c) cache.set(rack, (c = { with: measure(withTile, rack), without: measure(without, rack) }));
    return c;
  };
  // pinned lines still open to a rack
  const pinned: { rack: number; line: string }[] = [];
  for (let rack = 0; rack < me.racks.length; rack++) for (const line of aways[rack] ? (o.targets ?? []) : []) if (at(rack).with.some((a) => a.line.id === line)) pinned.push({ rack, line });
  let targets = pinned;
  if (!targets.length) {
    if (pinnedOnly) return false;
    if (!hintsAllowed(s.options)) return true;
    targets = hinted(ctx, s, seat, withTile, aways, (rack) => at(rack).with);
  }
  if (!targets.length) return true;
  return targets.some(({ rack, line }) => {
    if (!aways[rack]) return false;
    const a = at(rack).with.find((x) => x.line.id === line);
    const b = at(rack).without.find((x) => x.line.id === line);
    return !!a && (!b || a.away < b.away);
  });
}

/**
 * The hints' lines (./hints.ts, by the same card functions): the best lines for all the racks
 * together when every rack is open, else each open rack's nearest line (`measured`: its tiles away).
 */
function hinted(ctx: Ctx, s: SiameseState, seat: Seat, pool: Kind[], exposures: (Group[] | null)[], measured: (rack: number) => Away[]): { rack: number; line: string }[] {
  const me = s.seats[seat]!;
  if (exposures.every((e) => e !== null)) {
    const all = ctx.cards.bestHands(pool, me.racks.length, plainCard(ctx.card), exposures as Group[][]);
    if (all) return all.racks.map((a, rack) => ({ rack, line: a.line.id }));
  }
  return exposures.flatMap((e, rack) => (e && measured(rack)[0] ? [{ rack, line: measured(rack)[0]!.line.id }] : []));
}

/** Every line id of the game's card (what `targets` may name). */
export const cardLineIds = (ctx: Ctx): ReadonlySet<string> => new Set(ctx.card.lines.map((l) => l.id));
