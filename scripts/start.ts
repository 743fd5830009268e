/**
 * `npm start`: local D1 migrations, the web app (a placeholder page until it is built), then
 * `wrangler dev` on http://localhost:8787 with all state under .wrangler/, and the demo seed.
 * Needs no account, key or network service.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { seed } from "./seed";

const PORT = Number(process.env.PORT ?? 8787);
const BASE = `http://localhost:${PORT}`;
const run = (cmd: string, args: string[]) => {
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, CI: "1" } });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

// 1. Database schema (idempotent: wrangler applies only what is new).
run("wrangler", ["d1", "migrations", "apply", "DB", "--local"]);

// 2. The web app. Until it is built, a placeholder keeps the asset directory valid.
if (!existsSync("dist/web/index.html")) {
  mkdirSync("dist/web", { recursive: true });
  writeFileSync("dist/web/index.html", "<!doctype html><meta charset=utf-8><title>Mah Jongg</title><p>The web app is not built yet. The API is at <code>/api</code>.</p>\n");
}

// 3. The worker, then the demo once it answers.
const dev = spawn("wrangler", ["dev", "--port", String(PORT)], { stdio: "inherit" });
for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => dev.kill(sig));
dev.on("exit", (code: number | null) => process.exit(code ?? 0));

for (let i = 0; ; i++) {
  try {
    const r = await fetch(`${BASE}/api/me`);
    if (r.status === 401) break;
  } catch {
    // not listening yet
  }
  if (i > 120) throw new Error("wrangler dev did not come up");
  await new Promise((r) => setTimeout(r, 500));
}
await seed(BASE);
console.log(`\nReady on ${BASE}. Sign in as ann@example.com or bob@example.com; the link appears at ${BASE}/api/dev/outbox?to=ann@example.com\n`);
