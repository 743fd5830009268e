/**
 * How the service times chinese-ming (see paceOf in the engine entry): a fresh clock for every turn
 * and every claim window; a window's deadline is the option windowHours (default 12), after which
 * silence is a pass. Keys count the discards of the hand, so no two windows or turns share one.
 */
import type { ChineseState } from "./state";

export function paceOf(s: ChineseState): { key: string; hours: number | null } {
  const h = s.hand;
  // Every discard made this hand: still on the table, in a claimed meld, or taken without a new meld
  // (taken instead of drawing, or the fourth tile added to an exposed pung).
  const discards = h.discards.length + h.seats.reduce((t, p) => t + p.melds.filter((m) => m.claimed !== null).length, 0) + (h.taken ?? 0);
  if (h.phase === "window") return { key: `window:${h.number}:${discards}`, hours: s.options.windowHours ?? 12 };
  return { key: `turn:${h.number}:${discards}`, hours: null };
}
