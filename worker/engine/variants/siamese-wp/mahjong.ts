/**
 * What a Wright-Patterson hand is (RULES §5 "Hands", "Play", dead hands): a Mah Jongg is four sets
 * and a pair (chows allowed) or a special hand of the list, worth the highest limit among the hands
 * its tiles make; chows are claimed only to go Mah Jongg; a rack whose exposures no hand of the
 * list can take is dead, and a player with both hands dead pays a Double or Triple Limit.
 *
 * Ruling (claiming for Mah Jongg): a discard may be claimed for Mah Jongg on a rack when the pool
 * with it holds a complete hand for that rack that the pool alone did not hold (the discard is
 * used; tiles of one kind are alike, so the claimed tile is one of the hand's tiles of that kind).
 * A concealed hand of the list may be completed by a claimed discard, as in `siamese`.
 *
 * Ruling (a chow claim): a chow may be claimed (laid out as an exposure of the claimed tile and two
 * pool tiles) only when, with that chow exposed, the pool then holds a complete hand for the rack:
 * the player declares Mah Jongg in the same turn.
 *
 * Ruling (dead hands): a rack is dead when no hand of the list can take its exposures (e.g. a fifth
 * set, or a kong of 1 Bamboo with a pung of 1 Bamboo); "exposures of two different hands on one
 * rack" is that case. Both hands dead: the offender pays a Double Limit, or a Triple Limit when
 * the opponent has declared a Mah Jongg — on top of that Mah Jongg's own payment (see scoring.ts).
 */
import { isSuited, numberOf, suitOf, type Kind } from "../../tiles";
import { isOrdinary, LIMIT_POINTS, LIMIT_WORDS, WP_HAND_LIST, type HandList, type Limit, type WpHand } from "./hands";
import { awayOnly, matchHands, tilesAway, type WpSet } from "./match";
import { wpTileName } from "./tiles";

export interface MahJongg {
  /** The best hand the tiles make (highest limit; list order among equals). */
  hand: WpHand;
  limit: Limit;
  points: number;
  /** Every hand of the list the tiles make, highest limit first. */
  hands: WpHand[];
}

const SIZE = { chow: 3, pung: 3, kong: 4 } as const;

/**
 * Whether `tiles` (the concealed kinds laid out for the declaration, claimed tile included) with the
 * rack's `exposures` make a Mah Jongg: exactly four sets and a pair (14 tiles, one more per kong),
 * and a hand of the list. Null when not.
 */
export function isMahJongg(tiles: readonly Kind[], exposures: readonly WpSet[] = [], list: HandList = WP_HAND_LIST): MahJongg | null {
  const kongs = exposures.filter((s) => s.type === "kong").length;
  const exposed = exposures.reduce((n, s) => n + SIZE[s.type], 0);
  if (tiles.length + exposed !== 14 + kongs) return null;
  const hands = matchHands(list, { concealed: tiles, exposed: exposures });
  if (!hands.length) return null;
  const hand = hands[0]!;
  return { hand, limit: hand.limit, points: LIMIT_POINTS[hand.limit], hands };
}

/** The value of a Mah Jongg: the limit of the best hand, and its points (Single 25, Double 50, Triple 75). */
export function handValue(tiles: readonly Kind[], exposures: readonly WpSet[] = [], list: HandList = WP_HAND_LIST): { limit: Limit; points: number } | null {
  const m = isMahJongg(tiles, exposures, list);
  return m && { limit: m.limit, points: m.points };
}

/** One rack as the claim and dead-hand rules see it. */
export interface ClaimRack {
  exposed: readonly WpSet[];
  /** False once the rack has declared Mah Jongg or is dead: it takes no more claims. */
  open: boolean;
}

export type WpClaim =
  | { type: "pung" | "kong"; rack: number }
  | { type: "chow"; rack: number; /** lowest tile of the chow */ start: Kind }
  | { type: "mahjong"; rack: number; limit: Limit };

const countOf = (pool: readonly Kind[], k: Kind) => pool.reduce((n, t) => n + (t === k ? 1 : 0), 0);
const without = (pool: readonly Kind[], take: readonly Kind[]) => {
  const out = pool.slice();
  for (const k of take) out.splice(out.indexOf(k), 1);
  return out;
};
/** The best limit among the hands `rack` makes, or null (away 0 on a pool larger than the hand: extra tiles stay aside). */
function bestLimit(list: HandList, concealed: readonly Kind[], exposed: readonly WpSet[]): Limit | null {
  // Any complete hand of shape sets is also a complete ordinary hand (which takes any four sets and
  // a pair): when neither the ordinary hand nor a hand of another shape is complete, none is.
  const rack = { concealed, exposed };
  if (!list.hands.some((h) => (isOrdinary(h) || h.shape !== "sets") && awayOnly(h, rack) === 0)) return null;
  const order: Limit[] = ["triple", "double", "single"];
  let best: Limit | null = null;
  for (const h of list.hands) {
    if (best && order.indexOf(h.limit) >= order.indexOf(best)) continue;
    if (awayOnly(h, { concealed, exposed }) === 0) best = h.limit;
  }
  return best;
}

/** The chows (by lowest tile) that `discard` can make with two tiles of `pool`. */
export function chowsWith(pool: readonly Kind[], discard: Kind): Kind[] {
  if (!isSuited(discard)) return [];
  const out: Kind[] = [];
  for (let start = discard - 2; start <= discard; start++) {
    if (start < 0 || suitOf(start) !== suitOf(discard) || numberOf(start) > 7) continue;
    const others = [start, start + 1, start + 2].filter((k) => k !== discard);
    if (others.every((k) => countOf(pool, k) >= 1)) out.push(start);
  }
  return out;
}

/**
 * The claims a player may make on `discard` (RULES §5 Play): a pung or kong on any open rack as
 * usual; a chow only when it completes the hand (Mah Jongg); Mah Jongg on a rack when the pool with
 * the discard holds a complete hand the pool alone did not. `pool` is the player's concealed pool
 * (kinds, both racks together).
 */
export function claimsAllowed(pool: readonly Kind[], racks: readonly ClaimRack[], discard: Kind, list: HandList = WP_HAND_LIST): WpClaim[] {
  const out: WpClaim[] = [];
  const have = countOf(pool, discard);
  const withIt = [...pool, discard];
  const done = new Map<string, WpClaim[]>(); // racks with the same exposures allow the same claims
  racks.forEach((r, rack) => {
    if (!r.open) return;
    const key = JSON.stringify(r.exposed);
    const same = done.get(key);
    if (same) return void out.push(...same.map((c) => ({ ...c, rack })));
    const from = out.length;
    if (have >= 2) out.push({ type: "pung", rack });
    if (have >= 3) out.push({ type: "kong", rack });
    for (const start of chowsWith(pool, discard)) {
      const tiles = [start, start + 1, start + 2];
      if (bestLimit(list, without(withIt, tiles), [...r.exposed, { type: "chow", kind: start }])) out.push({ type: "chow", rack, start });
    }
    const limit = bestLimit(list, withIt, r.exposed);
    if (limit && !bestLimit(list, pool, r.exposed)) out.push({ type: "mahjong", rack, limit });
    done.set(key, out.slice(from));
  });
  return out;
}

/** The predicate the play code asks before a chow claim: true only when the chow completes the hand. */
export const chowClaimAllowed = (pool: readonly Kind[], rack: ClaimRack, discard: Kind, start: Kind, list: HandList = WP_HAND_LIST) =>
  claimsAllowed(pool, [rack], discard, list).some((c) => c.type === "chow" && c.start === start);

const setWords = (s: WpSet) =>
  s.type === "chow" ? `a chow ${numberOf(s.kind)}-${numberOf(s.kind) + 2} ${wpTileName(s.kind).replace(/^\d+ /, "")}` : `a ${s.type} of ${wpTileName(s.kind)}`;

/**
 * Why a rack with these exposures is dead, in plain words, or null when some hand of the list can
 * still take them (the dead-hand test, for both `prevent` and `enforce`).
 */
export function deadReason(exposed: readonly WpSet[], list: HandList = WP_HAND_LIST): string | null {
  if (list.hands.some((h) => tilesAway(h, { concealed: [], exposed }) !== null)) return null;
  if (exposed.length > 4) return `a hand has four sets and a pair: this rack has ${exposed.length} sets laid out`;
  const words = exposed.map(setWords);
  return `no hand of the list has ${words.slice(0, -1).join(", ")}${words.length > 1 ? " with " : ""}${words.at(-1)}`;
}

/** The penalty when both of a player's hands are dead (RULES §5): a Double Limit, a Triple Limit if the opponent has a Mah Jongg. */
export function deadPenalty(opponentHasMahJongg: boolean): { limit: Limit; points: number; words: string } {
  const limit: Limit = opponentHasMahJongg ? "triple" : "double";
  return { limit, points: LIMIT_POINTS[limit], words: LIMIT_WORDS[limit] };
}
