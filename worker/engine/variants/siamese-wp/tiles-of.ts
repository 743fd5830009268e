/**
 * Wright-Patterson tilesOf: the 144 tiles of the game in play — the live wall and the flower wall,
 * each pool, the flowers laid out, the racks' exposures and declarations, and the discards not
 * claimed. Each game of the match is dealt afresh, so the places name their deal (the game).
 */
import type { TilePlaces } from "../../api";
import type { WpState } from "./state";
import { WP_KINDS } from "./tiles";

export function tilesOf(s: WpState): TilePlaces {
  const held = new Uint8Array(WP_KINDS.length);
  const seats = s.seats.map((p) => {
    const open: number[] = [...p.flowers];
    for (const r of p.racks) {
      for (const e of r.exposures) for (const id of e.tiles) open.push(id), (held[id] = 1);
      if (r.mahjong) for (const id of r.mahjong.tiles) open.push(id), (held[id] = 1);
    }
    return { concealed: p.pool, open };
  });
  return {
    total: WP_KINDS.length,
    wall: [...s.wall, ...s.flowerWall],
    seats,
    discards: s.discards.map((d) => d.tile).filter((id) => held[id] === 0),
    deal: s.game,
  };
}
