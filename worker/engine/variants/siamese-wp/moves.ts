/**
 * Every move a Wright-Patterson seat may make now, exactly what `step` (./play.ts) accepts: in the
 * draw phase the draw and the claims the hand list allows (chows only to go Mah Jongg, an exposure
 * that would kill its rack only under deadHands "enforce"); in the discard phase each concealed
 * tile's discard, the racks' declarations and concealed kongs (after a chow: its rack's declaration).
 */
import type { Move, Seat } from "../../api";
import type { Kind } from "../../tiles";
import type { WpJudge } from "./judge";
import { open, setsOf, type WpState } from "./state";
import { kindsOfIds, WP_KINDS as K } from "./tiles";

export function legalMoves(judge: WpJudge, s: WpState, seat: Seat): Move[] {
  if (s.phase === "over" || s.toAct !== seat) return [];
  const me = s.seats[seat]!;
  const pool = kindsOfIds(me.pool);
  const enforce = s.options.deadHands === "enforce";
  const out: Move[] = [];
  if (s.phase === "draw") {
    out.push({ type: "draw" });
    const d = s.claimable;
    if (!d || d.seat === seat) return out;
    const kind = K[d.tile]!;
    const racks = me.racks.map((r) => ({ exposed: setsOf(r), open: open(r) }));
    for (const c of judge.claimsAllowed(pool, racks, kind)) {
      if (c.type === "mahjong") out.push({ type: "claim-mahjong", rack: c.rack });
      else if (c.type === "chow") out.push({ type: "chow", rack: c.rack, start: c.start });
      else if (enforce || !judge.deadReason([...racks[c.rack]!.exposed, { type: c.type, kind }])) out.push({ type: "claim", rack: c.rack, set: c.type });
    }
    return out;
  }
  if (me.mustDeclare !== undefined) return [{ type: "mahjong", rack: me.mustDeclare }];
  for (const tile of me.pool) out.push({ type: "discard", tile });
  const complete = new Map<string, boolean>(); // racks with the same exposures (both bare, most of a game) are judged once
  me.racks.forEach((r, rack) => {
    if (!open(r)) return;
    const exposed = setsOf(r);
    const key = JSON.stringify(exposed);
    if (!complete.has(key)) complete.set(key, judge.best(pool, exposed) !== null);
    if (complete.get(key)) out.push({ type: "mahjong", rack });
    const counted = new Set<Kind>();
    for (const k of pool) {
      if (counted.has(k)) continue;
      counted.add(k);
      if (pool.filter((x) => x === k).length === 4 && (enforce || !judge.deadReason([...exposed, { type: "kong", kind: k, concealed: true }]))) out.push({ type: "kong", rack, kind: k });
    }
  });
  return out;
}
