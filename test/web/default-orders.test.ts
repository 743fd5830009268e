/**
 * Orders on by default, as a brand-new player meets them on a phone (360×740), never having opened
 * Settings: they sign in by mail, start a game against computers, and the table says in one line
 * what is played for them and where to change it; the game then plays their obvious turns by itself
 * (a computer's discard answered, a drawn tile thrown), each marked in their own move list.
 * The line, once dismissed, stays gone on another device. Screenshots go to test-output/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { apiPost, closeBrowserTest, openBrowserTest, signInBySession, signInByMail, type Server } from "./harness";

const OUT = new URL("../../test-output/", import.meta.url).pathname;
let server: Server;
let browser: Browser;

beforeAll(async () => void ({ server, browser } = await openBrowserTest({ outDir: OUT })), 240_000);
afterAll(() => closeBrowserTest(server, browser));

/** The entries of the move list the orders played for this player, in words (the list opened when it is there). */
async function byOrders(page: Page): Promise<string[]> {
  const list = page.locator("details.moves");
  if ((await list.count()) && !(await list.evaluate((d) => (d as HTMLDetailsElement).open))) await list.locator("summary").click();
  return page.locator(".move-list li").filter({ has: page.locator(".by-orders") }).allTextContents();
}

describe("orders on by default", () => {
  it("a new player's first game says what is played for them, and plays an obvious turn by itself", async () => {
    const ctx = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 1, hasTouch: true, isMobile: true });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await signInByMail(page, server.url, "nora.new@example.com", "Nora", undefined, "default");
    // Her first game: one hand of Chinese against three computers (every discard opens a claim window).
    const created = await apiPost(page.request, server.url, "/api/games", { ruleset: "chinese-ming", seed: "default-orders-web-01", options: { length: "hand" }, computers: { seats: 3, strength: "easy", delayMs: 200 } });
    expect(created.status).toBe(201);
    const firstId = created.body.id;
    await page.goto(`${server.url}/game/${firstId}`);
    await page.locator(".cm-table").waitFor();

    // The one line, at the top of the first game.
    const note = page.locator(".orders-note");
    await note.waitFor();
    expect(await note.textContent()).toMatch(/played for you.*game menu.*Settings/);
    await page.evaluate(() => scrollTo(0, 0));
    await page.screenshot({ path: OUT + "default-orders-first-game-360x740.png" });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // The game menu says the orders are on, and which.
    const menu = page.getByText("Game menu · your orders: on");
    await menu.click();
    expect(await page.locator("details.orders .orders-claims").getByRole("radio", { name: /Like the strong computer/ }).isChecked()).toBe(true);
    expect(await page.locator("details.orders .orders-throws").getByRole("radio", { name: /Like the strong computer/ }).isChecked()).toBe(true);
    await page.locator("details.orders").screenshot({ path: OUT + "default-orders-game-menu-360x740.png" });
    await menu.click();

    // "Got it": the line goes.
    await note.getByRole("button", { name: "Got it" }).click();
    await note.waitFor({ state: "detached" });

    // Whatever the orders leave to her (a discard they would not throw), she decides (here through
    // the service: the table's taps are tested elsewhere), until her orders have answered a
    // computer's discard and thrown a tile she drew, by themselves.
    const answered = (e: { event: { type: string; byOrders?: boolean } }) => e.event.byOrders && e.event.type === "answer";
    const thrown = (e: { event: { type: string; byOrders?: boolean } }) => e.event.byOrders && e.event.type === "discard";
    // A view shows only the latest 40 events, and on a loaded machine many moves pass between two
    // looks: what each look shows is remembered. The computers do not always play the same hand
    // (a hand may end before her orders have thrown a tile): then she starts another.
    let id = firstId;
    let sawAnswered = false;
    let sawThrown = false;
    for (let game = 2; ; game++) {
      for (let i = 0; i < 600; i++) {
        const view = await (await page.request.get(`${server.url}/api/games/${id}`)).json();
        sawAnswered ||= view.events.some(answered);
        sawThrown ||= view.events.some(thrown);
        if (view.status !== "active" || (sawAnswered && sawThrown)) break;
        const mine = view.players[view.seat].toAct ? view.legalMoves.filter((m: { type: string }) => m.type !== "orders") : [];
        if (!mine.length) {
          await page.waitForTimeout(150);
          continue;
        }
        const move = mine.find((m: { type: string }) => m.type === "pass") ?? mine.find((m: { type: string }) => m.type === "discard") ?? mine[0];
        // (409: a computer moved first; look again)
        expect([200, 409]).toContain((await apiPost(page.request, server.url, `/api/games/${id}/moves`, { version: view.version, move, idempotencyKey: crypto.randomUUID() })).status);
      }
      if ((sawAnswered && sawThrown) || game > 4) break;
      sawAnswered = sawThrown = false;
      const again = await apiPost(page.request, server.url, "/api/games", { ruleset: "chinese-ming", seed: `default-orders-web-0${game}`, options: { length: "hand" }, computers: { seats: 3, strength: "easy", delayMs: 200 } });
      expect(again.status).toBe(201);
      id = again.body.id;
      await page.goto(`${server.url}/game/${id}`);
      await page.locator(".cm-table").waitFor();
    }
    expect(sawAnswered, "a claim window answered by her orders").toBe(true);
    expect(sawThrown, "a drawn tile thrown by her orders").toBe(true);
    // She now asks to be asked, so that the game waits for her at the next discard and her move
    // list keeps what the orders played while we read it (it shows the latest 40 events).
    const now = await (await page.request.get(`${server.url}/api/games/${id}`)).json();
    const wait = now.legalMoves.find((m: { type: string }) => m.type === "orders");
    if (now.status === "active" && wait) await apiPost(page.request, server.url, `/api/games/${id}/moves`, { version: now.version, move: { type: "orders", claims: "ask", throws: "none" }, idempotencyKey: crypto.randomUUID() });
    // Her move list says so, in words.
    await expect.poll(async () => (await byOrders(page)).join("\n")).toMatch(/answered[^]*discarded|discarded[^]*answered/);
    const played = await byOrders(page);
    expect(played.some((t) => /answered/.test(t)), played.join("\n")).toBe(true);
    expect(played.some((t) => /discarded/.test(t)), played.join("\n")).toBe(true);
    await page.locator("details.moves").scrollIntoViewIfNeeded();
    await page.screenshot({ path: OUT + "default-orders-move-list-360x740.png" });

    // The line, dismissed with "Got it" above, stays gone on another device (the service keeps it).
    const desk = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signInBySession(desk, server.url, "nora.new@example.com", "Nora", "default");
    await desk.goto(`${server.url}/game/${id}`);
    await desk.locator(".cm-table").waitFor();
    // (the computers and her orders play on meanwhile: on a loaded machine the hand may be over by now, and an ended game shows its result, not its move list)
    await desk.locator("details.moves summary, .cm-over").first().waitFor();
    if (await desk.locator("details.moves summary").count()) await desk.locator("details.moves summary").click();
    await desk.screenshot({ path: OUT + "default-orders-desktop-1280x800.png", fullPage: true });
    expect(await desk.locator(".orders-note").count()).toBe(0);
    // the service keeps it, whatever the desktop shows
    expect((await (await desk.request.get(`${server.url}/api/me`)).json()).ordersNoted).toBe(true);

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
