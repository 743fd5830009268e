/**
 * Browser-test harness: the web app built (once per run: global-setup.ts), `wrangler dev` on a free
 * port with a fresh local D1 (migrations applied), and the Debian chromium through playwright-core.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type APIRequestContext, type Browser, type Page } from "playwright-core";
import { expect, inject } from "vitest";
import { bin, buildInto, env, freePort, migrateInto, root, type PreparedRun } from "./prepare";

export { freePort };
import { MERGE_WINDOW_MS } from "../../worker/notify/decide";
import { chooseMove, type RulesetId } from "../../worker/engine/index";


/** What the web project's global set-up prepared for this run, or null (outside vitest: bench:web). */
function prepared(): PreparedRun | null {
  try {
    return inject("webRun") ?? null;
  } catch {
    return null;
  }
}

let built: string | null = null;
/** The build startServer() serves by default: the latest of this process's, else the run's. */
let latest: string | null = null;

/**
 * Builds the web app into a directory of this test process, so that another build of dist/web
 * (a colleague's test, `npm start`) cannot swap files under a running browser. startServer()
 * serves the latest such build. Returns the build's size report.
 */
export function buildWeb(): string {
  const dir = mkdtempSync(join(tmpdir(), "mj-web-assets-"));
  const output = buildInto(dir);
  if (!built) process.once("exit", () => built && rmSync(built, { recursive: true, force: true }));
  else rmSync(built, { recursive: true, force: true });
  built = latest = dir;
  return output;
}

/**
 * The run's build (made once by global-setup.ts, never rebuilt under a running test), served by
 * startServer() from now on; outside such a run, a build of this process. Returns its size report.
 */
export function runBuild(): string {
  const run = prepared();
  if (!run) return buildWeb();
  latest = run.assets;
  return run.report;
}

export interface Server {
  url: string;
  stop(): Promise<void>;
  log(): string;
}

/**
 * wrangler dev on a free port with a fresh local D1 (a copy of the run's migrated one, else migrated
 * here), serving the latest buildWeb()/runBuild() (or dist/web); GET /cdn-cgi/handler/scheduled runs the cron.
 */
export async function startServer(assets = latest ?? join(root, "dist/web")): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), "mj-web-"));
  const database = prepared()?.database;
  if (database) cpSync(database, dir, { recursive: true });
  else migrateInto(dir);
  // a free port can be taken by another process before wrangler binds it (tests run side by side): new ports, twice more
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(assets, dir);
    } catch (e) {
      if (attempt >= 3 || !/Address already in use/.test(String(e))) throw e;
    }
  }
}

async function startOn(assets: string, dir: string): Promise<Server> {
  const port = await freePort();
  const inspector = await freePort();
  let out = "";
  const child: ChildProcess = spawn(
    bin("wrangler"),
    ["dev", "--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(inspector), "--persist-to", dir, "--assets", assets, "--show-interactive-dev-session=false", "--test-scheduled"],
    { cwd: root, env, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  // If the test process dies without its afterAll, do not leave wrangler running.
  const kill = () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      /* already gone */
    }
  };
  process.once("exit", kill);
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (child.exitCode !== null) return reject(new Error(`wrangler dev exited:\n${out}`));
      if (/Ready on/.test(out)) return resolve();
      setTimeout(check, 200);
    };
    check();
  });
  return {
    url,
    log: () => out,
    stop: async () => {
      if (child.exitCode === null) {
        try {
          process.kill(-child.pid!, "SIGTERM");
        } catch {
          /* already gone */
        }
        await new Promise((r) => child.once("exit", r));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function chromiumPath(): string {
  const r = spawnSync("sh", ["-c", "command -v chromium || command -v chromium-browser"], { encoding: "utf8" });
  const p = r.stdout.trim();
  if (!p) throw new Error("chromium is not installed (Debian: apt-get install chromium)");
  return p;
}

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
}

/**
 * What every browser test does first: the run's build, `wrangler dev` serving it, chromium.
 * `outDir`: make the screenshot folder; `report`: print the build's size report; `timing`: print
 * how long the set-up took.
 */
export async function openBrowserTest(o: { outDir?: string; report?: boolean; timing?: boolean } = {}): Promise<{ server: Server; browser: Browser }> {
  if (o.outDir) mkdirSync(o.outDir, { recursive: true });
  const t0 = Date.now();
  const sizes = runBuild();
  if (o.report) console.log(sizes.trim());
  const server = await startServer();
  let browser: Browser;
  try {
    browser = await launch();
  } catch (e) {
    await server.stop();
    throw e;
  }
  if (o.timing) console.log(`browser test setup: build + wrangler dev + chromium in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return { server, browser };
}

/**
 * One page per player, each in its own browser context: the first on a phone (390×844, touch), the
 * others on a desktop screen (1280×800). Every script error on any page lands in `errors`.
 */
export async function playerPages(browser: Browser, n: number): Promise<{ pages: Page[]; errors: string[] }> {
  const pages: Page[] = [];
  const errors: string[] = [];
  for (let i = 0; i < n; i++) {
    const ctx = await browser.newContext(i === 0 ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true } : { viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    page.on("pageerror", (e) => errors.push(String(e)));
    pages.push(page);
  }
  return { pages, errors };
}

/** What every browser test does last (either may be missing when the set-up failed). */
export async function closeBrowserTest(server: Server | undefined, browser: Browser | undefined): Promise<void> {
  await browser?.close();
  await server?.stop();
}

/** Past any merge window opened until now and the cron sweep's grace behind it (10 minutes, worker/notify/cron.ts). */
const PAST_WINDOWS_MS = MERGE_WINDOW_MS + 11 * 60_000;

/**
 * The cron runs on a clock moved past every merge window open now (wrangler dev's scheduled handler
 * takes the time): its sweep sends what waits in them, as the queue's flush does when a window
 * closes. A test passes a player's merge window this way instead of waiting it out in real time.
 */
export async function cronPastWindows(r: APIRequestContext, baseUrl: string): Promise<void> {
  const ran = await r.get(`${baseUrl}/cdn-cgi/handler/scheduled?cron=*/15+*+*+*+*&time=${Date.now() + PAST_WINDOWS_MS}`);
  expect(ran.status()).toBeLessThan(400);
}

/**
 * A player signs in as a person would: the sign-in page (reached from the home page), the link from the
 * development outbox, the first-visit questions (name, and a time zone when given), then the lobby.
 */
export async function signInByMail(page: Page, baseUrl: string, email: string, name: string, timezone?: string, orders?: "default"): Promise<void> {
  await page.goto(baseUrl + "/");
  // Signed out, home says what this is, then offers Sign in.
  await page.getByRole("link", { name: "Sign in" }).click();
  await page.waitForURL(/\/signin/);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  await page.getByRole("heading", { name: "Check your email" }).waitFor();
  const outbox = await (await page.request.get(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
  await page.goto(outbox.messages[0].link);
  await page.getByRole("heading", { name: "Welcome" }).waitFor();
  await page.getByLabel("Your name, as other players will see it").fill(name);
  if (timezone) await page.getByLabel("Your time zone").selectOption(timezone);
  await page.getByRole("button", { name: "Save and continue" }).click();
  await page.getByRole("heading", { name: "Your games" }).waitFor();
  if (orders !== "default") await askEveryTime(page, baseUrl);
}

const ASK_EVERY_TIME = { claims: "ask", throws: "none" };

/**
 * The player chooses "ask me every time" (Settings), so that a test taps every move itself; the
 * sign-ins do it unless told `"default"` (test/web/default-orders.test.ts plays with the default orders).
 */
export async function askEveryTime(page: Page, baseUrl: string): Promise<void> {
  const put = await page.request.put(baseUrl + "/api/me", { data: { orders: ASK_EVERY_TIME }, headers: { origin: baseUrl } });
  expect(put.status()).toBe(200);
}

/** A POST to the service from a page's browser context (`page.request`), with the Origin header the app sends. */
export async function apiPost(r: APIRequestContext, baseUrl: string, path: string, data: unknown): Promise<{ status: number; body: any }> {
  const res = await r.post(baseUrl + path, { data, headers: { origin: baseUrl } });
  return { status: res.status(), body: await res.json() };
}

/**
 * Signs a page's browser context in without mail (development only; play.test.ts tests the sign-in
 * by mail) and gives the player a name and a time zone, as the first-visit questions would (and
 * "ask me every time", unless `orders` is "default").
 */
export async function signInBySession(page: Page, baseUrl: string, email: string, name: string, orders?: "default"): Promise<void> {
  expect((await apiPost(page.request, baseUrl, "/api/dev/session", { email })).status).toBe(200);
  const put = await page.request.put(baseUrl + "/api/me", { data: { displayName: name, timezone: "Europe/London", ...(orders === "default" ? {} : { orders: ASK_EVERY_TIME }) }, headers: { origin: baseUrl } });
  expect(put.status()).toBe(200);
}

/**
 * A person's own signed-in page (signInBySession), on a phone (360x740, touch) or a desktop
 * (1280x800); a script error on it is added to `errors` with the person's name.
 */
export async function personPage(browser: Browser, baseUrl: string, email: string, name: string, phone: boolean, errors: string[]): Promise<Page> {
  const ctx = await browser.newContext(phone ? { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  page.on("pageerror", (e) => errors.push(`${name}: ${String(e)}`));
  await signInBySession(page, baseUrl, email, name);
  return page;
}

/**
 * `host` creates a game through the service (`game`: what POST /api/games takes) and each guest, in
 * turn, joins it with its invitation. Returns the game's id, the creation's answer and each join's
 * answer, for the test to check.
 */
export async function createAndJoin(
  baseUrl: string,
  host: Page,
  guests: Page[],
  game: object,
): Promise<{ id: string; created: { status: number; body: any }; joins: { status: number; body: any }[] }> {
  const created = await apiPost(host.request, baseUrl, "/api/games", game);
  const joins = [];
  for (const g of guests) joins.push(await apiPost(g.request, baseUrl, `/api/games/${created.body.id}/join`, { invite: created.body.invite }));
  return { id: created.body.id, created, joins };
}

/**
 * The new-game form `host` has open (filled in as the test wants) creates the game; each guest, in
 * turn, opens the invitation link, accepts and is taken to the game. Returns the game's id.
 */
export async function createAndAccept(host: Page, guests: Page[]): Promise<string> {
  await host.getByRole("button", { name: "Create the game" }).click();
  await host.getByRole("heading", { name: "Invite a player" }).waitFor();
  const link = await host.getByLabel("Invitation link").inputValue();
  const gameId = new URL(link).pathname.split("/")[2]!;
  for (const g of guests) {
    await g.goto(link);
    await g.getByRole("button", { name: "Accept and play" }).click();
    await g.waitForURL(new RegExp(`/game/${gameId}$`));
  }
  return gameId;
}

/**
 * Every seat of game `id` plays as the engine's computer player would (seeded by `seed`: the same walk every run),
 * `pages[s]` signed in as seat s, seat 0 first whenever it may act, until `stop` holds for seat 0's own answer
 * (GET /api/games/:id as seat 0 sees it, with its moves but preferences) at a turn of its. Returns that answer, or
 * null when the game ended or 3000 moves went by first.
 */
export async function playUntil(baseUrl: string, pages: Page[], id: string, ruleset: RulesetId, seed: string, stop: (mine: any, legal: any[]) => boolean): Promise<any | null> {
  const get = async (p: Page) => (await p.request.get(`${baseUrl}/api/games/${id}`)).json();
  let g = await get(pages[0]!);
  for (let n = 0; g.status !== "ended" && n < 3000; n++) {
    const acting: number[] = g.players.filter((p: any) => p.toAct).map((p: any) => p.seat);
    const s = acting.includes(0) ? 0 : acting[0]!;
    const mine = await get(pages[s]!);
    const legal: any[] = mine.legalMoves.filter((m: any) => m.type !== "preference");
    if (s === 0 && stop(mine, legal)) return mine;
    if (!legal.length) {
      g = await get(pages[0]!);
      continue;
    }
    const move = chooseMove(ruleset, mine.view, legal as never, "medium", `${seed}:${n}:${s}`);
    const r = await apiPost(pages[s]!.request, baseUrl, `/api/games/${id}/moves`, { version: mine.version, move, idempotencyKey: `${seed}-${n}` });
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
    g = r.body;
  }
  return null;
}
