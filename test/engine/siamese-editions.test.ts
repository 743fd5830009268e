/**
 * Siamese editions are records: a hypothetical edition with four racks and two sets (Royale's shape)
 * deals the right counts from the record alone, and the best-hands search takes four racks.
 * The record is NOT registered as a ruleset.
 */
import { describe, expect, it } from "vitest";
import { bestHands, bestTwoHands, builtinCards } from "../../worker/engine/card";
import { kindsOf } from "../../worker/engine/game/physical";
import { seedRng, shuffle } from "../../worker/engine/random";
import { cardModule } from "../../worker/engine/card";
import { siameseVariant, SIAMESE, type SiameseEdition, type SiameseState } from "../../worker/engine/variants/siamese";

const FOUR_RACKS: SiameseEdition = { ...SIAMESE, id: "siamese" as SiameseState["ruleset"], name: "Four racks", sets: 2, racks: 4, hand: 55 };

describe("Siamese editions from one record", () => {
  it("a record with 4 racks and 2 sets deals 55 tiles each (East 56) from 304 tiles, 4 racks per player", () => {
    const v = siameseVariant(FOUR_RACKS, cardModule);
    expect([v.players, v.handsPerPlayer, v.sets]).toEqual([2, 4, 2]);
    const s = v.newGame({}, "four-racks-seed-1");
    expect(kindsOf("american", 2).length).toBe(304);
    expect(s.players).toBe(2);
    expect(s.seats.map((x) => x.pool.length)).toEqual([56, 55]);
    expect(s.seats.every((x) => x.racks.length === 4)).toBe(true);
    const all = [...s.wall, ...s.seats.flatMap((x) => x.pool)].sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: 304 }, (_, i) => i));
    expect(s.wall.length).toBe(304 - 111);
  });

  it("the registered editions keep 2 × 2 racks × 1 set, 27 tiles (East 28) from 152", () => {
    for (const id of ["siamese", "siamese-mjm"] as const) {
      const s = siameseVariant(id, cardModule).newGame({}, "two-racks-seed-1");
      expect(s.seats.map((x) => x.pool.length)).toEqual([28, 27]);
      expect(s.seats.every((x) => x.racks.length === 2)).toBe(true);
      expect(s.wall.length).toBe(152 - 55);
    }
  });

  it("bestHands finds one line for each of 4 racks from a 56-tile pool, and N = 2 is bestTwoHands", () => {
    const card = builtinCards["sample-2026"]!;
    const kinds = kindsOf("american", 2);
    for (const seed of ["best-four-1", "best-four-2", "best-four-3"]) {
      const pool = shuffle(seedRng(seed), kinds.slice()).slice(0, 56);
      const best = bestHands(pool, 4, card)!;
      expect(best.racks.length).toBe(4);
      expect(best.total).toBe(best.racks.reduce((t, a) => t + a.away, 0));
      for (const a of best.racks) expect(a.away).toBeGreaterThanOrEqual(0);
      const two = pool.slice(0, 28);
      expect(bestHands(two, 2, card)).toEqual(bestTwoHands(two, [[], []], card));
    }
  });
});
