/**
 * Physical tiles: one id per tile (its index in the dealt sets), kinds for matching.
 * Racks and the wall hold ids; rules look at kinds.
 */
import { JOKER, tileSets, type Kind, type TileSetName } from "../tiles";
import type { Group } from "../card/api";

const SETS = new Map<string, Kind[]>();

/** `kinds[id]` for S sets of a tile set; shared, never mutated. */
export function kindsOf(name: TileSetName, sets = 1): readonly Kind[] {
  const key = `${name}×${sets}`;
  let k = SETS.get(key);
  if (!k) SETS.set(key, (k = tileSets(name, sets)));
  return k;
}

/** A tile as it leaves the engine in a view or an event. */
export interface TileRef {
  id: number;
  kind: Kind;
}

export const ref = (kinds: readonly Kind[], id: number): TileRef => ({ id, kind: kinds[id]! });

/**
 * Takes `n` tiles of `kind` out of `pool` (lowest ids first, so a move never needs to name
 * which physical copy it means). Returns the ids taken, or null if the pool has fewer.
 */
export function takeKind(pool: number[], kinds: readonly Kind[], kind: Kind, n: number): number[] | null {
  if (n === 0) return [];
  const found: number[] = [];
  for (const id of pool) if (kinds[id] === kind) found.push(id);
  if (found.length < n) return null;
  found.sort((a, b) => a - b).length = n;
  for (const id of found) pool.splice(pool.indexOf(id), 1);
  return found;
}

/**
 * The tiles a Mah Jongg declaration exposes: the claimed discard (if any) first, then the rest of
 * `fromPool` (kinds) taken out of `pool`, one by one. `fromPool` itself is left as it is.
 */
export function takeDeclared(pool: number[], kinds: readonly Kind[], fromPool: readonly Kind[], claimed: number | null): number[] {
  const tiles: number[] = [];
  const need = fromPool.slice();
  if (claimed !== null) {
    need.splice(need.indexOf(kinds[claimed]!), 1);
    tiles.push(claimed);
  }
  for (const k of need) tiles.push(...takeKind(pool, kinds, k, 1)!);
  return tiles;
}

export function countOf(pool: readonly number[], kinds: readonly Kind[], kind: Kind): number {
  let n = 0;
  for (const id of pool) if (kinds[id] === kind) n++;
  return n;
}

/** Counts per kind of a list of groups (jokers counted as JOKER). */
export function groupKinds(groups: readonly Group[]): Kind[] {
  const out: Kind[] = [];
  for (const g of groups) {
    for (let i = 0; i < g.size - g.jokers; i++) out.push(g.kind);
    for (let i = 0; i < g.jokers; i++) out.push(JOKER);
  }
  return out;
}
