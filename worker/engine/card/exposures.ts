/**
 * Exposed groups are fixed: each must be exactly one group of the line with the same tile and
 * size, and its tiles (and jokers) serve no other group. A concealed (C) line allows no exposure.
 */
import { JOKER, KIND_COUNT, isFlower, tileName, type Kind } from "../tile-kinds";
import type { Card, Group } from "./api";
import { compiled, type Candidate, type CompiledLine, type Need } from "./compile";

const SIZE_NAMES = ["", "single", "pair", "pung", "kong", "quint", "sextet"];

/** "a pung of 7 Dots", "a kong of North", "a pair of flowers". */
export function describeGroup(g: Group): string {
  const name = isFlower(g.kind) ? "flowers" : tileName(g.kind);
  return g.size === 1 ? `a single ${name}` : `a ${SIZE_NAMES[g.size] ?? `group of ${g.size}`} of ${name}`;
}

/** Throws on a malformed exposure (a bug in the caller, not a player's mistake). */
export function checkExposures(exposures: Group[]): void {
  // (x | 0) === x: a whole number in 32 bits (the bounds checked next are far inside), as Number.isInteger but inlined
  for (let i = 0; i < exposures.length; i++) {
    const e = exposures[i]!;
    if ((e.kind | 0) !== e.kind || e.kind < 0 || e.kind === JOKER || e.kind >= KIND_COUNT)
      throw new RangeError(`an exposure must name a tile kind, got ${e.kind}`);
    if ((e.size | 0) !== e.size || e.size < 1 || e.size > 6) throw new RangeError(`an exposure has 1 to 6 tiles, got ${e.size}`);
    if ((e.jokers | 0) !== e.jokers || e.jokers < 0 || e.jokers > e.size)
      throw new RangeError(`${describeGroup(e)} cannot hold ${e.jokers} jokers`);
    if (e.jokers > 0 && e.size < 3) throw new RangeError(`${describeGroup(e)} cannot hold a joker (jokers only in groups of 3 or more)`);
  }
}

/** For each exposure, the index of the candidate slot it stands for, or null if they do not fit. */
export function assignSlots(c: Candidate, exposures: Group[]): number[] | null {
  const taken: number[] = [];
  for (const e of exposures) {
    const i = c.slots.findIndex((s, i) => s.kind === e.kind && s.size === e.size && !taken.includes(i));
    if (i < 0) return null;
    taken.push(i);
  }
  return taken;
}

/** Can every exposure sit in its own slot of the candidate (same kind and size)? `assignSlots` without the allocation. */
export function fitsSlots(c: Candidate, exposures: Group[]): boolean {
  const slots = c.slots;
  for (let a = 0; a < exposures.length; a++) {
    const { kind, size } = exposures[a]!;
    let wanted = 1;
    for (let b = 0; b < a; b++) if (exposures[b]!.kind === kind && exposures[b]!.size === size) wanted++;
    for (let i = 0; i < slots.length && wanted > 0; i++) if (slots[i]!.kind === kind && slots[i]!.size === size) wanted--;
    if (wanted > 0) return false;
  }
  return true;
}

/** What the candidate still needs once the exposures fill their slots; null if they do not fit. */
export function residual(c: Candidate, exposures: Group[]): Need | null {
  if (exposures.length === 0) return c;
  if (!fitsSlots(c, exposures)) return null;
  const strict = c.strict.slice();
  const flex = c.flex.slice();
  for (const e of exposures) {
    const i = c.kinds.indexOf(e.kind);
    if (e.size >= 3) flex[i]! -= e.size;
    else strict[i]! -= e.size;
  }
  return { kinds: c.kinds, strict, flex };
}

/** Lines (and their residual needs) still possible for a rack with these exposures. */
export function* openOptions(card: Card, exposures: Group[]): Generator<{ line: CompiledLine; cand: Candidate; need: Need }> {
  for (const line of compiled(card)) {
    if (exposures.length > 0 && line.line.concealed) continue;
    for (const cand of line.candidates) {
      const need = residual(cand, exposures);
      if (need) yield { line, cand, need };
    }
  }
}
