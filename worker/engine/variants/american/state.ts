/**
 * American game state (RULES §6). Plain JSON, stored by the Durable Object as is. Four seats,
 * one hand each, one American set of 152 tiles; `kindsOf("american")[id]` gives a tile's kind.
 */
import type { CoreState, GameResult, Seat } from "../../api";
import type { Group } from "../../card/api";
import type { ClaimWindow, CallPreference } from "../../game/claim-window";
import type { Exchange, PassChoice } from "../../game/charleston";
import type { Dead, Discard, Exposure } from "../../game/exposure";

export type { Dead, Discard, Exposure };

/** The winning hand: exposures plus `tiles` laid out as `groups` of a card line. */
export interface Declaration {
  line: string;
  value: number;
  jokerless: boolean;
  tiles: number[];
  groups: Group[];
  /** The discard it was completed with (null: self-drawn or by redeeming a joker). */
  claimed: number | null;
  from: Seat | null;
}

export interface SeatState {
  concealed: number[];
  exposures: Exposure[];
  mahjong: Declaration | null;
  /** A dead player stops drawing and discarding and still pays the winner. */
  dead: Dead | null;
  /** Mah Jongg in error: the hand was thrown in face up. */
  revealed: boolean;
  /** The tile drawn this turn (what a timeout discards). */
  drawn: number | null;
  preference: CallPreference;
}

/** A call answered in a claim window (checked when answered, carried out when the window closes). */
export type Call = { type: "call"; size: number; jokers: number } | { type: "call-mahjong"; line: string };

export interface CharlestonState {
  /** Index into STAGES (charleston.ts of this variant). */
  stage: number;
  /** Secret choices: a pass, a stop (second left only) or a courtesy proposal; null = not chosen yet. */
  choices: (null | { pass: PassChoice } | { stop: true } | { courtesy: number[] })[];
  /** What each seat gave and got in the last resolved pass (each sees only its own). */
  last: Exchange[] | null;
}

export interface AmericanState extends CoreState {
  ruleset: "american";
  die: number;
  wall: number[];
  seats: SeatState[];
  /** Discards made so far. */
  turn: number;
  /** charleston: simultaneous passes; discard: `toAct` holds 14 and acts; window: a discard may be called; over. */
  phase: "charleston" | "discard" | "window" | "over";
  charleston: CharlestonState | null;
  /** The seat holding 14 tiles in the discard phase (the discarder while a window is open). */
  toAct: Seat;
  /** How this turn began: from whose discard (null: drawn), and whether a joker was redeemed since. */
  began: { from: Seat | null; redeemed: boolean };
  discards: Discard[];
  window: ClaimWindow<Call> | null;
  ended: null | { reason: GameResult["reason"] | "void"; seat: Seat | null };
  result: GameResult | null;
}
