/**
 * `npm run bench:web [-- --runs N]`: how soon a player's tiles are on screen when they open a game
 * on a mid-range phone. Builds the web app, starts a quiet `wrangler dev` with a fresh local D1,
 * deals a game of every ruleset (Royale at 2, 3 and 4 seats; standing orders at their default, hints
 * on, the other seats computers), and opens each in chromium (playwright-core, Debian chromium)
 * emulating a phone over CDP: CPU throttled 4×, 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up,
 * cold cache (a new browser context each time, the cache off).
 * Prints, per ruleset, the time from navigation until the first of your tiles is drawn in every run
 * (median and slowest: the target is 1.2 s in every run), when the game's own request started (the
 * length of the request chain), and, measured in the same runs under the same emulation, baselines:
 * a static page with one image (HTML and a picture, no script), a static file (one round trip), and
 * the sign-in page's first paint (HTML, style and script, no game); the load average at each run.
 * Also the gzip size of every script each game page loaded, before its tiles were drawn and after. A
 * benchmark, not a test: it prints figures and asserts nothing (test/web/page-budget.test.ts holds
 * the scripts to their budget). `--only american,royale` measures those rulesets alone; `--before DIR`
 * (an older build) or `--before-tree DIR` (an older checkout, its own worker too) is measured beside
 * this one, run by run.
 */
import { gzipSync } from "node:zlib";
import { spawn } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { buildWeb, launch, startServer, type Server } from "../test/web/harness";

const args = process.argv.slice(2);
const runsAt = args.indexOf("--runs");
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 5;
/** `--before DIR`: another build of the web app (an older commit's dist/web), measured in the same runs, served by a second wrangler dev. */
const beforeAt = args.indexOf("--before");
const BEFORE_BUILD = beforeAt >= 0 ? args[beforeAt + 1] : undefined;
/**
 * `--before-tree DIR`: another checkout (an older commit's worktree, its node_modules installed), its web app
 * built and served by its own worker in a wrangler dev of its own, measured in the same runs: a change
 * to the worker's part in the page is measured too.
 */
const treeAt = args.indexOf("--before-tree");
const BEFORE_TREE = treeAt >= 0 ? resolve(args[treeAt + 1]!) : undefined;

/** Another checkout's build, served by its own harness (its worker, its wrangler); stopped with its process group. */
async function serveTree(tree: string): Promise<{ url: string; assets: string; stop(): Promise<void> }> {
  const script = join(tree, ".bench-web-serve.ts");
  writeFileSync(
    script,
    `import { buildWeb, startServer } from "./test/web/harness";
const dir = /web build: (\\S+)/.exec(buildWeb())?.[1];
const s = await startServer();
console.log("SERVING " + s.url + " " + dir);
process.on("SIGTERM", () => void s.stop().then(() => process.exit(0)));
setInterval(() => {}, 1 << 30);
`,
  );
  const child = spawn(join(tree, "node_modules/.bin/tsx"), [script], { cwd: tree, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const m = await new Promise<RegExpExecArray>((ok, fail) => {
    const check = () => {
      const got = /SERVING (\S+) (\S+)/.exec(out);
      if (got) return ok(got);
      if (child.exitCode !== null) return fail(new Error(`the other checkout's server exited:\n${out}`));
      setTimeout(check, 200);
    };
    check();
  });
  return {
    url: m[1]!,
    assets: m[2]!,
    stop: async () => {
      rmSync(script, { force: true });
      if (child.exitCode !== null) return;
      process.kill(-child.pid!, "SIGTERM");
      await new Promise((r) => child.once("exit", r));
    },
  };
}

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

async function throttled(ctx: BrowserContext): Promise<Page> {
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  return page;
}

async function signedIn(browser: Browser, url: string, email: string): Promise<BrowserContext> {
  const ctx = await browser.newContext(PHONE);
  const r = await ctx.request.post(url + "/api/dev/session", { data: { email }, headers: { origin: url } });
  if (!r.ok()) throw new Error(`session: ${r.status()}`);
  await ctx.request.put(url + "/api/me", { data: { displayName: email.split("@")[0], timezone: "Europe/London" }, headers: { origin: url } });
  return ctx;
}

/**
 * Calls `done` once the next frame has been laid out and painted: a frame's requestAnimationFrame
 * callbacks run BEFORE its style, layout and paint, so the time is taken in the first task after
 * them (a message posted from the callback), not in the callback. (Taken in the callback, the game
 * pages' figure left out the layout of the drawn table, hundreds of milliseconds on the throttled
 * phone; the baseline's left out less.)
 */
const AFTER_PAINT = `(done) => requestAnimationFrame(() => { const c = new MessageChannel(); c.port1.onmessage = () => done(performance.now()); c.port2.postMessage(0); })`;

/** Milliseconds from navigation start until the first element matching `selector` is in the page and the frame showing it has been painted. */
const WATCH = (selector: string) => `
  (() => {
    const seen = () => document.querySelector(${JSON.stringify(selector)});
    const mark = () => (${AFTER_PAINT})((t) => { window.__drawnAt = t; });
    const mo = new MutationObserver(() => { if (seen()) { mo.disconnect(); mark(); } });
    mo.observe(document, { childList: true, subtree: true });
  })();`;

async function timeTo(
  ctx: BrowserContext,
  url: string,
  selector: string,
): Promise<{ ms: number; gameRequestAt: number | null; gameAnsweredAt: number | null; entryLoadedAt: number | null; gameRequests: number; scripts: { path: string; startTime: number }[] }> {
  const page = await throttled(ctx);
  const cdp = await ctx.newCDPSession(page);
  await page.addInitScript(WATCH(selector));
  await page.goto(url, { waitUntil: "commit" });
  // Asked by the protocol, a plain expression, not page.waitForFunction: that puts Playwright's own script into the page
  // as it loads, and running it took 200–600 ms of the throttled main thread (traces: an EvaluateScript with no source
  // between the head's and the body's parsing), counted in the page's figure.
  const started = Date.now();
  let ms: number | undefined;
  while ((ms = (await cdp.send("Runtime.evaluate", { expression: "window.__drawnAt", returnByValue: true })).result.value as number | undefined) === undefined) {
    if (Date.now() - started > 60_000) throw new Error(`${url}: nothing drawn in 60 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
  await cdp.detach();
  // What loads after the first drawing (hints, say) still counts among the page's scripts.
  await page.waitForTimeout(3000);
  const out = await page.evaluate(() => {
    const res = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    const game = res.find((r) => /\/api\/games\/[^/]+$/.test(new URL(r.name).pathname));
    const first = res.filter((r) => /\/assets\/index-[^/]+\.js$/.test(new URL(r.name).pathname))[0];
    return {
      gameRequestAt: game ? game.startTime : null,
      gameAnsweredAt: game ? game.responseEnd : null,
      entryLoadedAt: first ? first.responseEnd : null,
      gameRequests: res.filter((r) => /\/api\/games\/[^/]+$/.test(new URL(r.name).pathname)).length,
      scripts: res.filter((r) => /\.js$/.test(new URL(r.name).pathname)).map((r) => ({ path: new URL(r.name).pathname, startTime: r.startTime })),
    };
  });
  await page.close();
  return { ms, ...out };
}

/** The baseline page: HTML and one image, nothing else; milliseconds until the image is drawn. */
const BASELINE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Baseline</title></head>
<body><img src="/icon-192.png" alt="A picture" width="96" height="96"></body></html>`;

async function onePicture(ctx: BrowserContext, url: string): Promise<number> {
  const page = await throttled(ctx);
  await page.goto(url, { waitUntil: "load" });
  const ms = await page.evaluate(`new Promise((r) => (${AFTER_PAINT})(r))`) as number;
  await page.close();
  return ms;
}

async function staticFile(ctx: BrowserContext, url: string): Promise<number> {
  const page = await throttled(ctx);
  await page.goto(url, { waitUntil: "load" });
  const ms = await page.evaluate(() => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).responseEnd);
  await page.close();
  return ms;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const f = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The game pages measured: every ruleset (Royale at 2, 3 and 4 seats), the other seats computers that take their time. */
const GAMES: { name: string; ruleset: string; players?: number }[] = [
  { name: "Siamese", ruleset: "siamese" },
  { name: "MahJong Masters", ruleset: "siamese-mjm" },
  { name: "Wright-Patterson", ruleset: "siamese-wp" },
  { name: "Royale, 2 players", ruleset: "royale", players: 2 },
  { name: "Royale, 3 players", ruleset: "royale", players: 3 },
  { name: "Royale, 4 players", ruleset: "royale", players: 4 },
  { name: "American", ruleset: "american" },
  { name: "Chinese", ruleset: "chinese-ming" },
];
const only = args.indexOf("--only");
const MEASURED = only >= 0 ? GAMES.filter((g) => args[only + 1]!.split(",").includes(g.ruleset)) : GAMES;

type State = Awaited<ReturnType<BrowserContext["storageState"]>>;
/** A fresh game of each ruleset for Ann (standing orders at their default, hints on), the other seats computers that wait a minute before moving. */
async function dealt(browser: Browser, url: string): Promise<{ ids: string[]; state: State }> {
  const ann = await signedIn(browser, url, "ann-bench@example.com");
  const ids: string[] = [];
  for (const [i, g] of MEASURED.entries()) {
    const seats = g.players ?? (g.ruleset.startsWith("siamese") ? 2 : 4);
    const r = await ann.request.post(url + "/api/games", {
      data: { ruleset: g.ruleset, seed: `bench-web-${i}`, options: { daysPerMove: 3, ...(g.players ? { players: g.players } : {}) }, computers: { seats: seats - 1, strength: "easy", delayMs: 60_000 } },
      headers: { origin: url },
    });
    if (!r.ok()) throw new Error(`${g.name}: ${r.status()} ${await r.text()}`);
    ids.push((await r.json()).id);
  }
  const state = await ann.storageState();
  await ann.close();
  return { ids, state };
}

let server: Server | undefined;
let oldServer: { url: string; stop(): Promise<void> } | undefined;
/** The older build's files (for its scripts' sizes). */
let BEFORE = BEFORE_BUILD;
let browser: Browser | undefined;
try {
  console.log("building the web app and starting wrangler dev…");
  const sizes = buildWeb();
  const dir = /web build: (\S+)/.exec(sizes)?.[1];
  if (dir) writeFileSync(`${dir}/bench-baseline.html`, BASELINE_PAGE);
  server = await startServer();
  browser = await launch();
  const url = server.url;
  const now = await dealt(browser, url);
  let old: { url: string; ids: string[]; state: State } | undefined;
  if (BEFORE_BUILD) oldServer = await startServer(BEFORE_BUILD);
  else if (BEFORE_TREE) {
    const tree = await serveTree(BEFORE_TREE);
    (oldServer = tree), (BEFORE = tree.assets);
  }
  if (oldServer) old = { url: oldServer.url, ...(await dealt(browser, oldServer.url)) };
  type Seen = { tiles: number[]; chain: number[]; answered: number[]; entry: number[]; scripts: { path: string; startTime: number }[]; drawnAt: number; gameRequests: number };
  const seen = (): Seen => ({ tiles: [], chain: [], answered: [], entry: [], scripts: [], drawnAt: 0, gameRequests: 0 });
  const pages = MEASURED.map(() => ({ now: seen(), before: seen() }));
  const still: number[] = [], signin: number[] = [], picture: number[] = [];
  const open = async (u: string, state: State, id: string, into: Seen) => {
    const ctx = await browser!.newContext({ ...PHONE, storageState: state });
    const g = await timeTo(ctx, u + `/game/${id}`, ".tile");
    await ctx.close();
    into.tiles.push(g.ms);
    if (g.gameRequestAt !== null) into.chain.push(g.gameRequestAt);
    if (g.gameAnsweredAt !== null) into.answered.push(g.gameAnsweredAt);
    if (g.entryLoadedAt !== null) into.entry.push(g.entryLoadedAt);
    into.scripts = g.scripts;
    into.drawnAt = g.ms;
    into.gameRequests = g.gameRequests;
  };
  // One round first, not counted: wrangler compiles the worker and opens its storage on the first requests.
  for (const [i] of MEASURED.entries()) {
    await open(url, now.state, now.ids[i]!, seen());
    if (old) await open(old.url, old.state, old.ids[i]!, seen());
  }
  const load: string[] = [];
  for (let run = 0; run < RUNS; run++) {
    load.push(readFileSync("/proc/loadavg", "utf8").split(" ")[0]!);
    // Cold: a new context each time, only the session cookie carried over. The baselines in the same run.
    const ctx = await browser.newContext({ ...PHONE, storageState: now.state });
    still.push(await staticFile(ctx, url + "/icon.svg"));
    if (dir) picture.push(await onePicture(ctx, url + "/bench-baseline.html"));
    await ctx.close();
    const anon = await browser.newContext(PHONE);
    signin.push((await timeTo(anon, url + "/signin", "#email")).ms);
    await anon.close();
    for (const [i] of MEASURED.entries()) {
      await open(url, now.state, now.ids[i]!, pages[i]!.now);
      if (old) await open(old.url, old.state, old.ids[i]!, pages[i]!.before);
    }
  }

  const runs = (xs: number[]) => xs.map((x) => (x / 1000).toFixed(2)).join(" ");
  console.log(`\nweb bench: emulated phone (CPU 4× slower, 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, cold cache), ${RUNS} runs; load average (1 min) at each run: ${load.join(", ")}`);
  if (picture.length) console.log(`  baseline: a static page with one image, drawn      median ${f(median(picture))}   slowest ${f(Math.max(...picture))}   runs ${runs(picture)}`);
  console.log(`  baseline: a static file (/icon.svg) loaded          median ${f(median(still))}   slowest ${f(Math.max(...still))}   runs ${runs(still)}`);
  console.log(`  baseline: the sign-in page drawn (no game)          median ${f(median(signin))}   slowest ${f(Math.max(...signin))}   runs ${runs(signin)}`);
  console.log(`  game pages: your tiles on screen (target ≤ 1.20 s in every run); the game's request started, its answer in, the first script in (medians)`);
  for (const [i, g] of MEASURED.entries()) {
    const p = pages[i]!.now;
    const over = p.tiles.filter((t) => t > 1200).length;
    console.log(
      `  ${g.name.padEnd(18)} median ${f(median(p.tiles))}   slowest ${f(Math.max(...p.tiles))}${over ? ` (${over} over)` : ""}   runs ${runs(p.tiles)}   request ${p.chain.length ? f(median(p.chain)) : "—"}, answer ${p.answered.length ? f(median(p.answered)) : "—"}, script ${p.entry.length ? f(median(p.entry)) : "—"}${p.gameRequests === 1 ? "" : `; the game asked for ${p.gameRequests} times`}`,
    );
    if (old) {
      const b = pages[i]!.before;
      const bOver = b.tiles.filter((t) => t > 1200).length;
      console.log(`  ${"  before".padEnd(18)} median ${f(median(b.tiles))}   slowest ${f(Math.max(...b.tiles))}${bOver ? ` (${bOver} over)` : ""}   runs ${runs(b.tiles)}   request ${b.chain.length ? f(median(b.chain)) : "—"}`);
    }
  }
  /** Every script a page loaded, gzipped from the build it came from: those asked for before the tiles were drawn and after. */
  const listScripts = (from: string, loaded: { path: string; startTime: number }[], tilesAt: number, what: string) => {
    const gz = (p: string) => gzipSync(readFileSync(join(from, p)), { level: 9 }).length;
    const totals = { before: [] as string[], after: [] as string[], b: 0, a: 0 };
    for (const s of loaded) {
      const n = gz(s.path.replace(/^\//, ""));
      const name = `${s.path.replace(/^\/(assets\/)?/, "").replace(/-[\w-]{7,8}\.js$/, "")} ${(n / 1024).toFixed(1)}`;
      if (s.startTime < tilesAt) (totals.b += n), totals.before.push(name);
      else (totals.a += n), totals.after.push(name);
    }
    console.log(`  ${what.padEnd(18)} ${(totals.b / 1024).toFixed(1).padStart(4)} KB before the tiles (budget 30 KB): ${totals.before.join(", ")}`);
    console.log(`  ${"".padEnd(18)} ${(totals.a / 1024).toFixed(1).padStart(4)} KB after: ${totals.after.join(", ")}`);
  };
  console.log(`  scripts each game page loaded (gzip KB), in its last run:`);
  for (const [i, g] of MEASURED.entries()) {
    if (dir) listScripts(dir, pages[i]!.now.scripts, pages[i]!.now.drawnAt, g.name);
    if (BEFORE && pages[i]!.before.scripts.length) listScripts(BEFORE, pages[i]!.before.scripts, pages[i]!.before.drawnAt, "  before");
  }
} finally {
  await browser?.close();
  await server?.stop();
  await oldServer?.stop();
}
