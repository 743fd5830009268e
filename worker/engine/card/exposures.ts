/**
 * Exposed groups are fixed: each must be exactly one group of the line with the same tile and
 * size, and its tiles (and jokers) serve no other group. A concealed (C) line allows no exposure.
 */
import { JOKER, KIND_COUNT, isFlower, tileName, type Kind } from "../tiles";
import type { Card, Group } from "./api";
import { compiled, type Candidate, type CompiledLine, type Need } from "./compile";

const SIZE_NAMES = ["", "single", "pair", "pung", "kong", "quint", "sextet"];

/** "a pung of 7 Dots", "a kong of North", "a pair of flowers". */
export function describeGroup(g: Group): string {
  const name = isFlower(g.kind) ? "flowers" : tileName(g.kind);
  return g.size === 1 ? `a single ${name}` : `a ${SIZE_NAMES[g.size] ?? `group of ${g.size}`} of ${name}`;
}

export function describeGroups(gs: Group[]): string {
  const parts = gs.map(describeGroup);
  return parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} together with ${parts.at(-1)}`;
}

/** Throws on a malformed exposure (a bug in the caller, not a player's mistake). */
export function checkExposures(exposures: Group[]): void {
  for (const e of exposures) {
    if (!Number.isInteger(e.kind) || e.kind < 0 || e.kind === JOKER || e.kind >= KIND_COUNT)
      throw new RangeError(`an exposure must name a tile kind, got ${e.kind}`);
    if (!Number.isInteger(e.size) || e.size < 1 || e.size > 6) throw new RangeError(`an exposure has 1 to 6 tiles, got ${e.size}`);
    if (!Number.isInteger(e.jokers) || e.jokers < 0 || e.jokers > e.size)
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

const slotIndex = new WeakMap<Card, Map<number, { line: CompiledLine; cand: Candidate }[]>>();

/** The candidates (in card order, with their line) that have a slot of `g`'s kind and size: the only ones `g` can sit in. */
export function holding(card: Card, g: Group): { line: CompiledLine; cand: Candidate }[] {
  let index = slotIndex.get(card);
  if (!index) {
    index = new Map();
    for (const line of compiled(card))
      for (const cand of line.candidates)
        for (const key of new Set(cand.slots.map((s) => s.kind * 8 + s.size))) {
          let list = index.get(key);
          if (!list) index.set(key, (list = []));
          list.push({ line, cand });
        }
    slotIndex.set(card, index);
  }
  return index.get(g.kind * 8 + g.size) ?? [];
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

type Fit = { ok: true } | { ok: false; message: string };

/**
 * A key for the exposures' kinds and sizes, in order (all that fitting depends on): a number for
 * up to six groups (each kind × size below 361), text beyond.
 */
export function exposureKey(exposures: Group[], n = exposures.length): number | string {
  if (n > 6) return exposures.slice(0, n).map((e) => `${e.kind}x${e.size}`).join(",");
  let key = 0;
  for (let i = 0; i < n; i++) key = key * 361 + exposures[i]!.kind * 8 + exposures[i]!.size + 1;
  return key;
}

const NONE = 0;
const CONCEALED_ONLY = 1;
const FITS = 2;
const code = (g: { kind: Kind; size: number }) => g.kind * 8 + g.size;

/**
 * For exposures that fit some line: what one more group (by code = kind × 8 + size) would do —
 * still fit an exposed (X) line, fit only concealed (C) lines, or fit none. It depends only on the
 * card and the exposures' kinds and sizes, so it is kept per exposure set; a rack meets few of them.
 */
const nexts = new WeakMap<Card, Map<number | string, Uint8Array>>();

/** The table for the first `n` of `exposures`. */
function nextGroups(card: Card, all: Group[], n: number): Uint8Array {
  let byKey = nexts.get(card);
  if (!byKey) nexts.set(card, (byKey = new Map()));
  const key = exposureKey(all, n);
  let next = byKey.get(key);
  if (next) return next;
  const exposures = all.slice(0, n);
  next = new Uint8Array(KIND_COUNT * 8);
  const open = exposures.length === 0 ? compiled(card).flatMap((line) => line.candidates.map((cand) => ({ line, cand }))) : holding(card, exposures[0]!);
  for (const { line, cand } of open) {
    if (!fitsSlots(cand, exposures)) continue;
    for (const slot of cand.slots) {
      const c = code(slot);
      if (next[c] === FITS) continue;
      // a free slot of that kind and size beyond those the exposures take
      let free = 0;
      for (const s of cand.slots) if (s.kind === slot.kind && s.size === slot.size) free++;
      for (const e of exposures) if (e.kind === slot.kind && e.size === slot.size) free--;
      if (free > 0) next[c] = line.line.concealed ? CONCEALED_ONLY : FITS;
    }
  }
  if (byKey.size >= 10_000) byKey.clear(); // only bounds memory
  byKey.set(key, next);
  return next;
}

/** The answer for exposures that fit (shared: nobody changes an answer). */
const FIT: Fit = Object.freeze({ ok: true });

/** Messages already written, by exposure key (a rack that cannot claim a group is asked again next turn). */
const messages = new Map<number | string, string>();

export function exposuresFit(exposures: Group[], card: Card): Fit {
  checkExposures(exposures);
  if (exposures.length === 0) return FIT;
  const last = exposures[exposures.length - 1]!;
  const fit = nextGroups(card, exposures, exposures.length - 1)[code(last)];
  if (fit === FITS) return FIT;
  // The message depends on the exposures and on whether concealed lines take them (2 × key tells both).
  const key = exposureKey(exposures);
  const mkey = typeof key === "number" ? key * 2 + (fit === CONCEALED_ONLY ? 1 : 0) : `${key};${fit}`;
  const known = messages.get(mkey);
  if (known !== undefined) return { ok: false, message: known };
  // Written when read: legal move lists only ask whether a group fits.
  const groups = exposures.slice();
  let message: string | undefined;
  return {
    ok: false,
    get message() {
      if (message === undefined) {
        const what = describeGroups(groups);
        message = fit === CONCEALED_ONLY ? `${what} is only on concealed (C) lines, which allow nothing exposed before Mah Jongg` : `no line on the card has ${what}`;
        if (messages.size >= 20_000) messages.clear(); // only bounds memory
        messages.set(mkey, message);
      }
      return message;
    },
  };
}

export const exposedKinds = (exposures: Group[]): Kind[] =>
  exposures.flatMap((e) => [...Array<Kind>(e.size - e.jokers).fill(e.kind), ...Array<Kind>(e.jokers).fill(JOKER)]);
