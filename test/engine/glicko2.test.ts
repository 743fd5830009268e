import { describe, expect, it } from "vitest";
import { PAPER, RATING, SERVICE, idleRd, ratePeriod, type Outcome, type Rating } from "../../worker/rating/glicko2";
import { pairOutcomes, ratedPairs } from "../../worker/rating/result";

describe("Glicko-2", () => {
  it("matches the worked example of Glickman's paper (τ 0.5)", () => {
    const r = ratePeriod(
      { rating: 1500, rd: 200, vol: 0.06 },
      [
        { opponent: { rating: 1400, rd: 30 }, score: 1 },
        { opponent: { rating: 1550, rd: 100 }, score: 0 },
        { opponent: { rating: 1700, rd: 300 }, score: 0 },
      ],
      PAPER,
    );
    expect(r.rating).toBeCloseTo(1464.06, 1);
    expect(r.rd).toBeCloseTo(151.52, 1);
    expect(r.vol).toBeCloseTo(0.05999, 4); // 0.059996; the paper prints it cut to 0.05999
  });

  // A small deterministic generator so the property runs are repeatable.
  function rng(seed: number) {
    return () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  }
  const randomRating = (r: () => number): Rating => ({ rating: 400 + r() * 2600, rd: 45 + r() * 455, vol: 0.03 + r() * 0.07 });

  it("keeps RD within the floor and the cap, ratings finite, changes within ±700, σ ≤ 0.1", () => {
    const r = rng(7);
    for (let i = 0; i < 3000; i++) {
      const me = randomRating(r);
      const n = 1 + Math.floor(r() * 3);
      const outcomes: Outcome[] = Array.from({ length: n }, () => ({ opponent: randomRating(r), score: [0, 0.5, 1][Math.floor(r() * 3)]! }));
      const after = ratePeriod(me, outcomes, SERVICE);
      expect(Number.isFinite(after.rating) && Number.isFinite(after.rd) && Number.isFinite(after.vol)).toBe(true);
      expect(after.rd).toBeGreaterThanOrEqual(RATING.minRd);
      expect(after.rd).toBeLessThanOrEqual(RATING.maxRd);
      expect(after.vol).toBeLessThanOrEqual(RATING.maxVol);
      expect(Math.abs(after.rating - me.rating)).toBeLessThanOrEqual(RATING.maxChange);
    }
  });

  it("many games against settled players take RD down to the floor and no further", () => {
    let me: Rating = { ...RATING.start };
    for (let i = 0; i < 500; i++) me = ratePeriod(me, [{ opponent: { rating: 1500, rd: 45 }, score: i % 2 }], SERVICE);
    // one game per period settles near RD 73 (within the leaderboard's 75) …
    expect(me.rd).toBeGreaterThanOrEqual(RATING.minRd);
    expect(me.rd).toBeLessThanOrEqual(RATING.leaderboardRd);
    expect(Number.isFinite(me.rating)).toBe(true);
    // … and a period with many results would go under the floor, which holds it
    const many = Array.from({ length: 60 }, (_, i) => ({ opponent: { rating: 1500, rd: 45 }, score: i % 2 }));
    expect(ratePeriod({ rating: 1500, rd: 60, vol: 0.05 }, many, SERVICE).rd).toBe(RATING.minRd);
    expect(ratePeriod({ rating: 1500, rd: 60, vol: 0.05 }, many, PAPER).rd).toBeLessThan(RATING.minRd);
  });

  it("the order of the games within one period does not matter", () => {
    const r = rng(11);
    for (let i = 0; i < 200; i++) {
      const me = randomRating(r);
      const outcomes: Outcome[] = Array.from({ length: 3 }, () => ({ opponent: randomRating(r), score: [0, 0.5, 1][Math.floor(r() * 3)]! }));
      const a = ratePeriod(me, outcomes, SERVICE);
      const b = ratePeriod(me, [...outcomes].reverse(), SERVICE);
      const c = ratePeriod(me, [outcomes[1]!, outcomes[2]!, outcomes[0]!], SERVICE);
      for (const x of [b, c]) {
        expect(x.rating).toBeCloseTo(a.rating, 6);
        expect(x.rd).toBeCloseTo(a.rd, 6);
        expect(x.vol).toBeCloseTo(a.vol, 8);
      }
    }
  });

  it("an idle year takes RD 60 to about 110 at σ 0.06, and never past the cap", () => {
    expect(idleRd({ rating: 1500, rd: 60, vol: 0.06 }, 365 * RATING.periodsPerDay)).toBeCloseTo(110, 0);
    expect(idleRd({ rating: 1500, rd: 400, vol: 0.09 }, 1e6)).toBe(RATING.maxRd);
    expect(idleRd({ rating: 1500, rd: 60, vol: 0.06 }, 0)).toBe(60);
  });

  it("a four-player game with one winner: the winner beats each other player, the others draw", () => {
    const rs = [1500, 1500, 1500, 1500].map((rating) => ({ rating, rd: 200, vol: 0.06 }));
    const o = pairOutcomes([40, -20, -10, -10], rs, ratedPairs(["a", "b", "c", "d"], null, () => 0), null);
    expect(o[0]!.map((x) => x.score)).toEqual([1, 1, 1]);
    expect(o[1]!.map((x) => x.score)).toEqual([0, 0, 0]);
    expect(o[2]!.map((x) => x.score)).toEqual([0, 1, 0.5]);
  });
});

describe("how a game becomes per-seat results", () => {
  it("a seat went Mah Jongg when one of its lines says so, or when the engine says so for a match", async () => {
    const { seatResults } = await import("../../worker/rating/result");
    const lines = [
      { seat: 0, points: 25, reason: "mahjong/first", detail: "" },
      { seat: 1, points: -5, reason: "match", detail: "" },
    ];
    expect(seatResults(2, lines).mahjong).toEqual([true, false]);
    expect(seatResults(2, lines, [false, true]).mahjong).toEqual([true, true]);
    expect(seatResults(2, lines).place).toEqual([1, 2]);
  });
});
