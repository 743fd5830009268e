/**
 * Four things players tripped on in a walk through the service, each on a 360×740 phone unless said:
 * a player's page listed a game nobody had joined yet under "Playing now"; the opponent's name at the
 * table was a 21 px tall link right above "More of the table"; the calculator's example of exposed
 * sets ran off the right of its one-line box; the league's "The league's cards" opened the
 * organiser's own cards. Screenshots go to test-output/player-walk/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { apiPost, closeBrowserTest, createAndJoin, openBrowserTest, signInBySession, type Server } from "./harness";

const OUT = new URL("../../test-output/player-walk/", import.meta.url).pathname;
let server: Server;
let browser: Browser;
beforeAll(async () => void ({ server, browser } = await openBrowserTest({ outDir: OUT })), 240_000);
afterAll(() => closeBrowserTest(server, browser));

const errors: string[] = [];
async function person(email: string, name: string, phone = true): Promise<Page> {
  const ctx = await browser.newContext(phone ? { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  page.on("pageerror", (e) => errors.push(`${name}: ${String(e)}`));
  if (email) await signInBySession(page, server.url, email, name);
  return page;
}

describe("a player's page", () => {
  it("lists a game not yet started apart from those being played, saying what it waits for", async () => {
    const ann = await person("ann.walk60@example.com", "Ann");
    const bob = await person("bob.walk60@example.com", "Bob");
    const annId = (await (await ann.request.get(`${server.url}/api/me`)).json()).id as string;
    // one game played with Bob, one waiting for its invited player
    const playing = await createAndJoin(server.url, ann, [bob], { ruleset: "siamese", seed: "walk60-0001", options: { daysPerMove: 3 } });
    expect(playing.joins[0]!.status).toBe(200);
    const waiting = await apiPost(ann.request, server.url, "/api/games", { ruleset: "siamese", seed: "walk60-0002", options: { daysPerMove: 3 } });
    expect(waiting.status).toBe(201);
    // and an open challenge anyone may take, three of its four seats free
    const challenge = await apiPost(ann.request, server.url, "/api/challenges", { ruleset: "american", daysPerMove: 3, options: { deadHands: "prevent" }, rated: false });
    expect(challenge.status).toBe(201);
    // the service says which games have not started and how many seats they still wait for
    const profile = await (await bob.request.get(`${server.url}/api/players/${annId}`)).json();
    expect(profile.currentGames.find((g: any) => g.id === waiting.body.id)).toMatchObject({ status: "open", seats: 2, seatsTaken: 1 });
    expect(profile.currentGames.find((g: any) => g.id === playing.id)).toMatchObject({ status: "active", seats: 2, seatsTaken: 2 });

    for (const [who, page] of [["Bob", bob], ["Ann", ann]] as const) {
      await page.goto(`${server.url}/players/${annId}`);
      await page.getByRole("heading", { name: "Playing now" }).waitFor();
      const now = page.locator("section.profile ul.playing-now");
      expect(await now.locator("li").count(), who).toBe(1);
      expect(await now.locator("a").getAttribute("href"), who).toBe(`/game/${playing.id}`);
      await page.getByRole("heading", { name: "Waiting for players" }).waitFor();
      expect((await page.locator("section.profile ul.waiting-games li").allInnerTexts()).sort(), who).toEqual(["American: an open challenge, 3 seats free", "Siamese: waiting for 1 invited player"]);
    }
    // her own page opens the waiting game (its invitation link is there); a visitor's shows it only
    expect((await ann.locator("ul.waiting-games a").evaluateAll((as) => as.map((a) => a.getAttribute("href")))).sort()).toEqual([`/game/${challenge.body.id}`, `/game/${waiting.body.id}`].sort());
    expect(await bob.locator("ul.waiting-games a").count()).toBe(0);
    await bob.screenshot({ path: `${OUT}profile-360x740.png`, fullPage: true });
    expect(errors).toEqual([]);
  }, 300_000);
});

describe("the opponent's name at the table, on a phone", () => {
  it("is a finger tall and does not reach into 'More of the table' below it", async () => {
    const ann = await person("ann.name60@example.com", "Ann");
    const bob = await person("bob.name60@example.com", "Bob", false);
    const { id } = await createAndJoin(server.url, ann, [bob], { ruleset: "siamese", seed: "walk60-0003", options: { daysPerMove: 3 } });
    await ann.goto(`${server.url}/game/${id}`);
    const name = ann.locator(".felt a.player-name");
    await name.waitFor();
    const cue = ann.locator(".felt-cue");
    await cue.waitFor();
    const n = (await name.boundingBox())!;
    const c = (await cue.boundingBox())!;
    await ann.screenshot({ path: `${OUT}table-360x740.png` });
    expect(n.height).toBeGreaterThanOrEqual(44);
    expect(n.width).toBeGreaterThanOrEqual(44);
    expect(c.height).toBeGreaterThanOrEqual(44);
    const overlap = n.x < c.x + c.width && c.x < n.x + n.width && n.y < c.y + c.height && c.y < n.y + n.height;
    expect(overlap, `name ${JSON.stringify(n)}, cue ${JSON.stringify(c)}`).toBe(false);
    // what a finger touches at the name's edges is the name, and the cue's middle is the cue
    const hit = (x: number, y: number) => ann.evaluate(([x, y]) => {
      const el = document.elementFromPoint(x!, y!);
      return el?.closest("a.player-name") ? "name" : el?.closest(".felt-cue") ? "cue" : el?.tagName ?? "";
    }, [x, y]);
    expect(await hit(n.x + n.width / 2, n.y + 2)).toBe("name");
    expect(await hit(n.x + n.width / 2, n.y + n.height - 2)).toBe("name");
    expect(await hit(c.x + c.width / 2, c.y + c.height / 2)).toBe("cue");
    // the name still leads to Bob's page
    await name.tap();
    await ann.waitForURL(/\/players\//);
    expect(errors).toEqual([]);
  }, 300_000);
});

describe("the calculator on a phone", () => {
  it("shows the whole example of exposed sets, and scores it as before", async () => {
    const page = await person("", "visitor");
    await page.goto(`${server.url}/calculator`);
    const field = page.getByLabel(/Exposed sets/);
    await field.waitFor();
    expect(await field.inputValue()).toBe("5B 5B 5B, N N N, 2D 2D 2D 2D");
    // nothing of it is scrolled out of sight, and the box is inside the screen
    const fit = await field.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, scrollH: el.scrollHeight, clientH: el.clientHeight }));
    expect(fit.scroll, JSON.stringify(fit)).toBeLessThanOrEqual(fit.client);
    expect(fit.scrollH, JSON.stringify(fit)).toBeLessThanOrEqual(fit.clientH + 1);
    const box = (await field.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await page.screenshot({ path: `${OUT}calculator-360x740.png` });
    await expect(page.locator(".score-sheet tfoot strong").textContent()).resolves.toBe("44");
    // a long description is accepted as it was: sets by commas, tiles by spaces
    await field.fill("7D 7D 7D, 9D 9D 9D, R R R R");
    await page.getByLabel(/Natural sets/).fill("E E E E");
    await page.getByLabel("Pairs").fill("W W");
    await page.getByLabel("Flowers").fill("F1r F2r F3r F4r");
    await page.getByLabel("Seat wind").selectOption("E");
    await page.getByLabel("Prevailing wind").selectOption("E");
    await page.getByLabel("This player is the Jong").check();
    await page.getByLabel(/went Woo/).check();
    await page.getByLabel(/replacement tile/).check();
    await expect(page.locator(".score-sheet tfoot strong").textContent()).resolves.toBe("17,920");
    // Enter does not break a set across lines
    await field.press("End");
    await field.press("Enter");
    expect(await field.inputValue()).toBe("7D 7D 7D, 9D 9D 9D, R R R R");
    expect(errors).toEqual([]);
  }, 120_000);
});

describe("the league's cards", () => {
  it("the organiser's link opens the cards of that league, not their own", async () => {
    const olive = await person("olive.cards60@example.com", "Olive", false);
    const league = await apiPost(olive.request, server.url, "/api/leagues", { name: "Tuesday Club", visibility: "private", play: false });
    expect(league.status).toBe(201);
    const id: string = league.body.id;
    const text = "2468 | 2468a 2468b 2468c FF | 75 | C";
    expect((await apiPost(olive.request, server.url, "/api/cards", { name: "Club card 2026", text, league: id })).status).toBe(201);
    expect((await apiPost(olive.request, server.url, "/api/cards", { name: "My practice card", text })).status).toBe(201);
    await olive.goto(`${server.url}/leagues/${id}`);
    await olive.getByRole("link", { name: "The league's cards" }).click();
    await olive.getByRole("heading", { level: 1, name: "Tuesday Club's cards" }).waitFor();
    expect(new URL(olive.url()).pathname).toBe("/cards");
    expect(new URL(olive.url()).searchParams.get("league")).toBe(id);
    await olive.getByRole("link", { name: "Club card 2026" }).waitFor();
    expect(await olive.getByRole("link", { name: "My practice card" }).count()).toBe(0);
    // a new card from here is the league's; all one's own cards are a link away
    expect(await olive.getByRole("link", { name: "Type in a card for the league" }).getAttribute("href")).toBe(`/cards/new?league=${id}`);
    await olive.getByRole("link", { name: "All your cards" }).click();
    await olive.getByRole("heading", { level: 1, name: "Your cards" }).waitFor();
    await olive.getByRole("link", { name: "My practice card" }).waitFor();
    expect(errors).toEqual([]);
  }, 120_000);
});
