/**
 * Which of the player's two racks each concealed tile sits on. The engine keeps one pool
 * (RULES §3: concealed tiles move between racks freely), so this is the player's own
 * arrangement, kept on this device per game. How it follows the game is pure (model.ts);
 * here it is stored.
 */
import type { Arrangement } from "./model";

export { atomicRacks, reconcile, type Arrangement } from "./model";

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
