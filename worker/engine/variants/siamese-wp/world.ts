/**
 * A Wright-Patterson world: the match as one seat's view shows it, the game in play with the tiles
 * that seat cannot see dealt at random (the expert's samples, engine/expert/): the other seat's
 * concealed tiles (never a flower: flowers are laid out at once), the wall and the flower wall. The
 * Mah Jonggs of this game are the racks' declarations in the order of their turns.
 */
import type { Seat } from "../../api";
import type { Dead } from "../../game/exposure";
import { dealHidden, idsOf, seenIds, unseenIds, WorldError, type Ref } from "../../expert/world";
import { seedRng, type RngState } from "../../random";
import { isFlower, type Kind } from "../../tiles";
import type { WpBouquet, WpDeclared } from "./scoring";
import type { WpDeclaration, WpExposure, WpState } from "./state";
import { WP_KINDS } from "./tiles";

interface WorldView {
  ruleset: "siamese-wp";
  options: WpState["options"];
  commitment: string;
  ply: number;
  turn: number;
  phase: WpState["phase"];
  toAct: Seat | null;
  you: Seat;
  die: number;
  wallCount: number;
  flowerWallCount: number;
  game: number;
  dealer: Seat;
  prevailing: Kind;
  match: Omit<WpState["match"], "ledger">;
  discards: { seat: Seat; turn: number; tile: Ref }[];
  claimable: { seat: Seat; tile: Ref } | null;
  seats: {
    concealedCount: number;
    concealed: Ref[] | null;
    drawn: Ref | null;
    stopped: boolean;
    flowers: Ref[];
    mustDeclare: number | null;
    racks: {
      exposures: (Omit<WpExposure, "tiles" | "claimed" | "concealed" | "killed"> & { tiles: Ref[]; claimed: Ref | null; concealed: boolean; killed: boolean })[];
      mahjong: (Omit<WpDeclaration, "tiles" | "claimed"> & { tiles: Ref[]; claimed: Ref | null }) | null;
      dead: Dead | null;
    }[];
  }[];
  bouquets: WpBouquet[];
  games: WpState["games"];
  ended: WpState["ended"];
  result: WpState["result"];
}

export function wpWorld(view: unknown, rng: RngState): WpState {
  const v = view as WorldView;
  if (v.phase === "over") throw new WorldError("the game is over");
  const me = v.you;
  const hidden = v.seats.map((p, i) => i !== me && p.concealed === null);
  const counts = [...v.seats.map((p, i) => (hidden[i] ? p.concealedCount : 0)), v.flowerWallCount];
  const flowerWall = v.seats.length;
  const { places, wall } = dealHidden(rng, unseenIds(WP_KINDS, seenIds(v)), counts, v.wallCount, (place, id) => place === flowerWall || !isFlower(WP_KINDS[id]!));
  const mahjongs: WpDeclared[] = [];
  const seats = v.seats.map((p, seat) => ({
    pool: hidden[seat] ? places[seat]! : idsOf(p.concealed),
    flowers: idsOf(p.flowers),
    racks: p.racks.map((r, rack) => {
      if (r.mahjong) mahjongs.push({ seat, rack, hand: r.mahjong.hand, turn: r.mahjong.turn });
      return {
        exposures: r.exposures.map((e) => ({
          type: e.type,
          kind: e.kind,
          tiles: idsOf(e.tiles),
          claimed: e.claimed?.id ?? null,
          from: e.from,
          turn: e.turn,
          ...(e.concealed ? { concealed: true as const } : {}),
          ...(e.killed ? { killed: true as const } : {}),
        })),
        mahjong: r.mahjong && { hand: r.mahjong.hand, name: r.mahjong.name, limit: r.mahjong.limit, points: r.mahjong.points, turn: r.mahjong.turn, tiles: idsOf(r.mahjong.tiles), claimed: r.mahjong.claimed?.id ?? null, from: r.mahjong.from },
        dead: r.dead,
      };
    }),
    drawn: seat === me ? (p.drawn?.id ?? null) : null,
    stopped: p.stopped,
    ...(p.mustDeclare !== null ? { mustDeclare: p.mustDeclare } : {}),
  }));
  mahjongs.sort((a, b) => a.turn - b.turn || a.seat - b.seat || a.rack - b.rack);
  const turnOf = new Map(v.discards.map((d) => [d.tile.id, d.turn]));
  return {
    ruleset: "siamese-wp",
    options: v.options,
    commitment: v.commitment,
    seed: "a sampled world",
    rng: seedRng(`world:${v.commitment}:${v.ply}`),
    ply: v.ply,
    players: seats.length,
    match: { ...v.match, totals: [...v.match.totals] as [number, number], ledger: [] },
    game: v.game - 1,
    dealer: v.dealer,
    prevailing: v.prevailing,
    die: v.die,
    wall,
    flowerWall: places[flowerWall]!,
    seats,
    turn: v.turn,
    toAct: v.toAct ?? me,
    phase: v.phase,
    discards: v.discards.map((d) => ({ seat: d.seat, tile: d.tile.id, turn: d.turn })),
    claimable: v.claimable && { seat: v.claimable.seat, tile: v.claimable.tile.id, turn: turnOf.get(v.claimable.tile.id) ?? v.turn },
    mahjongs,
    bouquets: v.bouquets.slice(),
    games: v.games.slice(),
    ended: v.ended,
    result: v.result,
  };
}
