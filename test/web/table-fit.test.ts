/**
 * The game table's words and boxes fit what they hold (issue ui52), in chromium:
 * - a practice game just started (Siamese against a computer, Royale for two and four) says "No
 *   discards yet." once on the felt, on a line it shares with the others' boxes (it said it three
 *   times, a line each, on a desktop), and the felt keeps no blank floor under them;
 * Screenshots go to test-output/table-fit/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { apiPost, closeBrowserTest, openBrowserTest, signInBySession, type Server } from "./harness";

const OUT = new URL("../../test-output/table-fit/", import.meta.url).pathname;
let server: Server;
let browser: Browser;
beforeAll(async () => void ({ server, browser } = await openBrowserTest({ outDir: OUT })), 240_000);
afterAll(() => closeBrowserTest(server, browser));

type Json = Record<string, any>;
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const get = async (p: Page, id: string): Promise<Json> => (await p.request.get(`${server.url}/api/games/${id}`)).json();

/** The game open in a new page of `who`'s browser (signed in as they are), its table drawn and settled. */
async function opened(who: BrowserContext, options: object, id: string): Promise<Page> {
  const page = await (await browser.newContext({ ...options, storageState: await who.storageState() })).newPage();
  await page.goto(`${server.url}/game/${id}`);
  await page.locator(".table .felt .opponent").first().waitFor();
  await page.getByText(/Game menu/).first().waitFor();
  // (the felt's fit comes with the scripts that load after the tiles)
  await page.waitForTimeout(500);
  return page;
}

/** The felt's lines of words that say nobody has discarded, where they are drawn, and the others' boxes. */
const noDiscards = (page: Page) =>
  page.evaluate(() => {
    const felt = document.querySelector<HTMLElement>(".board > .felt")!;
    const lines: { text: string; top: number; bottom: number }[] = [];
    const walk = document.createTreeWalker(felt, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      if (!/No discards/.test(n.textContent ?? "")) continue;
      range.selectNodeContents(n);
      const r = range.getBoundingClientRect();
      if (r.height > 0) lines.push({ text: n.textContent!.trim(), top: r.top, bottom: r.bottom });
    }
    const boxes = [...felt.querySelectorAll<HTMLElement>(".opponent")].map((b) => b.getBoundingClientRect());
    const grid = felt.querySelector<HTMLElement>(".felt-grid")!.getBoundingClientRect();
    const f = felt.getBoundingClientRect();
    const cs = getComputedStyle(felt);
    return {
      lines,
      boxesTop: Math.min(...boxes.map((b) => b.top)),
      boxesBottom: Math.max(...boxes.map((b) => b.bottom)),
      // what the felt shows under what it holds
      blank: f.bottom - parseFloat(cs.borderBottomWidth) - parseFloat(cs.paddingBottom) - grid.bottom,
    };
  });

describe("a practice game just started", () => {
  for (const c of [
    { ruleset: "siamese", players: null, label: "siamese" },
    { ruleset: "royale", players: "2", label: "royale-2" },
    { ruleset: "royale", players: "4", label: "royale-4" },
  ])
    it(`${c.label}: the felt says "No discards yet." once, on no line of its own`, async () => {
      const ctx = await browser.newContext(DESKTOP);
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(String(e)));
      await signInBySession(page, server.url, `${c.label}.table-fit@example.com`, "Pat");
      await page.goto(server.url + "/");
      await page.getByRole("heading", { name: "Practise against the computer" }).waitFor();
      await page.getByRole("button", { name: "Easy" }).click();
      await page.locator("#practice-ruleset").selectOption(c.ruleset);
      if (c.players) await page.locator("#practice-players").selectOption(c.players);
      await page.getByRole("button", { name: /against the computer$/ }).click();
      await page.waitForURL(/\/game\/[^/]+$/);
      const id = new URL(page.url()).pathname.split("/")[2]!;
      expect((await get(page, id)).events.filter((e: Json) => e.event.type === "discard").length, "nobody has discarded").toBe(0);

      const desk = await opened(ctx, DESKTOP, id);
      await desk.screenshot({ path: `${OUT}${c.label}-start-1280x800.png` });
      const d = await noDiscards(desk);
      console.log(`${c.label} at 1280x800: ${JSON.stringify(d)}`);
      expect(d.lines.map((l) => l.text)).toEqual(["No discards yet."]);
      // beside the others' boxes, not a line under them
      expect(d.lines[0]!.top).toBeGreaterThanOrEqual(d.boxesTop - 1);
      expect(d.lines[0]!.bottom).toBeLessThanOrEqual(d.boxesBottom + 1);
      // Royale's racks fill the screen: the felt is as high as what it holds (Siamese's felt takes what the racks leave)
      if (c.ruleset === "royale") expect(d.blank).toBeLessThanOrEqual(2);

      // a phone: once too (Siamese, Royale for two: on the other player's line; Royale for four: each chip its own short line)
      const phone = await opened(ctx, PHONE, id);
      await phone.screenshot({ path: `${OUT}${c.label}-start-360x740.png` });
      const p = await noDiscards(phone);
      console.log(`${c.label} at 360x740: ${JSON.stringify(p)}`);
      expect(p.lines.length).toBe(c.players === "4" ? 3 : 1);
      expect(errors).toEqual([]);
      for (const x of [desk, phone, page]) await x.context().close();
    }, 240_000);
});
