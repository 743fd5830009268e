/**
 * Standing orders in chinese-ming (game/orders.ts): what a seat's orders play for it now.
 *
 * - claims "mahjong-only": in a claim window I pass at once unless the discard completes my hand
 *   (Woo); I do not pung, kong or take it (the next player draws instead).
 * - throwUnneeded: a tile I just drew from the live wall (not a loose tile, a taken discard or the
 *   deal) is discarded at once when it makes no pung, kong or pair with my concealed tiles — never
 *   when I could Woo or declare a kong. The game has no card lines: `targets` stays empty.
 */
import type { GameEvent, Move, Orders, Seat } from "../../api";
import { isAsked } from "../../game/claim-window";
import { drewFromWall } from "../../game/orders";
import { countOf } from "../../game/physical";
import { KINDS } from "./deal";
import { canSelfWoo, kongKinds } from "./moves";
import type { ChineseState } from "./state";
import { completes, concealedKinds } from "./woo";

const PASS: Move = Object.freeze({ type: "pass" });

export function ordered(s: ChineseState, seat: Seat, o: Orders, events: readonly GameEvent[]): Move | null {
  const h = s.hand;
  const me = h.seats[seat]!;
  if (h.phase === "window") {
    const w = h.window;
    if (o.claims !== "mahjong-only" || !w || !isAsked(w, seat) || !w.awaiting.includes(seat)) return null;
    return completes([...concealedKinds(me), KINDS[w.tile]!]) ? null : PASS;
  }
  const tile = me.drawn;
  if (!o.throwUnneeded || h.toAct !== seat || h.lastTile !== "wall" || tile === null || !drewFromWall(events, seat, tile)) return null;
  if (!me.concealed.includes(tile) || canSelfWoo(s, me) || kongKinds(me).length) return null;
  return countOf(me.concealed, KINDS, KINDS[tile]!) === 1 ? { type: "discard", tile } : null;
}
