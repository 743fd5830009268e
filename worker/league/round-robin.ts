/**
 * The circle method (Berger tables) for 2-player games. One position is fixed and the others
 * turn one step each round; position i meets position m-1-i. With an odd number of members
 * the fixed position is the bye, so everyone sits out exactly once per cycle.
 *
 * East balance: a member in the top half of the circle is East. Over a cycle every rotating
 * member is in the top half m/2-1 times and in the bottom half m/2-1 times (not counting the
 * game against the fixed position), and the fixed position is East in every other round, so
 * each member's East and non-East games differ by at most one. The second cycle of a double
 * round robin repeats the first with East swapped: every pair meets once each way.
 */
import type { Schedule, ScheduledGame } from "./types";

export function roundRobin(n: number, cycles: 1 | 2): Schedule {
  const odd = n % 2 === 1;
  const m = odd ? n + 1 : n;
  // With an odd count the fixed position is the missing member (the bye).
  const fixed = odd ? -1 : 0;
  let ring = Array.from({ length: m - 1 }, (_, i) => (odd ? i : i + 1));
  const games: ScheduledGame[] = [];
  const byes: number[][] = [];
  for (let r = 0; r < m - 1; r++) {
    const order = [fixed, ...ring];
    let table = 0;
    const bye: number[] = [];
    for (let i = 0; i < m / 2; i++) {
      const top = order[i]!, bottom = order[m - 1 - i]!;
      if (top < 0 || bottom < 0) {
        bye.push(top < 0 ? bottom : top);
        continue;
      }
      const topIsEast = i > 0 || r % 2 === 0;
      games.push({ round: r, table: table++, seats: topIsEast ? [top, bottom] : [bottom, top] });
    }
    byes.push(bye);
    ring = [ring[ring.length - 1]!, ...ring.slice(0, -1)];
  }
  if (cycles === 1) return { rounds: m - 1, games, byes };
  const second = games.map((g) => ({ round: g.round + m - 1, table: g.table, seats: [g.seats[1]!, g.seats[0]!] }));
  return { rounds: 2 * (m - 1), games: [...games, ...second], byes: [...byes, ...byes.map((b) => b.slice())] };
}
