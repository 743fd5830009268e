/**
 * `npm run bench` — every file in bench/ that exports `bench()` prints its figures.
 * Timing lives here, never in tests.
 */
import { readdirSync } from "node:fs";

const dir = new URL(".", import.meta.url);
for (const f of readdirSync(dir).filter((f) => f.endsWith(".bench.ts")).sort()) {
  const mod = await import(new URL(f, dir).href);
  console.log(`\n## ${f}`);
  await mod.bench();
}
