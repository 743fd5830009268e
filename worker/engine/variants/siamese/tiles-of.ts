/** Siamese tilesOf: the 152 tiles in the wall, the pools, the racks' exposures and declarations, and the discards not claimed. */
import type { TilePlaces } from "../../api";
import { kindsOf } from "../../game/physical";
import type { SiameseState } from "./state";

export function tilesOf(s: SiameseState): TilePlaces {
  const seats = s.seats.map((p) => {
    const open: number[] = [];
    for (const r of p.racks) {
      for (const e of r.exposures) open.push(...e.tiles);
      if (r.mahjong) open.push(...r.mahjong.tiles);
    }
    return p.revealed ? { concealed: [], open: [...p.pool, ...open] } : { concealed: p.pool.slice(), open };
  });
  // The discards keep the claimed ones (now in an exposure or a declaration): only the others lie on the table.
  const held = new Set(seats.flatMap((p) => [...p.concealed, ...p.open]));
  return { total: kindsOf("american").length, wall: s.wall.slice(), seats, discards: s.discards.map((d) => d.tile).filter((id) => !held.has(id)) };
}
