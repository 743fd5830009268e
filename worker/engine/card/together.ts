/**
 * Hints for racks that draw on one shared pool (Siamese two, Royale four), achievable together
 * (issue 28): the best lines found for the open racks together share the pool out (bestHands'
 * `parts`), and each open rack's closest lines are measured on its own part only. So no tile or
 * joker is counted for two racks, any choice of one line per rack can be built at once, and the
 * lines named together are each rack's first line, their distances adding up to the total shown.
 * Tiles no rack's line takes count for no rack. Where the pool was not shared out (a card module
 * without `parts`, or the four-rack search not loaded yet in the browser), every rack is measured
 * on the whole pool, as before.
 */
import type { Kind } from "../tile-kinds";
import type { Away, Card, CardModule, Group } from "./api";

export interface SharedRack {
  exposures: Group[];
  /** Neither declared nor dead. */
  open: boolean;
}

export interface RacksTogether {
  /** Per rack: the tiles its lines are measured on, and its closest lines, nearest first ([] for a rack not open). */
  racks: { pool: Kind[]; closest: Away[] }[];
  /** One line per rack, each the first of that rack's closest lines; null unless every rack is open (and there are two or more). */
  together: { racks: Away[]; total: number } | null;
}

export function racksTogether(cards: Pick<CardModule, "tilesAway" | "bestHands">, pool: Kind[], racks: readonly SharedRack[], card: Card): RacksTogether {
  const open = racks.flatMap((r, i) => (r.open ? [i] : []));
  const found = open.length >= 2 ? cards.bestHands(pool, open.length, card, open.map((i) => racks[i]!.exposures)) : null;
  const parts = found?.parts;
  const out = racks.map((r, i) => {
    if (!r.open) return { pool, closest: [] as Away[] };
    const k = open.indexOf(i);
    const mine = parts ? parts[k]! : pool;
    const closest = cards.tilesAway(mine, r.exposures, card);
    // the line found together goes first among lines as close, so each rack leads with the line the summary names
    const j = found ? closest.findIndex((a) => a.line.id === found.racks[k]!.line.id) : -1;
    if (j > 0 && closest[j]!.away === closest[0]!.away) closest.unshift(...closest.splice(j, 1));
    return { pool: mine, closest };
  });
  const all = found && open.length === racks.length;
  if (!all) return { racks: out, together: null };
  if (!parts || out.some((r) => !r.closest.length)) return { racks: out, together: { racks: found.racks, total: found.total } };
  const lines = out.map((r) => r.closest[0]!);
  return { racks: out, together: { racks: lines, total: lines.reduce((t, a) => t + a.away, 0) } };
}
