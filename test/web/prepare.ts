/**
 * What a browser test needs before its server starts, with no test runner in it (the web project's
 * global set-up, the harness and bench:web share it, and bench/service.ts the commands, paths and ports): the web app built into a directory, and a
 * local D1 with the migrations applied, which each server copies instead of applying them again.
 */
import { spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";

export const root = new URL("../../", import.meta.url).pathname;
export const bin = (name: string) => join(root, "node_modules/.bin", name);
export const env = { ...process.env, PATH: `${join(root, "node_modules/.bin")}:${process.env.PATH}`, WRANGLER_SEND_METRICS: "false", CI: "1" };

export function run(cmd: string, args: string[]): string {
  const r = spawnSync(cmd, args, { cwd: root, env, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** A port free on loopback now (for a server about to start). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Builds the web app into `dir`; returns the build's size report (scripts/build-web.ts). */
export function buildInto(dir: string): string {
  return run(bin("tsx"), ["scripts/build-web.ts", "--out", dir]);
}

/** A fresh local D1 in `dir` (wrangler's --persist-to), every migration applied. */
export function migrateInto(dir: string): void {
  run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", dir]);
}

/** What the global set-up hands each test file (vitest `provide`/`inject`). */
export interface PreparedRun {
  /** The run's one build of the web app. */
  assets: string;
  /** Its size report. */
  report: string;
  /** A migrated database to copy (never served itself). */
  database: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    webRun: PreparedRun;
  }
}
