/** Hints for one seat: the closest card lines for its hand and how many tiles away. */
import type { Seat } from "../../api";
import { closestHints, type Hints } from "../../game/hints";
import { concealedKinds, groupsOf, type Ctx } from "./moves";
import type { AmericanState } from "./state";

export function hints(ctx: Ctx, s: AmericanState, seat: Seat, per = 3): Hints {
  const me = s.seats[seat]!;
  const status = me.mahjong ? "declared" : me.dead ? "dead" : "open";
  const closest = status === "open" ? closestHints(ctx.cards.tilesAway(concealedKinds(me, ctx.kinds), groupsOf(me, ctx.kinds), ctx.card), per) : [];
  return { racks: [{ rack: 0, status, closest }], together: null };
}
