/**
 * `npm start`: local D1 migrations, the web app (a placeholder page until it is built), then
 * `wrangler dev` on http://localhost:8787 with all state under .wrangler/, the demo seed, and the
 * production's cron every 15 minutes.
 * Needs no account, key or network service.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { seed } from "./seed";

const PORT = Number(process.env.PORT ?? 8787);
// Where wrangler keeps the local D1, Durable Object and queue state (default: .wrangler/state).
const persist = process.env.STATE_DIR ? ["--persist-to", process.env.STATE_DIR] : [];
const BASE = `http://localhost:${PORT}`;
const run = (cmd: string, args: string[]) => {
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, CI: "1" } });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

// 1. Database schema (idempotent: wrangler applies only what is new).
run("wrangler", ["d1", "migrations", "apply", "DB", "--local", ...persist]);

// 2. The web app. Until it is built, a placeholder keeps the asset directory valid.
if (!existsSync("dist/web/index.html")) {
  mkdirSync("dist/web", { recursive: true });
  // (with the app's place, as the built page has it: the worker draws a player's table into a game's page there, worker/web/game-page.tsx)
  writeFileSync("dist/web/index.html", '<!doctype html><meta charset=utf-8><title>Mah Jongg</title><p>The web app is not built yet. The API is at <code>/api</code>.</p><div id="app"></div>\n');
}

// 3. The worker, then the demo once it answers. wrangler runs in a process group of its own, so
// that stopping this script (Ctrl-C, or a signal to npm, which reaches us through `exec` in the npm
// script) stops wrangler and the workerd it started with it, instead of leaving them on the port.
const dev = spawn("wrangler", ["dev", "--port", String(PORT), "--show-interactive-dev-session=false", ...persist], { stdio: "inherit", detached: true });
const stopAll = (sig: NodeJS.Signals) => {
  try {
    process.kill(-dev.pid!, sig);
  } catch {
    // already gone
  }
};
let stopping = false;
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
  process.on(sig, () => {
    if (stopping) return stopAll("SIGKILL");
    stopping = true;
    stopAll(sig);
    // wrangler usually stops workerd within a second; whatever is left after 5 s is killed.
    setTimeout(() => (stopAll("SIGKILL"), process.exit(130)), 5000).unref();
  });
// However this script ends (an error while seeding, say), nothing it started outlives it.
process.on("exit", () => stopAll("SIGKILL"));
dev.on("exit", (code: number | null) => process.exit(code ?? 0));

for (let i = 0; ; i++) {
  try {
    const r = await fetch(`${BASE}/api/me`);
    if (r.status < 500) break;
  } catch {
    // not listening yet
  }
  if (i > 120) throw new Error("wrangler dev did not come up");
  await new Promise((r) => setTimeout(r, 500));
}
await seed(BASE);

// 4. The production cron (wrangler.toml: every 15 minutes), which wrangler dev never runs by
// itself: overdue notices (a merge window whose flush a reload of wrangler dev lost), digests,
// challenges' and leagues' sweeps. Once now, then at every quarter hour.
const QUARTER = 15 * 60_000;
const cron = async () => {
  try {
    const r = await fetch(`${BASE}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("*/15 * * * *")}`);
    const said = (await r.text()).trim();
    // wrangler's scheduled route answers "ok" once the handler ran (anything else: the route went elsewhere)
    if (r.ok && said === "ok") console.log(`cron: ran at ${new Date().toISOString().slice(11, 16)} UTC (overdue notices, digests, sweeps); next at the quarter hour`);
    else console.error(`cron: not run: the scheduled route answered ${r.status} ${said.slice(0, 80)}`);
  } catch (e) {
    console.error(`cron: not run: ${e instanceof Error ? e.message : String(e)}`);
  }
};
const everyQuarter = () => setTimeout(() => void cron().then(everyQuarter), QUARTER - (Date.now() % QUARTER));
await cron();
everyQuarter();
console.log(`\nReady on ${BASE}. Sign in as ann@example.com or bob@example.com; the link appears at ${BASE}/api/dev/outbox?to=ann@example.com\n`);
