/**
 * D1 standings of a 200-member league season with 10,000 games, run inside workerd's D1
 * (wrangler's platform proxy, scratch state): the one standings query (totals kept as results
 * arrive) plus the ranking, beside a trivial SELECT measured in the same run as the baseline; and
 * whether the kept totals give the same table as the season's ledger lines.
 */
import { readdirSync, readFileSync } from "node:fs";
import { rmSync } from "node:fs";
import { getPlatformProxy } from "wrangler";
import { seasonPlayers } from "../worker/db/leagues";
import { playedGames, seasonStandings, seasonTotals } from "../worker/db/standings";
import { rank, totalsOf } from "../worker/league/standings";
import type { Env } from "../worker/lib/env";

const MEMBERS = 200;
const GAMES = 10_000;
const RUNS = 31;

const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Times each of `fs`, taking turns (one run of each, then again), so a busy moment of the machine
 * weighs on all of them alike and their ratio stays meaningful.
 */
async function timeInTurns(runs: number, fs: (() => Promise<unknown>)[]) {
  for (const f of fs) await f();
  const ms = fs.map(() => [] as number[]);
  for (let i = 0; i < runs; i++)
    for (const [k, f] of fs.entries()) {
      const t = performance.now();
      await f();
      ms[k]!.push(performance.now() - t);
    }
  return ms.map((m) => ({ median: median(m), max: Math.max(...m) }));
}

export async function bench() {
  // The worker's own D1 binding (wrangler.toml) in workerd, with its state in a scratch directory.
  const persist = ".wrangler/bench-standings";
  rmSync(persist, { recursive: true, force: true });
  const proxy = await getPlatformProxy<Env>({ configPath: "wrangler.toml", persist: { path: persist } });
  try {
    const DB = proxy.env.DB;
    const dir = new URL("../migrations/", import.meta.url);
    for (const f of readdirSync(dir).filter((f) => f.endsWith(".sql")).sort())
      for (const sql of readFileSync(new URL(f, dir), "utf8").split("--> statement-breakpoint").map((s) => s.trim()).filter(Boolean)) await DB.prepare(sql).run();

    // Generated inside SQLite (recursive CTEs) so seeding takes a few statements, not 50,000.
    const seq = (n: number) => `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${n - 1})`;
    const a = "(i * 7) % 200", b = "(i * 7 + 1 + (i * 13) % 199) % 200";
    const ledger = "INSERT INTO ledger (game_id, seat, user_id, reason, points, detail, ruleset, league_id, season_id, created_at)";
    for (const sql of [
      `INSERT INTO users (id, email, display_name, created_at) ${seq(MEMBERS)} SELECT 'u' || i, 'u' || i || '@bench.example.com', 'Player ' || i, 0 FROM n`,
      `INSERT INTO season_players (season_id, user_id, position) ${seq(MEMBERS)} SELECT 's1', 'u' || i, i FROM n`,
      `INSERT INTO seasons (id, league_id, name, ruleset, options, days_per_move, format, mode, starts_at, round_days, rounds, status, created_at)
       VALUES ('s1', 'l1', 'Bench', 'siamese', '{}', 3, 'double', 'concurrent', 0, 7, 398, 'running', 0)`,
      `INSERT INTO league_games (game_id, league_id, season_id, round, table_no, starts_at, status) ${seq(GAMES)} SELECT 'g' || i, 'l1', 's1', i % 398, 0, 0, 'started' FROM n`,
      `INSERT INTO league_game_players (game_id, seat, user_id, season_id) ${seq(GAMES)} SELECT 'g' || i, 0, 'u' || (${a}), 's1' FROM n`,
      `INSERT INTO league_game_players (game_id, seat, user_id, season_id) ${seq(GAMES)} SELECT 'g' || i, 1, 'u' || (${b}), 's1' FROM n`,
      // A third of the games are wall games (+10 each), a third a first Mah Jongg, a third a forfeit.
      `${ledger} ${seq(GAMES)} SELECT 'g' || i, 0, 'u' || (${a}), 'wall', 10, '', 'siamese', 'l1', 's1', 0 FROM n WHERE i % 3 = 0`,
      `${ledger} ${seq(GAMES)} SELECT 'g' || i, 1, 'u' || (${b}), 'wall', 10, '', 'siamese', 'l1', 's1', 0 FROM n WHERE i % 3 = 0`,
      `${ledger} ${seq(GAMES)} SELECT 'g' || i, (i / 3) % 2, 'u' || (CASE (i / 3) % 2 WHEN 0 THEN ${a} ELSE ${b} END), 'mahjong/first', 25 + 5 * (i % 10), '', 'siamese', 'l1', 's1', 0 FROM n WHERE i % 3 = 1`,
      `${ledger} ${seq(GAMES)} SELECT 'g' || i, (i / 3) % 2, 'u' || (CASE (i / 3) % 2 WHEN 0 THEN ${a} ELSE ${b} END), 'abandoned', -100, '', 'siamese', 'l1', 's1', 0 FROM n WHERE i % 3 = 2`,
      // Unrelated ledger rows (casual games) so the season index has to do its job.
      `INSERT INTO ledger (game_id, seat, user_id, reason, points, detail, ruleset, created_at) ${seq(20_000)} SELECT 'casual' || i, 0, 'u' || (i % 200), 'wall', 10, '', 'siamese', 0 FROM n`,
    ])
      await DB.prepare(sql).run();

    const env = { DB } as Pick<Env, "DB">;
    let rows = 0;
    const [baseline, query, full] = await timeInTurns(RUNS, [
      () => DB.prepare("SELECT 1 AS one").first(),
      () => seasonTotals(env, "s1"),
      // What GET /api/leagues/:id/standings does: the players, their totals, the ranking.
      async () => {
        const { players, totals } = await seasonStandings(env, "s1");
        rows = rank(players, totals).length;
      },
    ]);
    // The kept totals (written by the ledger's trigger as the seed went in) against the ledger itself.
    const same = JSON.stringify(rank(await seasonPlayers(env, "s1"), await seasonTotals(env, "s1"))) === JSON.stringify(rank(await seasonPlayers(env, "s1"), totalsOf(await playedGames(env, "s1"))));
    console.log(`standings of ${MEMBERS} members, ${GAMES} games (ledger ${GAMES + 20_000}+ rows), median of ${RUNS} runs each, taking turns, in workerd D1:`);
    console.log(`  baseline SELECT 1              ${baseline!.median.toFixed(2)} ms (max ${baseline!.max.toFixed(2)})`);
    console.log(`  totals query (points, head-to-head, SB) ${query!.median.toFixed(2)} ms (max ${query!.max.toFixed(2)})`);
    console.log(`  whole standings (${rows} rows)         ${full!.median.toFixed(2)} ms (max ${full!.max.toFixed(2)}), ${(full!.median / baseline!.median).toFixed(1)}× the baseline`);
    console.log(`  same table as from the ledger's lines: ${same ? "yes" : "NO"}`);
  } finally {
    await proxy.dispose();
    rmSync(persist, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await bench();
