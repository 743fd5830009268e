/** chinese-ming tilesOf: the 144 tiles of the hand being played, in the wall, the hands, the melds, the flowers and the discards. */
import type { TilePlaces } from "../../api";
import { KINDS } from "./deal";
import type { ChineseState } from "./state";

export function tilesOf(s: ChineseState): TilePlaces {
  const h = s.hand;
  return {
    total: KINDS.length,
    deal: h.number,
    wall: h.wall.slice(),
    seats: h.seats.map((p) => ({ concealed: p.concealed.slice(), open: [...p.melds.flatMap((m) => m.tiles), ...p.flowers] })),
    discards: h.discards.map((d) => d.tile),
  };
}
