/**
 * Standing orders in chinese-ming (game/orders.ts): what a seat's orders play for it now.
 *
 * - claims "mahjong-only": in a claim window I pass at once unless the discard completes my hand
 *   (Woo); I do not pung, kong or take it (the next player draws instead).
 * - claims "judged": in a claim window I pung, kong, take it (the left player's discard) or pass at
 *   once, as the strong computer player would from my view; never while it completes my hand (Woo:
 *   then I am asked).
 * - throws "unneeded": a tile I just drew from the live wall (not a loose tile, a taken discard or
 *   the deal) is discarded at once when it makes no pung, kong or pair with my concealed tiles.
 * - throws "judged": a tile I just drew from the live wall is discarded at once when the strong
 *   computer player's discard from my view is that tile (or one it rates exactly as good).
 * Either throw: never when I could Woo or declare a kong. The game has no card lines: `targets`
 * stays empty.
 */
import type { GameEvent, Move, Orders, Seat } from "../../api";
import { isAsked } from "../../game/claim-window";
import { drewFromWall, judgedAnswer, throwsDrawn, type Judge } from "../../game/orders";
import { countOf } from "../../game/physical";
import { KINDS } from "./deal";
import { canSelfWoo, kongKinds } from "./moves";
import type { ChineseState } from "./state";
import { completes, concealedKinds } from "./woo";

const PASS: Move = Object.freeze({ type: "pass" });

export function ordered(s: ChineseState, seat: Seat, o: Orders, events: readonly GameEvent[], judge?: Judge<ChineseState>): Move | null {
  const h = s.hand;
  const me = h.seats[seat]!;
  if (h.phase === "window") {
    const w = h.window;
    if (o.claims === "ask" || !w || !isAsked(w, seat) || !w.awaiting.includes(seat)) return null;
    if (completes([...concealedKinds(me), KINDS[w.tile]!])) return null;
    if (o.claims === "mahjong-only") return PASS;
    return judge ? judgedAnswer(judge(s, seat), ["pass", "pung", "kong", "take"], PASS) : null;
  }
  const tile = me.drawn;
  if (o.throws === "none" || h.toAct !== seat || h.lastTile !== "wall" || tile === null || !drewFromWall(events, seat, tile)) return null;
  if (!me.concealed.includes(tile) || canSelfWoo(s, me) || kongKinds(me).length) return null;
  if (o.throws === "unneeded") return countOf(me.concealed, KINDS, KINDS[tile]!) === 1 ? { type: "discard", tile } : null;
  return judge && throwsDrawn(judge(s, seat), KINDS[tile]!, (id) => KINDS[id]) ? { type: "discard", tile } : null;
}
