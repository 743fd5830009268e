/**
 * Set-up and deal of Wright-Patterson Siamese (RULES §5 "Deal and flowers", "Seat winds").
 *
 * The 144 tiles are shuffled from the seed and the dealer throws one die: that many stacks (two
 * tiles each) go from the head of the wall to its tail, as in `siamese`. After the break the last
 * 16 tiles form the flower wall. The dealer takes four tiles, the opponent four, and so on until
 * each has 24; then the dealer takes four more and the opponent three (28 and 27). The dealer lays
 * out flowers and replaces them, then the opponent; a replacement that is a flower is laid out and
 * replaced at once.
 *
 * Ruling (where replacements come from): the flower wall is drawn from the very end of the wall
 * backwards (the last tile first), and when it is empty replacements come from the end of the live
 * wall. Ordinary draws take the head of the live wall. The wall is used up when the live wall is
 * empty: tiles still in the flower wall then are not drawn (they play the part of a dead wall).
 *
 * The output mirrors `siamese/deal.ts`: per seat the concealed pool of tile ids and the tile the
 * dealer drew last (`drawn`, what a timeout discards), the die and the live wall in draw order;
 * besides, the flower wall, each seat's flowers laid out, and every replacement made (for events).
 * Tile ids index `WP_KINDS` (the Chinese set's order).
 */
import type { Seat } from "../../api";
import { nextInt, seedRng, shuffle, type RngState } from "../../random";
import { isFlower, windKind, type Kind } from "../../tiles";
import { WP_KINDS } from "./tiles";

export const DEALER_TILES = 28;
export const OTHER_TILES = 27;
export const FLOWER_WALL = 16;

export interface WpDealSeat {
  /** Concealed tile ids (never a flower once the deal is done). */
  pool: number[];
  /** Flowers laid out, in the order they were laid out. */
  flowers: number[];
  /** The tile the seat received last in the deal (the dealer's 28th, or its replacement); null for the opponent. */
  drawn: number | null;
}

/** A replacement drawn for a flower (or, in play, a kong): where it came from. */
export interface Replacement {
  seat: Seat;
  /** The flower laid out (tile id), or null for a kong. */
  flower: number | null;
  tile: number;
  from: "flower-wall" | "wall-end";
}

export interface WpWalls {
  /** Live wall in draw order: the next draw is `wall[0]`. */
  wall: number[];
  /** Flower wall in draw order: the next replacement is `flowerWall[0]`. */
  flowerWall: number[];
}

export interface WpDeal extends WpWalls {
  rng: RngState;
  /** Cosmetic: the die the dealer threw to break the wall. */
  die: number;
  dealer: Seat;
  /** Indexed by seat. */
  seats: WpDealSeat[];
  replacements: Replacement[];
}

/** Next ordinary draw (head of the live wall), or null when the wall is used up. Mutates `w`. */
export function drawTile(w: WpWalls): number | null {
  return w.wall.length ? w.wall.shift()! : null;
}

/**
 * Next replacement (for a flower or a kong): from the flower wall, then from the end of the live
 * wall (Ruling). Null when both are empty. Mutates `w`.
 */
export function drawReplacement(w: WpWalls): { tile: number; from: Replacement["from"] } | null {
  if (w.flowerWall.length) return { tile: w.flowerWall.shift()!, from: "flower-wall" };
  if (w.wall.length) return { tile: w.wall.pop()!, from: "wall-end" };
  return null;
}

/** The wall is used up when the live wall is empty (Ruling: the flower wall is not drawn in turn). */
export const wallUsedUp = (w: WpWalls) => w.wall.length === 0;

/**
 * Takes a newly received tile into a seat: a flower is laid out and replaced at once (and so on
 * while replacements are flowers). Returns the tile that finally stays in the pool, or null when
 * nothing is left to replace from. Mutates `seat`, `w` and `log`.
 */
export function receive(seat: WpDealSeat, seatNo: Seat, tile: number, w: WpWalls, log: Replacement[], kinds: readonly Kind[] = WP_KINDS): number | null {
  let t: number | null = tile;
  while (t !== null && isFlower(kinds[t]!)) {
    seat.flowers.push(t);
    const r = drawReplacement(w);
    if (r) log.push({ seat: seatNo, flower: t, tile: r.tile, from: r.from });
    t = r ? r.tile : null;
  }
  if (t !== null) seat.pool.push(t);
  return t;
}

/** Deals a game from its seed. `dealer` is the seat that is East this game (it alternates in a match). */
export function dealWp(seed: string | RngState, dealer: Seat = 0): WpDeal {
  const rng = typeof seed === "string" ? seedRng(seed) : seed;
  const ids = WP_KINDS.map((_, id) => id);
  let all = shuffle(rng, ids);
  const die = nextInt(rng, 6) + 1;
  all = [...all.slice(die * 2), ...all.slice(0, die * 2)];
  const walls: WpWalls = { wall: all.slice(0, all.length - FLOWER_WALL), flowerWall: all.slice(all.length - FLOWER_WALL).reverse() };
  const seats: WpDealSeat[] = [0, 1].map(() => ({ pool: [], flowers: [], drawn: null }));
  const order: Seat[] = [dealer, 1 - dealer];
  const dealt: number[][] = [[], []];
  const take = (seat: Seat, n: number) => {
    for (let i = 0; i < n; i++) dealt[seat]!.push(walls.wall.shift()!);
  };
  for (let round = 0; round < 6; round++) for (const s of order) take(s, 4);
  take(dealer, DEALER_TILES - 24);
  take(1 - dealer, OTHER_TILES - 24);
  // Flowers: the dealer lays out and replaces first, then the opponent.
  const replacements: Replacement[] = [];
  for (const s of order) {
    const seat = seats[s]!;
    for (const id of dealt[s]!) if (!isFlower(WP_KINDS[id]!)) seat.pool.push(id);
    for (const id of dealt[s]!) if (isFlower(WP_KINDS[id]!)) receive(seat, s, id, walls, replacements);
  }
  const d = seats[dealer]!;
  const last = dealt[dealer]!.at(-1)!;
  d.drawn = isFlower(WP_KINDS[last]!) ? (d.pool.at(-1) ?? null) : last;
  return { rng, die, dealer, seats, replacements, ...walls };
}

/** Seat winds per rack (RULES §5): the dealer's racks are East and South, the opponent's West and North. */
export function rackWinds(seat: Seat, dealer: Seat): [Kind, Kind] {
  return seat === dealer ? [windKind("E"), windKind("S")] : [windKind("W"), windKind("N")];
}

/** The prevailing wind of game `index` (0-based) of a match: East first, then South, West, North, East… */
export function prevailingWind(index: number): Kind {
  return windKind((["E", "S", "W", "N"] as const)[index % 4]!);
}

/** The dealer of game `index` (0-based) of a match: seat 0 first, then alternating (RULES §5 Matches). */
export const dealerOf = (index: number): Seat => index % 2;
