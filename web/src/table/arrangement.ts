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
