/**
 * Hints for one seat: per rack the closest card lines and how many tiles away, from the shared
 * concealed pool (bestHands suggests one line per rack, all built together). An Atomic
 * player's racks hold their own tiles: rack 1's 13 (and the drawn tile) for the Atomic lines, the
 * rest for rack 2, and no pair is suggested.
 * With more than two racks (Royale's four) the lines suggested together are "the best found" within a
 * capped search (card/best-found.ts), as RULINGS.md says; each rack's own closest lines stay exact.
 */
import type { Seat } from "../../api";
import { closestHints, lineHint as hint, type Hints, type LineHint, type RackHint } from "../../game/hints";
import { isAtomicRack, plainCard, rackSource, sideOf } from "./atomic";
import { asGroup } from "./judge";
import { kindsOfIds, open, poolKinds, type Ctx } from "./moves";
import type { SiameseState } from "./state";

export type { Hints, LineHint, RackHint };

export function hints(ctx: Ctx, s: SiameseState, seat: Seat, per = 3): Hints {
  const me = s.seats[seat]!;
  const pool = poolKinds(me, ctx.kinds);
  const side = me.atomic ? kindsOfIds(sideOf(me), ctx.kinds) : pool;
  const exposures = me.racks.map((r) => r.exposures.map((e) => asGroup(e, ctx.kinds)));
  const closest = (rack: number) => {
    if (!isAtomicRack(me, rack)) return closestHints(ctx.cards.tilesAway(side, exposures[rack]!, ctx.card), per);
    const from = rackSource(ctx.card, me, rack);
    return closestHints(ctx.cards.tilesAway(kindsOfIds(from.ids, ctx.kinds), [], from.card), per, true);
  };
  const racks = me.racks.map((r, rack): RackHint => ({
    rack,
    status: r.mahjong ? "declared" : r.dead ? "dead" : "open",
    closest: open(r) ? closest(rack) : [],
  }));
  const all = !me.atomic && me.racks.every(open) ? ctx.cards.bestHands(pool, me.racks.length, plainCard(ctx.card), exposures) : null;
  return { racks, together: all && { lines: all.racks.map(hint), total: all.total } };
}
