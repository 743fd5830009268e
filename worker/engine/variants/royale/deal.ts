/**
 * Royale set-up and deal (RULES §3 and §8): the Siamese factory's deal over the Royale record with
 * every table size (ROYALE_ALL): the sets (one per player) shuffled together from the seed, East's
 * die moving that many stacks to the tail, then four tiles at a time until everyone holds 55 (four
 * hands of 14 less the tile a turn draws), and East draws a 56th. One deal for every edition: the
 * record says how many players, racks, sets and tiles.
 */
import { deal } from "../siamese/deal";
import type { SiameseState } from "../siamese/state";
import type { RoyaleOptions } from "./config";
import { ROYALE_ALL } from "./edition";

export type RoyaleState = Omit<SiameseState, "ruleset" | "options"> & { ruleset: "royale"; options: RoyaleOptions };

export const royaleDeal = (options: RoyaleOptions, seed: string): RoyaleState => deal(ROYALE_ALL, options, seed) as unknown as RoyaleState;
