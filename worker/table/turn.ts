/**
 * The shape of "whose turn is it now" in a game: what the game's Durable Object answers
 * (game/turn-now.ts) and what a notice about a turn is checked against when it goes out
 * (notify/truth.ts). A floor below both.
 */

/** Where a game stands: waiting for players, being played, over. */
export type GameStatus = "open" | "active" | "ended";

export interface TurnNow {
  /** "gone": no such game, or the player holds no seat in it. */
  status: GameStatus | "gone";
  /**
   * The player's running clocks: when each turn began (`since`, the clock's start, which a
   * notice about that turn carries as `turnSince`) and when it runs out (vacation and extensions
   * counted). Empty when the player is not to act.
   */
  turns: { seat: number; since: number; deadline: number }[];
}
