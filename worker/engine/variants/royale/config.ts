/**
 * Royale Siamese configurations (RULES §8, issue 17): 2, 3 or 4 players, four racks (hands) each,
 * as many full 152-tile American sets as players. The record the Siamese factory takes once
 * `royale` is registered; until then it stands on its own.
 */
import type { GameOptions } from "../../api";

/** `options.players` is Royale's own option (the CLI takes `--players`); the rest as in Siamese. */
export type RoyaleOptions = GameOptions & { players?: number };

export interface RoyaleConfig {
  players: 2 | 3 | 4;
  /** Racks (hands) per player. */
  racks: 4;
  /** Full American sets in the wall: one per player. */
  sets: number;
  tileSet: "american";
  /** Tiles in the wall before the deal: 152 × sets. */
  tiles: number;
  /** Tiles a player holds between turns (four hands of 14 less the tile a turn draws). */
  hand: 55;
}

export const ROYALE_PLAYERS = [2, 3, 4] as const;
export const ROYALE_RACKS = 4;
export const ROYALE_HAND = 14 * ROYALE_RACKS - 1;
export const SET_SIZE = 152;

/** The configuration for `players` (default 2); anything but 2, 3 or 4 throws a message a player understands. */
export function royaleConfig(players: unknown = 2): RoyaleConfig {
  if (players !== 2 && players !== 3 && players !== 4) throw new Error(`Royale is played by 2, 3 or 4 players, not ${String(players)}`);
  return { players, racks: 4, sets: players, tileSet: "american", tiles: SET_SIZE * players, hand: 55 };
}

