/**
 * The Chinese game length in a real browser against `wrangler dev`, on a 360×740 phone: the New
 * Game form, the lobby's practice and challenge forms and a league's new-season form offer
 * "One hand", "One round (East round)" (usual, chosen at first) and "Whole match" for Chinese only,
 * and what is chosen is what the game, challenge or season gets. Screenshots go to test-output/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { apiPost, closeBrowserTest, openBrowserTest, signInBySession, type Server } from "./harness";

const OUT = new URL("../../test-output/", import.meta.url).pathname;
let server: Server;
let browser: Browser;

beforeAll(async () => void ({ server, browser } = await openBrowserTest({ outDir: OUT })), 240_000);
afterAll(() => closeBrowserTest(server, browser));

const CHOICES = ["One hand", "One round (East round) (usual)", "Whole match"];

async function phone(email: string, name: string): Promise<{ page: Page; errors: string[] }> {
  const ctx = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 1, hasTouch: true });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(server.url + "/");
  await signInBySession(page, server.url, email, name);
  return { page, errors };
}

const optionTexts = (page: Page, id: string) => page.locator(`select#${id} option`).allTextContents();
const gameOptions = async (page: Page, id: string) => (await (await page.request.get(`${server.url}/api/games/${id}`)).json()).options;

describe("Chinese length in the forms", () => {
  it("New Game: only Chinese asks for the length; one round is chosen at first; the game gets the length picked", async () => {
    const { page, errors } = await phone("len.new@example.com", "Lena");
    await page.goto(server.url + "/new");
    await page.getByRole("heading", { name: "Start a game" }).waitFor();
    expect(await page.locator("select#length").count()).toBe(0);
    await page.locator("select#ruleset").selectOption("chinese-ming");
    await page.getByLabel("Length of the game").waitFor();
    expect(await optionTexts(page, "length")).toEqual(CHOICES);
    expect(await page.locator("select#length").inputValue()).toBe("round");
    await page.screenshot({ path: OUT + "chinese-length-new-game-360x740.png", fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByLabel("Length of the game").selectOption({ label: "One hand" });
    await page.getByRole("button", { name: "Create the game" }).click();
    await page.waitForURL(/\/invite\/[^/?]+/);
    const id = new URL(page.url()).pathname.split("/")[2]!;
    expect((await gameOptions(page, id)).length).toBe("hand");
    expect(errors).toEqual([]);
  }, 120_000);

  it("the lobby: a practice game and a posted challenge get the length picked, and the challenge list says it", async () => {
    const { page, errors } = await phone("len.lobby@example.com", "Lois");
    await page.goto(server.url + "/");
    await page.getByRole("heading", { name: "Practise against the computer" }).waitFor();
    expect(await page.locator("select#practice-length").count()).toBe(0);
    await page.locator("select#practice-ruleset").selectOption("chinese-ming");
    expect(await optionTexts(page, "practice-length")).toEqual(CHOICES);
    await page.locator("select#post-ruleset").selectOption("chinese-ming");
    expect(await optionTexts(page, "post-length")).toEqual(CHOICES);
    expect(await page.locator("select#post-length").inputValue()).toBe("round");
    await page.locator("select#post-length").selectOption("hand");
    await page.locator("form.post-challenge").screenshot({ path: OUT + "chinese-length-challenge-360x740.png" });
    await page.getByRole("button", { name: "Post the challenge" }).click();
    await page.getByRole("status").filter({ hasText: "Posted." }).waitFor();
    await page.getByText(/one hand/).first().waitFor();

    await page.locator("select#practice-length").selectOption("match");
    await page.getByRole("button", { name: /against the computer$/ }).click();
    await page.waitForURL(/\/game\/[^/]+$/);
    const id = new URL(page.url()).pathname.split("/")[2]!;
    expect((await gameOptions(page, id)).length).toBe("match");
    expect(errors).toEqual([]);
  }, 120_000);

  it("a league's new-season form offers the length for Chinese and sends it", async () => {
    const { page, errors } = await phone("len.club@example.com", "Cleo");
    const league = await apiPost(page.request, server.url, "/api/leagues", { name: "Length Club", visibility: "private" });
    expect(league.status).toBe(201);
    await page.goto(`${server.url}/leagues/${league.body.id}`);
    await page.getByRole("heading", { name: "New season" }).waitFor();
    expect(await page.locator("select#season-length").count()).toBe(0);
    await page.locator("select[name=ruleset]").selectOption("chinese-ming");
    expect(await optionTexts(page, "season-length")).toEqual(CHOICES);
    await page.locator("select#season-length").selectOption("match");
    await page.getByLabel("Name").fill("Winter");
    await page.screenshot({ path: OUT + "chinese-length-season-360x740.png", fullPage: true });
    const sent = page.waitForRequest((r) => r.method() === "POST" && /\/seasons$/.test(r.url()));
    await page.getByRole("button", { name: "Create and schedule" }).click();
    expect((await sent).postDataJSON().options).toMatchObject({ length: "match" });
    expect(errors).toEqual([]);
  }, 120_000);
});
