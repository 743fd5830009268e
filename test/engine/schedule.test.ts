/**
 * League schedules (docs/leagues.md): property tests over 2..20 members.
 * 2-player variants: circle method, every pair meets once (single) or twice (double, once as
 * East each), East balanced, byes spread. 4-player variants: tables of four, byes spread,
 * pairs meet evenly, seat winds balanced.
 */
import { describe, expect, it } from "vitest";
import { schedule, ScheduleError, type Schedule } from "../../worker/league/schedule";

const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

function tally(s: Schedule, n: number, seats: number) {
  const meets = Array.from({ length: n }, () => Array<number>(n).fill(0));
  const seat = Array.from({ length: n }, () => Array<number>(seats).fill(0));
  const byes = Array<number>(n).fill(0);
  for (const g of s.games)
    g.seats.forEach((p, i) => {
      seat[p]![i]!++;
      for (const q of g.seats) if (q !== p) meets[p]![q]!++;
    });
  for (const b of s.byes) for (const p of b) byes[p]!++;
  const pairs: number[] = [];
  for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) pairs.push(meets[a]![b]!);
  const spread = (xs: number[]) => Math.max(...xs) - Math.min(...xs);
  return { meets, seat, byes, pairs, spread };
}

/** Every member is in exactly one game or one bye in every round. */
function everyRoundCoversEveryone(s: Schedule, n: number, seats: number) {
  for (let r = 0; r < s.rounds; r++) {
    const inRound = [...s.games.filter((g) => g.round === r).flatMap((g) => g.seats), ...s.byes[r]!].sort((a, b) => a - b);
    expect(inRound).toEqual(range(0, n - 1));
    for (const g of s.games.filter((g) => g.round === r)) expect(g.seats).toHaveLength(seats);
    expect(s.byes[r]).toHaveLength(n % seats);
  }
}

describe("2-player variants: circle method", () => {
  for (const n of range(2, 20)) {
    it(`${n} members, single round robin: every pair meets once, East balanced, byes spread`, () => {
      const s = schedule({ members: n, players: 2, format: "single" });
      const t = tally(s, n, 2);
      expect(s.rounds).toBe(n % 2 ? n : n - 1);
      everyRoundCoversEveryone(s, n, 2);
      expect(new Set(t.pairs)).toEqual(new Set([1]));
      for (const [east, away] of t.seat) expect(Math.abs(east! - away!)).toBeLessThanOrEqual(1);
      // Odd: everyone sits out exactly once; even: nobody does.
      expect(new Set(t.byes)).toEqual(new Set([n % 2]));
    });

    it(`${n} members, double round robin: every pair meets twice, once each as East`, () => {
      const s = schedule({ members: n, players: 2, format: "double" });
      const t = tally(s, n, 2);
      everyRoundCoversEveryone(s, n, 2);
      expect(new Set(t.pairs)).toEqual(new Set([2]));
      const east = new Map<string, number>();
      for (const g of s.games) east.set(g.seats.join("-"), (east.get(g.seats.join("-")) ?? 0) + 1);
      expect(new Set(east.values())).toEqual(new Set([1]));
      for (const [e, a] of t.seat) expect(e).toBe(a);
      expect(new Set(t.byes)).toEqual(new Set([2 * (n % 2)]));
      // The two byes of a member are a whole cycle apart.
      for (let p = 0; p < n % 2 * n; p++) {
        const rounds = s.byes.flatMap((b, r) => (b.includes(p) ? [r] : []));
        expect(rounds[1]! - rounds[0]!).toBe(s.rounds / 2);
      }
    });
  }
});

describe("4-player variants: tables", () => {
  for (const format of ["single", "double"] as const)
    for (const n of range(4, 20)) {
      it(`${n} members, ${format}: tables of four, byes spread, pairs meet evenly, seat winds balanced`, () => {
        const s = schedule({ members: n, players: 4, format });
        const t = tally(s, n, 4);
        expect(s.rounds).toBe(Math.ceil((n - 1) / 3) * (format === "double" ? 2 : 1));
        everyRoundCoversEveryone(s, n, 4);
        expect(t.spread(t.byes)).toBeLessThanOrEqual(1);
        // Every member's count in each seat (East, South, West, North) differs by at most one.
        for (const counts of t.seat) expect(t.spread(counts)).toBeLessThanOrEqual(1);
        expect(t.spread(t.seat.map((c) => c[0]!))).toBeLessThanOrEqual(1);
        // Pairs meet evenly: a spread of at most 2 in a single cycle (3 in a double), and no pair
        // meets more than one time above the average.
        expect(t.spread(t.pairs)).toBeLessThanOrEqual(format === "single" ? 2 : 3);
        const average = t.pairs.reduce((a, b) => a + b, 0) / t.pairs.length;
        expect(Math.max(...t.pairs)).toBeLessThanOrEqual(Math.ceil(average) + 1);
      });
    }

  it("16 members in 5 rounds: everyone meets everyone exactly once (a perfect schedule exists and is found)", () => {
    const t = tally(schedule({ members: 16, players: 4, format: "single" }), 16, 4);
    expect(new Set(t.pairs)).toEqual(new Set([1]));
  });

  it("the same request gives the same schedule; another seed another one", () => {
    const a = schedule({ members: 10, players: 4, format: "single", seed: "s1" });
    expect(schedule({ members: 10, players: 4, format: "single", seed: "s1" })).toEqual(a);
    expect(schedule({ members: 10, players: 4, format: "single", seed: "s2" })).not.toEqual(a);
  });
});

describe("bad requests are refused with a reason", () => {
  it("too few members for a table, too many for a season, rounds on a round robin", () => {
    expect(() => schedule({ members: 3, players: 4, format: "single" })).toThrow(/at least 4 players/);
    expect(() => schedule({ members: 1, players: 2, format: "single" })).toThrow(ScheduleError);
    expect(() => schedule({ members: 65, players: 2, format: "single" })).toThrow(/at most 64/);
    expect(() => schedule({ members: 6, players: 2, format: "single", rounds: 3 })).toThrow(/fixed number of rounds/);
    expect(() => schedule({ members: 6, players: 4, format: "single", rounds: 0 })).toThrow(/rounds/);
  });
});
