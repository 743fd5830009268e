/** American tilesOf: the 152 tiles in the wall, the hands, the exposures and declarations, and the discards. */
import type { TilePlaces } from "../../api";
import { kindsOf } from "../../game/physical";
import type { AmericanState } from "./state";

export function tilesOf(s: AmericanState): TilePlaces {
  const seats = s.seats.map((p) => {
    const open = [...p.exposures.flatMap((e) => e.tiles), ...(p.mahjong?.tiles ?? [])];
    return p.revealed ? { concealed: [], open: [...p.concealed, ...open] } : { concealed: p.concealed.slice(), open };
  });
  return { total: kindsOf("american").length, wall: s.wall.slice(), seats, discards: s.discards.map((d) => d.tile) };
}
