/**
 * Royale for four on a 360×740 phone, a claim window while a rack of yours is declared (issue ui50):
 * your declared rack is one short line, "Rack 1" and its "Mah Jongg" label side by side, the label as
 * high as its words (it was stretched into a tall pill by the rack's usual floor). Every seat plays as
 * the engine's computer player would (seeded: the same walk every run) until that window comes.
 * Screenshots go to test-output/royale-declared/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { apiPost, closeBrowserTest, openBrowserTest, playUntil, signInBySession, type Server } from "./harness";

const OUT = new URL("../../test-output/royale-declared/", import.meta.url).pathname;
let server: Server;
let browser: Browser;
beforeAll(async () => void ({ server, browser } = await openBrowserTest({ outDir: OUT })), 240_000);
afterAll(() => closeBrowserTest(server, browser));

type Json = Record<string, any>;

describe("Royale for four on a phone, a claim window", () => {
  it("your declared rack's Mah Jongg label is one line high, beside the rack's name", async () => {
    const SEED = "royale-declared-0001";
    const names = ["Ann", "Bob", "Cy", "Dee"];
    const pages: Page[] = [];
    for (const [i, n] of names.entries()) {
      const ctx = await browser.newContext(i === 0 ? { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {});
      const page = await ctx.newPage();
      await signInBySession(page, server.url, `${n.toLowerCase()}.royale-declared@example.com`, n);
      pages.push(page);
    }
    const ann = pages[0]!;
    const errors: string[] = [];
    ann.on("pageerror", (e) => errors.push(String(e)));
    const created = await apiPost(ann.request, server.url, "/api/games", { ruleset: "royale", seed: SEED, options: { daysPerMove: 2, players: 4 } });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    for (const p of pages.slice(1)) expect((await apiPost(p.request, server.url, `/api/games/${id}/join`, { invite: created.body.invite })).status).toBe(200);

    // the computer players' moves for everyone, until Ann (seat 0) may claim a discard with a rack of hers declared
    const found = await playUntil(server.url, pages, id, "royale", SEED, (mine, legal) => legal.some((m) => m.type === "call") && mine.view.seats[0].racks.some((r: Json) => r.mahjong));
    expect(found, "a claim window for Ann with a declared rack").not.toBeNull();

    await ann.goto(`${server.url}/game/${id}`);
    await ann.locator(".board.deciding .mine.royale > .opp-rack .win-tag").first().waitFor();
    await ann.waitForTimeout(300);
    await ann.screenshot({ path: `${OUT}claim-window-declared-360x740.png` });
    const tags = await ann.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>(".board.deciding .mine.royale > .opp-rack")].filter((r) => r.querySelector(".win-tag")).map((rack) => {
        const tag = rack.querySelector<HTMLElement>(".win-tag")!.getBoundingClientRect();
        const label = rack.querySelector<HTMLElement>(".rack-label")!.getBoundingClientRect();
        const words = getComputedStyle(rack.querySelector(".win-tag")!, "::before");
        return { label: rack.querySelector(".rack-label")!.textContent, height: tag.height, line: parseFloat(words.fontSize) * 1.3, offset: Math.abs(tag.top + tag.height / 2 - (label.top + label.height / 2)), width: tag.width, words: words.content };
      }),
    );
    console.log(`your declared racks in the claim window: ${JSON.stringify(tags)}`);
    expect(tags.length).toBeGreaterThan(0);
    for (const t of tags) {
      expect(t.words).toMatch(/Mah Jongg/);
      // as high as its one line of words and its border, not the rack's 2.2rem floor
      expect(t.height, `${t.label}: the label's height`).toBeLessThanOrEqual(t.line + 4);
      expect(t.offset, `${t.label}: the label beside the rack's name, centred on its line`).toBeLessThanOrEqual(3);
    }
    expect(errors).toEqual([]);
    for (const p of pages) await p.context().close();
  }, 600_000);
});
