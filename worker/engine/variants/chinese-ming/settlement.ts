/**
 * Settlement of a hand (RULES §7 "Settlement", "The Jong"): every other player pays the winner the
 * winner's score — double when the Jong pays or the Jong wins; then the three others pay each other
 * the differences between their own scores, at single rate. Drawn hand (Ruling): everyone pays
 * everyone the differences at single rate. Every transfer is from one player to another, so the
 * table always sums to zero.
 */
import type { Seat } from "../../api";

export interface Transfer {
  from: Seat;
  to: Seat;
  points: number;
  why: "winner" | "difference";
}

export interface Settlement {
  transfers: Transfer[];
  /** What each seat gains (negative: pays), summing to zero. */
  net: number[];
}

export function settle(scores: readonly number[], winner: Seat | null, jong: Seat): Settlement {
  const transfers: Transfer[] = [];
  const others = scores.map((_, s) => s).filter((s) => s !== winner);
  if (winner !== null)
    for (const s of others) {
      const rate = s === jong || winner === jong ? 2 : 1;
      transfers.push({ from: s, to: winner, points: scores[winner]! * rate, why: "winner" });
    }
  for (const [i, a] of others.entries())
    for (const b of others.slice(i + 1)) {
      const d = scores[a]! - scores[b]!;
      if (d > 0) transfers.push({ from: b, to: a, points: d, why: "difference" });
      else if (d < 0) transfers.push({ from: a, to: b, points: -d, why: "difference" });
    }
  const net = scores.map(() => 0);
  for (const t of transfers) {
    net[t.from]! -= t.points;
    net[t.to]! += t.points;
  }
  return { transfers, net };
}
