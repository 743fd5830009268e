/**
 * Siamese game state (RULES §3–4). Plain JSON, stored by the Durable Object as is.
 * Racks hold physical tile ids; `kindsOf("american")[id]` gives a tile's kind.
 */
import type { CoreState, GameResult, Seat } from "../../api";
import type { Group } from "../../card/api";
import type { CallPreference, ClaimWindow } from "../../game/claim-window";
import type { Dead, Discard, Exposure } from "../../game/exposure";

export type { Dead, Discard, Exposure };

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
  /**
   * Atomic hand (RULES §3): the 13 concealed tiles (ids, part of `pool`) held on rack 1 while the
   * player goes for it. Absent otherwise. The tile drawn this turn is on neither rack until the discard.
   */
  atomic?: number[];
  /** The player gave the Atomic hand up (it cannot be declared again). */
  atomicAbandoned?: true;
  /** How claim windows treat this player (editions with windows only; absent: "ask"). */
  preference?: CallPreference;
}

/** A call answered in a claim window (editions with windows): an exposure for a rack, or a Mah Jongg completing one (`hands`: declared in that turn, the claimed one included). */
export type WindowCall = { type: "call"; rack: number; size: number; jokers: number } | { type: "call-mahjong"; rack: number; line: string; hands?: number };

export interface SiameseState extends CoreState {
  ruleset: "siamese" | "siamese-mjm" | "royale";
  /** Cosmetic: the die East threw to break the wall (that many stacks moved to the tail). */
  die: number;
  /** Remaining wall in draw order (hidden until the end). */
  wall: number[];
  seats: SeatState[];
  /** Number of discards made so far; exposures and declarations remember it. */
  turn: number;
  toAct: Seat;
  /**
   * draw: 27 tiles, claim the last discard or draw; discard: 28 tiles, act then discard; window (editions
   * with claim windows): the other players may call the last discard; over: ended.
   */
  phase: "draw" | "discard" | "window" | "over";
  discards: Discard[];
  /** The last discard while it may still be claimed. */
  claimable: Discard | null;
  ended: null | { reason: GameResult["reason"]; seat: Seat | null };
  result: GameResult | null;
  /** The open claim window (editions with windows only; `toAct` is then the discarder). */
  window?: ClaimWindow<WindowCall> | null;
}
