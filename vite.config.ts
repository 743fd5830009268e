import { defineConfig, minifySync, type Plugin, type Rolldown } from "vite";
import preact from "@preact/preset-vite";
import { readFileSync, writeFileSync } from "node:fs";
import { CARD_NAMES, FIRST_TURN_PARTS, TABLE_MODULES } from "./web/src/rulesets/table-modules";
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

/**
 * A JSON file as one importer sees it: only what `pick` keeps of it (the whole file goes with the scripts that load it
 * elsewhere, after the tiles, and into the worker's bundle).
 */
const cutJson = (name: string, importer: string, file: string, pick: (whole: never) => unknown): Plugin => {
  const id = `\0${name}`;
  const base = file.slice(file.lastIndexOf("/"));
  return {
    name,
    enforce: "pre",
    resolveId: (source, from) => (from === here(importer) && source.endsWith(base) ? id : null),
    load: (loaded) => (loaded === id ? `export default ${JSON.stringify(pick(JSON.parse(readFileSync(here(file), "utf8")) as never))};` : null),
  };
};
/**
 * The Wright-Patterson table names hands from the engine's hand list (web/src/rulesets/siamese-wp/names.ts): the
 * game page's first scripts get of it only what naming needs, each hand's id, name and limit. The whole list (its
 * texts and shapes) comes with the hand list viewer and the hints, after the tiles; the worker's bundle keeps the file whole.
 */
const wpHandNames = () =>
  cutJson("wp-hand-names", "./web/src/rulesets/siamese-wp/names.ts", "./worker/engine/variants/siamese-wp/hand-list.json", (list: { hands: { id: string; name: string; limit: string }[] }) => ({
    hands: list.hands.map(({ id, name, limit }) => ({ id, name, limit })),
  }));

/**
 * The names of the sample card's lines (web/src/table/card-names.ts) take only the fields they keep from the card: its
 * texts and notes come with the whole card, after the tiles. The worker's bundle reads the whole file.
 */
const sampleCardNames = () =>
  cutJson("sample-card-names", "./web/src/table/card-names.ts", "./worker/engine/cards/sample-2026.json", (card: { id: string; name: string; lines: { id: string; category: string; value: number; concealed: boolean; atomic?: boolean }[] }) => ({
    id: card.id,
    name: card.name,
    lines: card.lines.map(({ id, category, value, concealed, atomic }) => ({ id, category, value, concealed, ...(atomic ? { atomic } : {}) })),
  }));

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

/**
 * Each ruleset's table (web/src/rulesets/table-modules.ts), its chunk and every chunk and style
 * sheet that chunk imports, written into early.js (in place of its empty `tables`), which preloads them once the
 * game's answer is in: a game's table downloads beside the first script, not one round trip after
 * it has run. The first script itself is never listed (it is on its way already).
 */
let tables: Record<string, string[]> = {};
/** Every page but the game (main.tsx), preloaded by early.js on any other address, under "*". */
const OTHER_PAGES = "pages/Other.tsx";
/** The files of the names of the sample card's lines, under "card": in tables.json only, for the worker (web/src/rulesets/table-modules.ts CARD_NAMES). */
const CARD = "card";
const earlyTables = (): Plugin => ({
  name: "early-tables",
  generateBundle(_, b) {
    const byModule = new Map(Object.values(b).flatMap((c) => (c.type === "chunk" && !c.isEntry ? c.moduleIds.map((id) => [id, c] as const) : [])));
    tables = {};
    for (const [ruleset, module] of [...Object.entries(TABLE_MODULES), ["*", OTHER_PAGES] as const, [CARD, CARD_NAMES] as const]) {
      const files: string[] = [];
      const walk = (file: string) => {
        const c = b[file];
        if (!c || c.type !== "chunk" || c.isEntry || files.includes(file)) return;
        files.push(file, ...[...(c.viteMetadata?.importedCss ?? [])].filter((css) => !files.includes(css)));
        c.imports.forEach(walk);
      };
      for (const m of [module, ...(FIRST_TURN_PARTS[ruleset as keyof typeof FIRST_TURN_PARTS] ?? [])]) {
        const chunk = byModule.get(here(`./web/src/${m}`));
        if (!chunk) this.error(`${m} (${ruleset}'s table, web/src/rulesets/table-modules.ts) is in no chunk`);
        walk(chunk.fileName);
      }
      tables[ruleset] = files;
    }
  },
  writeBundle({ dir }) {
    const file = `${dir}/early.js`;
    const script = readFileSync(file, "utf8");
    if (!script.includes("{} /* tables */")) this.error("early.js has no `{} /* tables */` for the tables' files");
    // each ruleset's files as one string ("table-Siamese-….js table-….css"), and the script minified: a page's first bytes
    const list = Object.fromEntries(Object.entries(tables).map(([r, files]) => [r, files.map((f) => f.replace(/^assets\//, "")).join(" ")]));
    // the same list for the worker, which links a game's table files into the page it draws (worker/web/game-page.tsx)
    writeFileSync(`${dir}/tables.json`, JSON.stringify(list));
    const { [CARD]: _card, ...early } = list;
    const { code, errors } = minifySync("early.js", script.replace("{} /* tables */", JSON.stringify(early)));
    if (errors.length) this.error(`early.js: ${errors.map((e) => e.message).join("; ")}`);
    writeFileSync(file, code);
  },
});

/**
 * The tables' code in a few chunks rather than one per module, by which tables (statically, from
 * web/src/rulesets/table-modules.ts) use a module: what three tables or more use is in the first
 * script with the game page; what the Siamese and Wright-Patterson tables share (the Siamese table
 * itself) is one chunk, the Siamese game page's own another; each other set of tables has its own.
 * A game's table is then a file or three, preloaded together by early.js, and no table's own code
 * is in another's first load.
 */
const TABLE_ROOTS = [...new Set(Object.values(TABLE_MODULES))].map((m) => here(`./web/src/${m}`));
const SIAMESE = 1 << TABLE_ROOTS.indexOf(here("./web/src/table/SiameseGame.tsx"));
const WP = 1 << TABLE_ROOTS.indexOf(here("./web/src/rulesets/siamese-wp/WpGame.tsx"));
const popcount = (n: number) => n.toString(2).replace(/0/g, "").length;
const shortName = (root: string) => root.replace(/^.*\/(\w+)\.tsx$/, "$1").replace(/Game$/, "");
/** The chunk of a module the tables in `mask` use (a bit per table root). */
const groupOf = (mask: number) =>
  popcount(mask) >= 3 ? "app" : mask === (SIAMESE | WP) ? "table-Siamese" : mask === SIAMESE ? "table-SiameseGame" : `table-${TABLE_ROOTS.filter((_, i) => mask & (1 << i)).map(shortName).join("-")}`;
/** Module id → its chunk's name: the first script's modules "app", a table's by groupOf; worked out once the module graph is built. */
const groups = new Map<string, string>();
const tableGroups = (): Plugin => ({
  name: "table-groups",
  buildEnd() {
    groups.clear();
    const reach = (from: string[], visit: (id: string) => boolean) => {
      const todo = [...from];
      while (todo.length) {
        const id = todo.pop()!;
        if (visit(id)) todo.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    };
    const initial = new Set<string>();
    reach([...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry), (id) => !initial.has(id) && !!initial.add(id));
    const masks = new Map<string, number>();
    TABLE_ROOTS.forEach((root, i) => reach([root], (id) => !((masks.get(id) ?? 0) & (1 << i)) && !!masks.set(id, (masks.get(id) ?? 0) | (1 << i))));
    for (const id of initial) groups.set(id, "app");
    for (const [id, mask] of masks) if (!initial.has(id)) groups.set(id, groupOf(mask));
  },
});
/** Every chunk groupOf names, the one for the most tables first: a module's imports are used by as many tables or more, and are placed first. */
const TABLE_GROUPS = [
  ...new Map(
    Array.from({ length: (1 << TABLE_ROOTS.length) - 1 }, (_, k) => k + 1)
      .sort((x, y) => popcount(y) - popcount(x))
      .map((mask) => [groupOf(mask), 10 + popcount(mask)] as const)
      .reverse(),
  ),
].map(([name, priority]) => ({ name, priority: name === "app" ? 100 : priority, test: (id: string) => groups.get(id) === name }));

// The web app: root web/, built into dist/web, served by the worker as static assets
// (SPA fallback; /api/* and /dev/* reach the worker first).
export default defineConfig({
  root: fileURLToPath(new URL("./web", import.meta.url)),
  publicDir: "public",
  plugins: [standIns(), wpHandNames(), sampleCardNames(), smallPreloadHelper(), preloadBundle(), tableGroups(), earlyTables(), preact({ prerender: { enabled: false } })],
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
        // Royale's own parts of the Siamese table (its folded racks, its Mah Jongg choices grouped) together: one file beside the table's
        codeSplitting: { groups: [...TABLE_GROUPS, { name: "table-Royale", test: /web[\\/]src[\\/]rulesets[\\/]royale[\\/]/, priority: 1 }] },
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
