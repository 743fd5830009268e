/**
 * Hints for one seat: per rack the closest card lines and how many tiles away, from the shared
 * concealed pool (bestTwoHands suggests a pair of lines that can be built together).
 */
import type { Seat } from "../../api";
import { closestHints, lineHint as hint, type Hints, type LineHint, type RackHint } from "../../game/hints";
import { asGroup } from "./judge";
import { open, poolKinds, type Ctx } from "./moves";
import type { SiameseState } from "./state";

export type { Hints, LineHint, RackHint };

export function hints(ctx: Ctx, s: SiameseState, seat: Seat, per = 3): Hints {
  const me = s.seats[seat]!;
  const pool = poolKinds(me, ctx.kinds);
  const exposures = me.racks.map((r) => r.exposures.map((e) => asGroup(e, ctx.kinds)));
  const racks = me.racks.map((r, rack): RackHint => ({
    rack,
    status: r.mahjong ? "declared" : r.dead ? "dead" : "open",
    closest: open(r) ? closestHints(ctx.cards.tilesAway(pool, exposures[rack]!, ctx.card), per) : [],
  }));
  const both = me.racks.every(open) ? ctx.cards.bestTwoHands(pool, [exposures[0]!, exposures[1]!], ctx.card) : null;
  return { racks, together: both && { lines: [hint(both.racks[0]), hint(both.racks[1])], total: both.total } };
}
