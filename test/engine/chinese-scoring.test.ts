/** RULES §7 Points, Doubles and Settlement for chinese-ming, with the two worked figures of the source. */
import { describe, expect, it } from "vitest";
import { calculate, type DescribedHand } from "../../worker/engine/variants/chinese-ming/calculator";
import { settle } from "../../worker/engine/variants/chinese-ming/settlement";

const score = (d: DescribedHand) => {
  const c = calculate(d);
  if (!c.ok) throw new Error(c.problems.join("; "));
  return c.sheet;
};
const problems = (d: DescribedHand) => {
  const c = calculate(d);
  return c.ok ? [] : c.problems;
};
const doubles = (d: DescribedHand) => score(d).lines.filter((l) => l.doubles).map((l) => l.what);

describe("chinese-ming worked figures", () => {
  it("South seat, not winning: flowers 2 green and 4 red, pungs of 5 Bamboo and North, kong of 2 Circles, two pairs → 44", () => {
    const sheet = score({ seat: "S", exposed: "5B 5B 5B, N N N, 2D 2D 2D 2D", pairs: "R R, 8B 8B", flowers: "F2g F4r" });
    expect(sheet.total).toBe(5.5);
    expect(sheet.basic).toBe(22);
    expect(sheet.doubles).toBe(1);
    expect(sheet.score).toBe(44);
    expect(sheet.lines).toContainEqual({ what: "exposed pung of 5 Bamboo", points: 0.5, doubles: 0 });
    expect(sheet.lines).toContainEqual({ what: "own flower (flower 2 green)", points: 0, doubles: 1 });
  });

  it("the Jong, East prevailing, winning on the replacement tile: 70 × 2⁸ = 17,920", () => {
    const sheet = score({
      seat: "E", prevailing: "E", jong: true, winner: true, replacement: true,
      flowers: "F1r F2r F3r F4r", exposed: "7D 7D 7D, 9D 9D 9D, R R R R", natural: "E E E E", pairs: "W W",
    });
    expect(sheet.total).toBe(17.5);
    expect(sheet.basic).toBe(70);
    expect(sheet.doubles).toBe(8);
    expect(sheet.score).toBe(17_920);
    expect(sheet.lines.filter((l) => l.doubles).map((l) => l.what)).toEqual([
      "own flower (flower 1 red)", "all four red flowers", "four of Red dragon", "own wind (East)", "prevailing wind (East)",
      "the Jong", "one suit only (Circles with honours)", "moon through the needle (won on the replacement tile)",
    ]);
  });
});

describe("chinese-ming points: the counters table", () => {
  it.each([
    ["exposed three of a kind, low (2..8)", { exposed: "5C 5C 5C" }, 0.5],
    ["natural three of a kind, low", { natural: "5C 5C 5C" }, 1],
    ["exposed three of a kind, high (1s, 9s, winds, dragons)", { exposed: "1C 1C 1C" }, 1],
    ["natural three of a kind, high", { natural: "9B 9B 9B" }, 2],
    ["exposed four of a kind, low", { exposed: "8D 8D 8D 8D" }, 2],
    ["natural four of a kind, low", { natural: "2B 2B 2B 2B" }, 4],
    ["exposed four of a kind, high", { exposed: "W W W W" }, 4],
    ["natural four of a kind, high", { natural: "G G G G" }, 8],
    ["pairs score nothing", { pairs: "1B 1B, N N" }, 0],
    ["each flower is 1", { flowers: "F3r F4g" }, 2],
  ] as const)("%s", (_, hand, total) => {
    expect(score({ seat: "W", prevailing: "S", ...hand }).total).toBe(total);
  });

  it("basic score = total × 4, so every score is even", () => {
    const s = score({ seat: "W", exposed: "5C 5C 5C" });
    expect([s.basic, s.score]).toEqual([2, 2]);
  });

  it("a set completed with a claimed discard counts as exposed: the calculator takes it under exposed", () => {
    expect(score({ seat: "W", exposed: "9D 9D 9D" }).total).toBe(1);
  });
});

describe("chinese-ming doubles for everyone", () => {
  it("own flower, each one: both colours of your number give two doubles", () => {
    expect(doubles({ seat: "W", flowers: "F3r F3g F1r" })).toEqual(["own flower (flower 3 red)", "own flower (flower 3 green)"]);
  });
  it("all four flowers of one colour, per colour", () => {
    const d = doubles({ seat: "N", flowers: "F1g F2g F3g F4g F1r F2r F3r F4r" });
    expect(d.filter((x) => x.startsWith("all four"))).toEqual(["all four red flowers", "all four green flowers"]);
  });
  it("three or four of a dragon, each", () => {
    expect(doubles({ seat: "S", exposed: "R R R, 0 0 0 0", pairs: "G G" })).toEqual(["three of Red dragon", "four of White dragon"]);
  });
  it("three or four of your own wind; another seat's wind is no double", () => {
    expect(doubles({ seat: "S", prevailing: "E", exposed: "S S S, N N N" })).toEqual(["own wind (South)"]);
  });
  it("three or four of the prevailing wind; own and prevailing at once give two doubles", () => {
    expect(doubles({ seat: "W", prevailing: "N", exposed: "N N N N" })).toEqual(["prevailing wind (North)"]);
    expect(doubles({ seat: "W", prevailing: "W", natural: "W W W" })).toEqual(["own wind (West)", "prevailing wind (West)"]);
  });
  it("a pair of dragons or winds is no double", () => {
    expect(doubles({ seat: "E", prevailing: "E", pairs: "E E, R R" })).toEqual([]);
  });
});

describe("chinese-ming doubles for the winner only", () => {
  const woo: DescribedHand = { seat: "S", prevailing: "E", winner: true, exposed: "2B 2B 2B, 5C 5C 5C", natural: "7D 7D 7D, 3B 3B 3B", pairs: "4D 4D" };
  it("a plain Woo has no double", () => expect(doubles(woo)).toEqual([]));
  it("being the Jong", () => expect(doubles({ ...woo, seat: "E", jong: true })).toEqual(["the Jong"]));
  it("the Jong who does not win has no Jong double", () => expect(doubles({ seat: "E", jong: true, exposed: "2B 2B 2B" })).toEqual([]));
  it("one suit only, winds and dragons allowed alongside", () => {
    expect(doubles({ ...woo, exposed: "2B 2B 2B, 5B 5B 5B", natural: "7B 7B 7B, G G G", pairs: "N N" })).toEqual([
      "three of Green dragon", "one suit only (Bamboo with honours)",
    ]);
    expect(doubles({ ...woo, exposed: "2B 2B 2B, 5B 5B 5B", natural: "7B 7B 7B, 8B 8B 8B", pairs: "1B 1B" })).toEqual(["one suit only (Bamboo)"]);
  });
  it("one suit only is for the winner only", () => expect(doubles({ seat: "S", exposed: "2B 2B 2B, 5B 5B 5B" })).toEqual([]));
  it("only high counters", () => {
    expect(doubles({ ...woo, exposed: "1B 1B 1B, 9C 9C 9C", natural: "N N N, 1D 1D 1D", pairs: "W W" })).toEqual(["only high counters"]);
  });
  it("winning on the replacement tile: capturing the moon through the eye of the needle", () => {
    expect(doubles({ ...woo, replacement: true })).toEqual(["moon through the needle (won on the replacement tile)"]);
  });
  it("a concealed hand: never punged; the set completed by the winning discard still counts as concealed", () => {
    const hand = { ...woo, exposed: "2B 2B 2B", natural: "5C 5C 5C, 7D 7D 7D, 3B 3B 3B", concealed: true };
    expect(doubles(hand)).toEqual(["concealed hand"]);
    expect(score(hand).total).toBe(3.5); // the pung on the winning discard counts exposed (½)
  });
  it("a hand with two exposed pungs, or a claimed kong, is not concealed", () => {
    expect(problems({ ...woo, concealed: true })[0]).toMatch(/never punged/);
    expect(problems({ ...woo, exposed: "2B 2B 2B 2B", natural: "5C 5C 5C, 7D 7D 7D, 3B 3B 3B", concealed: true })[0]).toMatch(/never punged/);
  });
  it("no limit: doubles keep multiplying", () => {
    const s = score({
      seat: "E", prevailing: "E", winner: true, jong: true, replacement: true, concealed: true,
      flowers: "F1r F2r F3r F4r F1g F2g F3g F4g", natural: "E E E E, R R R R, G G G G, 0 0 0 0", pairs: "N N",
    });
    expect(s.doubles).toBe(13); // 2 own flowers, 2 colours, 3 dragons, own and prevailing wind, Jong, high counters, moon, concealed
    expect(s.score).toBe((8 * 4 + 8) * 4 * 2 ** 13);
  });
});

describe("chinese-ming calculator input", () => {
  it("refuses what cannot be a hand, naming every problem", () => {
    expect(problems({ seat: "Q", exposed: "1B 2B 3B, 5D 5D", pairs: "F1r F1r", flowers: "F1r F1r 5D" })).toEqual([
      'exposed set "1B 2B 3B" must be tiles of one kind',
      'exposed set "5D 5D" must be three or four tiles (a pung or a kong; there are no chows)',
      'pair "F1r F1r" must be two tiles of one kind',
      "flowers: 5D is not a flower of the Chinese set (F1r..F4r, F1g..F4g)",
      "flowers: each flower exists once in the set",
      'the seat wind must be E, S, W or N (got "Q")',
    ]);
    expect(problems({ seat: "E", exposed: "5D 5D 5D 5D", pairs: "5D 5D" })).toEqual(["there are only four 5 Circles tiles (the hand uses 6)"]);
    expect(problems({ seat: "E", replacement: true })).toEqual(["only the winner can have won on the replacement tile"]);
    expect(problems({ seat: "E", exposed: "X1" })[0]).toMatch(/"X1" is not a tile/);
  });
  it("a winner has exactly four sets and one pair", () => {
    expect(problems({ seat: "E", winner: true, exposed: "5D 5D 5D", pairs: "N N" })).toEqual(["a winning hand (Woo) is four sets and one pair (got 1 sets and 1 pairs)"]);
  });
});

describe("chinese-ming settlement", () => {
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  it("each player pays the winner the winner's score; the Jong pays double; the others pay each other the differences", () => {
    // Jong = seat 0; seat 2 wins with 64; seats 0, 1, 3 hold 44, 8, 20.
    const s = settle([44, 8, 64, 20], 2, 0);
    expect(s.transfers).toEqual([
      { from: 0, to: 2, points: 128, why: "winner" },
      { from: 1, to: 2, points: 64, why: "winner" },
      { from: 3, to: 2, points: 64, why: "winner" },
      { from: 1, to: 0, points: 36, why: "difference" },
      { from: 3, to: 0, points: 24, why: "difference" },
      { from: 1, to: 3, points: 12, why: "difference" },
    ]);
    expect(s.net).toEqual([-128 + 60, -64 - 48, 256, -64 - 24 + 12]);
    expect(sum(s.net)).toBe(0);
  });
  it("a winning Jong receives double from each", () => {
    const s = settle([100, 10, 10, 10], 0, 0);
    expect(s.net).toEqual([600, -200, -200, -200]);
  });
  it("drawn hand (Ruling): everyone pays everyone the differences at single rate", () => {
    const s = settle([4, 12, 8, 8], null, 1);
    expect(s.net).toEqual([-16, 16, 0, 0]); // 4 pays 12 eight, each 8 four; the 8s pay 12 four each
    expect(sum(s.net)).toBe(0);
  });
  it("the table always sums to zero", () => {
    for (let i = 0; i < 200; i++) {
      const scores = [0, 1, 2, 3].map((s) => ((i * 37 + s * 101) % 97) * 2);
      for (const winner of [null, 0, 1, 2, 3]) for (let jong = 0; jong < 4; jong++) expect(sum(settle(scores, winner, jong).net)).toBe(0);
    }
  });
});
