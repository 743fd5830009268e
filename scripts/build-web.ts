/**
 * Builds the web app (vite.config.ts → dist/web) and prints what a phone downloads, gzipped.
 * The game page (the entry and everything it imports statically) must stay ≤ 60 KB gzip;
 * the build fails if it grows past that. Run: npm run build:web
 */
import { build } from "vite";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join, resolve } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { builtinCards as validated } from "../worker/engine/card/builtin";
import { builtinCards as shipped } from "../web/src/engine/builtin-cards";

// A build started from a test run inherits NODE_ENV=test, which would make Vite emit a development bundle.
process.env.NODE_ENV = "production";

const LIMIT = 60 * 1024;
/** Every script the game page loads, hints included (issue 13). Printed, not enforced here. */
const PAGE_BUDGET = 30 * 1024;
// `--out <dir>` builds elsewhere (the browser tests use their own copy, untouched by other builds).
const outArg = process.argv.indexOf("--out");
const out = outArg > 0 ? resolve(process.argv[outArg + 1]!) + "/" : new URL("../dist/web/", import.meta.url).pathname;

// The built-in cards go to the browser as shipped (vite.config.ts): importing the engine's builtin
// above validated them (it throws on a bad card); what the web app ships must be exactly that.
if (!isDeepStrictEqual(validated, shipped)) {
  console.error("the built-in cards the web app ships (web/src/engine/builtin-cards.ts) differ from what the card validator gives");
  process.exit(1);
}

await build({
  configFile: new URL("../vite.config.ts", import.meta.url).pathname,
  mode: "production",
  logLevel: "warn",
  build: { manifest: true, outDir: out, emptyOutDir: true },
});

type Chunk = { file: string; name?: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean; css?: string[] };
const manifest: Record<string, Chunk> = JSON.parse(readFileSync(join(out, ".vite/manifest.json"), "utf8"));
const gz = (file: string) => gzipSync(readFileSync(join(out, file)), { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const entry = Object.entries(manifest).find(([, c]) => c.isEntry)!;
const seen = new Set<string>();
const walk = (key: string) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const i of manifest[key]!.imports ?? []) walk(i);
};
walk(entry[0]);
const gameFiles = [...seen].map((k) => manifest[k]!.file);
const gameCss = [...seen].flatMap((k) => manifest[k]!.css ?? []);
const gameJs = gameFiles.reduce((s, f) => s + gz(f), 0);

console.log(`web build: ${out}`);
const files: string[] = [];
const list = (dir: string) => {
  for (const f of readdirSync(join(out, dir))) {
    const p = join(dir, f);
    if (statSync(join(out, p)).isDirectory()) list(p);
    else if (/\.(js|css)$/.test(f)) files.push(p);
  }
};
list("assets");
for (const f of files.sort()) console.log(`  ${f.padEnd(44)} ${kb(statSync(join(out, f)).size).padStart(9)}  gzip ${kb(gz(f)).padStart(8)}${gameFiles.includes(f) ? "  (game page)" : ""}`);
console.log(`game page JS: ${kb(gameJs)} gzip (limit ${kb(LIMIT)}); CSS ${kb(gameCss.reduce((s, f) => s + gz(f), 0))} gzip`);
// Everything a Siamese game page loads, the hints it shows by default included (bench:web lists what a browser really fetched).
// (the table loads them through "src/table/hints-entry.ts", which imports Hints.tsx and what it needs)
const hints = Object.keys(manifest).find((k) => k.endsWith("src/table/hints-entry.ts")) ?? Object.keys(manifest).find((k) => k.endsWith("src/table/Hints.tsx"));
if (hints) {
  walk(hints);
  const all = [...seen].map((k) => manifest[k]!.file).reduce((s, f) => s + gz(f), 0);
  console.log(`game page with its hints: ${kb(all)} gzip (budget ${kb(PAGE_BUDGET)})${all > PAGE_BUDGET ? "  OVER BUDGET" : ""}`);
}
if (gameJs > LIMIT) {
  console.error(`game page JS is over the ${kb(LIMIT)} gzip budget`);
  process.exit(1);
}
