/**
 * League schedules (pure). Members are numbered 0..n-1 in the order the caller chose; a game
 * lists its members by seat, seat 0 being East. Every member not in a game of a round has a bye.
 *
 * - 2-player variants: the circle method, single or double round robin (roundRobin).
 * - 4-player variants: table assignment over a number of rounds (tableRounds); with computer
 *   fill-ins (`fill`) nobody sits out and a game's seat may be COMPUTER.
 */
import { roundRobin } from "./round-robin";
import { computersPerTable, tableRounds } from "./tables";
import type { Schedule } from "./types";

export { COMPUTER, type Schedule, type ScheduledGame } from "./types";

export type Format = "single" | "double";

export interface ScheduleRequest {
  members: number;
  /** Seats per game of the ruleset: 2 (Siamese) or 4 (American, Chinese). */
  players: number;
  format: Format;
  /** Tables only: how many rounds; by default enough for everyone to meet everyone once (or twice). */
  rounds?: number;
  /** Tables only: seed of the search, so a schedule is reproducible. */
  seed?: string;
  /** Tables only: computers fill the seats the members leave empty, so nobody sits out. */
  fill?: boolean;
}

export class ScheduleError extends Error {}

export const MAX_MEMBERS = 64;

/** Rounds needed for every member to meet every other once at tables of `players`. */
export const defaultTableRounds = (members: number, players: number, format: Format) =>
  Math.ceil((members - 1) / (players - 1)) * (format === "double" ? 2 : 1);

/**
 * With computer fill-ins: also enough rounds for the pairs of members to meet once (or twice), as
 * a table with computers seats fewer members; the same as defaultTableRounds when no seat is left empty.
 */
export function filledTableRounds(members: number, players: number, format: Format) {
  const pairsPerRound = computersPerTable(members, players).reduce((n, c) => n + ((players - c) * (players - c - 1)) / 2, 0);
  const once = Math.max(Math.ceil((members - 1) / (players - 1)), Math.ceil((members * (members - 1)) / 2 / pairsPerRound));
  return once * (format === "double" ? 2 : 1);
}

export function schedule(req: ScheduleRequest): Schedule {
  const { members, players, format } = req;
  const fill = !!req.fill && players > 2;
  if (!Number.isInteger(members) || members > MAX_MEMBERS) throw new ScheduleError(`a season has at most ${MAX_MEMBERS} players`);
  if (req.fill && players === 2) throw new ScheduleError("a game of two has no seat for a computer to fill; leave the fill-in out");
  // With fill-ins two members make a table (computers take the other seats).
  if (members < (fill ? 2 : players)) throw new ScheduleError(`a season of this ruleset needs at least ${fill ? 2 : players} players (it has ${members})`);
  if (players === 2) {
    if (req.rounds !== undefined) throw new ScheduleError("a round robin has a fixed number of rounds; leave rounds out");
    return roundRobin(members, format === "double" ? 2 : 1);
  }
  const rounds = req.rounds ?? (fill ? filledTableRounds : defaultTableRounds)(members, players, format);
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 100) throw new ScheduleError("rounds must be a whole number from 1 to 100");
  return tableRounds(members, players, rounds, req.seed ?? "league", fill);
}

/** Per round, the season's players who have no game in it (byes), in the players' order. */
export function byesOf<P extends { userId: string }>(rounds: number, games: { round: number; players: { userId: string }[] }[], players: P[]): P[][] {
  return Array.from({ length: rounds }, (_, r) => {
    const playing = new Set(games.filter((g) => g.round === r).flatMap((g) => g.players.map((p) => p.userId)));
    return players.filter((p) => !playing.has(p.userId));
  });
}
