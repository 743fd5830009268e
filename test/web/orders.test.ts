/**
 * Standing orders on a phone (360×740): a player opens the game menu of a practice Siamese game,
 * chooses "Only for Mah Jongg", and from then on, after the computer discards, their draw happens
 * by itself: the table comes back with a tile just drawn and the discard to make. Settings keep a
 * default for new games (the default orders themselves: default-orders.test.ts). Screenshots go to test-output/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { apiPost, closeBrowserTest, openBrowserTest, signInBySession, type Server } from "./harness";

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

async function phone(): Promise<{ page: Page; errors: string[] }> {
  const ctx = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 1, hasTouch: true, isMobile: true });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  return { page, errors };
}

describe("standing orders on the game page", () => {
  it("on a phone: 'Only for Mah Jongg' in the game menu, and the next draw after the computer's discard happens by itself", async () => {
    const { page, errors } = await phone();
    await signInBySession(page, server.url, "orders.phone@example.com", "Olive");
    const created = await apiPost(page.request, server.url, "/api/games", { ruleset: "siamese", seed: "orders-phone-01", computers: { seats: 1, strength: "easy", delayMs: 300 } });
    expect(created.status).toBe(201);
    const id = created.body.id;
    await page.goto(`${server.url}/game/${id}`);
    await page.locator(".table").waitFor();
    // A practice game is always live: the head says so.
    await page.getByText("Playing live").waitFor();

    await page.getByText("Game menu · your orders").click();
    await page.getByText("Only you see your orders").waitFor();
    await page.getByRole("radio", { name: /Only for Mah Jongg/ }).check();
    await page.getByText("Game menu · your orders: on").waitFor();
    expect(await page.getByRole("radio", { name: /Only for Mah Jongg/ }).isChecked()).toBe(true);
    // The game menu fits the phone: nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.locator("details.orders").screenshot({ path: OUT + "orders-menu-360x740.png" });

    let automatic = 0;
    for (let turn = 0; turn < 4 && automatic < 2; turn++) {
      await myTurn(page);
      const s = await tableState(page);
      if (s.over) break;
      // The orders never leave the draw to the player (unless the discard would give them Mah Jongg).
      if (s.phase === "draw") {
        await page.locator("section.actions").getByRole("button", { name: "Draw a tile from the wall" }).click();
        await page.waitForFunction((v) => Number(document.querySelector<HTMLElement>(".table")?.dataset.version ?? -1) > v, s.version);
        continue;
      }
      const drawn = page.locator("section.mine .concealed button.tile[aria-label*='just drawn']");
      const tile = (await drawn.count()) ? drawn.first() : page.locator("section.mine .concealed button.tile:not(.tone-joker)").last();
      await tile.click();
      await page.locator("section.actions").getByRole("button", { name: /^Discard / }).click();
      // The computer draws and discards; then the player's draw is made for them.
      await page.waitForFunction((v) => Number(document.querySelector<HTMLElement>(".table")?.dataset.version ?? -1) > v + 1 || !!document.querySelector(".game-over"), s.version, { timeout: 60_000 });
      await myTurn(page);
      const next = await tableState(page);
      if (next.over) break;
      if (next.phase !== "draw") {
        expect(await page.locator("section.mine .concealed button.tile[aria-label*='just drawn']").count()).toBe(1);
        expect(await page.getByRole("button", { name: "Draw a tile from the wall" }).count()).toBe(0);
        automatic++;
      }
    }
    expect(automatic).toBeGreaterThan(0);
    await page.evaluate(() => scrollTo(0, 0));
    await page.screenshot({ path: OUT + "orders-table-360x740.png" });

    // A pin on a hint line makes it a target line; the game menu lists it, with a way to unpin it.
    const pin = page.locator(".hints button.pin").first();
    await pin.waitFor({ timeout: 30_000 });
    const title = (await pin.getAttribute("aria-label"))!.replace(/^Pin | as a target line$/g, "");
    await pin.click();
    await page.locator(".hints button.pin.on").first().waitFor();
    const pins = page.locator("details.orders .orders-pins");
    await pins.getByText(title).waitFor();
    const view = await (await page.request.get(`${server.url}/api/games/${id}`)).json();
    expect(view.view.orders.targets).toHaveLength(1);
    await page.locator(".hints button.pin.on").first().screenshot({ path: OUT + "orders-pin-360x740.png" });
    await pins.getByRole("button", { name: "Unpin" }).click();
    await pins.waitFor({ state: "detached" });

    // The same game on a desktop screen.
    const desk = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signInBySession(desk, server.url, "orders.phone@example.com", "Olive");
    await desk.goto(`${server.url}/game/${id}`);
    await desk.locator(".table").waitFor();
    await desk.getByText("Game menu · your orders: on").click();
    await desk.screenshot({ path: OUT + "orders-table-1280x800.png", fullPage: true });

    // Settings: a default for new games.
    await page.goto(`${server.url}/settings`);
    await page.getByRole("heading", { name: "Orders for new games" }).waitFor();
    const form = page.locator("form.orders-default");
    // Each choice is saved as soon as it is made.
    await form.getByRole("radio", { name: "Let me choose each part" }).check();
    await form.locator(".orders-claims").getByRole("radio", { name: /Only for Mah Jongg/ }).check();
    await form.getByText("Saved: your new games start with these orders.").waitFor();
    await form.locator(".orders-throws").getByRole("radio", { name: /Throw what my lines don't need/ }).check();
    await expect.poll(async () => (await (await page.request.get(`${server.url}/api/me`)).json()).orders.throws).toBe("unneeded");
    await form.screenshot({ path: OUT + "orders-settings-360x740.png" });
    const me = await (await page.request.get(`${server.url}/api/me`)).json();
    expect(me.orders).toEqual({ claims: "mahjong-only", throws: "unneeded" });
    expect(errors).toEqual([]);
  });

  it("a practice Royale game for three is live: a claim window on a phone counts down its 15 seconds", async () => {
    const { page, errors } = await phone();
    await signInBySession(page, server.url, "live.phone@example.com", "Lena");
    const created = await apiPost(page.request, server.url, "/api/games", { ruleset: "royale", seed: "live-phone-royale-01", options: { players: 3 }, computers: { seats: 2, strength: "easy", delayMs: 300 } });
    expect(created.status).toBe(201);
    await page.goto(`${server.url}/game/${created.body.id}`);
    await page.locator(".table").waitFor();
    await page.getByText("Playing live").waitFor();
    // Play own turns (the drawn tile goes) until a computer's discard opens a window for Lena.
    for (let i = 0; i < 40; i++) {
      await myTurn(page);
      const s = await tableState(page);
      if (s.over || s.phase === "window") break;
      const actions = page.locator("section.actions");
      if (s.phase === "draw") {
        await actions.getByRole("button", { name: "Draw a tile from the wall" }).click();
      } else {
        const drawn = page.locator("section.mine .concealed button.tile[aria-label*='just drawn']");
        await ((await drawn.count()) ? drawn.first() : page.locator("section.mine .concealed button.tile:not(.tone-joker)").last()).click();
        await actions.getByRole("button", { name: /^Discard / }).click();
      }
      await page.waitForFunction((v) => Number(document.querySelector<HTMLElement>(".table")?.dataset.version ?? -1) > v, s.version);
    }
    expect((await tableState(page)).phase).toBe("window");
    // one countdown, beside the window's buttons (issue 36)
    const countdown = page.locator(".am-claim .countdown");
    await countdown.waitFor();
    const seconds = Number((await countdown.textContent())!.match(/^Closes in (\d+) s$/)![1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(15);
    await page.evaluate(() => scrollTo(0, 0));
    await page.screenshot({ path: OUT + "live-window-360x740.png" });
    expect(errors).toEqual([]);
  });
});
