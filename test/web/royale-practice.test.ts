/**
 * Royale for three and four from the app on a 360×740 phone (issue 28). The lobby's practice list
 * offers Royale's players and one, two or three computers: a game for four against three computers
 * deals at once, the player plays a few turns by tapping (draw, discard, pass in a claim window)
 * while the computers answer, then nobody plays and the clock runs the game to its end; the result
 * and the replay show four players. At a joker-rich deal the hints never count a tile for two
 * racks, and a declared Mah Jongg is shown named and whole. The new-game form gives seats to
 * computers; the lobby's challenge form posts Royale for three. Screenshots go to test-output/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { APIRequestContext, Browser, Page } from "playwright-core";
import { apiPost, closeBrowserTest, openBrowserTest, playerPages, signInBySession, type Server } from "./harness";

const OUT = new URL("../../test-output/", import.meta.url).pathname;
let server: Server;
let browser: Browser;

beforeAll(async () => void ({ server, browser } = await openBrowserTest({ outDir: OUT })), 240_000);
afterAll(() => closeBrowserTest(server, browser));

const get = async (r: APIRequestContext, path: string) => (await r.get(server.url + path)).json();
const tableState = (page: Page) =>
  page.evaluate(() => {
    const t = document.querySelector<HTMLElement>(".table");
    return { version: Number(t?.dataset.version ?? -1), phase: t?.dataset.phase ?? "", turn: t?.dataset.turn ?? "", over: !!document.querySelector(".game-over") };
  });
const noSideways = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

/** Nobody plays: the game's clock jumps `hours` at a time (at most `times` times), each jump moving the game on, until it ends. */
async function timeOutToTheEnd(r: APIRequestContext, gameId: string, hours: number, times: number) {
  for (let n = 0; n < times; n++) {
    const before = await get(r, `/api/games/${gameId}`);
    if (before.status === "ended") break;
    expect((await apiPost(r, server.url, `/api/dev/games/${gameId}/clock`, { advanceMs: hours * 3600 * 1000 })).status).toBe(200);
    await expect.poll(async () => (await get(r, `/api/games/${gameId}`)).version, { timeout: 30_000 }).toBeGreaterThan(before.version);
  }
  expect((await get(r, `/api/games/${gameId}`)).status).toBe("ended");
}

describe("Royale for three and four from the app, on a phone", () => {
  it("the lobby's practice list starts Royale for four against three computers; a few turns by tapping, then the clock runs it to the end", async () => {
    const { pages, errors } = await playerPages(browser, 1);
    const page = pages[0]!;
    await page.setViewportSize({ width: 360, height: 740 });
    await signInBySession(page, server.url, "rhea-practice@example.com", "Rhea");
    await page.goto(server.url + "/");
    await page.getByRole("heading", { name: "Practise against the computer" }).waitFor();

    await page.getByRole("button", { name: "Easy" }).click();
    await page.locator("#practice-ruleset").selectOption("royale");
    // Royale: the players to choose; with 4, one to three computers (none asked for Siamese's two)
    const players = page.locator("#practice-players");
    expect(await players.locator("option").allTextContents()).toEqual(["2 players", "3 players", "4 players"]);
    expect(await page.locator("#practice-computers").count()).toBe(0);
    await players.selectOption("4");
    const computers = page.locator("#practice-computers");
    expect(await computers.locator("option").allTextContents()).toEqual(["3 (just me and the computers)", "2 (I invite one friend)", "1 (I invite two friends)"]);
    await players.selectOption("3");
    expect(await computers.locator("option").allTextContents()).toEqual(["2 (just me and the computers)", "1 (I invite one friend)"]);
    await players.selectOption("4");
    await computers.selectOption("3");
    await noSideways(page);
    await page.locator("section.practice").screenshot({ path: OUT + "royale-practice-lobby-360x740.png" });
    await page.getByRole("button", { name: "Play Royale against the computer" }).click();

    await page.waitForURL(/\/game\/[^/]+$/);
    await page.locator(".table").waitFor();
    const gameId = new URL(page.url()).pathname.split("/")[2]!;
    const game = await get(page.request, `/api/games/${gameId}`);
    expect(game).toMatchObject({ ruleset: "royale", status: "active", options: { players: 4 } });
    expect(game.players.map((p: { name: string }) => p.name)).toEqual(["Rhea", "Computer (easy)", "Computer (easy) (2)", "Computer (easy) (3)"]);
    await expect.poll(() => page.locator(".felt .opponent").count()).toBe(3);
    await noSideways(page);
    await page.screenshot({ path: OUT + "royale-practice-four-360x740.png" });

    // A few decisions by tapping what the table offers; the computers answer by themselves.
    let decisions = 0;
    for (let guard = 0; decisions < 6 && guard < 40; guard++) {
      await page.waitForFunction(() => document.querySelector(".table")?.getAttribute("data-turn") === "you" || !!document.querySelector(".game-over"), null, { timeout: 90_000 });
      const s = await tableState(page);
      if (s.over) break;
      const actions = page.locator("section.actions");
      if (s.phase === "window") {
        const pass = actions.getByRole("button", { name: "Pass (do not claim)" });
        if (!(await pass.count())) continue; // already answered: waiting for the window to close
        await pass.click();
      } else if (s.phase === "draw") {
        await actions.getByRole("button", { name: "Draw a tile from the wall" }).click();
      } else {
        await page.locator("section.mine .concealed button.tile:not(.tone-joker)").last().click();
        await actions.getByRole("button", { name: /^Discard / }).click();
      }
      decisions++;
      await page.waitForFunction((v) => Number(document.querySelector<HTMLElement>(".table")?.dataset.version ?? -1) > v || !!document.querySelector(".game-over"), s.version, { timeout: 60_000 });
    }
    expect(decisions).toBe(6);
    await noSideways(page);
    await page.screenshot({ path: OUT + "royale-practice-played-360x740.png", fullPage: true });

    // Nobody plays on: Rhea's turns time out (three days a move) until the game ends. A deal of the lobby's is
    // a new one each run: four runs took 23 to 59 jumps, and one run of the whole suite more than 150.
    await timeOutToTheEnd(page.request, gameId, 73, 400);
    await page.reload();
    await page.locator(".game-over").waitFor();
    const end = await get(page.request, `/api/games/${gameId}`);
    expect(end.result.totals).toHaveLength(4);
    await noSideways(page);
    await page.screenshot({ path: OUT + "royale-practice-over-360x740.png", fullPage: true });

    // The replay of the finished game, four players' racks.
    await page.goto(`${server.url}/replay/${gameId}`);
    await page.getByRole("heading", { name: "Replay" }).waitFor();
    await page.getByRole("button", { name: "Next ▶" }).click();
    expect(await page.locator(".replay-step").textContent()).toMatch(/^Move 1 of \d+: /);
    // the replay frame loads on demand: wait for it before counting
    await expect.poll(() => page.locator(".replay-rack").count(), { timeout: 30_000 }).toBe(16);
    await noSideways(page);
    expect(errors).toEqual([]);
  });

  it("hints at a deal rich in jokers never count a tile for two racks; a Mah Jongg declared there shows in its line's order with the line's name, the rack's other tiles still in play", async () => {
    const { pages, errors } = await playerPages(browser, 1);
    const page = pages[0]!;
    await page.setViewportSize({ width: 360, height: 740 });
    await signInBySession(page, server.url, "rhea-declares@example.com", "Rhea");
    // a fixed deal (development only) where East can declare at once
    const made = await apiPost(page.request, server.url, "/api/games", { ruleset: "royale", seed: "royale-declared-0", options: { players: 2, daysPerMove: 3 }, computers: { seats: 1, strength: "easy" } });
    expect(made.status).toBe(201);
    await page.goto(`${server.url}/game/${made.body.id}`);
    await page.locator(".table").waitFor();

    // The summary names one line per rack, each rack's first line, and adds up their distances.
    const best = page.locator(".hint-panel .hint-best");
    await best.waitFor({ timeout: 30_000 });
    const summary = (await best.textContent())!;
    const [, total] = /\((?:(\d+) tiles? away|complete) in all\)/.exec(summary) ?? [];
    const racks = page.locator(".hint-panel > div");
    expect(await racks.count()).toBe(4);
    let sum = 0;
    for (let i = 0; i < 4; i++) {
      // (the head ends with the line's Pin button, for standing orders)
      const head = (await racks.nth(i).locator(".hint-head").first().textContent())!.replace(/(Pin|Unpin)$/, "");
      const [, away] = /^(?:Complete!|(\d+) tiles? away)/.exec(head) ?? [];
      sum += Number(away ?? 0);
      expect(summary).toContain(`rack ${i + 1} ${head.replace(/^(Complete!|\d+ tiles? away)·/, "").trim()}`);
    }
    expect(sum).toBe(Number(total ?? 0));
    await page.locator(".hint-panel").screenshot({ path: OUT + "royale-hints-together-360x740.png" });

    // Declare the first Mah Jongg offered.
    const v = (await tableState(page)).version;
    const win = page.locator("section.actions button.win:not([disabled])");
    await win.first().waitFor();
    const offered = (await win.first().getAttribute("aria-label")) ?? (await win.first().textContent())!;
    await win.first().click();
    await page.getByRole("button", { name: "Yes, do it" }).click();
    await page.waitForFunction((v) => Number(document.querySelector<HTMLElement>(".table")?.dataset.version ?? -1) > v, v);
    const tag = page.locator("section.mine .win-tag").first();
    await tag.waitFor();
    expect(await tag.textContent()).toMatch(/^Mah Jongg: .+, line \d+, \d+ points/);
    expect(offered).toContain((await tag.textContent())!.replace(/^Mah Jongg: /, "").replace(/, \d+ points.*$/, ""));
    // the hand whole, group by group: 14 tiles
    expect(await page.locator("section.mine .exposures .exposure.mahjong .tile").count()).toBe(14);
    // the declared rack holds no concealed tiles: the rest are on the open racks
    const declared = page.locator(".royale-racks section.rack", { hasText: "declared" });
    expect(await declared.count()).toBe(1);
    expect(await declared.locator(".tile").count()).toBe(0);
    expect(await declared.locator(".rack-count").count()).toBe(0);
    expect((await page.locator(".royale-racks .rack-count").allTextContents()).reduce((n, c) => n + parseInt(c, 10), 0)).toBe(56 - 14);
    await noSideways(page);
    await page.screenshot({ path: OUT + "royale-declared-360x740.png", fullPage: true });
    expect(errors).toEqual([]);
  });

  it("the new-game form: Royale for three with two computers deals at once and opens the game; with one computer it waits for the invited player", async () => {
    const { pages, errors } = await playerPages(browser, 1);
    const page = pages[0]!;
    await page.setViewportSize({ width: 360, height: 740 });
    await signInBySession(page, server.url, "rhea-newgame@example.com", "Rhea");
    await page.goto(server.url + "/new");
    await page.getByRole("heading", { name: "Start a game" }).waitFor();
    await page.locator("#ruleset").selectOption("royale");
    expect(await page.locator("#computers").count()).toBe(0); // two players: no seat to give a computer here
    await page.locator("#players").selectOption("3");
    expect(await page.locator("#computers option").allTextContents()).toEqual(["None: I invite the other players", "1, and I invite one more player", "2: just me and the computers"]);
    await page.locator("#computers").selectOption("2");
    await page.locator("#computer-strength").selectOption("easy");
    await noSideways(page);
    await page.screenshot({ path: OUT + "royale-new-game-computers-360x740.png", fullPage: true });
    await page.getByRole("button", { name: "Create the game" }).click();
    await page.waitForURL(/\/game\/[^/]+$/);
    await page.locator(".table").waitFor();
    const game = await get(page.request, `/api/games/${new URL(page.url()).pathname.split("/")[2]}`);
    expect(game).toMatchObject({ ruleset: "royale", status: "active", options: { players: 3 } });
    expect(game.players.map((p: { userId: string }) => p.userId.startsWith("computer:"))).toEqual([false, true, true]);

    await page.goto(server.url + "/new");
    await page.locator("#ruleset").selectOption("royale");
    await page.locator("#players").selectOption("3");
    await page.locator("#computers").selectOption("1");
    await page.getByRole("button", { name: "Create the game" }).click();
    await page.waitForURL(/\/invite\/[^/]+$/);
    const open = await get(page.request, `/api/games/${new URL(page.url()).pathname.split("/")[2]}`);
    expect(open).toMatchObject({ status: "open" });
    expect(open.players.filter((p: { userId: string | null }) => p.userId?.startsWith("computer:"))).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it("the lobby's challenge form posts Royale for three: listed as 1 of 3 seats taken, computers may fill the empty seats", async () => {
    const { pages, errors } = await playerPages(browser, 1);
    const page = pages[0]!;
    await page.setViewportSize({ width: 360, height: 740 });
    await signInBySession(page, server.url, "rhea-challenge@example.com", "Rhea");
    await page.goto(server.url + "/");
    const form = page.locator("form.post-challenge");
    await form.waitFor();
    await page.locator("#post-ruleset").selectOption("royale");
    await page.locator("#post-players").selectOption("3");
    expect(await page.locator("#post-fill option").count()).toBeGreaterThan(1);
    await form.getByRole("button", { name: "Post the challenge" }).click();
    await form.getByRole("status").waitFor();
    const mine = page.locator("section.challenges li", { hasText: "Royale" });
    await expect.poll(() => mine.count()).toBe(1);
    expect(await mine.textContent()).toMatch(/1 of 3 seats taken/);
    await noSideways(page);
    expect(errors).toEqual([]);
  });
});

