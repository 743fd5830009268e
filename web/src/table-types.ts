/**
 * The types the ruleset registry (rulesets/registry.ts) and the tables and replay frames share: the
 * props a game's table and a replay's frame are drawn with, one position of a replay, how a replay
 * walks a match. In a file of their own so that the registry and the tables import these, not each
 * other.
 */
import type { GameState } from "../../worker/engine/index";
import type { GameInfo } from "./api";
import type { GameSync } from "./game/useGame";

export interface TableProps {
  game: GameInfo;
  /** The player's seat (seatOf), -1 when watching. */
  seat: number;
  sync: GameSync;
}

/** One position of a replay. */
export interface Frame {
  /** The engine's view with every seat's own tiles shown (same shape as viewFor's for this ruleset). */
  view: unknown;
  /** What the move did, in words ("Ann discarded 7 Dots"). */
  text: string;
  /** Which hand of a match this frame belongs to (0 for one-hand games). */
  hand: number;
  /** A match: index in view.hands of the hand that has just ended (the frame shows its score sheets). */
  ended?: number;
}

export interface FrameProps {
  frame: Frame;
  names: string[];
}

/**
 * How a replay walks a match of several hands: which hand a state is in, how many have ended, and the
 * spectator's view with every seat's own tiles laid open (the view keeps the hand under way apart).
 */
export interface MatchReplay {
  handOf: (state: GameState) => number;
  handsDone: (state: GameState) => number;
  openView: (all: unknown, own: (seat: number) => unknown) => unknown;
}
