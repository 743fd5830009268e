/**
 * League standings are kept as results arrive (a trigger on the ledger, migrations/0014): after
 * any run of results — two- and four-player tables, several lines per seat, seats without a
 * line, ties on points, a post retried, a game not finished — the kept totals give the same table,
 * head-to-head and Sonneborn-Berger included, as the played games added up from the ledger; and the
 * migration's backfill, run on the same ledger, fills the same totals.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { ledgerStatements } from "../../worker/db/ledger";
import { playedGames, seasonTotals } from "../../worker/db/standings";
import { totalsOf } from "../../worker/league/standings";

const users = Array.from({ length: 9 }, (_, i) => `st-u${i}`);
const REASONS = ["mahjong/first", "mahjong/double", "wall", "abandoned", "pot", "penalty"];

/** Deterministic draws (mulberry32), so a failure replays. */
function draws(seed: number) {
  let a = seed;
  return (n: number) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

const byUser = <T extends { userId: string }>(rows: T[]) => rows.slice().sort((a, b) => a.userId.localeCompare(b.userId));

async function season(seasonId: string, games: number, seed: number) {
  const rnd = draws(seed);
  for (let g = 0; g < games; g++) {
    const gameId = `${seasonId}-g${g}`;
    const pool = [...users];
    const seats = Array.from({ length: rnd(2) ? 2 : 4 }, () => pool.splice(rnd(pool.length), 1)[0]!);
    await env.DB.batch(seats.map((u, seat) => env.DB.prepare("INSERT INTO league_game_players (game_id, seat, user_id, season_id) VALUES (?, ?, ?, ?)").bind(gameId, seat, u, seasonId)));
    if (rnd(6) === 0) continue; // still being played
    const lines = Array.from({ length: rnd(5) }, () => ({ seat: rnd(seats.length), reason: REASONS[rnd(REASONS.length)]!, points: [0, 10, -10, 5, -5][rnd(5)]!, detail: "" }));
    const post = { gameId, ruleset: "siamese", userIds: seats, lines, leagueId: "st-league", seasonId };
    await env.DB.batch(ledgerStatements(env, post));
    if (rnd(4) === 0) await env.DB.batch(ledgerStatements(env, post)); // a retried post counts once
  }
}

describe("season standings kept as results arrive", () => {
  it("match the played games added up from the ledger, ties included", async () => {
    for (const [id, seed] of [["st-s1", 1], ["st-s2", 2], ["st-s3", 3]] as const) {
      await season(id, 60, seed);
      const kept = byUser(await seasonTotals(env, id));
      expect(kept.length).toBeGreaterThan(5);
      expect(kept).toEqual(byUser(totalsOf(await playedGames(env, id))));
      // Ties on points happen in these seasons, so head-to-head is exercised, not only zero.
      if (id === "st-s1") expect(kept.some((t) => t.headToHead > 0)).toBe(true);
    }
  });

  it("are filled the same from the ledger by the migration", async () => {
    const before = byUser(await seasonTotals(env, "st-s1"));
    await env.DB.batch([env.DB.prepare("DELETE FROM season_totals"), env.DB.prepare("DELETE FROM season_pairs"), env.DB.prepare("UPDATE league_game_players SET points = 0")]);
    expect(await seasonTotals(env, "st-s1")).toEqual([]);
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0014_"))!;
    const fill = migration.queries.filter((q) => !q.includes("CREATE TRIGGER"));
    expect(fill.length).toBe(4);
    for (const q of fill) await env.DB.prepare(q).run();
    expect(byUser(await seasonTotals(env, "st-s1"))).toEqual(before);
  });
});
