/**
 * Standings from ledger totals (pure). See docs/leagues.md for the rules:
 * points, then head-to-head among the tied players, then Sonneborn-Berger; members still level
 * after all three share a rank.
 */
import type { PlayedGame, SeatResult, Totals } from "../db/standings";
import { isComputerUserId } from "../table/names";

export type { PlayedGame, SeatResult, Totals };

export interface StandingRow extends Totals {
  rank: number;
  name: string;
}

/** 1 if a beat b in this game (more ledger points), ½ if level, 0 if behind. */
const score = (a: SeatResult, b: SeatResult) => (a.points > b.points ? 1 : a.points === b.points ? 0.5 : 0);

const zero = (userId: string): Totals => ({ userId, points: 0, played: 0, mahjongs: 0, wallGames: 0, forfeits: 0, headToHead: 0, sonnebornBerger: 0 });

/**
 * Per-player totals, head-to-head among players level on points and Sonneborn-Berger, from the
 * played games (what db/standings.ts seasonTotals reads from the totals kept as results arrive, in plain code).
 */
export function totalsOf(games: PlayedGame[]): Totals[] {
  const rows = new Map<string, Totals>();
  const row = (userId: string) => rows.get(userId) ?? rows.set(userId, zero(userId)).get(userId)!;
  for (const g of games)
    for (const s of g.seats) {
      const r = row(s.userId);
      r.points += s.points;
      r.played += 1;
      r.mahjongs += s.mahjongs;
      r.wallGames += s.wall;
      r.forfeits += s.forfeit;
    }
  for (const g of games)
    for (const s of g.seats)
      for (const o of g.seats) {
        if (o === s) continue;
        const me = row(s.userId), them = row(o.userId);
        me.sonnebornBerger += score(s, o) * them.points;
        // a computer fill-in level on points is no member to break a tie against
        if (me.points === them.points && !isComputerUserId(o.userId)) me.headToHead += score(s, o);
      }
  return [...rows.values()];
}

/**
 * The table: season players (also those without a result yet) with their totals, ranked by
 * points, head-to-head among the players level on points, then Sonneborn-Berger; players level
 * on all three share a rank.
 */
export function rank(players: { userId: string; name: string }[], totals: Totals[]): StandingRow[] {
  const rows = new Map<string, StandingRow>(players.map((p) => [p.userId, { ...zero(p.userId), rank: 0, name: p.name }]));
  // A player who was replaced keeps the games they finished; the caller names them.
  for (const t of totals) rows.set(t.userId, { ...t, rank: 0, name: rows.get(t.userId)?.name ?? t.userId });
  const key = (r: StandingRow) => [r.points, r.headToHead, r.sonnebornBerger];
  const sorted = [...rows.values()].sort((a, b) => b.points - a.points || b.headToHead - a.headToHead || b.sonnebornBerger - a.sonnebornBerger || a.name.localeCompare(b.name));
  sorted.forEach((r, i) => {
    const prev = sorted[i - 1];
    r.rank = prev && key(prev).every((v, k) => v === key(r)[k]) ? prev.rank : i + 1;
  });
  return sorted;
}

/** Standings straight from the played games. */
export const standings = (players: { userId: string; name: string }[], games: PlayedGame[]) => rank(players, totalsOf(games));
