/**
 * The Charleston's pass button on a phone says what the pass takes. Before any tile is chosen on the
 * first Charleston (a pass of three that nobody may skip), it read "Pass no tiles", greyed out: a
 * newcomer reads that as a way to pass nothing. It now reads "Pass 3 tiles" until three are chosen,
 * then "Pass these 3 tiles".
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { apiPost, closeBrowserTest, openBrowserTest, signInBySession, type Server } from "./harness";

const OUT = new URL("../../test-output/", import.meta.url).pathname;
let server: Server;
let browser: Browser;

beforeAll(async () => void ({ server, browser } = await openBrowserTest({ outDir: OUT })), 240_000);
afterAll(() => closeBrowserTest(server, browser));

describe("the Charleston's pass button", () => {
  it("says how many tiles the pass takes until they are chosen, never 'Pass no tiles'", async () => {
    const ctx = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 1, hasTouch: true, isMobile: true });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await signInBySession(page, server.url, "charleston.words@example.com", "Connie");
    const created = await apiPost(page.request, server.url, "/api/games", { ruleset: "american", seed: "charleston-words-01", computers: { seats: 3, strength: "easy", delayMs: 200 } });
    expect(created.status).toBe(201);
    await page.goto(`${server.url}/game/${created.body.id}`);
    const panel = page.getByRole("region", { name: "Charleston" });
    await panel.getByRole("heading", { name: "First Charleston, pass right" }).waitFor();

    const pass = panel.locator("button.primary");
    expect(await pass.textContent()).toBe("Pass 3 tiles");
    expect(await pass.isDisabled()).toBe(true);
    const tiles = page.locator("section.mine .concealed button.tile:not(.tone-joker)");
    await tiles.nth(0).click();
    expect(await pass.textContent()).toBe("Pass 3 tiles");
    expect(await pass.isDisabled()).toBe(true);
    await tiles.nth(1).click();
    await tiles.nth(2).click();
    expect(await pass.textContent()).toBe("Pass these 3 tiles");
    expect(await pass.isEnabled()).toBe(true);
    await page.screenshot({ path: OUT + "charleston-pass-360x740.png", fullPage: true });
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
