/**
 * Wright-Patterson Siamese game state (RULES §5). Plain JSON, stored by the Durable Object as is.
 *
 * One service game is one match of `options.games` games (Ruling §5 Matches): the state holds the
 * game in play (its walls, racks, discards) and the match so far (`match`: games scored, the pot,
 * running totals, each game's lines). When a game ends it is scored by `scoreWp` and, unless the
 * match is over, the next game is dealt inside the same state from the same seeded generator (the
 * dealer alternates, the prevailing wind moves on), as the Chinese match of hands does.
 * Tile ids index `WP_KINDS`.
 */
import type { CoreState, GameResult, Seat } from "../../api";
import type { Dead, Discard } from "../../game/exposure";
import type { Kind } from "../../tiles";
import type { Limit } from "./hands";
import type { WpBouquet, WpDeclared, WpMatch } from "./scoring";

export type { Dead, Discard };

export interface WpExposure {
  type: "chow" | "pung" | "kong";
  /** The tile of a pung or kong; the lowest tile of a chow. */
  kind: Kind;
  tiles: number[];
  /** The claimed discard and its discarder; null for a kong laid out from concealed tiles. */
  claimed: number | null;
  from: Seat | null;
  turn: number;
  concealed?: true;
  /** Under deadHands "enforce": this exposure made its hand dead. */
  killed?: true;
}

export interface WpDeclaration {
  /** The best hand of the list the tiles make. */
  hand: string;
  name: string;
  limit: Limit;
  points: number;
  turn: number;
  /** Concealed (and claimed) tile ids laid out by the declaration; the rack's exposures stay in `exposures`. */
  tiles: number[];
  claimed: number | null;
  from: Seat | null;
}

export interface WpRack {
  exposures: WpExposure[];
  mahjong: WpDeclaration | null;
  dead: Dead | null;
}

export interface WpSeatState {
  /** Concealed tiles of both racks (never a flower). */
  pool: number[];
  /** Flowers laid out this game, in order. */
  flowers: number[];
  racks: WpRack[];
  /** The tile received last this turn (what a timeout discards). */
  drawn: number | null;
  /** One hand declared and the other dead: no more turns this game. */
  stopped: boolean;
  /** A chow was claimed onto this rack this turn: it must be declared before the discard (chows only to go Mah Jongg). */
  mustDeclare?: number;
}

export interface WpState extends CoreState {
  ruleset: "siamese-wp";
  /** The match so far (games scored, the pot, totals, each game's lines). */
  match: WpMatch;
  /** 0-based index of the game in play. */
  game: number;
  dealer: Seat;
  /** Seat winds per rack are `rackWinds(seat, dealer)`; the prevailing wind of this game. */
  prevailing: Kind;
  die: number;
  /** Live wall in draw order; the flower wall (replacements) in draw order. */
  wall: number[];
  flowerWall: number[];
  seats: WpSeatState[];
  /** Discards made so far this game. */
  turn: number;
  toAct: Seat;
  phase: "draw" | "discard" | "over";
  discards: Discard[];
  claimable: Discard | null;
  /** Mah Jonggs declared this game, in order; Bouquets laid out this game. */
  mahjongs: WpDeclared[];
  bouquets: WpBouquet[];
  /** Results of the games of the match already played (the last one is the game just ended). */
  games: GameResult[];
  ended: null | { reason: GameResult["reason"]; seat: Seat | null };
  /** The match's result once it is over. */
  result: GameResult | null;
}

/** A rack neither declared nor dead. */
export const open = (r: WpRack) => !r.mahjong && !r.dead;
/** A rack's exposures as the hand judge reads them. */
export const setsOf = (r: WpRack) => r.exposures.map((e) => ({ type: e.type, kind: e.kind, ...(e.concealed ? { concealed: true } : {}) }));

/** A copy of the state a move may change in place. */
export function clone(s: WpState): WpState {
  return {
    ...s,
    rng: [...s.rng] as WpState["rng"],
    wall: s.wall.slice(),
    flowerWall: s.flowerWall.slice(),
    discards: s.discards.slice(),
    mahjongs: s.mahjongs.slice(),
    bouquets: s.bouquets.slice(),
    games: s.games.slice(),
    seats: s.seats.map((p) => ({
      ...p,
      pool: p.pool.slice(),
      flowers: p.flowers.slice(),
      racks: p.racks.map((r) => ({ ...r, exposures: r.exposures.map((e) => ({ ...e, tiles: e.tiles.slice() })) })),
    })),
  };
}
