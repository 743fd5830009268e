/**
 * Which card lines each of a Siamese player's racks comes closest to, from the player's own tiles
 * (computed in the browser with the card matcher). Both racks draw on the one concealed pool,
 * except while going for the Atomic hand (RULES §3): then rack 1 aims only for the Atomic lines
 * with the 13 tiles it keeps, and rack 2 for the other lines with the rest of the pool (the tile
 * drawn this turn, on neither rack until the discard, counts for both).
 */
import type { Away, Card, Group } from "../../../worker/engine/card/api";
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

export function rackHints(me: SeatM, cardId: string, per = 3): { racks: RackHintsM[]; both: ReturnType<typeof bestHands> } | null {
  const parts = cardParts(cardId);
  if (!me.pool || !parts) return null;
  const atomic = me.atomic && me.atomicTiles ? new Set(me.atomicTiles.map((t) => t.id)) : null;
  // The tile drawn this turn is on neither rack yet: it counts for both.
  const onRack = (id: number, i: number) => !atomic || (id === me.drawn && !atomic.has(id)) || atomic.has(id) === (i === 0);
  const racks = me.racks.map((r, i): RackHintsM => {
    const tiles = me.pool!.filter((t) => onRack(t.id, i));
    const pool = tiles.map((t) => t.kind);
    const exposures = r.exposures.map(groupOf);
    const card = atomic && i === 0 ? parts.atomic : parts.other;
    const open = !r.mahjong && !r.dead;
    return { pool, exposures, card, closest: open ? tilesAway(pool, exposures, card).slice(0, per) : [] };
  });
  // one line per rack built together: exact for two racks, the best found for more (Royale's four)
  const both =
    !atomic && racks.length >= 2 && me.racks.every((r) => !r.mahjong && !r.dead)
      ? bestHands(racks[0]!.pool, racks.length, parts.other, racks.map((r) => r.exposures))
      : null;
  return { racks, both };
}
