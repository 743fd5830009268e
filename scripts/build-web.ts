/**
 * Builds the web app (vite.config.ts → dist/web) and prints what a phone downloads, gzipped.
 * The game page's first script (the entry and everything it imports statically, all loaded before
 * the tiles are drawn) must stay within the page's budget, 30 KB gzip: the build fails past it.
 * What a first turn does not need loads after the tiles (web/src/game/parts.ts), in chunks listed
 * here; test/web/page-budget.test.ts counts, in a browser, every script a game page loads before
 * its tiles. Run: npm run build:web
 */
import { build } from "vite";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { dirname, join, relative, resolve } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { builtinCards as validated } from "../worker/engine/card/builtin";
import { builtinCards as shipped } from "../web/src/engine/builtin-cards";

// A build started from a test run inherits NODE_ENV=test, which would make Vite emit a development bundle.
process.env.NODE_ENV = "production";

/** Every script a game page loads before its tiles are on screen (issue 41); the first script is most of it. */
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
console.log(`game page's first script: ${kb(gameJs)} gzip (budget for everything before the tiles ${kb(PAGE_BUDGET)}); CSS ${kb(gameCss.reduce((s, f) => s + gz(f), 0))} gzip`);
// The parts a first turn does not need (web/src/game/parts.ts), each with what it brings, loaded after the tiles.
const partsFile = new URL("../web/src/game/parts.ts", import.meta.url).pathname;
const partKeys = [...readFileSync(partsFile, "utf8").matchAll(/import\("([^"]+)"\)/g)].map((m) => relative(resolve(new URL("../web", import.meta.url).pathname), resolve(dirname(partsFile), m[1]!)));
const later = new Set<string>();
for (const d of partKeys.map((p) => Object.keys(manifest).find((k) => k.replace(/\.tsx?$/, "") === p)).filter((k): k is string => !!k)) {
  const before = new Set(seen);
  walk(d);
  for (const k of seen) if (!before.has(k)) later.add(manifest[k]!.file);
}
console.log(`after the tiles (web/src/game/parts.ts): ${[...later].sort().join(", ")}: ${kb([...later].reduce((s, f) => s + gz(f), 0))} gzip`);
if (gameJs > PAGE_BUDGET) {
  console.error(`the game page's first script is over its ${kb(PAGE_BUDGET)} gzip budget: move what a first turn does not need to web/src/game/parts.ts`);
  process.exit(1);
}
