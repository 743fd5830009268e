/**
 * Every tile's face fits inside the tile, on a 360×740 phone and a desktop, with and without
 * larger tiles: the big mark and the small word stay within the tile's borders. The Chinese set's
 * White dragon ("Wh", a Wright-Patterson deal) was a quarter wider than its tile, and the word
 * "Flower" (a Siamese deal) ran over the border into the next tile ("FlowerFlower"); the small
 * tiles of the hints and the felt cut "Green", "North", "South" and "White" too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { apiPost, closeBrowserTest, openBrowserTest, signInBySession, type Server } from "./harness";

const OUT = new URL("../../test-output/", import.meta.url).pathname;
let server: Server;
let browser: Browser;

beforeAll(async () => void ({ server, browser } = await openBrowserTest({ outDir: OUT })), 240_000);
afterAll(() => closeBrowserTest(server, browser));

/** The faces drawn wider than the inside of their tile, as "size face: width > room". */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    for (const tile of document.querySelectorAll<HTMLElement>(".tile")) {
      const box = tile.getBoundingClientRect();
      if (!box.width) continue;
      const cs = getComputedStyle(tile);
      const left = box.left + parseFloat(cs.borderLeftWidth);
      const right = box.right - parseFloat(cs.borderRightWidth);
      for (const part of tile.querySelectorAll<HTMLElement>("[data-face]")) {
        const r = part.getBoundingClientRect();
        if (r.left < left - 0.5 || r.right > right + 0.5) out.push(`${tile.className.match(/tile-(lg|md|sm)/)?.[1]} ${part.dataset.face}: ${r.width.toFixed(1)} > ${(right - left).toFixed(1)}`);
      }
    }
    return [...new Set(out)];
  });

describe("tile faces", () => {
  // seeds: seat 0 is dealt a White dragon and Green dragons (Wright-Patterson), a flower (Siamese)
  for (const [ruleset, seed, face] of [
    ["siamese-wp", "tile-faces-01", "Wh"],
    ["siamese", "tile-faces-01", "Flower"],
  ] as const) {
    it(`${ruleset}: every tile's mark and word inside the tile, on a phone and a desktop, larger tiles or not`, async () => {
      const ctx = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 1, hasTouch: true, isMobile: true });
      const page = await ctx.newPage();
      await signInBySession(page, server.url, `faces.${ruleset}@example.com`, "Faye");
      const created = await apiPost(page.request, server.url, "/api/games", { ruleset, seed, computers: { seats: 1, strength: "easy", delayMs: 60_000 } });
      expect(created.status).toBe(201);
      await page.goto(`${server.url}/game/${created.body.id}`);
      await page.locator(".table section.mine .tile").first().waitFor();
      // the hints (their small tiles) are drawn too
      await page.locator("section.hints").first().waitFor();
      expect(await page.locator(`section.mine [data-face="${face}"]`).count()).toBeGreaterThan(0);
      for (const [w, h] of [[360, 740], [1280, 800]] as const) {
        await page.setViewportSize({ width: w, height: h });
        for (const larger of [false, true]) {
          await page.evaluate((on) => document.documentElement.classList.toggle("big-tiles", on), larger);
          expect(await overflowing(page), `${w}×${h}${larger ? ", larger tiles" : ""}`).toEqual([]);
        }
      }
      await page.setViewportSize({ width: 360, height: 740 });
      await page.evaluate(() => document.documentElement.classList.remove("big-tiles"));
      await page.locator("section.mine").screenshot({ path: `${OUT}tile-faces-${ruleset}-360x740.png` });
      await ctx.close();
    });
  }
});
