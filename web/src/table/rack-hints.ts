/**
 * Which card lines each of a Siamese player's racks comes closest to, from the player's own tiles
 * (computed in the browser with the card matcher). The racks draw on the one concealed pool: the
 * best lines found together share it out and each rack's lines are measured on its own part, so no
 * tile or joker is counted for two racks (issue 28). While going for the Atomic hand (RULES §3)
 * rack 1 aims only for the Atomic lines with the 13 tiles it keeps, and rack 2 for the other lines
 * with the rest of the pool (the tile drawn this turn, on neither rack until the discard, counts
 * for both).
 */
import type { Away, Card, Group } from "../../../worker/engine/card/api";
import { racksTogether } from "../../../worker/engine/card/together";
import { tilesAway } from "../../../worker/engine/card/away";
import { bestHands } from "../../../worker/engine/card/best-two";
import type { Kind } from "../../../worker/engine/tile-kinds";
import { cardParts } from "./atomic";
import { groupOf } from "./hint-line";
import type { SeatM } from "./model";

export interface RackHintsM {
  /** The tiles and exposures the rack's lines are measured from, and the lines it may aim for. */
  pool: Kind[];
  exposures: Group[];
  card: Card;
  /** The closest lines, nearest first; empty for a declared or dead rack. */
  closest: Away[];
}

export function rackHints(me: SeatM, cardId: string, per = 3): { racks: RackHintsM[]; both: { racks: Away[]; total: number } | null } | null {
  const parts = cardParts(cardId);
  if (!me.pool || !parts) return null;
  const exposures = me.racks.map((r) => r.exposures.map(groupOf));
  const isOpen = (r: SeatM["racks"][number]) => !r.mahjong && !r.dead;
  if (!me.atomic || !me.atomicTiles) {
    // one pool for every rack: each open rack's lines are measured on its own part of it, so any
    // one line per rack can be built together (card/together.ts; the best four found for Royale)
    const pool = me.pool.map((t) => t.kind);
    const t = racksTogether({ tilesAway, bestHands }, pool, me.racks.map((r, i) => ({ exposures: exposures[i]!, open: isOpen(r) })), parts.other);
    const racks = t.racks.map((r, i): RackHintsM => ({ pool: r.pool, exposures: exposures[i]!, card: parts.other, closest: r.closest.slice(0, per) }));
    return { racks, both: t.together };
  }
  const atomic = new Set(me.atomicTiles.map((t) => t.id));
  // The tile drawn this turn is on neither rack yet: it counts for both.
  const onRack = (id: number, i: number) => (id === me.drawn && !atomic.has(id)) || atomic.has(id) === (i === 0);
  const racks = me.racks.map((r, i): RackHintsM => {
    const pool = me.pool!.filter((t) => onRack(t.id, i)).map((t) => t.kind);
    const card = i === 0 ? parts.atomic : parts.other;
    return { pool, exposures: exposures[i]!, card, closest: isOpen(r) ? tilesAway(pool, exposures[i]!, card).slice(0, per) : [] };
  });
  return { racks, both: null };
}
