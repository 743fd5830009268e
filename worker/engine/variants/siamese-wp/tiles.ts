/**
 * The Wright-Patterson tile set (RULES §5, Ruling): 144 tiles — three suits 1–9 four times, four
 * winds and three dragons four times each, and eight flowers in two colours: four Flowers (red,
 * numbered 1–4) and four Seasons (blue, 1–4). No jokers.
 *
 * The kinds are the engine's Chinese kinds (worker/engine/tiles.ts): the red flowers F1r..F4r are
 * the Flowers and the second colour F1g..F4g are the Seasons, which this edition calls blue.
 */
import { CHINESE_SUIT_NAMES, FIRST_CHINESE_FLOWER, isFlower, isJoker, tileName, tileSet, type Kind } from "../../tiles";

/** Kind of every physical tile, ids 0..143 (the Chinese set's order). */
export const WP_KINDS: readonly Kind[] = Object.freeze(tileSet("chinese"));

export type FlowerColour = "red" | "blue";

/** Colour and number of a Wright-Patterson flower kind: Flowers are red, Seasons blue. */
export function flowerOf(k: Kind): { colour: FlowerColour; number: number } | null {
  if (!isFlower(k) || k < FIRST_CHINESE_FLOWER) return null;
  const i = k - FIRST_CHINESE_FLOWER;
  return { colour: i < 4 ? "red" : "blue", number: (i % 4) + 1 };
}

/** "5 Bamboo", "East", "Red dragon", "Flower 2 (red)", "Season 3 (blue)": tiles in this edition's words. */
export function wpTileName(k: Kind): string {
  const f = flowerOf(k);
  if (f) return `${f.colour === "red" ? "Flower" : "Season"} ${f.number} (${f.colour})`;
  return tileName(k, "chinese");
}

export const WP_SUIT_NAMES = CHINESE_SUIT_NAMES;

/** The Bouquet (RULES §5 payout): all four flowers of one colour laid out. */
export function bouquets(flowers: readonly Kind[]): FlowerColour[] {
  const out: FlowerColour[] = [];
  for (const colour of ["red", "blue"] as const) {
    const numbers = new Set(flowers.map(flowerOf).filter((f) => f?.colour === colour).map((f) => f!.number));
    if (numbers.size === 4) out.push(colour);
  }
  return out;
}

/** True when `kinds` is exactly the Wright-Patterson set: 144 tiles, 4 of each of the 34 playing kinds, 8 distinct flowers, no joker. */
export function isWpSet(kinds: readonly Kind[]): boolean {
  if (kinds.length !== 144 || kinds.some(isJoker)) return false;
  const counts = new Map<Kind, number>();
  for (const k of kinds) counts.set(k, (counts.get(k) ?? 0) + 1);
  for (let k = 0; k < 34; k++) if (counts.get(k) !== 4) return false;
  const flowers = kinds.filter(isFlower);
  return flowers.length === 8 && new Set(flowers).size === 8 && flowers.every((k) => flowerOf(k) !== null);
}

/** The kinds of tile ids. */
export const kindsOfIds = (ids: readonly number[]): Kind[] => ids.map((id) => WP_KINDS[id]!);
