/**
 * The forms that start games, on a 360×740 phone against `wrangler dev`: New Game, the lobby's
 * practice and challenge forms and a league's new-season form each ask a ruleset's own options, in
 * the words its schema gives (components/RulesetOptions.tsx), and post what the player chose:
 * Chinese its length and claim window, Royale its players, and its claim window only for three or
 * four. Tournament dead hands turn hints off. Screenshots go to test-output/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page, Request } from "playwright-core";
import { apiPost, closeBrowserTest, openBrowserTest, signInBySession, type Server } from "./harness";
import { axeFindings, pageGeometry } from "./page-checks";

const OUT = new URL("../../test-output/", import.meta.url).pathname;
let server: Server;
let browser: Browser;

beforeAll(async () => void ({ server, browser } = await openBrowserTest({ outDir: OUT })), 240_000);
afterAll(() => closeBrowserTest(server, browser));

async function phone(email: string, name: string): Promise<{ page: Page; errors: string[] }> {
  const ctx = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 1, hasTouch: true });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(server.url + "/");
  await signInBySession(page, server.url, email, name);
  return { page, errors };
}

/** Nothing wider than the phone, nothing cut, no serious accessibility finding. */
async function looksRight(page: Page, where: string) {
  const g = await pageGeometry(page);
  expect(g.hscroll, `${where}: sideways scroll (${g.wide.join(", ")})`).toBeLessThanOrEqual(0);
  expect(g.cut, `${where}: text cut`).toEqual([]);
  expect((await axeFindings(page)).join("\n"), `${where}: axe`).toBe("");
}

const posted = (page: Page, path: RegExp) => page.waitForRequest((r: Request) => r.method() === "POST" && path.test(new URL(r.url()).pathname));
const labels = (page: Page, scope: string) => page.locator(`${scope} label, ${scope} legend`).allInnerTexts();

describe("the option forms on a phone", () => {
  it("New Game: Chinese asks its length and claim window; Royale its players, the claim window only for three or four, and tournament play turns hints off", async () => {
    const { page, errors } = await phone("forms.new@example.com", "Nell");
    await page.goto(server.url + "/new");
    await page.getByRole("heading", { name: "Start a game" }).waitFor();
    // the first ruleset is chosen at first, with its own options
    expect(await page.getByLabel("Rules").inputValue()).toBe("siamese");
    expect(await page.getByLabel(/^Show hints/).isChecked()).toBe(true);

    await page.getByLabel("Rules").selectOption("chinese-ming");
    await page.getByLabel("Length of the game").waitFor();
    expect(await page.getByLabel("Time to call a discard").inputValue()).toBe("12");
    expect(await page.getByText("A move that would kill a hand").count()).toBe(0);
    expect(await page.locator("select#card").count()).toBe(0);
    await looksRight(page, "new game, Chinese");
    await page.screenshot({ path: OUT + "forms-new-game-chinese-360x740.png", fullPage: true });

    await page.getByLabel("Rules").selectOption("royale");
    expect(await page.getByLabel("Time to call a discard").count()).toBe(0); // two play claim-or-draw
    await page.getByLabel("Players", { exact: true }).selectOption("3");
    await page.getByLabel("Time to call a discard").selectOption("4");
    await page.getByLabel("Tournament: accept it, the hand is dead").check();
    const hints = page.getByLabel(/^Show hints/);
    expect(await hints.isDisabled()).toBe(true);
    expect(await hints.isChecked()).toBe(false);
    await page.getByText("off in tournament games").waitFor();
    await looksRight(page, "new game, Royale for three");
    await page.screenshot({ path: OUT + "forms-new-game-royale-360x740.png", fullPage: true });

    const sent = posted(page, /^\/api\/games$/);
    await page.getByRole("button", { name: "Create the game" }).click();
    expect((await sent).postDataJSON()).toMatchObject({
      ruleset: "royale",
      options: { daysPerMove: 3, players: 3, deadHands: "enforce", card: "sample-2026", hints: false, windowHours: 4 },
    });
    await page.waitForURL(/\/invite\/[^/?]+/);
    expect(errors).toEqual([]);
  }, 120_000);

  it("the lobby: practice asks only how many play and how long; a Chinese challenge posts its claim window, a Royale one its players", async () => {
    const { page, errors } = await phone("forms.lobby@example.com", "Lola");
    await page.goto(server.url + "/");
    await page.getByRole("heading", { name: "Practise against the computer" }).waitFor();

    await page.locator("#practice-ruleset").selectOption("chinese-ming");
    expect(await labels(page, "section.practice")).toEqual(["How strong a computer?", "Game", "Length of the game", "Computer players"]);
    await page.locator("#post-ruleset").selectOption("chinese-ming");
    await page.locator("#post-window-hours").selectOption("24");
    expect(await page.locator("form.post-challenge #post-card").count()).toBe(0);
    await looksRight(page, "lobby, Chinese");
    await page.locator("section.practice").screenshot({ path: OUT + "forms-practice-chinese-360x740.png" });
    await page.locator("form.post-challenge").screenshot({ path: OUT + "forms-challenge-chinese-360x740.png" });
    let sent = posted(page, /^\/api\/challenges$/);
    await page.getByRole("button", { name: "Post the challenge" }).click();
    expect((await sent).postDataJSON()).toMatchObject({ ruleset: "chinese-ming", daysPerMove: 3, options: { windowHours: 24, length: "round" }, rated: false });
    await page.getByRole("status").filter({ hasText: "Posted." }).waitFor();

    await page.locator("#practice-ruleset").selectOption("royale");
    expect(await labels(page, "section.practice")).toEqual(["How strong a computer?", "Game", "Players"]);
    await page.locator("#post-ruleset").selectOption("royale");
    await page.locator("#post-players").selectOption("4");
    await page.locator("#post-window-hours").waitFor();
    await looksRight(page, "lobby, Royale");
    await page.locator("section.practice").screenshot({ path: OUT + "forms-practice-royale-360x740.png" });
    await page.locator("form.post-challenge").screenshot({ path: OUT + "forms-challenge-royale-360x740.png" });
    sent = posted(page, /^\/api\/challenges$/);
    await page.getByRole("button", { name: "Post the challenge" }).click();
    // the claim window chosen for Chinese still stands: a choice outlives a change of ruleset
    expect((await sent).postDataJSON().options).toEqual({ players: 4, deadHands: "prevent", card: "sample-2026", hints: true, windowHours: 24 });
    await expect.poll(() => page.locator("section.challenges li", { hasText: "Royale" }).textContent()).toMatch(/1 of 4 seats taken/);
    expect(errors).toEqual([]);
  }, 120_000);

  it("a league's new season: Royale asks the players at each table and then the claim window; Chinese its length", async () => {
    const { page, errors } = await phone("forms.club@example.com", "Cora");
    const league = await apiPost(page.request, server.url, "/api/leagues", { name: "Forms Club", visibility: "private" });
    expect(league.status).toBe(201);
    await page.goto(`${server.url}/leagues/${league.body.id}`);
    await page.getByRole("heading", { name: "New season" }).waitFor();

    await page.locator("select[name=ruleset]").selectOption("chinese-ming");
    await page.locator("#season-length").waitFor();
    expect(await page.locator("#season-card").count()).toBe(0);
    await looksRight(page, "new season, Chinese");
    await page.screenshot({ path: OUT + "forms-season-chinese-360x740.png", fullPage: true });

    await page.locator("select[name=ruleset]").selectOption("royale");
    expect(await page.locator("#season-window-hours").count()).toBe(0);
    await page.getByLabel("Players at each table").selectOption("3");
    await page.locator("#season-window-hours").waitFor();
    await page.getByLabel("Name", { exact: true }).fill("Spring");
    await looksRight(page, "new season, Royale");
    await page.screenshot({ path: OUT + "forms-season-royale-360x740.png", fullPage: true });
    const sent = posted(page, /\/seasons$/);
    await page.getByRole("button", { name: "Create and schedule" }).click();
    expect((await sent).postDataJSON()).toMatchObject({ ruleset: "royale", options: { players: 3, deadHands: "prevent", card: "sample-2026", hints: true, windowHours: 12 } });
    expect(errors).toEqual([]);
  }, 120_000);
});
