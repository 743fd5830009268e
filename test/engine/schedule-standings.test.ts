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

  it("four at a table: an American wall game counts as played with 0 points; every pair at a table has a result", () => {
    const table = (id: string, pts: number[], extra: { wall?: number; winner?: number } = {}): PlayedGame => ({
      gameId: id,
      seats: players.map((p, i) => ({ userId: p.userId, points: pts[i]!, mahjongs: extra.winner === i ? 1 : 0, wall: extra.wall ?? 0, forfeit: 0 })),
    });
    // Game 1: a wall game, nobody pays (each seat's 0-point "wall" line). Game 2: Cy wins on Dot's discard.
    const rows = standings(players, [table("1", [0, 0, 0, 0], { wall: 1 }), table("2", [-25, -25, 100, -50], { winner: 2 })]);
    expect(rows.map((r) => [r.rank, r.name, r.points, r.played, r.wallGames, r.mahjongs])).toEqual([
      [1, "Cy", 100, 2, 1, 1],
      [2, "Ann", -25, 2, 1, 0],
      [2, "Bob", -25, 2, 1, 0],
      [4, "Dot", -50, 2, 1, 0],
    ]);
    // Ann and Bob: level on points, drew both games against each other (½ + ½), and the same
    // Sonneborn-Berger: wall game ½ × (−25 + 100 − 50) each, game 2 ½ × the other's −25 + 1 × Dot's −50.
    expect(rows.find((r) => r.name === "Ann")).toMatchObject({ headToHead: 1, sonnebornBerger: 0.5 * 25 - 12.5 - 50 });
    expect(rows.find((r) => r.name === "Bob")).toMatchObject({ headToHead: 1, sonnebornBerger: 0.5 * 25 - 12.5 - 50 });
  });

  it("CSV quotes commas and quotes and keeps formulas inert", () => {
    expect(toCsv(["a", "b"], [["x,y", 'say "hi"'], ["=1+1", -5]])).toBe('a,b\r\n"x,y","say ""hi"""\r\n\'=1+1,-5\r\n');
  });
});
