/**
 * Which exposures a card allows, kept per card as a tree of exposure lists (declarable.ts keeps
 * its index at the same nodes). Apart from exposures.ts because only the engine asks these
 * questions: the web app's hints load exposures.ts without them.
 */
import { JOKER, KIND_COUNT, type Kind } from "../tile-kinds";
import type { Card, Group } from "./api";
import { compiled, type Candidate, type CompiledLine } from "./compile";
import { checkExposures, describeGroup, fitsSlots } from "./exposures";

export function describeGroups(gs: Group[]): string {
  const parts = gs.map(describeGroup);
  return parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} together with ${parts.at(-1)}`;
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

type Fit = { ok: true } | { ok: false; message: string };

const NONE = 0;
const CONCEALED_ONLY = 1;
const FITS = 2;
const code = (g: { kind: Kind; size: number }) => g.kind * 8 + g.size;

/**
 * What is kept per card for one list of exposures by kind and size (all that the card questions
 * depend on): a node of a tree keyed by each group's code = kind × 8 + size, the codes in ascending
 * order. The answers kept depend on the exposures as a collection, not on the order they were made
 * in (which candidates take them all, what they leave, which group still fits), so one node serves
 * every order of the same groups: a rack meets few collections in a game and asks about each again
 * and again, and a simulation of many games builds far fewer of these answers.
 */
export interface ExposureNode {
  children: Map<number, ExposureNode>;
  /** What one more group (by code) would do: still fit an exposed (X) line, fit only concealed (C) lines, or fit none. */
  next: Uint8Array | null;
  /** exposuresFit's refusals of one more group, by the codes of the exposures in their own order and the group's ("1 2 3"): its words name them in that order. */
  refusals: Map<string, Fit> | null;
  /** declarable's index for exactly these exposures. */
  index: unknown;
}

const newNode = (): ExposureNode => ({ children: new Map(), next: null, refusals: null, index: null });

/** Nodes found last, by their codes (below): a list of up to MEMO_MOST exposures is found again without walking the tree. */
const MEMO = 64;
const MEMO_MOST = 5;

/**
 * A card's tree, and the nodes found last: the racks of a game ask about the same few lists of
 * exposures again and again (each listing of moves asks about a rack two or three times), and a
 * lookup of every code in a Map per question cost more than the question's own work. `memoKey`:
 * the list's length and sorted codes as one number (codes are below 512, so five fit exactly).
 */
interface Tree {
  root: ExposureNode;
  nodes: number;
  memoKey: Float64Array;
  memoNode: (ExposureNode | null)[];
}
const newTree = (): Tree => ({ root: newNode(), nodes: 0, memoKey: new Float64Array(MEMO).fill(-1), memoNode: new Array<ExposureNode | null>(MEMO).fill(null) });
const trees = new WeakMap<Card, Tree>();
// The card asked about last (one card at a time in practice): its tree without a WeakMap lookup.
let lastCard: Card | null = null;
let lastTree: Tree | null = null;

/** The codes of the node being looked up, ascending (a rack has a handful of exposures; a longer list grows it). */
let SORTED = new Int32Array(16);

/** The node for the first `n` of `exposures` (all of them by default), in whatever order they were made. */
export function exposureNode(card: Card, exposures: Group[], n = exposures.length): ExposureNode {
  let tree = card === lastCard ? lastTree : trees.get(card);
  if (!tree) trees.set(card, (tree = newTree()));
  else if (tree.nodes >= 20_000) {
    // Only bounds memory: longer lists of exposures are dropped, but the answers for none and for
    // one exposure (every rack's first questions, and the costliest indexes to build) are kept.
    for (const child of tree.root.children.values()) child.children.clear();
    tree.nodes = tree.root.children.size;
    tree.memoKey.fill(-1);
    tree.memoNode.fill(null);
  }
  lastCard = card;
  lastTree = tree;
  // the codes in ascending order (insertion sort of a few numbers)
  if (SORTED.length < n) SORTED = new Int32Array(2 * n);
  const sorted = SORTED;
  for (let i = 0; i < n; i++) {
    const c = code(exposures[i]!);
    let j = i;
    for (; j > 0 && sorted[j - 1]! > c; j--) sorted[j] = sorted[j - 1]!;
    sorted[j] = c;
  }
  if (n === 0) return tree.root;
  let key = -1;
  let slot = 0;
  if (n <= MEMO_MOST) {
    key = n;
    let h = n;
    for (let i = 0; i < n; i++) {
      key = key * 512 + sorted[i]!;
      h = (h * 31 + sorted[i]!) | 0;
    }
    slot = h & (MEMO - 1);
    if (tree.memoKey[slot] === key) return tree.memoNode[slot]!;
  }
  let node = tree.root;
  for (let i = 0; i < n; i++) {
    const c = sorted[i]!;
    let child = node.children.get(c);
    if (!child) {
      node.children.set(c, (child = newNode()));
      tree.nodes++;
    }
    node = child;
  }
  if (key >= 0) {
    tree.memoKey[slot] = key;
    tree.memoNode[slot] = node;
  }
  return node;
}

/** The table of what one more group would do, for the first `n` of `exposures` (at `node`). */
function nextGroups(card: Card, all: Group[], n: number, node: ExposureNode): Uint8Array {
  if (node.next) return node.next;
  const exposures = all.slice(0, n);
  const next = new Uint8Array(KIND_COUNT * 8);
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
  return (node.next = next);
}

/** The answer for exposures that fit (shared: nobody changes an answer). */
const FIT: Fit = Object.freeze({ ok: true });

export function exposuresFit(exposures: Group[], card: Card): Fit {
  checkExposures(exposures);
  if (exposures.length === 0) return FIT;
  const node = exposureNode(card, exposures, exposures.length - 1);
  const last = code(exposures[exposures.length - 1]!);
  const fit = nextGroups(card, exposures, exposures.length - 1, node)[last];
  if (fit === FITS) return FIT;
  // The refusal depends on the exposures in order (the words) and on the card (which lines take them): kept at the node, by the order.
  let key = "";
  for (const e of exposures) key += `${code(e)} `;
  const known = node.refusals?.get(key);
  if (known) return known;
  const what = describeGroups(exposures);
  const message = fit === CONCEALED_ONLY ? `${what} is only on concealed (C) lines, which allow nothing exposed before Mah Jongg` : `no line on the card has ${what}`;
  const refusal: Fit = Object.freeze({ ok: false, message });
  (node.refusals ??= new Map()).set(key, refusal);
  return refusal;
}

/**
 * Exactly the sizes s (3 to 6, bit 1 << s) for which `exposuresFit([...exposures, { kind, size: s, jokers }], card).ok`:
 * one walk down the tree and one table for every size (listing the claims of a discard asks all four).
 */
export function fitSizes(exposures: Group[], kind: Kind, card: Card): number {
  checkExposures(exposures);
  // (the kind checked as checkExposures checks a group's, without making one)
  if ((kind | 0) !== kind || kind < 0 || kind === JOKER || kind >= KIND_COUNT) throw new RangeError(`an exposure must name a tile kind, got ${kind}`);
  const next = nextGroups(card, exposures, exposures.length, exposureNode(card, exposures));
  let sizes = 0;
  for (let size = 3; size <= 6; size++) if (next[code({ kind, size })] === FITS) sizes |= 1 << size;
  return sizes;
}
