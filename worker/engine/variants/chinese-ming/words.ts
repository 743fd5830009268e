/**
 * Tiles in the words of the Chinese set (RULES §7): Bamboo, Characters and Circles rather than the
 * American Bams, Craks and Dots; the notation is the same (B, C, D).
 */
import { CHINESE_SUIT_NAMES, FIRST_CHINESE_FLOWER, FIRST_WIND, SUITS, WIND_NAMES, WINDS, tileName, type Kind } from "../../tiles";

export const SUIT_WORDS = SUITS.map((s) => CHINESE_SUIT_NAMES[s]);
/** Seat order of the winds: seat 0 East (the first Jong, flower 1), then to the right South, West, North. */
export const SEAT_WINDS = ["E", "S", "W", "N"] as const;
export type SeatWind = (typeof SEAT_WINDS)[number];

export const windOfSeat = (seat: number): Kind => FIRST_WIND + WINDS.indexOf(SEAT_WINDS[seat]!);
export const windWord = (seat: number) => WIND_NAMES[SEAT_WINDS[seat]!];

/** "5 Bamboo", "White dragon", "flower 2 green": tiles in the Chinese set's words. */
export const chineseTileName = (k: Kind): string => tileName(k, "chinese");

/** Flower number (1..4) and colour of a Chinese flower kind. */
export const flowerNumber = (k: Kind) => ((k - FIRST_CHINESE_FLOWER) % 4) + 1;
export const flowerColour = (k: Kind): "red" | "green" => (k - FIRST_CHINESE_FLOWER < 4 ? "red" : "green");
