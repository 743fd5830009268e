/**
 * `npm run bench:web [-- --runs N]`: how soon a player's tiles are on screen when they open a game
 * on a mid-range phone. Builds the web app, starts a quiet `wrangler dev` with a fresh local D1,
 * deals a Siamese game, and opens it in chromium (playwright-core, Debian chromium) emulating a
 * phone over CDP: CPU throttled 4×, 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, cold cache
 * (a new browser context each run, the cache off).
 * Prints, as medians over the runs, the time from navigation until the first of your tiles is drawn
 * (and the slowest run: the target is 1.2 s in every run), when the game's own request started (the
 * length of the request chain), and, measured in the same run under the same emulation, baselines:
 * a static page with one image (HTML and a picture, no script), a static file (one round trip), and
 * the sign-in page's first paint (HTML, style and script, no game). Also the gzip size of every
 * script the game page loaded, before its tiles were drawn and after. A benchmark, not a test: it
 * prints figures and asserts nothing (test/web/page-budget.test.ts holds the scripts to their budget).
 */
import { gzipSync } from "node:zlib";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { buildWeb, launch, startServer, type Server } from "../test/web/harness";

const args = process.argv.slice(2);
const runsAt = args.indexOf("--runs");
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 5;
/** `--before DIR`: another build of the web app (an older commit's dist/web), measured in the same runs, served by a second wrangler dev. */
const beforeAt = args.indexOf("--before");
const BEFORE = beforeAt >= 0 ? args[beforeAt + 1] : undefined;

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

/** Milliseconds from navigation start until the first element matching `selector` is in the page and a frame has been drawn. */
const WATCH = (selector: string) => `
  (() => {
    const seen = () => document.querySelector(${JSON.stringify(selector)});
    const mark = () => requestAnimationFrame(() => { window.__drawnAt = performance.now(); });
    const mo = new MutationObserver(() => { if (seen()) { mo.disconnect(); mark(); } });
    mo.observe(document, { childList: true, subtree: true });
  })();`;

async function timeTo(
  ctx: BrowserContext,
  url: string,
  selector: string,
): Promise<{ ms: number; gameRequestAt: number | null; gameAnsweredAt: number | null; entryLoadedAt: number | null; gameRequests: number; scripts: { path: string; startTime: number }[] }> {
  const page = await throttled(ctx);
  await page.addInitScript(WATCH(selector));
  await page.goto(url, { waitUntil: "commit" });
  await page.waitForFunction(() => typeof (window as never as { __drawnAt?: number }).__drawnAt === "number", null, { timeout: 60_000, polling: 50 });
  const ms = await page.evaluate(() => (window as never as { __drawnAt: number }).__drawnAt);
  // What loads after the first drawing (hints, say) still counts among the page's scripts.
  await page.waitForTimeout(4000);
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
  const ms = await page.evaluate(() => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now()))));
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

/** A fresh Siamese game between Ann and Bob; Ann's session opens it. */
async function dealt(browser: Browser, url: string) {
  const ann = await signedIn(browser, url, "ann-bench@example.com");
  const bob = await signedIn(browser, url, "bob-bench@example.com");
  const created = await (await ann.request.post(url + "/api/games", { data: { ruleset: "siamese", seed: "bench-web-0001", options: { daysPerMove: 3 } }, headers: { origin: url } })).json();
  const joined = await bob.request.post(url + `/api/games/${created.id}/join`, { data: { invite: created.invite }, headers: { origin: url } });
  if (!joined.ok()) throw new Error(`join: ${joined.status()}`);
  const state = await ann.storageState();
  await Promise.all([ann.close(), bob.close()]);
  return { id: created.id as string, state };
}

let server: Server | undefined;
let oldServer: Server | undefined;
let browser: Browser | undefined;
try {
  console.log("building the web app and starting wrangler dev…");
  const sizes = buildWeb();
  const dir = /web build: (\S+)/.exec(sizes)?.[1];
  if (dir) writeFileSync(`${dir}/bench-baseline.html`, BASELINE_PAGE);
  server = await startServer();
  browser = await launch();
  const url = server.url;

  const { id: gameId, state } = await dealt(browser, url);
  let old: { url: string; id: string; state: Awaited<ReturnType<BrowserContext["storageState"]>> } | undefined;
  if (BEFORE) {
    oldServer = await startServer(BEFORE);
    const d = await dealt(browser, oldServer.url);
    old = { url: oldServer.url, id: d.id, state: d.state };
  }
  const created = { id: gameId };

  const game: number[] = [], chain: number[] = [], answered: number[] = [], entry: number[] = [], still: number[] = [], signin: number[] = [], picture: number[] = [];
  let scripts: { path: string; startTime: number }[] = [];
  let drawnAt = 0;
  let gameRequests = 0;
  // One run first, not counted: wrangler compiles the worker and opens its storage on the first requests.
  for (const [u, id, st] of [[url, created.id, state], ...(old ? [[old.url, old.id, old.state] as const] : [])] as const) {
    const ctx = await browser.newContext({ ...PHONE, storageState: st });
    await timeTo(ctx, u + `/game/${id}`, ".tile");
    await ctx.close();
  }
  const before: number[] = [], beforeChain: number[] = [];
  let beforeScripts: { path: string; startTime: number }[] = [];
  let beforeDrawnAt = 0;
  for (let i = 0; i < RUNS; i++) {
    // Cold: a new context each time, only the session cookie carried over.
    const ctx = await browser.newContext({ ...PHONE, storageState: state });
    still.push(await staticFile(ctx, url + "/icon.svg"));
    if (dir) picture.push(await onePicture(ctx, url + "/bench-baseline.html"));
    const g = await timeTo(ctx, url + `/game/${created.id}`, ".tile");
    game.push(g.ms);
    if (g.gameRequestAt !== null) chain.push(g.gameRequestAt);
    if (g.gameAnsweredAt !== null) answered.push(g.gameAnsweredAt);
    if (g.entryLoadedAt !== null) entry.push(g.entryLoadedAt);
    scripts = g.scripts;
    drawnAt = g.ms;
    gameRequests = g.gameRequests;
    await ctx.close();
    if (old) {
      const octx = await browser.newContext({ ...PHONE, storageState: old.state });
      const o = await timeTo(octx, old.url + `/game/${old.id}`, ".tile");
      before.push(o.ms);
      beforeScripts = o.scripts;
      beforeDrawnAt = o.ms;
      if (o.gameRequestAt !== null) beforeChain.push(o.gameRequestAt);
      await octx.close();
    }
    const anon = await browser.newContext(PHONE);
    signin.push((await timeTo(anon, url + "/signin", "#email")).ms);
    await anon.close();
  }

  console.log(`\nweb bench: emulated phone (CPU 4× slower, 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, cold cache), median of ${RUNS} runs`);
  if (picture.length) console.log(`  baseline: a static page with one image, drawn         ${f(median(picture))}   (slowest ${f(Math.max(...picture))})`);
  console.log(`  baseline: a static file (/icon.svg) loaded          ${f(median(still))}`);
  console.log(`  baseline: the sign-in page drawn (no game)          ${f(median(signin))}`);
  console.log(`  game page: the game's request started at            ${chain.length ? f(median(chain)) : "—"}`);
  console.log(`  game page: the game's answer in at                   ${answered.length ? f(median(answered)) : "—"}`);
  console.log(`  game page: the first script downloaded at            ${entry.length ? f(median(entry)) : "—"}`);
  console.log(`  game page: your tiles on screen                      ${f(median(game))}   slowest ${f(Math.max(...game))}   (target ≤ 1.20 s in every run)`);
  console.log(`  game page: the game asked for ${gameRequests === 1 ? "once" : `${gameRequests} times`}`);
  console.log(`  runs (tiles on screen): ${game.map(f).join(", ")}`);
  if (old) {
    console.log(`  before (${BEFORE}): the game's request started at ${beforeChain.length ? f(median(beforeChain)) : "—"}; your tiles on screen ${f(median(before))}`);
    console.log(`  runs before (tiles on screen): ${before.map(f).join(", ")}`);
  }
  /** Every script a page loaded, gzipped from the build it came from: listed, those asked for before the tiles were drawn and after. */
  const listScripts = (from: string, loaded: { path: string; startTime: number }[], tilesAt: number, what: string) => {
    const gz = (p: string) => gzipSync(readFileSync(join(from, p)), { level: 9 }).length;
    const totals = { before: 0, after: 0 };
    console.log(`  ${what} (gzip):`);
    for (const s of loaded) {
      const n = gz(s.path.replace(/^\//, ""));
      const when = s.startTime < tilesAt ? "before" : "after";
      totals[when] += n;
      console.log(`    ${s.path.padEnd(40)} ${(n / 1024).toFixed(1).padStart(5)} KB  ${when} the tiles`);
    }
    console.log(`    before the tiles                         ${(totals.before / 1024).toFixed(1)} KB   (budget 30 KB)`);
    console.log(`    after the tiles                          ${(totals.after / 1024).toFixed(1)} KB   (all: ${((totals.before + totals.after) / 1024).toFixed(1)} KB)`);
  };
  if (dir) listScripts(dir, scripts, drawnAt, "scripts the game page loaded");
  // the baseline: the same page of the --before build, loaded in the same runs
  if (BEFORE && beforeScripts.length) listScripts(BEFORE, beforeScripts, beforeDrawnAt, `before (${BEFORE}): scripts the game page loaded`);
} finally {
  await browser?.close();
  await server?.stop();
  await oldServer?.stop();
}
