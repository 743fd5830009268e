/**
 * Property tests on the sample card: any 14 tiles built to satisfy a line (with or without jokers)
 * are matched to that line and are 0 away from it; one tile fewer is 1 away; the best two hands of
 * a pool agree with trying every pair.
 */
import { describe, expect, it } from "vitest";
import { bestTwoHands, builtinCards, match, tilesAway, type Group } from "../../worker/engine/card";
import { compiled, type Candidate } from "../../worker/engine/card/compile";
import { nextInt, seedRng, type RngState } from "../../worker/engine/random";
import { FLOWER, JOKER, countKinds, tileSet, type Kind } from "../../worker/engine/tiles";

const card = builtinCards["sample-2026"]!;
const lines = compiled(card);

/** 14 tiles for a candidate; in 3+ groups some tiles become jokers when `jokers` is set. */
function build(rng: RngState, c: Candidate, jokers: boolean): Kind[] {
  const left = countKinds(tileSet("american"));
  const out: Kind[] = [];
  for (const s of c.slots) if (s.size < 3) for (let i = 0; i < s.size; i++) out.push(s.kind), left[s.kind]!--;
  for (const s of c.slots) {
    if (s.size < 3) continue;
    for (let i = 0; i < s.size; i++) {
      const wantJoker = jokers && left[JOKER]! > 0 && nextInt(rng, 3) === 0;
      if (left[s.kind]! > 0 && !wantJoker) out.push(s.kind), left[s.kind]!--;
      else out.push(JOKER), left[JOKER]!--;
    }
  }
  expect(left.every((n) => n >= 0)).toBe(true);
  return out;
}

const flat = (gs: Group[]): Kind[] => gs.flatMap((g) => [...Array<Kind>(g.size - g.jokers).fill(g.kind), ...Array<Kind>(g.jokers).fill(JOKER)]);
const sorted = (ks: Kind[]) => [...ks].sort((a, b) => a - b);

describe("property: a hand built for a line matches it", () => {
  const rng = seedRng("card-property");
  for (const jokers of [false, true]) {
    it(`${jokers ? "with" : "without"} jokers, 300 random hands`, () => {
      for (let t = 0; t < 300; t++) {
        const line = lines[nextInt(rng, lines.length)]!;
        const cand = line.candidates[nextInt(rng, line.candidates.length)]!;
        const tiles = build(rng, cand, jokers);
        const m = match(tiles, card).find((x) => x.line.id === line.line.id);
        expect(m, `${line.line.id} ${line.line.text}`).toBeDefined();
        expect(sorted(flat(m!.arrangement))).toEqual(sorted(tiles));
        expect(m!.jokerless).toBe(!tiles.includes(JOKER) && !line.jokerFree);

        const a = tilesAway(tiles, [], card).find((x) => x.line.id === line.line.id)!;
        expect(a.away).toBe(0);
        expect(sorted(flat(a.arrangement!))).toEqual(sorted(tiles));

        const drop = nextInt(rng, 14);
        const fewer = tiles.filter((_, i) => i !== drop);
        expect(tilesAway(fewer, [], card).find((x) => x.line.id === line.line.id)!.away).toBe(1);

        const exposed = m!.arrangement.find((g) => g.size >= 3);
        if (exposed && !line.line.concealed)
          expect(match(tiles, card, [exposed]).map((x) => x.line.id)).toContain(line.line.id);
      }
    });
  }
});

describe("property: best two hands", () => {
  it("a pool made of two built hands gives total 0", () => {
    const rng = seedRng("two-hands");
    let tried = 0;
    while (tried < 60) {
      const [la, lb] = [lines[nextInt(rng, lines.length)]!, lines[nextInt(rng, lines.length)]!];
      const pool = [
        ...build(rng, la.candidates[nextInt(rng, la.candidates.length)]!, true),
        ...build(rng, lb.candidates[nextInt(rng, lb.candidates.length)]!, true),
      ];
      const c = countKinds(pool);
      if (c.some((n, k) => n > (k === FLOWER || k === JOKER ? 8 : 4))) continue; // not one physical set
      tried++;
      expect(bestTwoHands(pool, [[], []], card)!.total).toBe(0);
    }
  });

  it("equals the minimum over every pair of candidates, on random pools", () => {
    const rng = seedRng("two-hands-exhaustive");
    const cands = lines.flatMap((l) => l.candidates);
    for (let t = 0; t < 3; t++) {
      const wall = tileSet("american");
      for (let i = wall.length - 1; i > 0; i--) {
        const j = nextInt(rng, i + 1);
        [wall[i], wall[j]] = [wall[j]!, wall[i]!];
      }
      const pool = wall.slice(0, 28);
      const h = countKinds(pool);
      let min = Infinity;
      for (const a of cands)
        for (const b of cands) {
          const S = new Map<Kind, number>();
          const F = new Map<Kind, number>();
          for (const c of [a, b])
            c.kinds.forEach((k, i) => (S.set(k, (S.get(k) ?? 0) + c.strict[i]!), F.set(k, (F.get(k) ?? 0) + c.flex[i]!)));
          let sm = 0;
          let fm = 0;
          for (const [k, s] of S) {
            sm += Math.max(0, s - h[k]!);
            fm += Math.max(0, F.get(k)! - Math.max(0, h[k]! - s));
          }
          min = Math.min(min, sm + Math.max(0, fm - h[JOKER]!));
        }
      expect(bestTwoHands(pool, [[], []], card)!.total).toBe(min);
    }
  });
});
