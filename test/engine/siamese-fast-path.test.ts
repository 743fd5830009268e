/**
 * The Siamese rules ask the card two questions on every turn: which lines can a rack declare (with
 * or without the last discard), and do its exposures still fit a line. The fast answers must be
 * the exact ones. The reference here is the plain way: tilesAway over every line (the card module
 * without its `declarable` fast path) and exposuresFit by trying every candidate of every line.
 */
import { describe, expect, it } from "vitest";
import type { GameOptions } from "../../worker/engine/api";
import { builtinCards, cardModule, exposuresFit, tilesAway, type Group } from "../../worker/engine/card";
import type { Card, CardModule } from "../../worker/engine/card/api";
import { compiled } from "../../worker/engine/card/compile";
import { describeGroups, exposureNode } from "../../worker/engine/card/exposure-tree";
import { assignSlots } from "../../worker/engine/card/exposures";
import { nextInt, seedRng, type RngState } from "../../worker/engine/random";
import { FLOWER, JOKER, countKinds, tileSet, type Kind } from "../../worker/engine/tiles";
import { siameseVariant } from "../../worker/engine/variants/siamese";
import { completions, completionsWith } from "../../worker/engine/variants/siamese/judge";
import { simulateGame } from "../../worker/engine/variants/siamese/simulated";

const card = builtinCards["sample-2026"]!;
const lines = compiled(card);

/** exposuresFit as first written: every candidate of every line. */
function referenceFit(exposures: Group[], c: Card): { ok: true } | { ok: false; message: string } {
  if (exposures.length === 0) return { ok: true };
  let onConcealed = false;
  for (const line of compiled(c)) {
    if (!line.candidates.some((cand) => assignSlots(cand, exposures))) continue;
    if (!line.line.concealed) return { ok: true };
    onConcealed = true;
  }
  const what = describeGroups(exposures);
  return { ok: false, message: onConcealed ? `${what} is only on concealed (C) lines, which allow nothing exposed before Mah Jongg` : `no line on the card has ${what}` };
}

// (tilesAway: the reference, not the module's, which reads declarable's index; no fitSizes: each size asked of exposuresFit)
const reference: CardModule = { ...cardModule, tilesAway, declarable: undefined, declarableWith: undefined, fitSizes: undefined, exposuresFit: referenceFit };

/** A rack near a random line: its 3+ groups partly exposed, the rest concealed, a few tiles swapped for random ones. */
function nearRack(rng: RngState): { pool: Kind[]; exposures: Group[] } {
  const line = lines[nextInt(rng, lines.length)]!;
  const cand = line.candidates[nextInt(rng, line.candidates.length)]!;
  const left = countKinds(tileSet("american"));
  const take = (k: Kind) => (left[k]! > 0 ? (left[k]!--, k) : (left[JOKER]!--, JOKER));
  const pool: Kind[] = [];
  const exposures: Group[] = [];
  for (const s of cand.slots) {
    if (s.size >= 3 && !line.line.concealed && exposures.length < 3 && nextInt(rng, 3) === 0) {
      exposures.push({ kind: s.kind, size: s.size, jokers: 0 });
      for (let i = 0; i < s.size; i++) take(s.kind);
    } else for (let i = 0; i < s.size; i++) pool.push(nextInt(rng, 6) === 0 && left[JOKER]! > 0 ? (left[JOKER]!--, JOKER) : take(s.kind));
  }
  for (let i = nextInt(rng, 3); i > 0 && pool.length > 0; i--) pool.splice(nextInt(rng, pool.length), 1);
  const rest = left.flatMap((n, k) => Array<Kind>(Math.max(0, n)).fill(k));
  while (pool.length + exposures.reduce((t, e) => t + e.size, 0) < 27 && rest.length) pool.push(rest.splice(nextInt(rng, rest.length), 1)[0]!);
  return { pool, exposures };
}

describe("the fast card answers equal the plain ones", () => {
  it("3,000 racks near a line: declarable lines, and lines a claimed discard completes (every kind tried)", () => {
    const rng = seedRng("fast-path-racks");
    let declared = 0;
    let claimed = 0;
    for (let t = 0; t < 3000; t++) {
      const { pool, exposures } = nearRack(rng);
      const fast = completions(cardModule, card, pool, exposures);
      expect(fast).toEqual(completions(reference, card, pool, exposures));
      declared += fast.length;
      const kinds = t % 10 === 0 ? [...Array(FLOWER + 1).keys()] : [nextInt(rng, FLOWER + 1)];
      for (const kind of kinds) {
        const withKind = completionsWith(cardModule, card, pool, exposures, kind);
        expect(withKind, `${pool.join(" ")} + ${JSON.stringify(exposures)} claiming ${kind}`).toEqual(completionsWith(reference, card, pool, exposures, kind));
        claimed += withKind.length;
      }
    }
    expect(declared).toBeGreaterThan(300);
    expect(claimed).toBeGreaterThan(300);
  }, 30_000);

  it("the same tiles asked about again (another rack's exposures, a claimed kind, the tiles changed in place between questions): the plain answers", () => {
    // declarable keeps the counts of the tiles it was asked about last: each question here repeats or changes them
    const rng = seedRng("fast-path-same-tiles");
    let found = 0;
    for (let t = 0; t < 600; t++) {
      const { pool, exposures } = nearRack(rng);
      const kind = nextInt(rng, FLOWER + 1);
      for (const ex of [exposures, [], exposures]) {
        const fast = completions(cardModule, card, pool, ex);
        expect(fast, `${pool.join(" ")} + ${JSON.stringify(ex)}`).toEqual(completions(reference, card, pool, ex));
        found += fast.length;
        expect(completionsWith(cardModule, card, pool, ex, kind)).toEqual(completionsWith(reference, card, pool, ex, kind));
      }
      // one tile changed in place, the same array asked again
      pool[nextInt(rng, pool.length)] = nextInt(rng, FLOWER + 1);
      expect(completions(cardModule, card, pool, exposures), `${pool.join(" ")} changed`).toEqual(completions(reference, card, pool, exposures));
    }
    expect(found).toBeGreaterThan(50);
  }, 30_000);

  it("the tiles asked about last and more after them (a seat's draw-phase question, then its tiles with the drawn one): the plain answers", () => {
    // declarable counts only the difference from the last question when its tiles begin with the last ones:
    // the last question's claimed kind taken back, the tiles after them and its own claimed kind added
    const rng = seedRng("fast-path-more-tiles");
    let found = 0;
    for (let t = 0; t < 600; t++) {
      const { pool, exposures } = nearRack(rng);
      const last = pool.splice(nextInt(rng, pool.length), 1)[0]!;
      const kind = nextInt(rng, FLOWER + 1);
      expect(completionsWith(cardModule, card, pool, exposures, kind)).toEqual(completionsWith(reference, card, pool, exposures, kind));
      // the same array with the drawn tile pushed, then a copy with one more; now and then a claimed kind again
      pool.push(last);
      const fast = completions(cardModule, card, pool, exposures);
      expect(fast, `${pool.join(" ")} + ${JSON.stringify(exposures)} after claiming ${kind}`).toEqual(completions(reference, card, pool, exposures));
      found += fast.length;
      const more = [...pool, nextInt(rng, FLOWER + 1)];
      const again = nextInt(rng, FLOWER + 1);
      expect(completionsWith(cardModule, card, more, exposures, again)).toEqual(completionsWith(reference, card, more, exposures, again));
      expect(completions(cardModule, card, more, exposures)).toEqual(completions(reference, card, more, exposures));
    }
    expect(found).toBeGreaterThan(50);
  }, 30_000);

  it("several seats' tiles asked about in turn, each turn one tile taken out and one added (kept lists of tiles): the plain answers", () => {
    // declarable keeps the counts of the last few lists of tiles it was asked about: a list that is a kept one
    // with one tile taken out (anywhere, the last one too) and tiles after it counts only the difference
    const rng = seedRng("fast-path-kept-lists");
    let found = 0;
    for (let game = 0; game < 60; game++) {
      const seats = Array.from({ length: 2 + nextInt(rng, 4) }, () => nearRack(rng));
      for (let turn = 0; turn < 40; turn++) {
        const seat = seats[turn % seats.length]!;
        const { pool, exposures } = seat;
        // the draw phase: its tiles (one fewer than after its last draw) and a claimable kind
        const kind = nextInt(rng, FLOWER + 1);
        expect(completionsWith(cardModule, card, pool, exposures, kind), `${pool.join(" ")} claiming ${kind}`).toEqual(completionsWith(reference, card, pool, exposures, kind));
        // the discard phase: the tile drawn after them, asked for every rack (bare and with exposures)
        pool.push(nextInt(rng, FLOWER + 1));
        for (const ex of [exposures, []]) {
          const fast = completions(cardModule, card, pool, ex);
          expect(fast, `${pool.join(" ")} + ${JSON.stringify(ex)}`).toEqual(completions(reference, card, pool, ex));
          found += fast.length;
        }
        // the discard: a tile taken out anywhere (now and then the last), the same array asked about next turn
        pool.splice(nextInt(rng, 4) === 0 ? pool.length - 1 : nextInt(rng, pool.length), 1);
        // now and then a question of some other tiles in between
        if (nextInt(rng, 5) === 0) {
          const other = nearRack(rng);
          expect(completions(cardModule, card, other.pool, other.exposures)).toEqual(completions(reference, card, other.pool, other.exposures));
        }
      }
    }
    expect(found).toBeGreaterThan(20);
  }, 60_000);

  it("5,000 exposure sets (groups of real lines and random groups, 1 to 4): exposuresFit, message included", () => {
    const rng = seedRng("fast-path-fit");
    const groups: Group[] = lines.flatMap((l) => l.candidates.flatMap((c) => c.slots.filter((s) => s.size >= 3).map((s) => ({ kind: s.kind, size: s.size, jokers: 0 }))));
    let fits = 0;
    for (let t = 0; t < 5000; t++) {
      const n = 1 + nextInt(rng, 4);
      const line = lines[nextInt(rng, lines.length)]!;
      const own = line.candidates[nextInt(rng, line.candidates.length)]!.slots.filter((s) => s.size >= 3);
      const exposures: Group[] = Array.from({ length: n }, () => {
        const pick = nextInt(rng, 3) === 0 || own.length === 0 ? groups[nextInt(rng, groups.length)]! : own[nextInt(rng, own.length)]!;
        return { kind: pick.kind, size: nextInt(rng, 8) === 0 ? 3 + nextInt(rng, 4) : pick.size, jokers: 0 };
      });
      const fast = exposuresFit(exposures, card);
      expect(fast, JSON.stringify(exposures)).toEqual(referenceFit(exposures, card));
      if (fast.ok) fits++;
    }
    expect(fits).toBeGreaterThan(1000);
    expect(fits).toBeLessThan(4500);
  });

  it("simulated sample-card games (prevent and enforce): legalMoves is the same list with the plain answers at every step", () => {
    const fast = siameseVariant("siamese", cardModule);
    const plain = siameseVariant("siamese", reference);
    let steps = 0;
    for (let g = 0; g < 16; g++) {
      const options: GameOptions = { deadHands: g % 2 ? "enforce" : "prevent" };
      const { record } = simulateGame(fast, options, `fast-path-${g}`);
      let s = fast.newGame(options, record.seed);
      for (const { seat, move } of record.moves) {
        expect(fast.legalMoves(s, seat)).toEqual(plain.legalMoves(s, seat));
        const r = fast.apply(s, seat, move);
        const p = plain.apply(s, seat, move);
        expect(r).toEqual(p);
        s = (r as { state: typeof s }).state;
        steps++;
      }
    }
    expect(steps).toBeGreaterThan(2000);
  });

  it("when the card's tree of exposure lists is full it drops the longer lists, keeps the answers for none and one exposure, and still answers exactly", () => {
    const rng = seedRng("fast-path-trim");
    const groups: Group[] = lines.flatMap((l) => l.candidates.flatMap((c) => c.slots.filter((s) => s.size >= 3).map((s) => ({ kind: s.kind, size: s.size, jokers: 0 }))));
    const randomList = (n: number) => Array.from({ length: n }, () => groups[nextInt(rng, groups.length)]!);
    // the answers a rack asks first: nothing exposed, and one group
    const one = groups[0]!;
    expect(exposuresFit([one], card)).toEqual(referenceFit([one], card));
    completions(cardModule, card, [], []);
    completions(cardModule, card, [], [one]);
    const rootBefore = exposureNode(card, [], 0);
    const oneBefore = exposureNode(card, [one]);
    expect(rootBefore.next).not.toBeNull();
    expect(oneBefore.index).not.toBeNull();
    const deep = [one, ...randomList(2)];
    const deepBefore = exposureNode(card, deep);
    const deepParent = exposureNode(card, deep, 2);
    // fill the tree with longer lists until it is trimmed (the lists under one exposure are gone)
    let trimmed = false;
    for (let t = 0; t < 40_000 && !trimmed; t++) {
      exposureNode(card, randomList(3 + nextInt(rng, 2)));
      trimmed = ![...oneBefore.children.values()].includes(deepParent);
    }
    expect(trimmed).toBe(true);
    const rootAfter = exposureNode(card, [], 0);
    const oneAfter = exposureNode(card, [one]);
    expect(rootAfter.next).toBe(rootBefore.next);
    expect(oneAfter.index).toBe(oneBefore.index);
    expect(exposureNode(card, deep)).not.toBe(deepBefore);
    expect(exposureNode(card, deep).index).toBeNull();
    // and the answers after the trim are the plain ones
    for (let t = 0; t < 300; t++) {
      const exposures = randomList(1 + nextInt(rng, 3));
      expect(exposuresFit(exposures, card), JSON.stringify(exposures)).toEqual(referenceFit(exposures, card));
    }
    for (let t = 0; t < 300; t++) {
      const { pool, exposures } = nearRack(rng);
      expect(completions(cardModule, card, pool, exposures)).toEqual(completions(reference, card, pool, exposures));
    }
  });
});
