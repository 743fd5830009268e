/** Siamese tilesOf: the 152 tiles in the wall, the pools, the racks' exposures and declarations, and the discards not claimed. */
import type { TilePlaces } from "../../api";
import { kindsOf } from "../../game/physical";
import type { SiameseState } from "./state";

const SET = kindsOf("american").length;

/** `sets`: the sets the game is dealt from (Siamese 1; Royale one per player). */
export function tilesOf(s: SiameseState, sets = 1): TilePlaces {
  const TOTAL = SET * sets;
  // The discards keep the claimed ones (now in an exposure or a declaration): only the others lie on the table.
  const held = new Uint8Array(TOTAL);
  const seats = s.seats.map((p) => {
    const open: number[] = [];
    for (const r of p.racks) {
      for (const e of r.exposures) for (const id of e.tiles) open.push(id), (held[id] = 1);
      if (r.mahjong) for (const id of r.mahjong.tiles) open.push(id), (held[id] = 1);
    }
    return p.revealed ? { concealed: [], open: [...p.pool, ...open] } : { concealed: p.pool, open };
  });
  return { total: TOTAL, wall: s.wall, seats, discards: s.discards.map((d) => d.tile).filter((id) => held[id] === 0) };
}
