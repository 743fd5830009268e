/**
 * What a seat may see. Never another seat's concealed tiles nor the wall order (only its length);
 * a siamese-mjm player in error shows everything; once the game is over everything is shown,
 * the seed included, so anyone can verify the deal against the commitment.
 */
import type { Seat } from "../../api";
import { declarationView, discardView, exposureView } from "../../game/exposure";
import { ref } from "../../game/physical";
import { viewHead } from "../../game/view-head";
import type { Kind } from "../../tiles";
import type { SiameseState } from "./state";

export function viewFor(kinds: readonly Kind[], s: SiameseState, seat: Seat | null) {
  const over = s.phase === "over";
  const tiles = (ids: number[]) => ids.map((id) => ref(kinds, id));
  return {
    ...viewHead(s, seat),
    discards: s.discards.map((d) => discardView(kinds, d)),
    claimable: s.claimable ? { seat: s.claimable.seat, tile: ref(kinds, s.claimable.tile) } : null,
    seats: s.seats.map((p, i) => {
      const shown = over || p.revealed || i === seat;
      return {
        seat: i,
        concealedCount: p.pool.length,
        concealed: shown ? tiles(p.pool) : null,
        drawn: i === seat && p.drawn !== null && !over ? ref(kinds, p.drawn) : null,
        stopped: p.stopped,
        revealed: p.revealed,
        /** Going for the Atomic hand (everyone sees that); which 13 tiles only where the concealed tiles are shown. */
        atomic: p.atomic !== undefined,
        atomicTiles: shown && p.atomic ? tiles(p.atomic) : null,
        racks: p.racks.map((r) => ({
          exposures: r.exposures.map((e) => exposureView(kinds, e)),
          mahjong: r.mahjong && declarationView(kinds, r.mahjong),
          dead: r.dead,
        })),
      };
    }),
    ended: s.ended,
    result: s.result,
    ...(over ? { seed: s.seed, wall: tiles(s.wall) } : {}),
  };
}

export type SiameseView = ReturnType<typeof viewFor>;
