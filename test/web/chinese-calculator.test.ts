/**
 * The chinese-ming scoring calculator page in a real browser against `wrangler dev`: open to
 * anyone, the worked figures of the rule book typed in as a player would, problems named.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { closeBrowserTest, openBrowserTest, type Server } from "./harness";

// Screenshots go to test-output/ (Playwright creates the folder).
const OUT = new URL("../../test-output/", import.meta.url).pathname;
let server: Server;
let browser: Browser;

beforeAll(async () => void ({ server, browser } = await openBrowserTest()), 240_000);

afterAll(() => closeBrowserTest(server, browser));

describe("scoring calculator page", () => {
  it("scores the Jong's hand of the rule book: 70 × 2⁸ = 17,920, with every line of the sheet", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(server.url + "/calculator");
    await page.getByRole("heading", { name: /Score a Chinese hand/ }).waitFor();
    // The example on arrival is the South seat's hand of the rule book: 44.
    await expect(page.locator(".score-sheet tfoot strong").textContent()).resolves.toBe("44");
    await page.getByLabel("Seat wind").selectOption("E");
    await page.getByLabel("Prevailing wind").selectOption("E");
    await page.getByLabel(/Exposed sets/).fill("7D 7D 7D, 9D 9D 9D, R R R R");
    await page.getByLabel(/Natural sets/).fill("E E E E");
    await page.getByLabel("Pairs").fill("W W");
    await page.getByLabel("Flowers").fill("F1r F2r F3r F4r");
    await page.getByLabel("This player is the Jong").check();
    await page.getByLabel(/went Woo/).check();
    await page.getByLabel(/replacement tile/).check();
    await expect(page.locator(".score-sheet tfoot strong").textContent()).resolves.toBe("17,920");
    const rows = await page.locator(".score-sheet tbody tr").allTextContents();
    expect(rows).toContain("natural kong of East8");
    expect(rows.filter((r) => r.endsWith("×2"))).toHaveLength(8);
    await page.screenshot({ path: OUT + "chinese-calculator-390x844.png", fullPage: true });

    await page.getByLabel("Pairs").fill("W W, 5B 6B");
    await expect(page.getByRole("alert").textContent()).resolves.toContain('pair "5B 6B" must be two tiles of one kind');
    await page.close();
  });
});
