/** RULES §10, ruling: a rated result costs a real game (worker/rating/result.ts), as pure rules. */
import { describe, expect, it } from "vitest";
import { MOST_OF_THE_WALL, PAIR_LIMIT, abandoner, pairOutcomes, ratedPairs, ratedWhy, wallShare } from "../../worker/rating/result";

const q = { rated: true, userIds: ["ann", "bob"], reason: "abandoned", abandoner: 1, wallShare: 0.1, forfeit: false, mahjong: false };
const draws = (n: number, wall: number) => Array.from({ length: n }, (_, i) => ({ type: "draw", wall: wall - 1 - i }));

describe("which games are rated, and how", () => {
  it("a resignation or abandonment before most of the wall is drawn: the leaver's loss alone", () => {
    expect(ratedWhy(q)).toEqual({ rated: true, leftEarly: 1 });
    expect(ratedWhy({ ...q, wallShare: MOST_OF_THE_WALL })).toEqual({ rated: true, leftEarly: null });
    // nothing else changes: unrated, computers, forfeits and wall games without Mah Jongg stay unrated
    expect(ratedWhy({ ...q, rated: false })).toMatchObject({ rated: false, why: "unrated" });
    expect(ratedWhy({ ...q, forfeit: true })).toMatchObject({ rated: false, why: "forfeit" });
    expect(ratedWhy({ ...q, userIds: ["ann", "computer:1"] })).toMatchObject({ rated: false, why: "computer" });
    expect(ratedWhy({ ...q, reason: "wall", abandoner: null })).toMatchObject({ rated: false, why: "wall" });
    expect(ratedWhy({ ...q, reason: "mahjong", abandoner: null, mahjong: true })).toEqual({ rated: true, leftEarly: null });
  });

  it("how much of a wall was drawn, and by whom the game was left", () => {
    expect(wallShare([])).toBe(0);
    // a 97-tile wall: 10 draws are about a tenth, replacement draws do not count
    expect(wallShare([...draws(10, 97), { type: "draw", wall: 80, loose: true }, { type: "discard" }])).toBeCloseTo(10 / 97);
    expect(wallShare(draws(49, 97))).toBeGreaterThanOrEqual(MOST_OF_THE_WALL);
    expect(abandoner([{ seat: 0, move: { type: "discard" } }, { seat: 1, move: { type: "abandon" } }])).toBe(1);
    expect(abandoner([{ seat: 0, move: { type: "discard" } }])).toBeNull();
  });

  it("the same two players count at most three times in the window; the leaver only with each other", () => {
    const four = ["a", "b", "c", "d"];
    expect(ratedPairs(four, null, () => 0)).toHaveLength(6);
    expect(ratedPairs(four, 2, () => 0)).toEqual([[0, 2], [1, 2], [2, 3]]);
    // a and b have played three counted games lately: their pair is left out, the others count
    const counted = (x: string, y: string) => (x === "a" && y === "b" ? PAIR_LIMIT : PAIR_LIMIT - 1);
    expect(ratedPairs(four, null, counted)).toEqual([[0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]);
    expect(ratedPairs(["b", "a"], null, counted)).toEqual([]);
  });

  it("the leaver loses to each player; nobody else gets a result", () => {
    const rs = [1500, 1600, 1400].map((rating) => ({ rating, rd: 200, vol: 0.06 }));
    const o = pairOutcomes([50, -10, -40], rs, ratedPairs(["a", "b", "c"], 0, () => 0), 0);
    expect(o[0]).toEqual([{ opponent: { rating: 1600, rd: 200 }, score: 0 }, { opponent: { rating: 1400, rd: 200 }, score: 0 }]);
    expect(o[1]).toEqual([]);
    expect(o[2]).toEqual([]);
  });
});
