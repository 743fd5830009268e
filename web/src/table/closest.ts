/**
 * A hint in tiles: the closest way a rack can make one card line, as the line's groups of
 * concrete tiles, each tile marked as one the player holds, a joker standing in, one already
 * exposed, or one still needed. The choice of suits and numbers is the one tilesAway counts
 * (fewest tiles away, then fewest jokers), so the tiles agree with the "n tiles away" beside them.
 */
import { JOKER, countKinds, type Kind } from "../../../worker/engine/tile-kinds";
import type { Card, Group } from "../../../worker/engine/card/api";
import { allocate } from "../../../worker/engine/card/allocate";
import { closestCandidate } from "../../../worker/engine/card/away";
import { compiled } from "../../../worker/engine/card/compile";
import { assignSlots } from "../../../worker/engine/card/exposures";

export type HintTileState = "have" | "joker" | "exposed" | "need";

export interface HintGroup {
  kind: Kind;
  size: number;
  /** One entry per tile of the group, in the order to show them: held, jokers, then needed. */
  tiles: HintTileState[];
}

export interface Closest {
  away: number;
  groups: HintGroup[];
}

/** The closest arrangement of `lineId` for one rack, or null when its exposures rule the line out. */
export function closestTiles(pool: Kind[], exposures: Group[], card: Card, lineId: string): Closest | null {
  const line = compiled(card).find((l) => l.line.id === lineId);
  if (!line || (exposures.length > 0 && line.line.concealed)) return null;
  const counts = countKinds(pool);
  const best = closestCandidate(counts, line, exposures);
  if (!best) return null;
  const share = allocate(counts, [best.need])[0]!;
  const real = new Map<Kind, number>();
  const jokers = new Map<Kind, number>();
  best.need.kinds.forEach((k, i) => {
    real.set(k, share.real[i]!);
    jokers.set(k, share.jokers[i]!);
  });
  const assigned = assignSlots(best.cand, exposures) ?? [];
  const groups: HintGroup[] = best.cand.slots.map((s) => ({ kind: s.kind, size: s.size, tiles: [] }));
  const take = (m: Map<Kind, number>, k: Kind, n: number) => {
    const got = Math.min(n, m.get(k) ?? 0);
    m.set(k, (m.get(k) ?? 0) - got);
    return got;
  };
  // Singles and pairs take real tiles first (a joker cannot stand in for them), then the groups of 3+.
  const order = best.cand.slots.map((s, i) => i).sort((a, b) => Number(best!.cand.slots[a]!.size >= 3) - Number(best!.cand.slots[b]!.size >= 3));
  for (const i of order) {
    const s = best.cand.slots[i]!;
    const g = groups[i]!;
    const e = assigned.indexOf(i);
    if (e >= 0) {
      g.tiles = Array<HintTileState>(s.size).fill("exposed");
      continue;
    }
    const r = take(real, s.kind, s.size);
    const j = s.size >= 3 ? take(jokers, s.kind, s.size - r) : 0;
    g.tiles = [...Array<HintTileState>(r).fill("have"), ...Array<HintTileState>(j).fill("joker"), ...Array<HintTileState>(s.size - r - j).fill("need")];
  }
  return { away: share.away, groups };
}

/** Kinds a hint group shows per tile: jokers as jokers, everything else as the group's tile. */
export const shownKind = (g: HintGroup, state: HintTileState): Kind => (state === "joker" ? JOKER : g.kind);

/** One concrete way to make a line (the first choice of suits and numbers), for the card viewer. */
export function exampleTiles(card: Card, lineId: string): HintGroup[] | null {
  const cand = compiled(card).find((l) => l.line.id === lineId)?.candidates[0];
  return cand ? cand.slots.map((s) => ({ kind: s.kind, size: s.size, tiles: Array<HintTileState>(s.size).fill("have") })) : null;
}
