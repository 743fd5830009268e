/**
 * `npm run bench:ratings` — profiles, the leaderboard and a player's games list at scale.
 *
 * Builds a SQLite database with the project's D1 migrations (migrations/*.sql, as wrangler and the
 * tests apply them) in Node's built-in SQLite (the same SQLite engine D1 runs), fills it with
 * 100,000 players and 1,000,000 finished games (70 % Siamese for two, 30 % American for four,
 * half of them rated) plus 20,000 running games, and times the service's own queries
 * (worker/db/profiles.ts, run through a small D1-shaped adapter) next to `SELECT 1` in the same run.
 * Sizes: BENCH_PLAYERS, BENCH_GAMES. The database lives in a temporary folder and is removed after.
 */
import { DatabaseSync } from "node:sqlite";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gamesListOf, leaderboard, profileOf } from "../worker/db/profiles";
import type { Env } from "../worker/lib/env";

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 100_000);
const GAMES = Number(process.env.BENCH_GAMES ?? 1_000_000);
const RUNNING = Math.round(GAMES / 50);
// BENCH_DB=path keeps the database there (and reuses it when it exists) instead of a temporary one.
const keep = process.env.BENCH_DB;
const reuse = !!keep && existsSync(keep);
const dir = keep ? "" : mkdtempSync(join(tmpdir(), "ratings-bench-"));
const db = new DatabaseSync(keep ?? join(dir, "bench.sqlite"));
db.exec("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -200000;");

// A small deterministic generator; some players play far more than others (a few play thousands of games).
let seed = 12345;
const rnd = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
const player = () => Math.floor(PLAYERS * rnd() ** 2);
const uid = (i: number) => `u${String(i).padStart(7, "0")}`;
const NOW = Date.parse("2026-11-23T00:00:00Z");
const DAY = 86_400_000;

if (!reuse) build();
function build() {
const migrations = new URL("../migrations/", import.meta.url).pathname;
for (const f of readdirSync(migrations).filter((f) => f.endsWith(".sql")).sort()) {
  for (const stmt of readFileSync(join(migrations, f), "utf8").split("--> statement-breakpoint")) if (stmt.trim()) db.exec(stmt);
}


const t0 = performance.now();
db.exec("BEGIN");
const insUser = db.prepare("INSERT INTO users (id, email, display_name, timezone, created_at) VALUES (?, ?, ?, 'UTC', ?)");
for (let i = 0; i < PLAYERS; i++) insUser.run(uid(i), `p${i}@example.com`, `Player ${i}`, NOW - 400 * DAY);

const insGame = db.prepare("INSERT INTO games (id, ruleset, status, seats, created_by, invite_hash, days_per_move, version, deadline, result, rated, created_at, updated_at) VALUES (?, ?, ?, ?, ?, '', 3, 1, NULL, ?, ?, ?, ?)");
const insSeat = db.prepare("INSERT INTO game_players (game_id, seat, user_id, to_act, deadline) VALUES (?, ?, ?, 0, NULL)");
const insResult = db.prepare("INSERT INTO game_results (game_id, seat, user_id, ruleset, family, result, points, place, mahjong, won, rated, ended_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
const insChange = db.prepare("INSERT INTO rating_changes (game_id, user_id, family, before, before_rd, before_vol, after, after_rd, after_vol, games_before, at) VALUES (?, ?, ?, ?, 80, 0.06, ?, 78, 0.06, ?, ?)");
const ratingOf = new Map<string, { rating: number; games: number; at: number }>();
for (let g = 0; g < GAMES + RUNNING; g++) {
  const running = g >= GAMES;
  const american = rnd() < 0.3;
  const seats = american ? 4 : 2;
  const ruleset = american ? "american" : "siamese";
  const rated = rnd() < 0.5;
  const at = NOW - Math.floor(rnd() * 365 * DAY);
  const id = `g${String(g).padStart(8, "0")}`;
  const users = new Set<number>();
  while (users.size < seats) users.add(player());
  const ids = [...users].map(uid);
  insGame.run(id, ruleset, running ? "active" : "ended", seats, ids[0]!, running ? null : "mahjong", rated ? 1 : 0, at, at);
  ids.forEach((u, s) => insSeat.run(id, s, u));
  if (running) continue;
  const points = ids.map(() => Math.floor(rnd() * 60) - (american ? 30 : 0));
  ids.forEach((u, s) => {
    const place = 1 + points.filter((q) => q > points[s]!).length;
    insResult.run(id, s, u, ruleset, ruleset, "mahjong", points[s]!, place, place === 1 ? 1 : 0, place === 1 && points.filter((q) => q === points[s]).length === 1 ? 1 : 0, rated ? 1 : 0, at);
    if (rated) {
      const key = `${u} ${ruleset}`;
      const r = ratingOf.get(key) ?? { rating: 1500, games: 0, at: 0 };
      const after = r.rating + (place === 1 ? 8 : -8);
      insChange.run(id, u, ruleset, r.rating, after, r.games, at);
      ratingOf.set(key, { rating: after, games: r.games + 1, at: Math.max(r.at, at) });
    }
  });
}
const insRating = db.prepare("INSERT INTO ratings (user_id, family, rating, rd, vol, games, updated_at) VALUES (?, ?, ?, ?, 0.06, ?, ?)");
for (const [key, r] of ratingOf) {
  const [u, family] = key.split(" ");
  insRating.run(u!, family!, r.rating, r.games >= 10 ? 50 + rnd() * 40 : 150 + rnd() * 200, r.games, r.at);
}
db.exec("COMMIT");
db.exec("ANALYZE");
console.log(`built ${PLAYERS.toLocaleString("en-US")} players, ${GAMES.toLocaleString("en-US")} finished and ${RUNNING.toLocaleString("en-US")} running games, ${ratingOf.size.toLocaleString("en-US")} ratings in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

/** The D1 calls the queries use, over node:sqlite (synchronous underneath, so each timing is the query's own). */
const DB = {
  prepare(sql: string) {
    const st = db.prepare(sql);
    let args: unknown[] = [];
    const self = {
      bind: (...a: unknown[]) => ((args = a), self),
      all: async () => ({ results: st.all(...(args as never[])) }),
      first: async () => st.get(...(args as never[])) ?? null,
      run: async () => st.run(...(args as never[])),
    };
    return self;
  },
};
const env = { DB } as unknown as Env;

async function time(name: string, n: number, f: (i: number) => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await f(i);
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const q = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]!.toFixed(3);
  console.log(`${name.padEnd(42)} p50 ${q(0.5).padStart(8)} ms   p95 ${q(0.95).padStart(8)} ms   max ${q(1).padStart(8)} ms`);
}

const sample = Array.from({ length: 200 }, () => uid(player()));
const heavy = db.prepare("SELECT user_id AS u, COUNT(*) AS n FROM game_results GROUP BY user_id ORDER BY n DESC LIMIT 1").get() as { u: string; n: number };
console.log(`the busiest player has ${heavy.n.toLocaleString("en-US")} finished games\n`);
const one = db.prepare("SELECT 1");
await time("SELECT 1 (baseline)", 200, async () => one.get());
await time("profile (GET /api/players/:id), 6 queries", 200, (i) => profileOf(env, sample[i]!, null, NOW));
await time("profile with head-to-head (?vs=)", 200, (i) => profileOf(env, sample[i]!, sample[(i + 1) % 200]!, NOW));
await time("profile of the busiest player", 20, () => profileOf(env, heavy.u, sample[0]!, NOW));
await time("leaderboard top 100 (siamese)", 50, () => leaderboard(env, "siamese", NOW));
await time("leaderboard top 100 (american)", 50, () => leaderboard(env, "american", NOW));
await time("a player's games list (50 newest)", 200, (i) => gamesListOf(env, sample[i]!, 50));
await time("the busiest player's games list", 20, () => gamesListOf(env, heavy.u, 50));
db.close();
if (dir) rmSync(dir, { recursive: true, force: true });
