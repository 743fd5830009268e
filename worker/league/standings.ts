/**
 * Standings from ledger totals (pure). See docs/leagues.md for the rules:
 * points, then head-to-head among the tied players, then Sonneborn-Berger; members still level
 * after all three share a rank.
 */

export interface SeatResult {
  userId: string;
  /** Sum of the player's ledger lines in this game. */
  points: number;
  mahjongs: number;
  wall: number;
  forfeit: number;
}

/** A game whose result is in the ledger, one entry per seat. */
export interface PlayedGame {
  gameId: string;
  seats: SeatResult[];
}

export interface StandingRow {
  rank: number;
  userId: string;
  name: string;
  points: number;
  played: number;
  mahjongs: number;
  wallGames: number;
  forfeits: number;
  /** Game score (1 win, ½ tie) against the players level on points with this one. */
  headToHead: number;
  /** Σ over games and opponents of the game score against them × their points. */
  sonnebornBerger: number;
}

/** 1 if a beat b in this game (more ledger points), ½ if level, 0 if behind. */
const score = (a: SeatResult, b: SeatResult) => (a.points > b.points ? 1 : a.points === b.points ? 0.5 : 0);

export function standings(players: { userId: string; name: string }[], games: PlayedGame[]): StandingRow[] {
  const rows = new Map<string, StandingRow>(
    players.map((p) => [p.userId, { rank: 0, userId: p.userId, name: p.name, points: 0, played: 0, mahjongs: 0, wallGames: 0, forfeits: 0, headToHead: 0, sonnebornBerger: 0 }]),
  );
  // A newcomer who replaced a player appears with the games they finished.
  const row = (userId: string) => {
    if (!rows.has(userId)) rows.set(userId, { rank: 0, userId, name: userId, points: 0, played: 0, mahjongs: 0, wallGames: 0, forfeits: 0, headToHead: 0, sonnebornBerger: 0 });
    return rows.get(userId)!;
  };
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
    for (const s of g.seats) {
      const r = row(s.userId);
      for (const o of g.seats) if (o !== s) r.sonnebornBerger += score(s, o) * row(o.userId).points;
    }
  const byPoints = new Map<number, string[]>();
  for (const r of rows.values()) byPoints.set(r.points, [...(byPoints.get(r.points) ?? []), r.userId]);
  for (const tied of byPoints.values()) {
    if (tied.length < 2) continue;
    for (const g of games)
      for (const s of g.seats) {
        if (!tied.includes(s.userId)) continue;
        for (const o of g.seats) if (o !== s && tied.includes(o.userId)) row(s.userId).headToHead += score(s, o);
      }
  }
  const key = (r: StandingRow) => [r.points, r.headToHead, r.sonnebornBerger];
  const sorted = [...rows.values()].sort((a, b) => b.points - a.points || b.headToHead - a.headToHead || b.sonnebornBerger - a.sonnebornBerger || a.name.localeCompare(b.name));
  sorted.forEach((r, i) => {
    const prev = sorted[i - 1];
    r.rank = prev && key(prev).every((v, k) => v === key(r)[k]) ? prev.rank : i + 1;
  });
  return sorted;
}
