/**
 * A newcomer with nobody to play with: signs in, taps "Practise against the computer" in the
 * lobby, and plays a few turns of Siamese on a phone while the computer answers each one from
 * the game's alarm (its real delay of a few seconds). Screenshots go to test-output/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { closeBrowserTest, openBrowserTest, playerPages, signInByMail, type Server } from "./harness";

const OUT = new URL("../../test-output/", import.meta.url).pathname;
let server: Server;
let browser: Browser;

beforeAll(async () => void ({ server, browser } = await openBrowserTest({ outDir: OUT })), 240_000);
afterAll(() => closeBrowserTest(server, browser));

const tableState = (page: Page) =>
  page.evaluate(() => {
    const t = document.querySelector<HTMLElement>(".table");
    return { version: Number(t?.dataset.version ?? -1), phase: t?.dataset.phase ?? "", turn: t?.dataset.turn ?? "", over: !!document.querySelector(".game-over") };
  });

/** Waits until it is the player's turn again (or the game is over). */
const myTurn = (page: Page) =>
  page.waitForFunction(() => document.querySelector(".table")?.getAttribute("data-turn") === "you" || !!document.querySelector(".game-over"), null, { timeout: 60_000 });

describe("practice against the computer", () => {
  it("a newcomer starts a Siamese game against an easy computer from the lobby and plays while the computer answers", async () => {
    const { pages, errors } = await playerPages(browser, 1);
    const page = pages[0]!;
    await signInByMail(page, server.url, "newcomer@example.com", "Nell");

    await page.getByRole("heading", { name: "Practise against the computer" }).waitFor();
    await page.getByRole("button", { name: "Easy" }).click();
    expect(await page.getByRole("button", { name: "Easy" }).getAttribute("aria-pressed")).toBe("true");
    await page.screenshot({ path: OUT + "lobby-practice-390x844.png", fullPage: true });
    // The lobby fits the phone: nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole("button", { name: "Play Siamese against the computer" }).click();
    await page.waitForURL(/\/game\/[^/]+$/);
    await page.locator(".table").waitFor();
    await page.getByText("Computer (easy)").first().waitFor();

    const gameId = new URL(page.url()).pathname.split("/")[2]!;
    const computerMoves = async () => {
      const record = await (await page.request.get(`${server.url}/api/games/${gameId}`)).json();
      return record.events.filter((e: { event: { seat: number | null } }) => e.event.seat === 1).length;
    };

    let turns = 0;
    while (turns < 3) {
      await myTurn(page);
      const s = await tableState(page);
      if (s.over) break;
      const actions = page.locator("section.actions");
      if (s.phase === "draw") {
        await actions.getByRole("button", { name: "Draw a tile from the wall" }).click();
        await page.waitForFunction((v) => Number(document.querySelector<HTMLElement>(".table")?.dataset.version ?? -1) > v, s.version);
        continue;
      }
      const before = await computerMoves();
      const drawn = page.locator("section.mine .concealed button.tile[aria-label*='just drawn']");
      const tile = (await drawn.count()) ? drawn.first() : page.locator("section.mine .concealed button.tile:not(.tone-joker)").last();
      await tile.click();
      await actions.getByRole("button", { name: /^Discard / }).click();
      turns++;
      // The computer answers by itself (draw and discard) and the turn comes back to the player.
      await page.waitForFunction((v) => Number(document.querySelector<HTMLElement>(".table")?.dataset.version ?? -1) > v + 1 || !!document.querySelector(".game-over"), s.version, { timeout: 60_000 });
      await myTurn(page);
      expect(await computerMoves()).toBeGreaterThan(before);
    }
    expect(turns).toBe(3);
    await page.evaluate(() => scrollTo(0, 0));
    await page.screenshot({ path: OUT + "practice-table-390x844.png" });
    expect(errors).toEqual([]);
  });
});
