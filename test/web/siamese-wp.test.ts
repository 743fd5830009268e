/**
 * Wright-Patterson Siamese in the browser: two players sign in, one starts a siamese-wp match of
 * one game with a fixed seed (development only) from the New Game form, the other accepts, and they
 * play it to the end by tapping only what the table offers, on a 390×844 phone and a desktop. The
 * hand list viewer opens, flowers and seat winds are shown, nothing sticks out sideways, the
 * game-over sheet lists every payment and the game replays. Screenshots go to test-output/.
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

async function waitForVersionAbove(page: Page, v: number) {
  await page.waitForFunction((v) => Number(document.querySelector<HTMLElement>(".table")?.dataset.version ?? -1) > v || !!document.querySelector(".game-over"), v, { timeout: 60_000 });
}

/** One decision: Mah Jongg (or the chow that makes it) when offered, else draw, else discard the tile just drawn. */
async function act(page: Page): Promise<string> {
  const s = await tableState(page);
  const actions = page.locator("section.actions");
  const win = actions.locator("button:not([disabled])", { hasText: /Mah Jongg/ });
  if (await win.count()) {
    const text = (await win.first().textContent()) ?? "";
    await win.first().click();
    await page.getByRole("button", { name: "Yes, do it" }).click();
    await waitForVersionAbove(page, s.version);
    return text;
  }
  if (s.phase === "draw") {
    await actions.getByRole("button", { name: "Draw a tile from the wall" }).click();
    await waitForVersionAbove(page, s.version);
    return "draw";
  }
  const drawn = page.locator("section.mine .concealed button.tile[aria-label*='just drawn']");
  const tile = (await drawn.count()) ? drawn.first() : page.locator("section.mine .concealed button.tile").last();
  await tile.click();
  await actions.getByRole("button", { name: /^Discard / }).click();
  await waitForVersionAbove(page, s.version);
  return "discard";
}

describe("siamese-wp in the browser", () => {
  it("two players start a Wright-Patterson match, play it to the end by tapping, see the hand list, the payments and the replay", async () => {
    const { pages, errors } = await playerPages(browser, 2);
    const [ann, bob] = pages as [Page, Page];
    await signInByMail(ann, server.url, "ann.wp@example.com", "Ann");
    await signInByMail(bob, server.url, "bob.wp@example.com", "Bob");

    await ann.goto(server.url + "/new?seed=web-wp-seed-0001");
    await ann.getByLabel("Rules").selectOption("siamese-wp");
    await ann.getByLabel("Games in the match").selectOption("1");
    await ann.screenshot({ path: OUT + "wp-new-game-390x844.png", fullPage: true });
    await ann.getByRole("button", { name: "Create the game" }).click();
    await ann.getByRole("heading", { name: "Invite a player" }).waitFor();
    const link = await ann.getByLabel("Invitation link").inputValue();
    const gameId = new URL(link).pathname.split("/")[2]!;
    await bob.goto(link);
    await bob.getByRole("button", { name: "Accept and play" }).click();
    await bob.waitForURL(new RegExp(`/game/${gameId}$`));
    await bob.locator(".table").waitFor();
    await ann.goto(server.url + `/game/${gameId}`);
    await ann.locator(".table").waitFor();

    // The match line, the flowers laid out with each player's rack winds, the hints from the service.
    await ann.getByTestId("wp-match").waitFor();
    expect(await ann.getByTestId("wp-match").textContent()).toMatch(/Game 1 of 1/);
    expect(await ann.locator(".wp-flowers").textContent()).toMatch(/East and South/);
    expect(await ann.locator(".hints li").count()).toBeGreaterThan(0);
    // The hand list viewer.
    await ann.getByRole("button", { name: "See the hand list" }).click();
    await ann.locator(".wp-hand").first().waitFor();
    expect(await ann.locator(".wp-hand").count()).toBeGreaterThanOrEqual(13);
    await ann.screenshot({ path: OUT + "wp-hand-list-390x844.png", fullPage: true });
    expect(await ann.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await ann.getByRole("button", { name: "Hide the hand list" }).click();

    const log: string[] = [];
    let shot = false;
    for (let step = 0, polls = 0; ; polls++) {
      expect(step).toBeLessThan(600);
      expect(polls).toBeLessThan(3000);
      const [a, b] = await Promise.all([tableState(ann), tableState(bob)]);
      if (a.over && b.over) break;
      const page = a.turn === "you" && !a.over ? ann : b.turn === "you" && !b.over ? bob : null;
      if (!page) {
        await Promise.race([ann, bob].map((p) => p.waitForFunction(() => document.querySelector(".table")?.getAttribute("data-turn") === "you" || !!document.querySelector(".game-over"), null, { timeout: 30_000 })));
        continue;
      }
      if (!shot && step >= 8 && page === ann) {
        shot = true;
        await ann.evaluate(() => scrollTo(0, 0));
        await ann.screenshot({ path: OUT + "wp-table-390x844.png" });
        await ann.screenshot({ path: OUT + "wp-table-390x844-full.png", fullPage: true });
        expect(await ann.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await bob.screenshot({ path: OUT + "wp-table-1280x800.png" });
      }
      log.push(await act(page));
      step++;
    }

    // The game-over sheet: every payment, in words.
    for (const p of [ann, bob]) await p.getByRole("heading", { name: "Game over" }).waitFor();
    const sheet = (await ann.locator(".scores").textContent()) ?? "";
    expect(sheet).toMatch(/Mah Jongg|Wall game|Both hands dead/);
    await ann.screenshot({ path: OUT + "wp-game-over-390x844.png", fullPage: true });
    expect(await ann.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Replay, re-played by the engine in the browser.
    await bob.getByRole("link", { name: "Replay this game" }).click();
    await bob.getByRole("heading", { name: "Replay" }).waitFor();
    for (let i = 0; i < 3; i++) await bob.getByRole("button", { name: "Next ▶" }).click();
    expect(await bob.locator(".replay-step").textContent()).toMatch(/^Move 3 of \d+: /);
    await bob.getByRole("button", { name: "Last" }).click();
    const [, at, of] = /Move (\d+) of (\d+)/.exec((await bob.locator(".replay-step").textContent())!)!;
    expect(at).toBe(of);
    await bob.screenshot({ path: OUT + "wp-replay-1280x800.png" });
    expect(errors).toEqual([]);
  }, 900_000);
});
