/**
 * League schedules (docs/leagues.md): property tests over 2..20 members.
 * 2-player variants: circle method, every pair meets once (single) or twice (double, once as
 * East each), East balanced, byes spread. 4-player variants: tables of four, byes spread,
 * pairs meet evenly, seat winds balanced.
 */
import { describe, expect, it } from "vitest";
import { COMPUTER, schedule, ScheduleError, type Schedule } from "../../worker/league/schedule";

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

describe("tables with computer fill-ins: nobody sits out", () => {
  const spread = (xs: number[]) => Math.max(...xs) - Math.min(...xs);
  for (const players of [3, 4])
    for (const format of ["single", "double"] as const)
      for (const n of range(2, 20).filter((n) => n % players)) {
        it(`${n} members at tables of ${players}, ${format}: no byes, computers spread over the tables and the members, seat winds level`, () => {
          const s = schedule({ members: n, players, format, fill: true, seed: "fill" });
          const tables = Math.ceil(n / players);
          const computersMet = Array<number>(n).fill(0);
          const seat = Array.from({ length: n }, () => Array<number>(players).fill(0));
          const meets = Array.from({ length: n }, () => Array<number>(n).fill(0));
          for (let r = 0; r < s.rounds; r++) {
            const games = s.games.filter((g) => g.round === r);
            expect(s.byes[r]).toEqual([]);
            expect(games).toHaveLength(tables);
            // every member plays once in the round; the other seats are computers
            expect(games.flatMap((g) => g.seats.filter((m) => m !== COMPUTER)).sort((a, b) => a - b)).toEqual(range(0, n - 1));
            for (const g of games) expect(g.seats).toHaveLength(players);
            // no table has two computers while another has none (at most one more at one table than at another)
            expect(spread(games.map((g) => g.seats.filter((m) => m === COMPUTER).length))).toBeLessThanOrEqual(1);
            expect(games.flatMap((g) => g.seats).filter((m) => m === COMPUTER)).toHaveLength(tables * players - n);
          }
          for (const g of s.games) {
            const computers = g.seats.filter((m) => m === COMPUTER).length;
            g.seats.forEach((m, i) => {
              if (m === COMPUTER) return;
              computersMet[m]! += computers;
              seat[m]![i]!++;
              for (const o of g.seats) if (o !== m && o !== COMPUTER) meets[m]![o]!++;
            });
          }
          // each member meets computer seats about equally often (a member of 5 at a table of 4 may meet one more: see below)
          expect(spread(computersMet)).toBeLessThanOrEqual(2);
          for (const counts of seat) expect(spread(counts)).toBeLessThanOrEqual(1);
          const pairs = range(0, n - 1).flatMap((a) => range(a + 1, n - 1).map((b) => meets[a]![b]!));
          expect(spread(pairs)).toBeLessThanOrEqual(3);
          // enough rounds for every pair to be able to meet once (twice)
          expect(s.rounds).toBeGreaterThanOrEqual(Math.ceil((n - 1) / (players - 1)) * (format === "double" ? 2 : 1));
        });
      }

  it("American clubs of 5, 6, 9, 10 and 13: everyone meets a computer seat as often as anyone else, give or take one", () => {
    for (const n of [6, 9, 10, 13]) {
      const s = schedule({ members: n, players: 4, format: "single", fill: true, seed: "club" });
      const met = Array<number>(n).fill(0);
      for (const g of s.games) for (const m of g.seats) if (m !== COMPUTER) met[m]! += g.seats.filter((x) => x === COMPUTER).length;
      expect(Math.max(...met) - Math.min(...met)).toBeLessThanOrEqual(1);
    }
    // 5 at two tables: one of three (one computer), one of two (two computers), three rounds
    const five = schedule({ members: 5, players: 4, format: "single", fill: true, seed: "club" });
    expect(five.rounds).toBe(3);
    expect(five.games.map((g) => g.seats.filter((m) => m === COMPUTER).length).sort()).toEqual([1, 1, 1, 2, 2, 2]);
  });

  it("is reproducible from its seed", () => {
    const a = schedule({ members: 7, players: 4, format: "single", fill: true, seed: "s1" });
    expect(schedule({ members: 7, players: 4, format: "single", fill: true, seed: "s1" })).toEqual(a);
    expect(schedule({ members: 7, players: 4, format: "single", fill: true, seed: "s2" })).not.toEqual(a);
  });

  it("members that fill every table: no computer, the schedule without fill-ins", () => {
    expect(schedule({ members: 8, players: 4, format: "single", fill: true, seed: "s1" })).toEqual(schedule({ members: 8, players: 4, format: "single", seed: "s1" }));
  });

  it("without fill-ins, the schedules of existing seasons are unchanged (byes as before, drawn for drawn)", () => {
    const six = schedule({ members: 6, players: 4, format: "single", seed: "pin" });
    expect(six.games.map((g) => `${g.round}:${g.table}:${g.seats.join("")}`)).toEqual(["0:0:0125", "1:0:2431"]);
    expect(six.byes).toEqual([[3, 4], [0, 5]]);
    expect(schedule({ members: 6, players: 4, format: "single", seed: "pin", fill: false })).toEqual(six);
    const ten = schedule({ members: 10, players: 4, format: "single", seed: "pin" });
    expect(ten.games.map((g) => g.seats.join(""))).toEqual(["8235", "6049", "0893", "7514", "5602", "1978"]);
    expect(ten.byes).toEqual([[1, 7], [2, 6], [3, 4]]);
  });

  it("a game of two has no seat to fill; two members make a table with computers", () => {
    expect(() => schedule({ members: 5, players: 2, format: "single", fill: true })).toThrow(/no seat for a computer/);
    const two = schedule({ members: 2, players: 4, format: "single", fill: true });
    expect(two.games).toHaveLength(1);
    expect(two.games[0]!.seats.filter((m) => m === COMPUTER)).toHaveLength(2);
    expect(() => schedule({ members: 1, players: 4, format: "single", fill: true })).toThrow(/at least 2 players/);
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
