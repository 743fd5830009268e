/**
 * Hints for one seat: per rack the closest card lines and how many tiles away. The racks share one
 * concealed pool: bestHands suggests one line per open rack, all built together, and each rack's
 * closest lines are measured on the part of the pool that suggestion gives it, so no tile or joker
 * is counted for two racks (card/together.ts; issue 28). An Atomic
 * player's racks hold their own tiles: rack 1's 13 (and the drawn tile) for the Atomic lines, the
 * rest for rack 2, and no pair is suggested.
 * With more than two racks (Royale's four) the lines suggested together are "the best found" within a
 * capped search (card/best-found.ts), as RULINGS.md says.
 */
import type { Seat } from "../../api";
import { racksTogether } from "../../card/together";
import { closestHints, lineHint as hint, type Hints, type LineHint, type RackHint } from "../../game/hints";
import { isAtomicRack, plainCard, rackSource, sideOf } from "./atomic";
import { asGroup } from "./judge";
import { kindsOfIds, open, poolKinds, type Ctx } from "./moves";
import { rackStatus as status } from "./racks";
import type { SiameseState } from "./state";

export type { Hints, LineHint, RackHint };

export function hints(ctx: Ctx, s: SiameseState, seat: Seat, per = 3): Hints {
  const me = s.seats[seat]!;
  const pool = poolKinds(me, ctx.kinds);
  const exposures = me.racks.map((r) => r.exposures.map((e) => asGroup(e, ctx.kinds)));
  if (!me.atomic) {
    // one pool for every rack: each open rack's lines are measured on its part of it (card/together.ts)
    const t = racksTogether(ctx.cards, pool, me.racks.map((r, rack) => ({ exposures: exposures[rack]!, open: open(r) })), plainCard(ctx.card));
    const racks = me.racks.map((r, rack): RackHint => ({ rack, status: status(r), closest: closestHints(t.racks[rack]!.closest, per) }));
    return { racks, together: t.together && { lines: t.together.racks.map(hint), total: t.together.total } };
  }
  const side = kindsOfIds(sideOf(me), ctx.kinds);
  const closest = (rack: number) => {
    if (!isAtomicRack(me, rack)) return closestHints(ctx.cards.tilesAway(side, exposures[rack]!, ctx.card), per);
    const from = rackSource(ctx.card, me, rack);
    return closestHints(ctx.cards.tilesAway(kindsOfIds(from.ids, ctx.kinds), [], from.card), per, true);
  };
  const racks = me.racks.map((r, rack): RackHint => ({ rack, status: status(r), closest: open(r) ? closest(rack) : [] }));
  return { racks, together: null };
}
