/**
 * A game's page comes with the player's table drawn in by the worker (worker/web/game-page.tsx): with
 * JavaScript off, the player's tiles are on screen (so they are drawn before any script runs); with it
 * on, the app takes over without moving them (the first of them where it was, in the frame the drawing
 * leaves the page), and the page is the working table: a move is made by tapping. Screenshots at
 * 360×740 before and after the app takes over, in test-output/game-page-ssr/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page, WebSocketRoute } from "playwright-core";
import { apiPost, closeBrowserTest, openBrowserTest, signInBySession, type Server } from "./harness";

const OUT = "test-output/game-page-ssr";
const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true };
let server: Server | undefined;
let browser: Browser | undefined;
beforeAll(async () => {
  ({ server, browser } = await openBrowserTest({ outDir: OUT }));
});
afterAll(() => closeBrowserTest(server, browser));

/** Where the first of the player's tiles is when the worker's drawing shows, and in the app's own first drawing (recorded as the drawing leaves the page). */
const RECORD = `
  (() => {
    const box = (el) => { const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height, label: el.getAttribute("aria-label") }; };
    const mo = new MutationObserver(() => {
      const ssr = document.querySelector("#ssr section.mine .tile");
      // the last place seen while the drawing shows (the app's "Loading…" comes after the style sheets)
      if (ssr && !window.__appTile && getComputedStyle(document.getElementById("ssr")).display !== "none") window.__ssrTile = box(ssr);
      const app = document.querySelector("#app section.mine .tile");
      if (window.__ssrTile && !document.getElementById("ssr") && app && !window.__appTile) { window.__appTile = box(app); mo.disconnect(); }
    });
    mo.observe(document, { childList: true, subtree: true, attributes: true });
  })();`;

/** What the game's head says of the live link ("Connecting…", "Reconnecting…"), if anything. */
const linkWords = (page: Page) => page.locator(".game-head [role=status]").filter({ hasText: /onnecting…$/ }).allTextContents();

describe("the game page drawn by the worker", () => {
  it("shows the player's tiles with JavaScript off, and becomes the working table with it on, the tiles where they were", async () => {
    const ctx = await browser!.newContext(PHONE);
    const ann = await ctx.newPage();
    await signInBySession(ann, server!.url, "ann.ssr@example.com", "Ann");
    const created = await apiPost(ann.request, server!.url, "/api/games", { ruleset: "siamese", seed: "game-page-ssr-01", options: { daysPerMove: 3 }, computers: { seats: 1, strength: "easy", delayMs: 60_000 } });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const own = (await (await ann.request.get(`${server!.url}/api/games/${id}`)).json()) as { seat: number; view: { seats: { concealed?: unknown[]; pool?: unknown[] }[] } };
    const count = (own.view.seats[own.seat]!.concealed ?? own.view.seats[own.seat]!.pool)!.length;
    const state = await ctx.storageState();

    // JavaScript off: the tiles are there and seen, drawn by no script
    const off = await browser!.newContext({ ...PHONE, javaScriptEnabled: false, storageState: state });
    const still = await off.newPage();
    await still.goto(`${server!.url}/game/${id}`);
    const tiles = still.locator("section.mine .tile");
    await expect.poll(() => tiles.count()).toBe(count);
    expect(await tiles.first().isVisible()).toBe(true);
    const first = await tiles.first().boundingBox();
    expect(first!.width).toBeGreaterThan(30);
    expect(first!.y + first!.height).toBeLessThanOrEqual(740);
    expect(await still.locator("#app").innerHTML()).toBe("");
    // the live link is not open yet, and none was lost: the drawing says it is connecting
    expect(await linkWords(still)).toEqual(["Connecting…"]);
    await still.screenshot({ path: `${OUT}/siamese-before-mount.png` });
    await off.close();

    // JavaScript on: the app takes over; the live link is held until then, so that the app's first drawing is photographed as it is
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    let open!: () => void;
    const held = new Promise<void>((r) => (open = r));
    const links: WebSocketRoute[] = [];
    await page.routeWebSocket(/\/live$/, async (ws) => {
      await held;
      ws.connectToServer();
      links.push(ws);
    });
    await page.addInitScript(RECORD);
    await page.goto(`${server!.url}/game/${id}`);
    await page.waitForFunction(() => !!(window as never as { __appTile?: unknown }).__appTile, null, { timeout: 60_000 });
    await page.screenshot({ path: `${OUT}/siamese-after-mount.png` });
    // the app's first drawing, its live link held: connecting, not reconnecting; once open, nothing is said
    expect(await linkWords(page)).toEqual(["Connecting…"]);
    open();
    await expect.poll(() => linkWords(page)).toEqual([]);
    type Box = { label: string; x: number; y: number; w: number; h: number };
    const [before, after] = await page.evaluate(() => [(window as never as { __ssrTile: Box }).__ssrTile, (window as never as { __appTile: Box }).__appTile]);
    // the same tile, the same place and size (a pixel's leeway for rounding)
    expect(after).toMatchObject({ label: before!.label, w: before!.w, h: before!.h });
    expect(Math.abs(after!.x - before!.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(after!.y - before!.y)).toBeLessThanOrEqual(1);
    // one table in the page, the app's
    expect(await page.locator("#ssr").count()).toBe(0);
    expect(await page.locator("section.mine .tile").count()).toBe(count);

    // a move: a tile tapped, then discarded
    const board = page.locator(".table.board[data-version]");
    const version = Number(await board.getAttribute("data-version"));
    await page.locator("section.mine .concealed button.tile:not(.tone-joker)").last().click();
    await page.locator("section.actions").getByRole("button", { name: /^Discard / }).click();
    await expect.poll(async () => Number(await board.getAttribute("data-version"))).toBeGreaterThan(version);
    await expect.poll(() => page.locator("section.mine .tile").count()).toBe(count - 1);
    // the live link lost (closed from the server's side): reconnecting, until it is open again
    links.at(-1)!.close();
    await expect.poll(() => linkWords(page)).toEqual(["Reconnecting…"]);
    await expect.poll(() => linkWords(page)).toEqual([]);
    expect(links.length).toBe(2);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("a game that ends between the page and the app's start: the page's answer (a running game) gives way to the socket's first message (the result), the drawing gone", async () => {
    const ctx = await browser!.newContext(PHONE);
    const ann = await ctx.newPage();
    await signInBySession(ann, server!.url, "ann.ssr.ends@example.com", "Ann");
    const created = await apiPost(ann.request, server!.url, "/api/games", { ruleset: "siamese", seed: "game-page-ssr-02", options: { daysPerMove: 3 }, computers: { seats: 1, strength: "easy", delayMs: 60_000 } });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const asked: string[] = [];
    ann.on("request", (r) => asked.push(new URL(r.url()).pathname));
    // the app's first script held until the game has ended: the page's answer, written while it ran, is out of date
    let go!: () => void;
    const held = new Promise<void>((r) => (go = r));
    await ann.route((u) => /^\/assets\/index-[\w-]+\.js$/.test(u.pathname), async (route) => {
      await held;
      await route.continue();
    });
    // (not waiting for the page's load: its first script is held)
    await ann.goto(`${server!.url}/game/${id}`, { waitUntil: "commit" });
    await ann.locator("#ssr section.mine .tile").first().waitFor();
    expect(await ann.locator("script#answer").count()).toBe(1);
    expect((await apiPost(ann.request, server!.url, `/api/games/${id}/resign`, {})).status).toBe(200);
    go();
    await ann.locator("#app section.outcome").waitFor({ timeout: 30_000 });
    expect(await ann.locator("#ssr").count()).toBe(0);
    expect(await ann.locator("section.mine").count()).toBe(0);
    // the result came by the socket: the game was not asked for again
    expect(asked.filter((p) => p === `/api/games/${id}`)).toEqual([]);
    await ann.screenshot({ path: `${OUT}/ended-after-mount.png` });
    await ctx.close();
  });
  it("on a desktop the drawing (a phone's table) is not shown: the app draws the table as before, and the drawing leaves the page", async () => {
    const DESK = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 };
    const ctx = await browser!.newContext(DESK);
    const ann = await ctx.newPage();
    await signInBySession(ann, server!.url, "ann.ssr.desk@example.com", "Ann");
    const created = await apiPost(ann.request, server!.url, "/api/games", { ruleset: "siamese", seed: "game-page-ssr-03", options: { daysPerMove: 3 }, computers: { seats: 1, strength: "easy", delayMs: 60_000 } });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    // JavaScript off: the drawing is in the page but not shown
    const off = await browser!.newContext({ ...DESK, javaScriptEnabled: false, storageState: await ctx.storageState() });
    const still = await off.newPage();
    await still.goto(`${server!.url}/game/${id}`);
    expect(await still.locator("#ssr section.mine .tile").count()).toBeGreaterThan(0);
    expect(await still.locator("#ssr").isVisible()).toBe(false);
    await off.close();
    // JavaScript on: the app's table, every rack open as on any desktop, and one table in the page
    const page = await ctx.newPage();
    await page.goto(`${server!.url}/game/${id}`);
    await page.locator("#app section.mine .tile").first().waitFor();
    await expect.poll(() => page.locator("#ssr").count()).toBe(0);
    expect(await page.locator("section.mine .tile").first().isVisible()).toBe(true);
    await page.screenshot({ path: `${OUT}/desktop-after-mount.png` });
    await ctx.close();
  });
});
