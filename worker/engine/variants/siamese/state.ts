/**
 * Siamese game state (RULES §3–4). Plain JSON, stored by the Durable Object as is.
 * Racks hold physical tile ids; `kindsOf("american")[id]` gives a tile's kind.
 */
import type { CoreState, GameResult, Seat } from "../../api";
import type { Group } from "../../card/api";
import type { Kind } from "../../tiles";

/** One exposure: belongs to one rack (hand); `claimed` is the discard it was made with. */
export interface Exposure {
  kind: Kind;
  /** Physical tile ids, the claimed tile included (jokers are ids of joker tiles). */
  tiles: number[];
  claimed: number;
  from: Seat;
  /** Turn it was made on; it may move to the other rack until that turn's discard. */
  turn: number;
  /** Under `deadHands: "enforce"`: this exposure made its hand dead (its jokers stay). */
  killed?: true;
}

/** A declared Mah Jongg: the rack's exposures plus `tiles` laid out as `groups` of a card line. */
export interface Declaration {
  line: string;
  value: number;
  jokerless: boolean;
  turn: number;
  /** Concealed (and claimed) tile ids exposed by the declaration; the rack's exposures stay in `exposures`. */
  tiles: number[];
  groups: Group[];
  /** The discard claimed for it, and from whom. */
  claimed: number | null;
  from: Seat | null;
  /** siamese-mjm Mah Jongg in error: the valid hand is dead too and is not paid. */
  void?: true;
}

export interface Dead {
  reason: "exposure" | "error";
  message: string;
  turn: number;
  /** The line named in an erroneous declaration. */
  line?: string;
}

export interface Rack {
  exposures: Exposure[];
  mahjong: Declaration | null;
  dead: Dead | null;
}

export interface SeatState {
  /** Concealed tiles: one pool across both racks (how they are split on screen is the player's business). */
  pool: number[];
  racks: Rack[];
  /** The tile drawn this turn (what a timeout discards). */
  drawn: number | null;
  /** Stopped players no longer draw or discard (Mah Jongg + dead hand, or siamese-mjm Mah Jongg in error). */
  stopped: boolean;
  /** siamese-mjm Mah Jongg in error: every tile of this seat is shown, its jokers can no longer be exchanged. */
  revealed: boolean;
}

export interface Discard {
  seat: Seat;
  tile: number;
  turn: number;
}

export interface SiameseState extends CoreState {
  ruleset: "siamese" | "siamese-mjm";
  /** Cosmetic: the die East threw to break the wall (that many stacks moved to the tail). */
  die: number;
  /** Remaining wall in draw order (hidden until the end). */
  wall: number[];
  seats: SeatState[];
  /** Number of discards made so far; exposures and declarations remember it. */
  turn: number;
  toAct: Seat;
  /** draw: 27 tiles, claim the last discard or draw; discard: 28 tiles, act then discard; over: ended. */
  phase: "draw" | "discard" | "over";
  discards: Discard[];
  /** The last discard while it may still be claimed. */
  claimable: Discard | null;
  ended: null | { reason: GameResult["reason"]; seat: Seat | null };
  result: GameResult | null;
}
