/**
 * Tiles in the words of the Chinese set (RULES §7): Bamboo, Characters and Circles rather than the
 * American Bams, Craks and Dots; the notation is the same (B, C, D).
 */
import { DRAGON_NAMES, DRAGONS, FIRST_CHINESE_FLOWER, FIRST_DRAGON, FIRST_WIND, WIND_NAMES, WINDS, isDragon, isSuited, isWind, numberOf, suitOf, type Kind } from "../../tiles";

export const SUIT_WORDS = ["Bamboo", "Characters", "Circles"] as const;
/** Seat order of the winds: seat 0 East (the first Jong, flower 1), then to the right South, West, North. */
export const SEAT_WINDS = ["E", "S", "W", "N"] as const;
export type SeatWind = (typeof SEAT_WINDS)[number];

export const windOfSeat = (seat: number): Kind => FIRST_WIND + WINDS.indexOf(SEAT_WINDS[seat]!);
export const windWord = (seat: number) => WIND_NAMES[SEAT_WINDS[seat]!];

export function chineseTileName(k: Kind): string {
  if (isSuited(k)) return `${numberOf(k)} ${SUIT_WORDS[suitOf(k)]}`;
  if (isWind(k)) return WIND_NAMES[WINDS[k - FIRST_WIND]!];
  if (isDragon(k)) return k === FIRST_DRAGON + 2 ? "White dragon" : DRAGON_NAMES[DRAGONS[k - FIRST_DRAGON]!];
  const i = k - FIRST_CHINESE_FLOWER;
  return `flower ${(i % 4) + 1} ${i < 4 ? "red" : "green"}`;
}

/** Flower number (1..4) and colour of a Chinese flower kind. */
export const flowerNumber = (k: Kind) => ((k - FIRST_CHINESE_FLOWER) % 4) + 1;
export const flowerColour = (k: Kind): "red" | "green" => (k - FIRST_CHINESE_FLOWER < 4 ? "red" : "green");
