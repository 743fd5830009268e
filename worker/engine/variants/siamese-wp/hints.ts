/**
 * Hints for one Wright-Patterson seat (RULES §5, issue 15): per rack the nearest hands of the list
 * (ordinary or special) and how many tiles away, with the tiles that would bring each closer, in
 * the shape every Siamese table shows (`Hints` of game/hints.ts). Concealed tiles are one pool, so
 * each open rack is measured on the whole pool with its own exposures; racks with the same
 * exposures (both empty at the start) are measured once.
 *
 * A LineHint here: `line` is the hand's id, `category` its limit in words ("Double Limit"),
 * `value` its points (25/50/75), `text` the hand in words, `needed` the kinds that would bring it
 * closer (each once, in tile notation). `together` is not offered (null): the pool is split by the
 * player, and the nearest hand per rack is what the panel needs.
 */
import type { Hints, LineHint, RackHint } from "../../game/hints";
import { formatTiles, type Kind } from "../../tiles";
import { LIMIT_POINTS, LIMIT_WORDS, WP_HAND_LIST, type HandList, type WpHand } from "./hands";
import { awayOnly, tilesAway, type WpSet } from "./match";

export type { Hints, LineHint, RackHint };

export interface HintRack {
  exposed: readonly WpSet[];
  status: RackHint["status"];
}

const RANK = { triple: 0, double: 1, single: 2 } as const;

const lineHint = (h: WpHand, away: number, need: readonly Kind[]): LineHint => ({
  line: h.id,
  category: LIMIT_WORDS[h.limit],
  value: LIMIT_POINTS[h.limit],
  text: h.text,
  concealed: h.concealed,
  away,
  needed: formatTiles(need),
});

/** The `per` nearest hands of the list for one rack (nearest first, then the higher limit, then list order). */
export function nearestHands(pool: readonly Kind[], exposed: readonly WpSet[], per = 3, list: HandList = WP_HAND_LIST): LineHint[] {
  const rack = { concealed: pool, exposed };
  const ranked: { h: WpHand; away: number; i: number }[] = [];
  list.hands.forEach((h, i) => {
    const away = awayOnly(h, rack);
    if (away !== null) ranked.push({ h, away, i });
  });
  ranked.sort((a, b) => a.away - b.away || RANK[a.h.limit] - RANK[b.h.limit] || a.i - b.i);
  return ranked.slice(0, per).map(({ h, away }) => lineHint(h, away, away > 0 ? tilesAway(h, rack)!.need : []));
}

/** Hints for a seat: `pool` its concealed kinds (no flowers), `racks` its two racks. */
export function hintsWp(pool: readonly Kind[], racks: readonly HintRack[], per = 3, list: HandList = WP_HAND_LIST): Hints {
  const seen = new Map<string, LineHint[]>();
  const out = racks.map((r, rack): RackHint => {
    if (r.status !== "open") return { rack, status: r.status, closest: [] };
    const key = JSON.stringify(r.exposed);
    let closest = seen.get(key);
    if (!closest) seen.set(key, (closest = nearestHands(pool, r.exposed, per, list)));
    return { rack, status: "open", closest };
  });
  return { racks: out, together: null };
}
