/** Royale hints: the best four lines found for one pool and four racks (RULINGS.md, "Hints"). */
import { describe, expect, it } from "vitest";
import { bestHands, builtinCards, tilesAway } from "../../worker/engine/card";
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
