/**
 * Standing orders in Wright-Patterson Siamese (game/orders.ts): what a seat's orders play for it now.
 *
 * - claims "mahjong-only": on my turn, unless I could claim the last discard to go Mah Jongg (a
 *   claim for Mah Jongg, or a chow, which is claimed only to go Mah Jongg), I draw at once.
 * - claims "judged": on my turn after a discard I claim it (a pung or a kong) or draw at once, as
 *   the strong computer player would from my view; never while I could claim it for Mah Jongg (or
 *   a chow, claimed only to go Mah Jongg): then I am asked.
 * - throws "unneeded": the tile I just drew from the wall (not a replacement for a flower or a kong)
 *   is discarded at once when none of my target hands needs it (keeping it brings none nearer).
 *   Targets: the hands of the list I pinned that are still open to one of my racks, else the hints'
 *   nearest hand per open rack. With hints turned off only pinned hands count: with none pinned
 *   nothing is thrown for me.
 * - throws "judged": the tile I just drew from the wall is discarded at once when the strong
 *   computer player's discard from my view is that tile (or one it rates exactly as good) and none
 *   of the hands I pinned that are still open to a rack needs it.
 * Either throw: never while I could declare Mah Jongg or a kong.
 */
import type { GameEvent, Move, Orders, Seat } from "../../api";
import { hintsAllowed } from "../../game/hints-allowed";
import { drewFromWall, judgedAnswer, throwsDrawn, type Judge } from "../../game/orders";
import type { WpJudge } from "./judge";
import { legalMoves } from "./moves";
import { open, setsOf } from "./state";
import { kindsOfIds, WP_KINDS } from "./tiles";
import type { WpState } from "./state";

const DRAW: Move = Object.freeze({ type: "draw" });

export function ordered(judge: WpJudge, s: WpState, seat: Seat, o: Orders, events: readonly GameEvent[], decide?: Judge<WpState>): Move | null {
  if (s.phase === "over" || s.toAct !== seat) return null;
  const me = s.seats[seat]!;
  if (s.phase === "draw") {
    if (o.claims === "ask" || s.wall.length === 0) return null;
    const legal = legalMoves(judge, s, seat);
    if (legal.some((m) => m.type === "claim-mahjong" || m.type === "chow")) return null;
    if (o.claims === "mahjong-only" || !legal.some((m) => m.type === "claim")) return DRAW;
    return decide ? judgedAnswer(decide(s, seat, legal), ["draw", "claim"], DRAW) : null;
  }
  if (o.throws === "none" || me.mustDeclare !== undefined) return null;
  const tile = me.drawn;
  if (tile === null || !drewFromWall(events, seat, tile) || !me.pool.includes(tile)) return null;
  const legal = legalMoves(judge, s, seat);
  if (legal.some((m) => m.type !== "discard")) return null;
  const withTile = kindsOfIds(me.pool);
  const without = kindsOfIds(me.pool.filter((id) => id !== tile));
  const racks = me.racks.flatMap((r, rack) => (open(r) ? [{ rack, exposed: setsOf(r) }] : []));
  const hands = judge.list.hands;
  let targets: { rack: number; id: string }[] = [];
  for (const r of racks) for (const id of o.targets ?? []) if (judge.tilesAway(hands.find((h) => h.id === id)!, withTile, r.exposed)) targets.push({ rack: r.rack, id });
  if (!targets.length && o.throws === "unneeded") {
    if (!hintsAllowed(s.options)) return null;
    const h = judge.hints(withTile, me.racks.map((r) => ({ exposed: setsOf(r), status: r.mahjong ? "declared" : r.dead ? "dead" : "open" })));
    targets = h.racks.flatMap((r) => (r.status === "open" && r.closest[0] ? [{ rack: r.rack, id: r.closest[0].line }] : []));
    if (!targets.length) return null;
  }
  const needed = targets.some(({ rack, id }) => {
    const hand = hands.find((h) => h.id === id);
    const exposed = setsOf(me.racks[rack]!);
    const a = hand && judge.tilesAway(hand, withTile, exposed);
    if (!a) return false;
    const b = judge.tilesAway(hand, without, exposed);
    return !b || a.away < b.away;
  });
  if (needed) return null;
  if (o.throws === "unneeded") return { type: "discard", tile };
  return decide && throwsDrawn(decide(s, seat, legal), WP_KINDS[tile]!, (id) => WP_KINDS[id]) ? { type: "discard", tile } : null;
}

/** The ids of the hand list (what `targets` may name). */
export const handIds = (judge: WpJudge): ReadonlySet<string> => new Set(judge.list.hands.map((h) => h.id));
