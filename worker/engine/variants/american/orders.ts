/**
 * Standing orders in the American game (game/orders.ts): what a seat's orders play for it now.
 *
 * - claims "mahjong-only": in a claim window I pass at once unless the discard completes my hand
 *   (a real completion, whatever deadHands lets me call).
 * - claims "judged": in a claim window I call the discard (a pung, kong or quint) or pass at once,
 *   as the strong computer player would from my view; never while it completes my hand (then I am
 *   asked). The Charleston is never played for me: choosing what to pass is the game's first
 *   thought, not a claim or a throw.
 * - throws "unneeded": the tile I just drew from the wall is discarded at once when my target line
 *   does not need it (keeping it brings the line no nearer). Targets: the lines I pinned that are
 *   still open to my hand, else the hints' nearest line. With hints turned off (tournament rules)
 *   only pinned lines count: with none pinned nothing is thrown for me.
 * - throws "judged": the tile I just drew from the wall is discarded at once when the strong computer
 *   player's discard from my view is that tile (or one it rates exactly as good) and none of the
 *   lines I pinned that are still open to my hand needs it.
 * Either throw: never a joker, never while I could declare Mah Jongg or redeem a joker.
 */
import type { GameEvent, Move, Orders, Seat } from "../../api";
import { isAsked } from "../../game/claim-window";
import { hintsAllowed } from "../../game/hints-allowed";
import { drewFromWall, judgedAnswer, throwsDrawn, type Judge } from "../../game/orders";
import { JOKER } from "../../tiles";
import { completions, completionsWith } from "../siamese/judge";
import { hints } from "./hints";
import { concealedKinds, groupsOf, jokerFree, live, type Ctx } from "./moves";
import type { AmericanState } from "./state";

const PASS: Move = Object.freeze({ type: "pass" });

export function ordered(ctx: Ctx, s: AmericanState, seat: Seat, o: Orders, events: readonly GameEvent[], judge?: Judge<AmericanState>): Move | null {
  const { kinds, cards, card } = ctx;
  const me = s.seats[seat]!;
  if (s.phase === "window") {
    const w = s.window;
    if (o.claims === "ask" || !w || !isAsked(w, seat) || !w.awaiting.includes(seat)) return null;
    if (completionsWith(cards, card, concealedKinds(me, kinds), groupsOf(me, kinds), kinds[w.tile]!).length) return null;
    if (o.claims === "mahjong-only") return PASS;
    return judge ? judgedAnswer(judge(s, seat), ["pass", "call"], PASS) : null;
  }
  if (s.phase !== "discard" || s.toAct !== seat || o.throws === "none" || !live(me)) return null;
  const tile = me.drawn;
  if (tile === null || !drewFromWall(events, seat, tile) || kinds[tile] === JOKER || !me.concealed.includes(tile)) return null;
  const exposures = groupsOf(me, kinds);
  const withTile = concealedKinds(me, kinds);
  if (completions(cards, card, withTile, exposures).length) return null;
  const mine = new Set(withTile);
  if (s.seats.some((owner) => owner.exposures.some((e) => jokerFree(owner, e, kinds) && mine.has(e.kind)))) return null;
  const pinned = o.targets ?? [];
  if (o.throws === "judged" && !pinned.length) return judgedThrow(ctx, s, seat, tile, judge);
  const all = cards.tilesAway(withTile, exposures, card).filter((a) => !a.line.atomic);
  let targets = pinned.filter((id) => all.some((a) => a.line.id === id));
  if (!targets.length && o.throws === "judged") return judgedThrow(ctx, s, seat, tile, judge);
  if (!targets.length) {
    if (!hintsAllowed(s.options)) return null;
    const best = hints(ctx, s, seat, 1).racks[0]?.closest[0];
    targets = best ? [best.line] : [];
  }
  if (!targets.length) return null;
  const without = cards.tilesAway(me.concealed.filter((id) => id !== tile).map((id) => kinds[id]!), exposures, card);
  const needed = targets.some((id) => {
    const a = all.find((x) => x.line.id === id)!;
    const b = without.find((x) => x.line.id === id);
    return !b || a.away < b.away;
  });
  if (needed) return null;
  return o.throws === "unneeded" ? { type: "discard", tile } : judgedThrow(ctx, s, seat, tile, judge);
}

/** Judged throws: the drawn tile when the strong computer player would throw it (or one as good). */
const judgedThrow = (ctx: Ctx, s: AmericanState, seat: Seat, tile: number, judge?: Judge<AmericanState>): Move | null =>
  judge && throwsDrawn(judge(s, seat), ctx.kinds[tile]!, (id) => ctx.kinds[id]) ? { type: "discard", tile } : null;

/** Every line id of the game's card but the Siamese-only ones (what `targets` may name). */
export const americanLineIds = (ctx: Ctx): ReadonlySet<string> => new Set(ctx.card.lines.filter((l) => !l.atomic).map((l) => l.id));
