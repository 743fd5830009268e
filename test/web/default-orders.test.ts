/**
 * Orders on by default, as a brand-new player meets them on a phone (360×740), never having opened
 * Settings: they sign in by mail, start a practice game from the lobby, and the table says in one
 * line what is played for them and where to change it; the game then plays their obvious turns by
 * itself (the computer's discard answered, a drawn tile thrown), each marked in their own move list.
 * The line, once dismissed, stays gone on another device. Screenshots go to test-output/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { closeBrowserTest, openBrowserTest, signInBySession, signInByMail, type Server } from "./harness";

const OUT = new URL("../../test-output/", import.meta.url).pathname;
let server: Server;
let browser: Browser;

beforeAll(async () => void ({ server, browser } = await openBrowserTest({ outDir: OUT })), 240_000);
afterAll(() => closeBrowserTest(server, browser));

const tableState = (page: Page) =>
  page.evaluate(() => {
    const t = document.querySelector<HTMLElement>(".table");
    return { version: Number(t?.dataset.version ?? -1), phase: t?.dataset.phase ?? "", turn: t?.dataset.turn ?? "", over: !!document.querySelector(".game-over") };
  });
const myTurn = (page: Page) => page.waitForFunction(() => document.querySelector(".table")?.getAttribute("data-turn") === "you" || !!document.querySelector(".game-over"), null, { timeout: 60_000 });
/** The entries of the move list the orders played for this player, in words. */
const byOrders = (page: Page) => page.locator(".move-list li").filter({ has: page.locator(".by-orders") }).allTextContents();

describe("orders on by default", () => {
  it("a new player's first game says what is played for them, and plays an obvious turn by itself", async () => {
    const ctx = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 1, hasTouch: true, isMobile: true });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await signInByMail(page, server.url, "nora.new@example.com", "Nora", undefined, "default");
    await page.getByRole("heading", { name: "Practise against the computer" }).waitFor();
    await page.getByRole("button", { name: "Easy" }).click();
    await page.getByRole("button", { name: "Play Siamese against the computer" }).click();
    await page.waitForURL(/\/game\/[^/]+$/);
    await page.locator(".table").waitFor();
    const id = new URL(page.url()).pathname.split("/")[2]!;

    // The one line, at the top of the first game.
    const note = page.locator(".orders-note");
    await note.waitFor();
    expect(await note.textContent()).toMatch(/played for you.*game menu.*Settings/);
    await page.evaluate(() => scrollTo(0, 0));
    await page.screenshot({ path: OUT + "default-orders-first-game-360x740.png" });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // The game menu says the orders are on, and which.
    await page.getByText("Game menu · your orders: on").click();
    expect(await page.locator("details.orders .orders-claims").getByRole("radio", { name: /Like the strong computer/ }).isChecked()).toBe(true);
    expect(await page.locator("details.orders .orders-throws").getByRole("radio", { name: /Like the strong computer/ }).isChecked()).toBe(true);
    await page.getByText("Game menu · your orders: on").click();

    // Nora plays her own turns (the tile she drew goes) until the orders have answered a discard of
    // the computer's (her draw instead of a claim) and thrown a drawn tile for her.
    await page.locator("details.moves summary").click();
    let played: string[] = [];
    for (let turn = 0; turn < 30; turn++) {
      played = await byOrders(page);
      if (played.some((t) => /drew/i.test(t)) && played.some((t) => /discard|threw/i.test(t))) break;
      await myTurn(page);
      const s = await tableState(page);
      if (s.over) break;
      const actions = page.locator("section.actions");
      if (s.phase === "draw") {
        // Only when she could claim Mah Jongg does the draw wait for her.
        await actions.getByRole("button", { name: "Draw a tile from the wall" }).click();
      } else {
        const drawn = page.locator("section.mine .concealed button.tile[aria-label*='just drawn']");
        await ((await drawn.count()) ? drawn.first() : page.locator("section.mine .concealed button.tile:not(.tone-joker)").last()).click();
        await actions.getByRole("button", { name: /^Discard / }).click();
      }
      await page.waitForFunction((v) => Number(document.querySelector<HTMLElement>(".table")?.dataset.version ?? -1) > v || !!document.querySelector(".game-over"), s.version, { timeout: 60_000 });
    }
    expect(played.some((t) => /drew/i.test(t)), played.join("\n")).toBe(true);
    expect(played.some((t) => /discard|threw/i.test(t)), played.join("\n")).toBe(true);
    await page.locator("details.moves").scrollIntoViewIfNeeded();
    await page.screenshot({ path: OUT + "default-orders-move-list-360x740.png" });
    // Only she sees which moves her orders played: the mark is in her own view only.
    const view = await (await page.request.get(`${server.url}/api/games/${id}`)).json();
    expect(view.events.some((e: { event: { byOrders?: boolean } }) => e.event.byOrders)).toBe(true);

    // "Got it": the line goes, and stays gone on another device (the service keeps it).
    await note.getByRole("button", { name: "Got it" }).click();
    await note.waitFor({ state: "detached" });
    const desk = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signInBySession(desk, server.url, "nora.new@example.com", "Nora", "default");
    await desk.goto(`${server.url}/game/${id}`);
    await desk.locator(".table").waitFor();
    await desk.locator("details.moves summary").click();
    await desk.screenshot({ path: OUT + "default-orders-desktop-1280x800.png", fullPage: true });
    expect(await desk.locator(".orders-note").count()).toBe(0);

    // Settings: the recommended orders are chosen, "Ask me every time" is one tap away and is kept.
    await page.goto(`${server.url}/settings`);
    const form = page.locator("form.orders-default");
    await form.getByRole("heading", { name: "Orders for new games" }).waitFor();
    expect(await form.getByRole("radio", { name: /recommended/ }).isChecked()).toBe(true);
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: OUT + "default-orders-settings-360x740.png" });
    await form.getByRole("radio", { name: /Ask me every time/ }).check();
    await form.getByText("Saved: your new games start with these orders.").waitFor();
    const me = await (await page.request.get(`${server.url}/api/me`)).json();
    expect(me).toMatchObject({ orders: { claims: "ask", throws: "none" }, ordersChosen: true });
    expect(errors).toEqual([]);
  });
});
