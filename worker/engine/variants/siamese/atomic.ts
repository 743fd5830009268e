/**
 * The Atomic hand (RULES §3): declared right after the deal, it lives on rack 1, which starts with
 * 13 tiles; no tile moves between the racks unless the player abandons it; no number repeats (the
 * card validator checks that of every Atomic line).
 *
 * Rulings:
 * - "Right after the deal" is the player's first turn: East before the first discard, West before
 *   their first discard, and only with no exposure made yet.
 * - The player chooses the 13 tiles. `legalMoves` offers the engine's pick for each Atomic line
 *   (the tiles of that line already held, filled up with the tiles least useful elsewhere); `apply`
 *   accepts any 13 concealed tiles, as a discard accepts any held tile.
 * - The tile drawn this turn is on neither rack until the discard: discarding a rack-1 tile puts the
 *   drawn tile in its place; after a claim (no drawn tile) only rack-2 tiles can be discarded.
 * - Rack 1 takes no exposure while it is Atomic, and only an Atomic line can be declared on it (with
 *   its 13 tiles and the drawn or claimed tile). Atomic lines are declared nowhere else.
 * - Giving the Atomic hand up is a move of its own, on one's turn; it cannot be declared again.
 */
import type { Seat } from "../../api";
import type { Card, CardModule } from "../../card/api";
import { JOKER, KIND_COUNT, type Kind } from "../../tiles";
import type { SeatState, SiameseState } from "./state";

export const ATOMIC_RACK = 0;
export const ATOMIC_TILES = 13;

const atomicOnly = new WeakMap<Card, Card | null>();
const oneLine = new WeakMap<Card, Card[]>();

/** The card's Atomic lines as a card of their own (null when it has none). */
export function atomicCard(card: Card): Card | null {
  let c = atomicOnly.get(card);
  if (c === undefined) {
    const lines = card.lines.filter((l) => l.atomic);
    atomicOnly.set(card, (c = lines.length ? { id: `${card.id}:atomic`, name: `${card.name} (Atomic)`, lines } : null));
  }
  return c;
}

const withoutAtomic = new WeakMap<Card, Card>();

/** The card without its Atomic lines (the card itself when it has none): what a rack that is not Atomic can make. */
export function plainCard(card: Card): Card {
  let c = withoutAtomic.get(card);
  if (!c) withoutAtomic.set(card, (c = atomicCard(card) ? { ...card, id: `${card.id}:plain`, lines: card.lines.filter((l) => !l.atomic) } : card));
  return c;
}

/** Is rack `rack` of this seat the Atomic rack right now? */
export const isAtomicRack = (me: SeatState, rack: number) => rack === ATOMIC_RACK && me.atomic !== undefined;

/** The tile drawn this turn while it is on neither rack (an Atomic player only). */
export function loose(me: SeatState): number | null {
  const d = me.drawn;
  return d !== null && me.atomic !== undefined && !me.atomic.includes(d) && me.pool.includes(d) ? d : null;
}

/** The concealed tiles the other rack may use: all of them, less the Atomic rack's (the loose tile included). */
export function sideOf(me: SeatState): number[] {
  const a = me.atomic;
  return a === undefined ? me.pool : me.pool.filter((id) => !a.includes(id));
}

/** The tiles an Atomic declaration may use: rack 1's 13 and the loose tile. */
export function atomicHand(me: SeatState): number[] {
  const l = loose(me);
  return l === null ? me.atomic! : [...me.atomic!, l];
}

/**
 * What rack `rack` declares from: the Atomic rack from its 13 tiles (and the loose one) against the
 * Atomic lines only; any other rack from the tiles not on the Atomic rack against the other lines.
 */
export function rackSource(card: Card, me: SeatState, rack: number): { ids: number[]; card: Card; atomic: boolean } {
  return isAtomicRack(me, rack) ? { ids: atomicHand(me), card: atomicCard(card)!, atomic: true } : { ids: sideOf(me), card, atomic: false };
}

/** May `seat` declare the Atomic hand now? Its first turn, nothing exposed or declared, never given up, a card with Atomic lines. */
export function mayDeclare(card: Card, s: SiameseState, seat: Seat): boolean {
  const me = s.seats[seat]!;
  if (s.turn !== seat || me.atomic !== undefined || me.atomicAbandoned || me.stopped || !atomicCard(card)) return false;
  return me.racks.every((r) => r.exposures.length === 0 && !r.mahjong && !r.dead);
}

/** Why an Atomic declaration of `tiles` is refused, or null when it is fine. */
export function badDeclaration(me: SeatState, tiles: unknown): string | null {
  if (!Array.isArray(tiles) || tiles.length !== ATOMIC_TILES) return `the Atomic hand starts with exactly ${ATOMIC_TILES} tiles on rack 1`;
  const seen = new Set<number>();
  for (const id of tiles) {
    if (!Number.isInteger(id) || !me.pool.includes(id)) return "the Atomic rack can only hold tiles you hold concealed";
    if (seen.has(id)) return "a tile can be on the Atomic rack only once";
    seen.add(id);
  }
  return null;
}

/** The kinds of `distinct` (ascending, no joker) one Atomic line keeps, per line and set of kinds (`key`: a bit each, kinds being fewer than 53): the same pool asks again (its draw and discard phases, every list of moves). */
const kept = new WeakMap<Card, Map<number, Kind[] | null>>();

/**
 * The held kinds (of `distinct`) the line's nearest way keeps: completed with what it needs, the
 * nearest way is laid out, and its kinds that are held are the ones to keep. Null when the line is
 * out of reach. Shared: never changed.
 */
function keptKinds(cards: CardModule, line: Card, distinct: Kind[], key: number): Kind[] | null {
  let memo = kept.get(line);
  if (!memo) kept.set(line, (memo = new Map()));
  let have = memo.get(key);
  if (have !== undefined) return have;
  have = null;
  const near = cards.tilesAway(distinct, [], line)[0];
  if (near) {
    const full = near.away === 0 ? near : cards.tilesAway([...distinct, ...near.needed], [], line)[0];
    if (full?.arrangement) have = distinct.filter((k) => full.arrangement!.some((g) => g.kind === k && g.jokers < g.size));
  }
  if (memo.size >= 4096) memo.clear();
  memo.set(key, have);
  return have;
}

/**
 * The engine's pick of 13 tiles for each Atomic line (distinct picks only, ids ascending): the kinds
 * of the line already held (the line's nearest way, completed with the tiles it still needs, names
 * them), then the loneliest other tiles (fewest of their kind held; jokers, which no single can use, last).
 */
export function picks(cards: CardModule, card: Card, me: SeatState, kinds: readonly Kind[]): number[][] {
  const atomic = atomicCard(card);
  if (!atomic) return [];
  let lines = oneLine.get(card);
  if (!lines) oneLine.set(card, (lines = atomic.lines.map((l) => ({ id: `${card.id}:${l.id}`, name: l.id, lines: [l] }))));
  const pool = me.pool;
  // how many of each kind, and the lowest id of each
  const count = COUNT.fill(0);
  const lowest = LOWEST.fill(NONE);
  for (const id of pool) {
    const k = kinds[id]!;
    count[k]!++;
    if (id < lowest[k]!) lowest[k] = id;
  }
  // the kinds held (no joker), ascending; and as one number (a bit each) for keptKinds
  const distinct: Kind[] = [];
  let set = 0;
  for (let k = 0; k < KIND_COUNT; k++)
    if (count[k]! > 0 && k !== JOKER) {
      distinct.push(k);
      set += 2 ** k;
    }
  // The fill-up order, worked out once: the loneliest tiles first (fewest of their kind), jokers last, then by kind and id.
  const keys = new Int32Array(pool.length);
  for (let i = 0; i < pool.length; i++) {
    const id = pool[i]!;
    const k = kinds[id]!;
    keys[i] = (((k === JOKER ? 1 : 0) * 256 + count[k]!) * 64 + k) * 4096 + id;
  }
  keys.sort();
  const out: number[][] = [];
  const seen = new Set<string>();
  for (const line of lines) {
    const kept = keptKinds(cards, line, distinct, set);
    if (!kept) continue;
    const have = kept.slice();
    // A line already complete at the deal: keep the drawn tile loose, so it can be declared at once.
    if (have.length > ATOMIC_TILES) {
      const drawn = me.drawn !== null ? kinds[me.drawn]! : -1;
      have.splice(have.includes(drawn) ? have.indexOf(drawn) : have.length - 1, 1);
    }
    // one tile of each kind kept (the lowest id), then the fill-up order
    const tiles: number[] = [];
    for (const k of have) tiles.push(lowest[k]!);
    for (let i = 0; i < keys.length && tiles.length < ATOMIC_TILES; i++) {
      const id = keys[i]! % 4096;
      if (!tiles.includes(id)) tiles.push(id);
    }
    tiles.sort((a, b) => a - b);
    const key = tiles.join(",");
    if (!seen.has(key)) {
      seen.add(key);
      out.push(tiles);
    }
  }
  return out;
}
const COUNT = new Int32Array(KIND_COUNT);
const NONE = 2 ** 30;
const LOWEST = new Int32Array(KIND_COUNT);
