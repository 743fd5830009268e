/**
 * `npm start` as an operator runs it: on the port PORT names, running the production's cron, and stopping it (a signal to the npm
 * process, as a process manager or `kill` sends it) stops everything it started, so nothing is left
 * holding the port.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { freePort } from "./harness";

const root = new URL("../../", import.meta.url).pathname;
const state = mkdtempSync(join(tmpdir(), "mj-start-"));
let group = 0;
afterAll(() => {
  try {
    if (group) process.kill(-group, "SIGKILL");
  } catch {
    /* already gone */
  }
  rmSync(state, { recursive: true, force: true });
});

/** Every process below `pid` (children, their children, …). */
function descendants(pid: number): number[] {
  const rows = spawnSync("ps", ["-eo", "pid=,ppid="], { encoding: "utf8" }).stdout.trim().split("\n").map((l) => {
    const [child, parent] = l.trim().split(/\s+/).map(Number);
    return { child: child!, parent: parent! };
  });
  const out: number[] = [];
  const walk = (p: number) => rows.filter((r) => r.parent === p).forEach((r) => (out.push(r.child), walk(r.child)));
  walk(pid);
  return out;
}
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, "127.0.0.1");
    s.once("connect", () => (s.destroy(), resolve(true)));
    s.once("error", () => resolve(false));
  });

test("npm start listens on PORT, runs the cron, and a signal to npm stops wrangler and workerd with it", async () => {
  const port = await freePort();
  // --ignore-scripts skips prestart (the web build, done by other tests); start itself runs.
  const npm = spawn("npm", ["run", "start", "--ignore-scripts"], { cwd: root, env: { ...process.env, PORT: String(port), STATE_DIR: state, WRANGLER_SEND_METRICS: "false" }, stdio: ["ignore", "pipe", "pipe"], detached: true });
  group = npm.pid!;
  let out = "";
  npm.stdout!.on("data", (d) => (out += d));
  npm.stderr!.on("data", (d) => (out += d));
  await expect.poll(() => out, { timeout: 180_000, interval: 500 }).toContain(`Ready on http://localhost:${port}.`);
  expect(await listening(port)).toBe(true);
  // the production cron runs here too (wrangler dev never runs it by itself): once at start
  await expect.poll(() => out, { timeout: 30_000, interval: 500 }).toMatch(/cron: ran at \d\d:\d\d UTC/);
  expect(out).not.toContain("cron: not run");
  const started = descendants(npm.pid!);
  expect(started.length).toBeGreaterThan(2); // sh/tsx, node, wrangler, workerd

  process.kill(npm.pid!, "SIGTERM");
  await expect.poll(() => started.filter(alive), { timeout: 20_000, interval: 250 }).toEqual([]);
  expect(await listening(port)).toBe(false);
}, 240_000);
