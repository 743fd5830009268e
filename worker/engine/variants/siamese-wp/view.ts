/**
 * What a Wright-Patterson seat may see: never the other seat's concealed tiles nor the walls' order
 * (only their lengths); flowers, exposures, declarations, the winds of each rack, the match (game,
 * pot, totals) and each finished game's lines are public. Once the match is over everything is
 * shown, the seed included, so anyone can verify the deals against the commitment.
 */
import type { Seat } from "../../api";
import { ref } from "../../game/physical";
import { viewHead } from "../../game/view-head";
import { rackWinds } from "./deal";
import type { WpState } from "./state";
import { WP_KINDS as K } from "./tiles";

export function viewFor(s: WpState, seat: Seat | null) {
  const over = s.phase === "over";
  const tiles = (ids: readonly number[]) => ids.map((id) => ref(K, id));
  return {
    ...viewHead(s, seat),
    flowerWallCount: s.flowerWall.length,
    game: s.game + 1,
    dealer: s.dealer,
    prevailing: s.prevailing,
    match: { games: s.match.games, played: s.match.played, pot: s.match.pot, potGames: s.match.potGames, totals: s.match.totals },
    discards: s.discards.map((d) => ({ seat: d.seat, turn: d.turn, tile: ref(K, d.tile) })),
    claimable: s.claimable ? { seat: s.claimable.seat, tile: ref(K, s.claimable.tile) } : null,
    seats: s.seats.map((p, i) => {
      const shown = over || i === seat;
      return {
        seat: i,
        concealedCount: p.pool.length,
        concealed: shown ? tiles(p.pool) : null,
        drawn: i === seat && p.drawn !== null && !over ? ref(K, p.drawn) : null,
        stopped: p.stopped,
        revealed: false,
        atomic: false,
        atomicTiles: null,
        flowers: tiles(p.flowers),
        winds: rackWinds(i, s.dealer),
        mustDeclare: p.mustDeclare ?? null,
        racks: p.racks.map((r) => ({
          exposures: r.exposures.map((e) => ({ kind: e.kind, type: e.type, tiles: tiles(e.tiles), claimed: e.claimed === null ? null : ref(K, e.claimed), from: e.from, turn: e.turn, concealed: !!e.concealed, killed: !!e.killed })),
          mahjong: r.mahjong && { ...r.mahjong, line: r.mahjong.hand, label: r.mahjong.name, value: r.mahjong.points, jokerless: false, tiles: tiles(r.mahjong.tiles), claimed: r.mahjong.claimed === null ? null : ref(K, r.mahjong.claimed) },
          dead: r.dead,
        })),
      };
    }),
    bouquets: s.bouquets,
    games: s.games,
    ended: s.ended,
    result: s.result,
    ...(over ? { seed: s.seed, wall: tiles(s.wall), flowerWall: tiles(s.flowerWall) } : {}),
  };
}

export type WpView = ReturnType<typeof viewFor>;
