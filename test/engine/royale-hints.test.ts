/** Royale hints: the best four lines found for one pool and four racks (RULINGS.md, "Hints"). */
import { describe, expect, it } from "vitest";
import { bestHands, builtinCards, tilesAway, type Away, type Group } from "../../worker/engine/card";
import { cardModule } from "../../worker/engine/card";
import { racksTogether } from "../../worker/engine/card/together";
import { JOKER, type Kind } from "../../worker/engine/tiles";
import { bestHandsFound, lastFound, MAX_STEPS } from "../../worker/engine/card/best-found";
import { kindsOf } from "../../worker/engine/game/physical";
import { seedRng, shuffle } from "../../worker/engine/random";
import * as engine from "../../worker/engine/index";
import type { SiameseState } from "../../worker/engine/variants/siamese";

const card = builtinCards["sample-2026"]!;
const pool = (seed: string) => shuffle(seedRng(seed), kindsOf("american", 2).slice()).slice(0, 56);

describe("Royale hints", () => {
  it("Best four lines: one line a rack, never further from complete than each rack's own closest line, the same answer for the same pool", () => {
    for (const seed of ["h-1", "h-2", "h-3", "h-4"]) {
      const p = pool(seed);
      const best = bestHands(p, 4, card)!;
      expect(best.racks).toHaveLength(4);
      expect(best.total).toBe(best.racks.reduce((t, a) => t + a.away, 0));
      // each rack's line, alone against the whole pool, is at most as far as the rack's share says
      const own = new Map(tilesAway(p, [], card).map((a) => [a.line, a.away]));
      for (const a of best.racks) expect(own.get(a.line)!).toBeLessThanOrEqual(a.away);
      expect(bestHands(p, 4, card)).toEqual(best);
      expect(lastFound.steps).toBeLessThanOrEqual(MAX_STEPS);
    }
  });

  it("Within the time a request may take: the search is capped by steps, not a clock; fewer steps still give four lines", () => {
    const p = pool("h-cap");
    const small = bestHandsFound(p, 4, card, undefined, 500)!;
    expect(lastFound.steps).toBeLessThanOrEqual(500);
    expect(small.racks).toHaveLength(4);
    const full = bestHandsFound(p, 4, card)!;
    expect(full.total).toBeLessThanOrEqual(small.total);
  });

  it("racks with exposures get lines that fit them", () => {
    const p = pool("h-exp").slice(0, 50);
    const exposures = [[{ kind: p[0]!, size: 3, jokers: 0 }], [], [], []];
    const best = bestHands(p, 4, card, exposures);
    if (best) expect(best.racks).toHaveLength(4);
  });

  it("the engine's hints for a royale seat: every rack's closest lines and four lines together", () => {
    const r = engine.newGame("royale", {}, "royale-hints-1");
    if (!r.ok) throw new Error(r.message);
    const h = engine.hints(r.state, 0)!;
    expect(h.racks).toHaveLength(4);
    expect(h.racks.every((x) => x.closest.length > 0)).toBe(true);
    expect(h.together!.lines).toHaveLength(4);
    expect((r.state as SiameseState).seats[0]!.pool).toHaveLength(56);
  });
});

/** The tiles a group takes: its real tiles and its jokers. */
const tilesOfGroups = (gs: Group[]): Kind[] => gs.flatMap((g) => [...Array<Kind>(g.size - g.jokers).fill(g.kind), ...Array<Kind>(g.jokers).fill(JOKER)]);
const count = (ks: Kind[]) => ks.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map<Kind, number>());
/** Every kind of `part` is in `whole` at least as often. */
const within = (part: Kind[], whole: Kind[]) => {
  const w = count(whole);
  return [...count(part)].every(([k, n]) => (w.get(k) ?? 0) >= n);
};
/** A 56-tile pool in which the closest line of `seed`'s pool is complete (its missing tiles put in for tiles no line of it uses). */
function poolWithOneComplete(seed: string): Kind[] {
  const p = pool(seed);
  const near = tilesAway(p, [], card)[0]!;
  const spare = p.filter((k) => k !== JOKER);
  for (const k of near.needed) spare.splice(spare.lastIndexOf(spare.find((x) => !near.needed.includes(x))!), 1), spare.push(k);
  return [...spare, ...p.filter((k) => k === JOKER)].slice(0, 56);
}

describe("Royale hints achievable together (issue 28)", () => {
  it("Ruling — best four lines: each rack's lines are measured on its own part of the pool; four racks never share a tile or a joker, and the lines named together are each rack's first line", () => {
    for (const seed of ["t-1", "t-2", "t-3", "t-4", "t-5", "t-6"]) {
      const p = pool(seed);
      const t = racksTogether(cardModule, p, Array.from({ length: 4 }, () => ({ exposures: [], open: true })), card);
      // the parts: no tile counted for two racks
      expect(within(t.racks.flatMap((r) => r.pool), p)).toBe(true);
      // every rack's first line, and the summary, agree
      expect(t.together!.racks.map((a) => a.line.id)).toEqual(t.racks.map((r) => r.closest[0]!.line.id));
      expect(t.together!.total).toBe(t.racks.reduce((n, r) => n + r.closest[0]!.away, 0));
      expect(t.together!.total).toBeLessThanOrEqual(bestHands(p, 4, card)!.total);
      // a line shown complete takes only its rack's tiles
      for (const r of t.racks) for (const a of r.closest.filter((x) => x.away === 0)) expect(within(tilesOfGroups(a.arrangement!), r.pool)).toBe(true);
    }
  });

  it("a pool with one complete hand: its tiles and jokers make at most one rack “Complete!”, not all four", () => {
    for (const seed of ["c-1", "c-2", "c-3"]) {
      const p = poolWithOneComplete(seed);
      expect(tilesAway(p, [], card)[0]!.away).toBe(0);
      const t = racksTogether(cardModule, p, Array.from({ length: 4 }, () => ({ exposures: [], open: true })), card);
      const complete = t.racks.filter((r) => r.closest[0]?.away === 0);
      // all the complete first lines can be built at once from the one pool
      expect(within(complete.flatMap((r) => tilesOfGroups(r.closest[0]!.arrangement!)), p)).toBe(true);
      expect(t.together!.racks.filter((a) => a.away === 0)).toHaveLength(complete.length);
    }
  });

  it("the engine's hints at a Royale deal of 2, 3 and 4 players: the lines named together are each rack's first, the total their sum", () => {
    for (const players of [2, 3, 4]) {
      const r = engine.newGame("royale", { players }, `royale-together-${players}`);
      if (!r.ok) throw new Error(r.message);
      for (let seat = 0; seat < players; seat++) {
        const h = engine.hints(r.state, seat)!;
        expect(h.together!.lines.map((l) => l.line)).toEqual(h.racks.map((x) => x.closest[0]!.line));
        expect(h.together!.total).toBe(h.racks.reduce((n, x) => n + x.closest[0]!.away, 0));
      }
    }
  });

  it("with a rack declared, the three open racks still share the pool out among themselves", () => {
    const p = pool("t-declared");
    const racks = [{ exposures: [] as Group[], open: false }, ...Array.from({ length: 3 }, () => ({ exposures: [] as Group[], open: true }))];
    const t = racksTogether(cardModule, p, racks, card);
    expect(t.together).toBeNull();
    expect(t.racks[0]!.closest).toEqual([] as Away[]);
    expect(within(t.racks.slice(1).flatMap((r) => r.pool), p)).toBe(true);
  });
});


describe("Royale's Mah Jongg offers are real (issue 28)", () => {
  it("every Mah Jongg legalMoves offers, at the deal and through play, with 2, 3 and 4 players, is one apply accepts", () => {
    for (const players of [2, 3, 4]) {
      const r = engine.newGame("royale", { players }, `royale-offers-${players}`);
      if (!r.ok) throw new Error(r.message);
      let s = r.state;
      let offered = 0;
      for (let ply = 0; ply < 150 && !engine.result(s); ply++) {
        const seat = engine.toAct(s)[0]!;
        const moves = engine.legalMoves(s, seat);
        for (const m of moves.filter((x) => x.type === "mahjong" || x.type === "claim-mahjong" || x.type === "call-mahjong")) {
          offered++;
          expect(engine.apply(s, seat, m).ok, JSON.stringify(m)).toBe(true);
        }
        const next = moves.find((x) => x.type === "pass") ?? moves.find((x) => x.type === "draw") ?? moves.find((x) => x.type === "discard")!;
        const a = engine.apply(s, seat, next);
        if (!a.ok) throw new Error(a.message);
        s = a.state;
      }
      expect(offered).toBeGreaterThan(0);
    }
  });
});
