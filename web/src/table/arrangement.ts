/**
 * Which of the player's two racks each concealed tile sits on. The engine keeps one pool
 * (RULES §3: concealed tiles move between racks freely), so this is the player's own
 * arrangement, kept on this device per game.
 */
import { sortTiles, type RackM, type T } from "./model";

export type Arrangement = [number[], number[]];

const key = (gameId: string) => `racks:${gameId}`;

export function loadArrangement(gameId: string): Arrangement | null {
  try {
    const a = JSON.parse(localStorage.getItem(key(gameId)) ?? "null");
    return Array.isArray(a) && a.length === 2 ? (a as Arrangement) : null;
  } catch {
    return null;
  }
}

export function saveArrangement(gameId: string, a: Arrangement) {
  try {
    localStorage.setItem(key(gameId), JSON.stringify(a));
  } catch {
    /* private mode: the arrangement lasts for this visit only */
  }
}

const rackSize = (r: RackM | undefined) => (r ? r.exposures.reduce((n, e) => n + e.tiles.length, 0) + (r.mahjong ? r.mahjong.tiles.length : 0) : 0);

/**
 * The racks of a player going for the Atomic hand (RULES §3): rack 1 is exactly the Atomic
 * tiles, in the player's order, a tile that just took a discarded tile's place standing where
 * that tile stood; rack 2 holds the rest of the pool (the drawn tile included) in the player's order.
 */
export function atomicRacks(prev: Arrangement | null, pool: T[], atomic: T[]): Arrangement {
  const on1 = new Set(atomic.map((t) => t.id));
  const kept = (prev?.[0] ?? []).filter((id) => on1.has(id));
  const newcomers = sortTiles(atomic.filter((t) => !kept.includes(t.id)), "suit").map((t) => t.id);
  const rack1: number[] = [];
  for (const id of prev?.[0] ?? []) {
    if (on1.has(id)) rack1.push(id);
    else if (newcomers.length && !pool.some((t) => t.id === id)) rack1.push(newcomers.shift()!); // the discarded tile's place
  }
  rack1.push(...newcomers);
  const rest = pool.filter((t) => !on1.has(t.id));
  const restIds = new Set(rest.map((t) => t.id));
  const rack2 = [...(prev?.[1] ?? []), ...(prev?.[0] ?? [])].filter((id) => restIds.has(id));
  const placed = new Set(rack2);
  rack2.push(...sortTiles(rest.filter((t) => !placed.has(t.id)), "suit").map((t) => t.id));
  return [rack1, rack2];
}

/**
 * Brings an arrangement up to date with the pool: tiles that left are dropped, new tiles go
 * to the rack that is furthest from 14 (a declared or dead rack takes nothing new if the other can).
 */
export function reconcile(prev: Arrangement | null, pool: T[], racks: RackM[]): Arrangement {
  const ids = new Set(pool.map((t) => t.id));
  if (!prev) {
    const sorted = sortTiles(pool, "suit").map((t) => t.id);
    const first = Math.max(0, 14 - rackSize(racks[0]));
    return [sorted.slice(0, first), sorted.slice(first)];
  }
  const out: Arrangement = [prev[0].filter((id) => ids.has(id)), prev[1].filter((id) => ids.has(id))];
  const placed = new Set([...out[0], ...out[1]]);
  for (const t of pool) {
    if (placed.has(t.id)) continue;
    const closed = (i: number) => !!racks[i]?.mahjong || !!racks[i]?.dead;
    const room = (i: number) => (closed(i) ? -100 : 14 - rackSize(racks[i]) - out[i]!.length);
    out[room(1) > room(0) ? 1 : 0].push(t.id);
  }
  return out;
}
