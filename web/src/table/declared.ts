/**
 * A declared hand as a player reads it (issue 28): its name and value, and its tiles in the line's
 * order — the card line's groups as the card prints them (a group's jokers after its real tiles),
 * exposures included; a hand of a hand list without groups (Wright-Patterson) shows its exposures,
 * then its other tiles sorted so that like tiles stand together (a Seven Pairs as seven pairs).
 */
import { JOKER, type Kind } from "../../../worker/engine/tile-kinds";
import { lineName } from "./card";
import type { RackM } from "./model";

type Declared = NonNullable<RackM["mahjong"]>;

/** The hand's tiles, group by group, in the order to show them. */
export function declaredGroups(m: Declared, exposures: RackM["exposures"]): Kind[][] {
  if (m.groups.length) return m.groups.map((g) => [...Array<Kind>(Math.max(0, g.size - g.jokers)).fill(g.kind), ...Array<Kind>(g.jokers).fill(JOKER)]);
  const rest = m.tiles.map((t) => t.kind).sort((a, b) => (a === JOKER ? 1 : b === JOKER ? -1 : a - b));
  const runs: Kind[][] = [];
  for (const k of rest) {
    const last = runs.at(-1);
    if (last && last[0] === k) last.push(k);
    else runs.push([k]);
  }
  return [...exposures.map((e) => e.tiles.map((t) => t.kind)), ...runs];
}

/** "Consecutive Run, line 2": the card line's name, or the hand list's name the view carries. */
export const declaredName = (m: Declared): string => m.label ?? lineName(m.line);

/** "Mah Jongg: Consecutive Run, line 2, 30 points, jokerless". */
export const declaredWords = (m: Declared): string => `Mah Jongg: ${declaredName(m)}, ${m.value} points${m.jokerless ? ", jokerless" : ""}`;
