/** Standings (docs/leagues.md): points, then head-to-head among the level, then Sonneborn-Berger. */
import { describe, expect, it } from "vitest";
import { standings, type PlayedGame } from "../../worker/league/standings";
import { toCsv } from "../../worker/league/csv";

const players = ["ann", "bob", "cy", "dot"].map((u) => ({ userId: u, name: u[0]!.toUpperCase() + u.slice(1) }));
const game = (id: string, a: string, pa: number, b: string, pb: number, extra: Partial<Record<"mahjongs" | "wall" | "forfeit", number>> = {}): PlayedGame => ({
  gameId: id,
  seats: [
    { userId: a, points: pa, mahjongs: pa > 0 && !extra.wall ? 1 : 0, wall: extra.wall ?? 0, forfeit: 0 },
    { userId: b, points: pb, mahjongs: 0, wall: extra.wall ?? 0, forfeit: pb < 0 ? (extra.forfeit ?? 0) : 0 },
  ],
});

describe("standings", () => {
  it("rank by points; games played, Mah Jonggs, wall games and forfeits are counted", () => {
    const rows = standings(players, [game("1", "ann", 50, "bob", 0), game("2", "cy", 10, "dot", 10, { wall: 1 }), game("3", "ann", 0, "cy", -100, { forfeit: 1 })]);
    expect(rows.map((r) => [r.rank, r.name, r.points, r.played])).toEqual([
      [1, "Ann", 50, 2],
      [2, "Dot", 10, 1],
      [3, "Bob", 0, 1],
      [4, "Cy", -90, 2],
    ]);
    expect(rows.find((r) => r.name === "Cy")).toMatchObject({ wallGames: 1, forfeits: 1 });
    expect(rows.find((r) => r.name === "Ann")).toMatchObject({ mahjongs: 1 });
  });

  it("level on points: head-to-head decides before Sonneborn-Berger", () => {
    // Ann and Bob both end on 30; Bob beat Ann in their game, so Bob is ahead.
    const rows = standings(players, [game("1", "bob", 30, "ann", 0), game("2", "ann", 30, "cy", 0), game("3", "dot", 0, "cy", 0)]);
    expect(rows.slice(0, 2).map((r) => [r.rank, r.name, r.headToHead])).toEqual([
      [1, "Bob", 1],
      [2, "Ann", 0],
    ]);
  });

  it("level on points and head-to-head: Sonneborn-Berger (score against each opponent × their points)", () => {
    // Ann and Bob never met; Ann beat Cy (20 points), Bob beat Dot (−10): Ann is ahead.
    const rows = standings(players, [game("1", "ann", 25, "cy", 0), game("2", "bob", 25, "dot", 0), game("3", "cy", 20, "dot", -10)]);
    expect(rows.slice(0, 2).map((r) => [r.rank, r.name, r.sonnebornBerger])).toEqual([
      [1, "Ann", 20],
      [2, "Bob", -10],
    ]);
  });

  it("level on all three: shared rank", () => {
    const rows = standings(players, [game("1", "ann", 10, "bob", 10, { wall: 1 }), game("2", "cy", 10, "dot", 10, { wall: 1 })]);
    expect(rows.map((r) => r.rank)).toEqual([1, 1, 1, 1]);
  });

  it("CSV quotes commas and quotes and keeps formulas inert", () => {
    expect(toCsv(["a", "b"], [["x,y", 'say "hi"'], ["=1+1", -5]])).toBe('a,b\r\n"x,y","say ""hi"""\r\n\'=1+1,-5\r\n');
  });
});
