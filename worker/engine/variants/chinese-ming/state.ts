/**
 * chinese-ming state (RULES §7): a MATCH of hands, not one hand. Plain JSON, stored by the
 * Durable Object as is. Seats keep their wind and flower for the whole match: seat 0 is East and
 * flower 1, then to the right South/2, West/3, North/4. Tiles are physical ids of the 144-tile
 * Chinese set; `kindsOf("chinese")[id]` is a tile's kind.
 */
import type { CoreState, GameResult, Seat } from "../../api";
import type { CallPreference, ClaimWindow } from "../../game/claim-window";
import type { Kind } from "../../tiles";
import type { ScoreSheet } from "./scoring";
import type { Transfer } from "./settlement";

export const START_POINTS = 2010;
/** The last seven stacks at the loose end are never drawn: reaching them draws the hand. */
export const DEAD_WALL = 14;

/** A pung or kong laid out on the table. */
export interface Meld {
  kind: Kind;
  tiles: number[];
  /** The discard it was made with, and from whom; null for a natural (concealed) kong. */
  claimed: number | null;
  from: Seat | null;
  /** Natural = built entirely from self-drawn tiles (only concealed kongs are laid out natural). */
  natural: boolean;
}

export interface HandSeat {
  concealed: number[];
  melds: Meld[];
  flowers: number[];
  /** The tile drawn this turn (what a timeout discards); null after a pung. */
  drawn: number | null;
}

/**
 * A call on a discard. Woo beats pung and kong, which beat a take; equal calls go to the seat next
 * in turn. A take (the next player only) puts the discard into the concealed hand instead of drawing.
 */
export type Call = { type: "woo" } | { type: "pung" } | { type: "kong" } | { type: "take" };

export interface Discard {
  seat: Seat;
  tile: number;
}

export interface Hand {
  /** 0-based number of this hand in the match. */
  number: number;
  jong: Seat;
  /**
   * Who deals this hand (takes the 14th tile and discards first): the Jong's two dice counted round
   * the table to the right starting with the Jong (RULES §7). Absent in hands dealt before this
   * rule: then the Jong dealt.
   */
  dealer?: Seat;
  /** 0..3 = East, South, West, North. */
  prevailing: number;
  /** The Jong's dice, from the match's seeded generator: they choose the dealer. */
  dice: [number, number];
  /** Live wall in draw order; replacements ("extra cards") come from the other end (the loose end). */
  wall: number[];
  seats: HandSeat[];
  toAct: Seat;
  /** discard: toAct holds 14 (kongs counted as 3) and may kong, Woo or discard; window: a claim window is open. */
  phase: "discard" | "window";
  discards: Discard[];
  window: ClaimWindow<Call> | null;
  /**
   * How toAct got their last tile: the Woo on a "loose" tile doubles ("moon through the needle");
   * "taken" = the last discard taken instead of drawing, which counts as drawn (Ruling §7).
   */
  lastTile: "wall" | "loose" | "deal" | "claim" | "taken";
  /** Discards taken instead of drawing this hand (they leave the discards; the pace keys count them). */
  taken?: number;
}

/** One finished hand in the match record: every sheet, every payment, all tiles shown. */
export interface HandRecord {
  number: number;
  jong: Seat;
  prevailing: number;
  /** The winner, or null for a drawn hand (play reached the dead wall). */
  winner: Seat | null;
  /** The discard that completed the Woo, and its discarder. */
  from: Seat | null;
  sheets: ScoreSheet[];
  transfers: Transfer[];
  net: number[];
  /** Points after the settlement. */
  points: number[];
  tiles: { concealed: Kind[]; melds: { kind: Kind; size: number; natural: boolean }[]; flowers: Kind[] }[];
}

export interface ChineseState extends CoreState {
  ruleset: "chinese-ming";
  points: number[];
  /** Call preferences per seat (public): who is asked in claim windows. */
  preferences: CallPreference[];
  hand: Hand;
  hands: HandRecord[];
  phase: "play" | "over";
  ended: null | { reason: GameResult["reason"]; seat: Seat | null };
  result: GameResult | null;
}
