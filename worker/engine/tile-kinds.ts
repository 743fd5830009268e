/**
 * Tiles: kinds and physical sets, the tile names in words (tiles.ts adds the text notation and
 * re-exports all of this). Apart so that the web game page, which never reads the notation, does
 * not carry it.
 */

export type Kind = number;

export const SUITS = ["B", "C", "D"] as const;
export type Suit = (typeof SUITS)[number];
export const SUIT_NAMES: Record<Suit, string> = { B: "Bams", C: "Craks", D: "Dots" };

// Kind layout: 0..26 suited (suit*9 + number-1), 27..30 winds, 31..33 dragons,
// 34 American flower, 35 joker, 36..43 Chinese flowers (36+colour*4+number-1).
export const WINDS = ["N", "E", "W", "S"] as const;
export type Wind = (typeof WINDS)[number];
export const WIND_NAMES: Record<Wind, string> = { N: "North", E: "East", W: "West", S: "South" };
export const DRAGONS = ["R", "G", "0"] as const;
export type Dragon = (typeof DRAGONS)[number];
export const DRAGON_NAMES: Record<Dragon, string> = { R: "Red dragon", G: "Green dragon", "0": "Soap" };

export const FIRST_WIND = 27;
export const FIRST_DRAGON = 31;
export const FLOWER = 34;
export const JOKER = 35;
export const FIRST_CHINESE_FLOWER = 36;
export const KIND_COUNT = 44;

export const suited = (suit: Suit | number, n: number): Kind =>
  (typeof suit === "number" ? suit : SUITS.indexOf(suit)) * 9 + n - 1;
export const windKind = (w: Wind): Kind => FIRST_WIND + WINDS.indexOf(w);
export const dragonKind = (d: Dragon): Kind => FIRST_DRAGON + DRAGONS.indexOf(d);
export const chineseFlower = (n: number, colour: "r" | "g"): Kind =>
  FIRST_CHINESE_FLOWER + (colour === "r" ? 0 : 4) + n - 1;

export const isSuited = (k: Kind) => k >= 0 && k < 27;
export const suitOf = (k: Kind): number => Math.floor(k / 9); // only for suited kinds
export const numberOf = (k: Kind): number => (k % 9) + 1; // only for suited kinds
export const isWind = (k: Kind) => k >= FIRST_WIND && k < FIRST_DRAGON;
export const isDragon = (k: Kind) => k >= FIRST_DRAGON && k < FLOWER;
export const isHonour = (k: Kind) => isWind(k) || isDragon(k);
export const isFlower = (k: Kind) => k === FLOWER || k >= FIRST_CHINESE_FLOWER;
export const isJoker = (k: Kind) => k === JOKER;

/** The dragon that belongs with a suit: Red–Craks, Green–Bams, Soap–Dots. */
export const matchingDragon = (suit: number): Kind => [dragonKind("G"), dragonKind("R"), dragonKind("0")][suit]!;

/** Which set's words a tile is named in: the American (and Siamese) set, or the Chinese set (RULES §1). */
export type TileSet = "american" | "chinese";

/** The suits in the Chinese set's words: Bamboo, Characters, Circles (the notation stays B, C, D). */
export const CHINESE_SUIT_NAMES: Record<Suit, string> = { B: "Bamboo", C: "Characters", D: "Circles" };

/**
 * Plain-words name for messages and screen readers: "7 Dots", "North", "Soap", "joker"; in the
 * Chinese set's words "7 Circles", "White dragon", "flower 4 green".
 */
export function tileName(k: Kind, set: TileSet = "american"): string {
  const chinese = set === "chinese";
  if (isSuited(k)) return `${numberOf(k)} ${(chinese ? CHINESE_SUIT_NAMES : SUIT_NAMES)[SUITS[suitOf(k)]!]}`;
  if (isWind(k)) return WIND_NAMES[WINDS[k - FIRST_WIND]!];
  if (isDragon(k)) return chinese && k === dragonKind("0") ? "White dragon" : DRAGON_NAMES[DRAGONS[k - FIRST_DRAGON]!];
  if (k === FLOWER) return "flower";
  if (k === JOKER) return "joker";
  const i = k - FIRST_CHINESE_FLOWER;
  const colour = i < 4 ? "red" : "green";
  return chinese ? `flower ${(i % 4) + 1} ${colour}` : `flower ${(i % 4) + 1} (${colour})`;
}

/** Counts per kind, the fast representation for matching. */
export type Counts = number[];
export function countKinds(kinds: Iterable<Kind>): Counts {
  const c = new Array<number>(KIND_COUNT).fill(0);
  for (const k of kinds) c[k]!++;
  return c;
}

export type TileSetName = "american" | "chinese";

/** Each set's tiles beyond the four of each suit, wind and dragon kind: American 8 flowers and 8 jokers, Chinese its 8 numbered flowers. */
const EXTRA_TILES: Readonly<Record<TileSetName, readonly Kind[]>> = {
  american: [...new Array<Kind>(8).fill(FLOWER), ...new Array<Kind>(8).fill(JOKER)],
  chinese: Array.from({ length: KIND_COUNT - FIRST_CHINESE_FLOWER }, (_, i) => FIRST_CHINESE_FLOWER + i),
};

/** The kinds of one physical set, in a fixed order; a tile's id is its index in the dealt sets. */
export function tileSet(name: TileSetName): Kind[] {
  const out: Kind[] = [];
  for (let k = 0; k < 34; k++) for (let i = 0; i < 4; i++) out.push(k);
  out.push(...EXTRA_TILES[name]);
  return out;
}

/** S physical sets of one name: `kinds[id]` is the kind of physical tile `id`. 152 or 144 per set. */
export function tileSets(name: TileSetName, sets = 1): Kind[] {
  const one = tileSet(name);
  const out: Kind[] = [];
  for (let s = 0; s < sets; s++) out.push(...one);
  return out;
}
