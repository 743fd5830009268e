/**
 * The game page's script budget (issue 41): every script a game page of each ruleset loads before the
 * player's tiles are on screen, hints and standing orders on, is at most 30 KB gzip. What a first turn
 * does not need (web/src/game/parts.ts) is counted apart only because it really loads later: its
 * request starts after the first tile was drawn. Opened on a phone, in chromium, with a cold cache.
 */
import { gzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { handListView } from "../../worker/engine/variants/siamese-wp/list-view";
import { LIMIT_POINTS, LIMIT_WORDS } from "../../worker/engine/variants/siamese-wp/hands";
import { handName, handTitle, LIMITS } from "../../web/src/rulesets/siamese-wp/names";
import { namesLines } from "../../web/src/table/names-lines";
import { apiPost, closeBrowserTest, launch, runBuild, signInBySession, startServer, type Server } from "./harness";

const BUDGET = 30 * 1024;
let server: Server;
let browser: Browser;
let built = "";

beforeAll(async () => {
  built = /web build: (\S+)/.exec(runBuild())![1]!;
  server = await startServer();
  browser = await launch();
}, 240_000);
afterAll(() => closeBrowserTest(server, browser));

/** Milliseconds from navigation until the first of the player's tiles is in the page and a frame was drawn (as bench:web measures it). */
const WATCH = `
  (() => {
    const mark = () => requestAnimationFrame(() => { window.__drawnAt = performance.now(); });
    const mo = new MutationObserver(() => { if (document.querySelector(".tile")) { mo.disconnect(); mark(); } });
    mo.observe(document, { childList: true, subtree: true });
  })();`;

type Script = { path: string; startTime: number; gzip: number };
/** Opens the game cold in `ann`'s phone, waits until `settled`, and returns the scripts that started before the first tile was drawn and after, sized gzip. */
async function scriptsOf(ctx: BrowserContext, ann: Page, id: string, settled: (page: Page) => Promise<unknown>): Promise<{ before: Script[]; after: Script[] }> {
  await ann.addInitScript(WATCH);
  const cdp = await ctx.newCDPSession(ann);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await ann.goto(`${server.url}/game/${id}`);
  await ann.waitForFunction(() => typeof (window as never as { __drawnAt?: number }).__drawnAt === "number", null, { timeout: 60_000 });
  await settled(ann);
  await ann.waitForTimeout(1000);
  const { drawnAt, scripts } = await ann.evaluate(() => ({
    drawnAt: (window as never as { __drawnAt: number }).__drawnAt,
    scripts: (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter((r) => /\.js$/.test(new URL(r.name).pathname)).map((r) => ({ path: new URL(r.name).pathname, startTime: r.startTime })),
  }));
  const gz = (path: string) => gzipSync(readFileSync(join(built, path)), { level: 9 }).length;
  const sized = scripts.map((s) => ({ ...s, gzip: gz(s.path) }));
  const before = sized.filter((s) => s.startTime < drawnAt);
  const after = sized.filter((s) => s.startTime >= drawnAt);
  const total = (xs: typeof sized) => xs.reduce((n, s) => n + s.gzip, 0);
  const list = (xs: typeof sized) => xs.map((s) => `${s.path} ${(s.gzip / 1024).toFixed(1)} KB at ${s.startTime.toFixed(0)} ms`).join("\n  ");
  console.log(`tiles drawn at ${drawnAt.toFixed(0)} ms\nbefore the tiles: ${(total(before) / 1024).toFixed(1)} KB gzip (${total(before)} bytes, ${BUDGET - total(before)} left)\n  ${list(before)}\nafter the tiles: ${(total(after) / 1024).toFixed(1)} KB gzip\n  ${list(after)}`);
  return { before, after };
}

describe("the game page's scripts", () => {
  it("before the tiles are drawn: at most 30 KB gzip; hints and the orders menu load after them", async () => {
    const ctx = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const ann = await ctx.newPage();
    await signInBySession(ann, server.url, "ann.budget@example.com", "Ann");
    const bobCtx = await browser.newContext();
    const bob = await bobCtx.newPage();
    await signInBySession(bob, server.url, "bob.budget@example.com", "Bob");
    const created = await apiPost(ann.request, server.url, "/api/games", { ruleset: "siamese", seed: "page-budget-001", options: { daysPerMove: 3 } });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await apiPost(bob.request, server.url, `/api/games/${id}/join`, { invite: created.body.invite })).status).toBe(200);
    // Standing orders on: Ann's game carries orders of hers (the orders move as the game offers it, claims asked only for Mah Jongg).
    const game = (await (await ann.request.get(`${server.url}/api/games/${id}`)).json()) as { version: number; legalMoves: { type: string; claims?: string }[]; hints: unknown };
    const offered = game.legalMoves.find((m) => m.type === "orders")!;
    const ordered = await apiPost(ann.request, server.url, `/api/games/${id}/moves`, { version: game.version, move: { ...offered, claims: "mahjong-only" }, idempotencyKey: "page-budget-orders" });
    expect(ordered.status).toBe(200);

    const { before, after } = await scriptsOf(ctx, ann, id, async (page) => {
      // The hints under the table: their first line is there once their scripts have come.
      await page.locator(".hints").getByText(/away|Mah Jongg/).first().waitFor({ timeout: 30_000 });
      await page.getByText(/Game menu/).first().waitFor({ timeout: 30_000 });
    });
    const total = (xs: Script[]) => xs.reduce((n, s) => n + s.gzip, 0);
    expect(total(before)).toBeLessThanOrEqual(BUDGET);
    // What the page showed came after the tiles: the hints and the game menu's scripts among them.
    expect(after.some((s) => /\/Hints-/.test(s.path))).toBe(true);
    expect(after.some((s) => /\/Orders-/.test(s.path))).toBe(true);
    await ctx.close();
    await bobCtx.close();
  });

  // No table is in the first script: each ruleset's table is a chunk of its own, preloaded once the game's answer says
  // which (web/public/early.js); the first script and that table, with whatever the table draws the first turn with (a
  // card, Royale's folded racks), are within the budget for every ruleset, and nothing of one table is in another's load.
  const CASES = [
    { ruleset: "siamese-mjm", seats: 2 },
    { ruleset: "siamese-wp", seats: 2 },
    { ruleset: "royale", seats: 2 },
    { ruleset: "royale", seats: 3 },
    { ruleset: "royale", seats: 4 },
    { ruleset: "american", seats: 4 },
    { ruleset: "chinese-ming", seats: 4 },
  ] as const;
  for (const { ruleset, seats } of CASES)
    it(`${ruleset}${ruleset === "royale" ? ` (${seats} players)` : ""}: before the tiles are drawn, at most 30 KB gzip too (default orders, hints on)`, async () => {
      const ctx = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
      const ann = await ctx.newPage();
      await signInBySession(ann, server.url, `ann.budget.${ruleset}.${seats}@example.com`, "Ann", "default");
      const created = await apiPost(ann.request, server.url, "/api/games", { ruleset, seed: `page-budget-${ruleset}-${seats}`, options: { daysPerMove: 3, ...(ruleset === "royale" ? { players: seats } : {}) }, computers: { seats: seats - 1, strength: "easy", delayMs: 60_000 } });
      expect(created.status).toBe(201);
      // the first Mah Jongg choice the app draws (of its own table, not the worker's drawing), by the name it has then
      await ann.addInitScript(`
        new MutationObserver((_, mo) => {
          const win = document.querySelector("#app .actions button.win");
          if (!win) return;
          mo.disconnect();
          window.__firstWin = win.getAttribute("aria-label") || win.textContent;
        }).observe(document, { childList: true, subtree: true });`);
      const { before, after } = await scriptsOf(ctx, ann, created.body.id, (page) => page.getByText(/Game menu/).first().waitFor({ timeout: 30_000 }));
      const total = (xs: Script[]) => xs.reduce((n, s) => n + s.gzip, 0);
      expect(total(before)).toBeLessThanOrEqual(BUDGET);
      expect(after.length).toBeGreaterThan(0);
      // one table's code only: the Siamese table's chunk is in no American or Chinese game's load, theirs in no other's
      const own = { american: /\/table-American-[\w-]{7}\.js$/, "chinese-ming": /\/table-Chinese-[\w-]{7}\.js$/, "siamese-wp": /\/table-Wp-[\w-]{7}\.js$/ } as Record<string, RegExp>;
      for (const [other, file] of Object.entries(own)) if (other !== ruleset) expect(before.some((s) => file.test(s.path))).toBe(false);
      if (ruleset === "american" || ruleset === "chinese-ming") expect(before.some((s) => /\/table-Siamese-[\w-]{7}\.js$/.test(s.path))).toBe(false);
      // The sample card: whole with the American table only; the Siamese table takes its lines' names only when the game names a
      // line (web/src/table/names-lines.ts: a Royale turn's Mah Jongg choices), and its first drawing names them as the card does.
      if (ruleset !== "american") expect(before.some((s) => /\/sample-2026-[\w-]{7}\.js$/.test(s.path))).toBe(false);
      const answer = await (await ann.request.get(`${server.url}/api/games/${created.body.id}?me`)).json();
      const named = ruleset === "royale" || ruleset === "siamese-mjm" ? namesLines(answer) : false;
      if (ruleset === "royale") expect(named).toBe(true);
      expect(before.some((s) => /\/card-names-[\w-]{7}\.js$/.test(s.path))).toBe(named);
      if (named) {
        await ann.locator("#app .actions button.win").first().waitFor({ timeout: 30_000 });
        const first = await ann.evaluate(() => (window as never as { __firstWin?: string }).__firstWin);
        expect(first).toMatch(/^Declare Mah Jongg on rack \d: [\w &]+, line \d+ \(\d+ points/);
      }
      await ctx.close();
    });

  it("the game page drawn by the worker asks nothing for the game or who is signed in (its answer is in the page); a page not drawn asks once (?me); signed out, it still goes to sign in", async () => {
    const ctx = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const ann = await ctx.newPage();
    await signInBySession(ann, server.url, "ann.requests@example.com", "Annabel", "default");
    const created = await apiPost(ann.request, server.url, "/api/games", { ruleset: "siamese", seed: "page-requests-1", options: { daysPerMove: 3 }, computers: { seats: 1, strength: "easy", delayMs: 60_000 } });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const asking = (page: Page) => {
      const asked: string[] = [];
      page.on("request", (r) => {
        const u = new URL(r.url());
        if (u.pathname.startsWith("/api/")) asked.push(u.pathname + u.search);
      });
      return asked;
    };
    const asked = asking(ann);
    await ann.goto(`${server.url}/game/${id}`);
    await ann.getByText(/Game menu/).first().waitFor({ timeout: 30_000 });
    expect(await ann.locator("script#answer").count()).toBe(1);
    // Who is signed in came with the game: the first game's line about their orders is theirs to see (GET /api/me's ordersNoted).
    await ann.getByText(/easy turns are played for you/).first().waitFor({ timeout: 10_000 });
    // The worker drew the page and wrote the game's answer into it (worker/web/game-page.tsx): early.js took it, no request.
    expect(asked.filter((p) => p.startsWith(`/api/games/${id}`) && !p.includes("/live"))).toEqual([]);
    expect(asked.filter((p) => p.startsWith("/api/me"))).toEqual([]);
    // Not drawn (the page as the static assets serve it: an invitation link's page, the app's to handle): one request, the
    // page's preload (web/public/_headers) taken up by early.js, none made for nothing.
    asked.length = 0;
    await ann.goto(`${server.url}/game/${id}?signin=1`);
    await ann.getByText(/Game menu/).first().waitFor({ timeout: 30_000 });
    expect(await ann.locator("script#answer").count()).toBe(0);
    expect(asked.filter((p) => p.startsWith(`/api/games/${id}`) && !p.includes("/live"))).toEqual([`/api/games/${id}?me`]);
    expect(asked.filter((p) => p.startsWith("/api/me"))).toEqual([]);
    // Signed out: the game's 401 says nobody is signed in, and the page asks them to sign in.
    const out = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const visitor = await out.newPage();
    const theirs = asking(visitor);
    await visitor.goto(`${server.url}/game/${id}`);
    await visitor.getByRole("button", { name: /sign-in link|send/i }).first().waitFor({ timeout: 30_000 });
    expect(theirs.filter((p) => p.startsWith(`/api/games/${id}`))).toEqual([`/api/games/${id}?me`]);
    await ctx.close();
    await out.close();
  });

  it("the Wright-Patterson table names hands as the engine's hand list does (web/src/rulesets/siamese-wp/names.ts)", () => {
    const view = handListView();
    for (const h of view.hands) {
      expect(handName(h.id)).toBe(`${h.name} (${h.limitWords}, ${h.points})`);
      expect(handTitle(h.id)).toBe(`${h.name} (${h.limitWords})`);
    }
    expect(Object.entries(LIMITS).map(([l, { words, points }]) => [l, words, points])).toEqual(Object.entries(LIMIT_WORDS).map(([l, words]) => [l, words, LIMIT_POINTS[l as keyof typeof LIMIT_POINTS]]));
  });
});
