import { defineConfig, type Plugin, type Rolldown } from "vite";
import preact from "@preact/preset-vite";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * Engine files the web build takes from web/src/engine instead (each stand-in says why), by the
 * file an import resolves to. A stand-in's own imports of the engine file reach the real one.
 *  - the built-in cards as shipped, not validated again on every phone (scripts/build-web.ts
 *    validates them before building, and the worker does when it starts);
 *  - Royale's four-rack search, loaded only when a Royale game's hints ask for it.
 */
const STAND_INS = new Map([
  [here("./worker/engine/card/builtin.ts"), here("./web/src/engine/builtin-cards.ts")],
  [here("./worker/engine/card/best-found.ts"), here("./web/src/engine/best-found.ts")],
]);
const standIns = (): Plugin => ({
  name: "engine-stand-ins",
  enforce: "pre",
  async resolveId(source, importer, options) {
    if (!/(^|\/)(builtin|best-found)$/.test(source) || (importer && [...STAND_INS.values()].includes(importer))) return null;
    const r = await this.resolve(source, importer, { ...options, skipSelf: true });
    return (r && STAND_INS.get(r.id)) ?? null;
  },
});

/** Vite's helper for lazy imports, swapped for web/build/preload-helper.js (same job, a third of the size). */
const PRELOAD_HELPER = "\0vite/preload-helper.js";
const smallPreloadHelper = (): Plugin => ({
  name: "small-preload-helper",
  enforce: "pre",
  load(id) {
    return id === PRELOAD_HELPER ? { code: readFileSync(here("./web/build/preload-helper.js"), "utf8"), moduleSideEffects: false } : null;
  },
});

/**
 * What a lazy import preloads (Vite lists, in the first script, every file each lazy import needs):
 * never the first script itself, which is already there; and, for the first script's own lazy
 * imports, not the imported file either, since the import fetches it at once anyway, unless the
 * import waits for a style sheet first (the preload then fetches the script while the sheet loads).
 * Fewer names in the game page's first script.
 */
let bundle: Rolldown.OutputBundle | null = null;
const preloadBundle = (): Plugin => ({
  name: "preload-bundle",
  enforce: "pre",
  generateBundle(_, b) {
    bundle = b;
  },
});
const chunkOf = (file: string) => {
  const c = bundle?.[file];
  return c && c.type === "chunk" ? c : null;
};
const withCss = (file: string, seen = new Set<string>()): boolean => {
  const c = chunkOf(file);
  if (!c || c.isEntry || seen.has(file)) return false;
  seen.add(file);
  return (c.viteMetadata?.importedCss.size ?? 0) > 0 || c.imports.some((i) => withCss(i, seen));
};
const preloads = (file: string, deps: string[], { hostId }: { hostId: string }) =>
  deps.filter((d) => !chunkOf(d)?.isEntry && !(d === file && chunkOf(hostId)?.isEntry && !withCss(file)));

// The web app: root web/, built into dist/web, served by the worker as static assets
// (SPA fallback; /api/* and /dev/* reach the worker first).
export default defineConfig({
  root: fileURLToPath(new URL("./web", import.meta.url)),
  publicDir: "public",
  plugins: [standIns(), smallPreloadHelper(), preloadBundle(), preact({ prerender: { enabled: false } })],
  build: {
    outDir: fileURLToPath(new URL("./dist/web", import.meta.url)),
    emptyOutDir: true,
    target: "es2022",
    // Rule book and card text are imported raw; keep them out of the game page bundle.
    chunkSizeWarningLimit: 200,
    // The game page is one script: everything the entry imports statically goes into it, rather than
    // into small shared chunks that a phone fetches one round trip (and one connection) each.
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: "app", tags: ["$initial"] }] },
        // Seven hash characters name every chunk apart (the bundler asks for seven beyond 64 chunks); the first script lists many of these names.
        chunkFileNames: "assets/[name]-[hash:7].js",
      },
    },
    // Every browser we serve knows <link rel="modulepreload">: no polyfill in the first script.
    modulePreload: { polyfill: false, resolveDependencies: preloads },
  },
  server: {
    proxy: { "/api": { target: "http://127.0.0.1:8787", ws: true }, "/dev": "http://127.0.0.1:8787" },
  },
});
