/** Types the league modules share (a leaf: schedule.ts, round-robin.ts and tables.ts all import it). */
export interface ScheduledGame {
  /** 0-based round. */
  round: number;
  /** 0-based table within the round. */
  table: number;
  /** Member numbers by seat; seats[0] is East. */
  seats: number[];
}

export interface Schedule {
  rounds: number;
  games: ScheduledGame[];
  /** Per round, the members who sit out. */
  byes: number[][];
}
