/**
 * The Chinese game length in a real browser against `wrangler dev`, on a 360×740 phone: the New
 * Game form, the lobby's practice and challenge forms and a league's new-season form offer
 * "One hand", "One round (East round)" (usual, chosen at first) and "Whole match" for Chinese only,
 * and what is chosen is what the game, challenge or season gets. Screenshots go to test-output/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { apiPost, closeBrowserTest, createAndJoin, openBrowserTest, signInBySession, type Server } from "./harness";

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

  it("a one-hand game played to the end: the page says the hand is over and gives each seat's line from the hand's settlement", async () => {
    const seats = await Promise.all(["Ida", "Jo", "Kit", "Lu"].map((n, i) => phone(`${n.toLowerCase()}.hand@example.com`, n).then((p) => (i === 0 ? p : { ...p, errors: [] }))));
    const pages = seats.map((p) => p.page);
    const { id, joins } = await createAndJoin(server.url, pages[0]!, pages.slice(1), { ruleset: "chinese-ming", seed: "chinese-web-hand-01", options: { daysPerMove: 2, length: "hand" } });
    for (const joined of joins) expect(joined.status).toBe(200);
    const ida = pages[0]!;
    await ida.goto(`${server.url}/game/${id}`);
    await ida.getByText("One hand: the game ends with this hand.").waitFor();
    await ida.screenshot({ path: OUT + "chinese-length-hand-table-360x740.png" });
    const get = async (p: Page) => (await p.request.get(`${server.url}/api/games/${id}`)).json();
    let g = await get(pages[0]!);
    for (let n = 0; g.status !== "ended"; n++) {
      expect(n, "one hand should end within 600 moves").toBeLessThan(600);
      const s = g.players.find((x: { toAct: boolean }) => x.toAct).seat;
      const me = await get(pages[s]!);
      const legal: { type: string; tile?: number }[] = me.legalMoves.filter((m: { type: string }) => m.type !== "preference");
      const drawn = me.view.hand.seats[s].drawn?.id;
      const move = legal.find((m) => m.type === "woo") ?? legal.find((m) => m.type === "pass") ?? legal.find((m) => m.type === "discard" && m.tile === drawn) ?? legal[0];
      const r = await apiPost(pages[s]!.request, server.url, `/api/games/${id}/moves`, { version: me.version, move, idempotencyKey: crypto.randomUUID() });
      expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
      g = r.body;
    }
    await ida.goto(`${server.url}/game/${id}`);
    await ida.getByRole("heading", { name: "The hand is over" }).waitFor();
    expect(await ida.locator(".cm-length").count()).toBe(0);
    await expect.poll(() => ida.locator(".cm-over > ul > li").allTextContents()).toHaveLength(4);
    for (const line of await ida.locator(".cm-over > ul > li").allTextContents()) expect(line).toMatch(/ — One hand; [\d,]+ points from 2,010$/);
    await ida.getByRole("link", { name: "Replay this game" }).waitFor();
    await ida.screenshot({ path: OUT + "chinese-length-hand-over-360x740.png", fullPage: true });
    expect(seats[0]!.errors).toEqual([]);
  }, 240_000);
});
