/**
 * The web project's global set-up (vitest.config.ts): the web app is built once per run and the
 * migrations applied once, to a database each test file's server copies (harness.ts startServer).
 * Every file still has its own `wrangler dev` and its own fresh database.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { buildInto, migrateInto } from "./prepare";

export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "mj-web-run-"));
  const assets = join(dir, "web");
  const database = join(dir, "db");
  const report = buildInto(assets);
  migrateInto(database);
  project.provide("webRun", { assets, report, database });
  return () => rmSync(dir, { recursive: true, force: true });
}
