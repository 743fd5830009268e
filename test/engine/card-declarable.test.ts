/**
 * The fast "which lines can this rack declare now?" answer (`declarable`) is exactly the away-0
 * head of `tilesAway` (the reference): same lines, same order, same arrangement, on thousands of
 * seeded racks and pools — complete ones built for a line, one tile short, with extra tiles, with
 * exposures, and plain random ones.
 */
import { describe, expect, it } from "vitest";
import { builtinCards, cardModule, declarable, declarableWith, exposuresFit, fitSizes, tilesAway, type Group } from "../../worker/engine/card";
import { tilesAwayIndexed } from "../../worker/engine/card/declarable";
import { compiled, type Candidate } from "../../worker/engine/card/compile";
import { nextInt, seedRng, type RngState } from "../../worker/engine/random";
import { JOKER, countKinds, parseTiles, tileSet, type Kind } from "../../worker/engine/tiles";

const card = builtinCards["sample-2026"]!;
const lines = compiled(card);
const reference = (pool: Kind[], exposures: Group[]) => tilesAway(pool, exposures, card).filter((a) => a.away === 0);

/** A rack built for `c`: some 3+ groups exposed (with jokers now and then), the rest concealed, plus `extra` random tiles. */
function rackFor(rng: RngState, c: Candidate, exposeUpTo: number, extra: number): { pool: Kind[]; exposures: Group[] } {
  const left = countKinds(tileSet("american"));
  const take = (k: Kind) => (left[k]! > 0 ? (left[k]!--, k) : (left[JOKER]!--, JOKER));
  const pool: Kind[] = [];
  const exposures: Group[] = [];
  for (const s of c.slots) {
    if (s.size >= 3 && exposures.length < exposeUpTo && nextInt(rng, 2) === 0) {
      const tiles = Array.from({ length: s.size }, () => (nextInt(rng, 4) === 0 && left[JOKER]! > 0 ? (left[JOKER]!--, JOKER) : take(s.kind)));
      exposures.push({ kind: s.kind, size: s.size, jokers: tiles.filter((k) => k === JOKER).length });
      continue;
    }
    for (let i = 0; i < s.size; i++) pool.push(s.size >= 3 && nextInt(rng, 5) === 0 && left[JOKER]! > 0 ? (left[JOKER]!--, JOKER) : take(s.kind));
  }
  const rest = left.flatMap((n, k) => Array<Kind>(Math.max(0, n)).fill(k));
  for (let i = 0; i < extra && rest.length; i++) pool.push(rest.splice(nextInt(rng, rest.length), 1)[0]!);
  return { pool, exposures };
}

function randomTiles(rng: RngState, n: number): Kind[] {
  const wall = tileSet("american");
  const out: Kind[] = [];
  for (let i = 0; i < n; i++) out.push(wall.splice(nextInt(rng, wall.length), 1)[0]!);
  return out;
}

describe("declarable agrees with tilesAway", () => {
  it("4,000 racks built for a random line (complete, one tile short, with extra tiles, with exposures)", () => {
    const rng = seedRng("declarable-built");
    let complete = 0;
    let withExposures = 0;
    for (let t = 0; t < 4000; t++) {
      const line = lines[nextInt(rng, lines.length)]!;
      const cand = line.candidates[nextInt(rng, line.candidates.length)]!;
      const { pool, exposures } = rackFor(rng, cand, line.line.concealed ? 0 : nextInt(rng, 3), [0, 0, 3, 13, 14][nextInt(rng, 5)]!);
      if (nextInt(rng, 4) === 0) pool.splice(nextInt(rng, pool.length), 1);
      const fast = declarable(pool, exposures, card);
      expect(fast, `${line.line.id}: ${pool.join(" ")} + ${JSON.stringify(exposures)}`).toEqual(reference(pool, exposures));
      if (fast.length) complete++;
      if (exposures.length) withExposures++;
    }
    // The sample is meaningful: many racks are complete, many have exposures.
    expect(complete).toBeGreaterThan(1500);
    expect(withExposures).toBeGreaterThan(1000);
  });

  it("3,000 random pools of 13 to 28 tiles, some with an exposure that fits a line and some with one that fits none", () => {
    const rng = seedRng("declarable-random");
    const exposures: Group[][] = [[], [], [{ kind: parseTiles("F")[0]!, size: 4, jokers: 1 }], [{ kind: parseTiles("N")[0]!, size: 3, jokers: 0 }], [{ kind: parseTiles("1B")[0]!, size: 6, jokers: 0 }]];
    expect(exposuresFit(exposures[4]!, card).ok).toBe(false);
    for (let t = 0; t < 3000; t++) {
      const e = exposures[nextInt(rng, exposures.length)]!;
      const pool = randomTiles(rng, 13 + nextInt(rng, 16));
      expect(declarable(pool, e, card)).toEqual(reference(pool, e));
    }
  });

  it("a pool holding two complete hands lists every line it completes, in card order, with their arrangements", () => {
    const pool = parseTiles("2B 0 2B 6B 2C 2C 2C 6D 6D 6D F F F F N N N N E E E W W W S S S S");
    const fast = declarable(pool, [], card);
    // 2026-1 and wd-1 as built; sp-1 (NN EE WW SS 2026a FF) is in there too.
    expect(fast.map((a) => a.line.id)).toEqual(["2026-1", "wd-1", "sp-1"]);
    expect(fast).toEqual(reference(pool, []));
  });

  it("bad input gets the same errors as tilesAway", () => {
    expect(() => declarable([99], [], card)).toThrow(RangeError);
    expect(() => declarable([], [{ kind: JOKER, size: 3, jokers: 0 }], card)).toThrow(/tile kind/);
  });
});

describe("declarableWith (a claimed discard) is declarable of the pool with that tile, using it", () => {
  it("3,000 racks one tile short of a line, or random, claiming the missing kind or any other", () => {
    const rng = seedRng("declarable-with");
    let complete = 0;
    for (let t = 0; t < 3000; t++) {
      const line = lines[nextInt(rng, lines.length)]!;
      const cand = line.candidates[nextInt(rng, line.candidates.length)]!;
      const built = nextInt(rng, 3) > 0;
      const { pool, exposures } = built ? rackFor(rng, cand, line.line.concealed ? 0 : nextInt(rng, 3), [0, 3, 13][nextInt(rng, 3)]!) : { pool: randomTiles(rng, 13 + nextInt(rng, 15)), exposures: [] };
      // the claimed kind: one the rack lacks (taken out of the pool), else any kind but a joker
      const at = pool.findIndex((k) => k !== JOKER);
      const kind = built && at >= 0 && nextInt(rng, 2) === 0 ? pool.splice(at, 1)[0]! : nextInt(rng, JOKER);
      const fast = declarableWith(pool, exposures, card, kind);
      expect(fast, `${pool.join(" ")} + ${JSON.stringify(exposures)} claiming ${kind}`).toEqual(declarable([...pool, kind], exposures, card, kind));
      if (fast.length) complete++;
    }
    expect(complete).toBeGreaterThan(500);
  });

  it("bad input gets errors, also when nothing open to the rack needs the claimed kind", () => {
    expect(() => declarableWith([1, 2, 3], [], card, JOKER)).toThrow(RangeError);
    const pung = [{ kind: parseTiles("N")[0]!, size: 3, jokers: 0 }];
    for (let kind = 0; kind < JOKER; kind++) expect(() => declarableWith([1, 99], pung, card, kind)).toThrow(RangeError);
  });
});

describe("tilesAwayIndexed (the card module's tilesAway) agrees with tilesAway", () => {
  it("3,000 racks: built for a line (with exposures, short, with extra tiles) and random pools of 13 to 28 tiles", () => {
    const rng = seedRng("away-indexed");
    let exposed = 0;
    for (let t = 0; t < 3000; t++) {
      const line = lines[nextInt(rng, lines.length)]!;
      const cand = line.candidates[nextInt(rng, line.candidates.length)]!;
      const built = rackFor(rng, cand, line.line.concealed ? 0 : nextInt(rng, 3), [0, 3, 13][nextInt(rng, 3)]!);
      const { pool, exposures } = t % 3 === 2 ? { pool: randomTiles(rng, 13 + nextInt(rng, 16)), exposures: [] as Group[] } : built;
      if (exposures.length) exposed++;
      expect(tilesAwayIndexed(pool, exposures, card), `${pool.join(" ")} + ${JSON.stringify(exposures)}`).toEqual(tilesAway(pool, exposures, card));
    }
    expect(exposed).toBeGreaterThan(500);
    expect(cardModule.tilesAway).toBe(tilesAwayIndexed);
  });

  it("refuses what tilesAway refuses", () => {
    expect(() => tilesAwayIndexed([44 as Kind], [], card)).toThrow(RangeError);
    expect(() => tilesAwayIndexed([1], [{ kind: 1, size: 7, jokers: 0 }], card)).toThrow(RangeError);
  });
});

describe("fitSizes agrees with exposuresFit", () => {
  it("the sizes of a claimed kind that still fit beside 2,000 racks' exposures", () => {
    const rng = seedRng("fit-sizes");
    let some = 0, none = 0;
    for (let t = 0; t < 2000; t++) {
      const line = lines[nextInt(rng, lines.length)]!;
      const { exposures } = rackFor(rng, line.candidates[nextInt(rng, line.candidates.length)]!, line.line.concealed ? 0 : nextInt(rng, 4), 0);
      const kind = nextInt(rng, JOKER) as Kind;
      let expected = 0;
      for (let size = 3; size <= 6; size++) if (exposuresFit([...exposures, { kind, size, jokers: nextInt(rng, 2) }], card).ok) expected |= 1 << size;
      expect(fitSizes(exposures, kind, card), `${kind} beside ${JSON.stringify(exposures)}`).toBe(expected);
      if (expected) some++;
      else none++;
    }
    expect(some).toBeGreaterThan(200);
    expect(none).toBeGreaterThan(200);
    expect(() => fitSizes([], JOKER, card)).toThrow(RangeError);
  });
});

describe("the same list of exposures asked about again, changed in place now and then (what a memo by list would have to get right)", () => {
  it("a few lists asked about in turn, each changed in place now and then, answer as tilesAway does", () => {
    const rng = seedRng("declarable-kept");
    // five racks' lists (more than are kept), each asked about with its own tiles, in random turn
    const racks = Array.from({ length: 5 }, () => {
      const line = lines[nextInt(rng, lines.length)]!;
      return rackFor(rng, line.candidates[nextInt(rng, line.candidates.length)]!, line.line.concealed ? 0 : 1 + nextInt(rng, 3), nextInt(rng, 4));
    });
    let changed = 0, complete = 0;
    for (let t = 0; t < 4000; t++) {
      const r = racks[nextInt(rng, racks.length)]!;
      const roll = nextInt(rng, 12);
      if (roll === 0 && r.exposures.length) {
        // changed in place: another kind, size or joker count, or a group more or fewer
        const g = r.exposures[nextInt(rng, r.exposures.length)]!;
        const what = nextInt(rng, 4);
        if (what === 0) g.kind = nextInt(rng, JOKER) as Kind;
        else if (what === 1) g.jokers = g.jokers > 0 ? g.jokers - 1 : Math.min(1, g.size - 2 > 0 ? 1 : 0);
        else if (what === 2) r.exposures.pop();
        else r.exposures[nextInt(rng, r.exposures.length)] = { ...g, size: 3 + nextInt(rng, 4), jokers: 0 };
        changed++;
      } else if (roll === 1) {
        // a new rack built for a line, in place of the old one's tiles and groups (the same list object)
        const line = lines[nextInt(rng, lines.length)]!;
        const fresh = rackFor(rng, line.candidates[nextInt(rng, line.candidates.length)]!, line.line.concealed ? 0 : nextInt(rng, 3), nextInt(rng, 3));
        r.exposures.length = 0;
        r.exposures.push(...fresh.exposures);
        r.pool = fresh.pool;
        changed++;
      } else if (roll === 2 && r.pool.length) r.pool.splice(nextInt(rng, r.pool.length), 1);
      else if (roll === 3) r.pool.push(nextInt(rng, JOKER + 1) as Kind);
      const using = nextInt(rng, 3) === 0 && r.pool.length ? r.pool[nextInt(rng, r.pool.length)] : undefined;
      const where = `${t}: ${r.pool.join(" ")} + ${JSON.stringify(r.exposures)} using ${using}`;
      let expected: unknown;
      try {
        expected = using === undefined ? reference(r.pool, r.exposures) : declarable(r.pool, r.exposures.map((g) => ({ ...g })), card, using);
      } catch (e) {
        expected = e;
      }
      let fast: unknown;
      try {
        fast = declarable(r.pool, r.exposures, card, using);
      } catch (e) {
        fast = e;
      }
      expect(fast, where).toEqual(expected);
      if (Array.isArray(fast) && fast.length) complete++;
      // and a claimed kind, against the copy with the tile
      const kind = nextInt(rng, JOKER) as Kind;
      let withExpected: unknown, withFast: unknown;
      try {
        withExpected = declarable([...r.pool, kind], r.exposures.map((g) => ({ ...g })), card, kind);
      } catch (e) {
        withExpected = e;
      }
      try {
        withFast = declarableWith(r.pool, r.exposures, card, kind);
      } catch (e) {
        withFast = e;
      }
      expect(withFast, `${where} with ${kind}`).toEqual(withExpected);
      // and the sizes of that kind that still fit, against a fresh copy of the list
      let fitExpected: unknown, fitFast: unknown;
      try {
        fitExpected = fitSizes(r.exposures.map((g) => ({ ...g })), kind, card);
      } catch (e) {
        fitExpected = e;
      }
      try {
        fitFast = fitSizes(r.exposures, kind, card);
      } catch (e) {
        fitFast = e;
      }
      expect(fitFast, `${where} fit ${kind}`).toEqual(fitExpected);
    }
    expect(changed).toBeGreaterThan(300);
    expect(complete).toBeGreaterThan(100);
  });

  it("a kept list changed in place to something malformed is refused, as a fresh one is", () => {
    const exposures: Group[] = [{ kind: 1, size: 3, jokers: 0 }];
    expect(() => declarable([1, 1], exposures, card)).not.toThrow();
    exposures[0]!.size = 7;
    expect(() => declarable([1, 1], exposures, card)).toThrow(RangeError);
    exposures[0]!.size = 3;
    exposures[0]!.jokers = 4;
    expect(() => declarableWith([1, 1], exposures, card, 2)).toThrow(RangeError);
    exposures[0]!.jokers = 0;
    (exposures[0] as { kind: unknown }).kind = "1";
    expect(() => declarable([1, 1], exposures, card)).toThrow(RangeError);
    (exposures[0] as { kind: unknown }).kind = JOKER;
    expect(() => declarable([1, 1], exposures, card)).toThrow(RangeError);
    exposures[0]!.kind = 1;
    expect(fitSizes(exposures, 2, card)).toBe(fitSizes([{ kind: 1, size: 3, jokers: 0 }], 2, card));
    exposures[0]!.size = 0;
    expect(() => fitSizes(exposures, 2, card)).toThrow(RangeError);
  });
});
