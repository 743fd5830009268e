/**
 * What every ruleset's sampled world shares: the tiles a seat has seen (every tile ref in its view),
 * the tiles it has not (the rest of the sets), and dealing those out at random to the places it
 * cannot see. A world is a whole game state built from one seat's view alone: the seat's own tiles,
 * everything public as the view shows it, and the hidden places (the other seats' concealed tiles,
 * the wall) filled with the unseen tiles in a random order. It never reads the game's state.
 */
import { shuffle, type RngState } from "../random";
import type { Kind } from "../tiles";

export interface Ref {
  id: number;
  kind: number;
}

/** A view's tile refs by id: every {id, kind} anywhere in it (finished hands and results aside: they are not on the table). */
export function seenIds(view: unknown): Map<number, Kind> {
  const seen = new Map<number, Kind>();
  const walk = (x: unknown): void => {
    if (!x || typeof x !== "object") return;
    if (Array.isArray(x)) {
      for (const y of x) if (y && typeof y === "object") walk(y);
      return;
    }
    const o = x as Record<string, unknown>;
    if (typeof o.id === "number" && typeof o.kind === "number" && Object.keys(o).length === 2) {
      seen.set(o.id, o.kind);
      return;
    }
    for (const k in o) {
      if (k === "result" || k === "hands" || k === "games") continue;
      const y = o[k];
      if (y && typeof y === "object") walk(y);
    }
  };
  walk(view);
  return seen;
}

/** The ids of `kinds` (a game's tiles by id) that the view does not show, in id order. */
export function unseenIds(kinds: readonly Kind[], seen: ReadonlyMap<number, Kind>): number[] {
  const out: number[] = [];
  for (let id = 0; id < kinds.length; id++) if (!seen.has(id)) out.push(id);
  return out;
}

/** A world cannot be built: the view does not add up (a bug, or a view of a kind no world knows). */
export class WorldError extends Error {}

/**
 * Deals the unseen tiles at random: `counts[i]` tiles to hidden place i (each place may refuse
 * some tiles, e.g. a concealed hand never holds a flower: `allows`), the rest to the last place
 * (the wall). The total must match the view's counts exactly.
 */
export function dealHidden(rng: RngState, unseen: readonly number[], counts: readonly number[], wallCount: number, allows?: (place: number, id: number) => boolean): { places: number[][]; wall: number[] } {
  const need = counts.reduce((a, b) => a + b, 0) + wallCount;
  if (need !== unseen.length) throw new WorldError(`the view hides ${unseen.length} tiles but its counts add up to ${need}`);
  const order = shuffle(rng, unseen);
  const places: number[][] = counts.map(() => []);
  const wall: number[] = [];
  if (!allows) {
    let at = 0;
    counts.forEach((n, i) => {
      places[i] = order.slice(at, at + n);
      at += n;
    });
    wall.push(...order.slice(at));
    return { places, wall };
  }
  // tiles a place refuses go to the wall; the wall's tiles any place allows fill what is left
  const spare: number[] = [];
  for (const id of order) {
    let put = false;
    for (let i = 0; i < counts.length && !put; i++) if (places[i]!.length < counts[i]! && allows(i, id)) places[i]!.push(id), (put = true);
    if (!put) spare.push(id);
  }
  for (let i = 0; i < counts.length; i++) {
    if (places[i]!.length < counts[i]!) throw new WorldError(`no unseen tiles left for hidden place ${i}`);
  }
  // shuffled again: the tiles no place took would otherwise lie early in the wall
  wall.push(...shuffle(rng, spare));
  return { places, wall };
}

/** The state's tile ids of a list of refs. */
export const idsOf = (refs: readonly Ref[] | null | undefined): number[] => (refs ?? []).map((r) => r.id);
