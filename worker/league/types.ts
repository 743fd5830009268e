/** Types the league modules share (a leaf: schedule.ts, round-robin.ts and tables.ts all import it). */
export interface ScheduledGame {
  /** 0-based round. */
  round: number;
  /** 0-based table within the round. */
  table: number;
  /** Member numbers by seat; seats[0] is East. COMPUTER: a computer player fills the seat. */
  seats: number[];
}

/** A seat that a computer player fills (a season with computer fill-ins: no byes). */
export const COMPUTER = -1;

export interface Schedule {
  rounds: number;
  games: ScheduledGame[];
  /** Per round, the members who sit out. */
  byes: number[][];
}
