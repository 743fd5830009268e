/**
 * The American table end to end, in a real browser against `wrangler dev`: four players in four
 * browser contexts sign in by mailed link, one starts an American game with a fixed seed, three
 * accept the invitation, two set their call preferences in the game menu, and they play the game
 * to the end by tapping only what the table offers (Charleston, claim prompts, discards). The New
 * game form offers the claim-window hours and the jokerless ruling; hints come from the service;
 * at the end the deal is verified in the browser and the game replays move by move.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { closeBrowserTest, openBrowserTest, playerPages, signInByMail, type Server } from "./harness";

const OUT = new URL("../../test-output/", import.meta.url).pathname;
let server: Server;
let browser: Browser;

beforeAll(async () => void ({ server, browser } = await openBrowserTest({ outDir: OUT, report: true })), 240_000);

afterAll(() => closeBrowserTest(server, browser));

const tableState = (page: Page) =>
  page.evaluate(() => {
    const t = document.querySelector<HTMLElement>(".am-table");
    return { version: Number(t?.dataset.version ?? -1), phase: t?.dataset.phase ?? "", turn: t?.dataset.turn ?? "", over: !!document.querySelector(".game-over") };
  });

const waitForVersionAbove = async (page: Page, v: number): Promise<void> => {
  await page.waitForFunction((v) => Number(document.querySelector<HTMLElement>(".am-table")?.dataset.version ?? -1) > v || !!document.querySelector(".game-over"), v, { timeout: 30_000 });
};

/** One decision by a player who must act, chosen only from what the table shows. */
async function act(page: Page, log: string[]): Promise<void> {
  const s = await tableState(page);
  const actions = page.locator("section.actions, section.am-charleston-wrap");
  const win = actions.locator("button.win:not([disabled])");
  if (await win.count()) {
    log.push(`win: ${await win.first().textContent()}`);
    await win.first().click();
    await actions.getByRole("button", { name: "Yes, do it" }).click();
    return waitForVersionAbove(page, s.version);
  }
  if (s.phase === "charleston") {
    const stop = actions.getByRole("button", { name: "Stop the Charleston" });
    if (await stop.count()) await stop.click();
    else if (await actions.getByRole("heading", { name: /^Courtesy/ }).count()) await actions.getByRole("button", { name: "Offer 0 tiles across" }).click();
    else {
      const tiles = page.locator("section.mine .concealed button.tile:not(.tone-joker)");
      for (let i = 0; i < 3; i++) await tiles.nth(i).click();
      await actions.getByRole("button", { name: "Pass these 3 tiles" }).click();
    }
    return waitForVersionAbove(page, s.version);
  }
  if (s.phase === "window") {
    await actions.getByRole("button", { name: "Pass (do not call)" }).click();
    return waitForVersionAbove(page, s.version);
  }
  const drawn = page.locator("section.mine .concealed button.tile[aria-label*='just drawn']");
  const tile = (await drawn.count()) ? drawn.first() : page.locator("section.mine .concealed button.tile:not(.tone-joker)").last();
  await tile.click();
  await actions.getByRole("button", { name: /^Discard / }).click();
  await waitForVersionAbove(page, s.version);
}

describe("the web app: American Mah Jongg, four players, four browsers", () => {
  it("four sign in, one starts a seeded game, three accept, preferences are set, and the game is played to the end by tapping", async () => {
    const names = ["Amy", "Ben", "Cal", "Dee"];
    const { pages, errors } = await playerPages(browser, names.length);
    for (const [i, name] of names.entries()) await signInByMail(pages[i]!, server.url, `${name.toLowerCase()}@example.com`, name, "Europe/Paris");
    const [amy] = pages as [Page];
    await amy.goto(server.url + "/new?seed=american-web-0001");
    // Only the options of the chosen rules are offered: the claim window and the jokerless ruling are American (and Chinese) ones.
    await amy.getByLabel("Rules").selectOption("siamese");
    expect(await amy.getByLabel("Time to call a discard").count()).toBe(0);
    await amy.getByLabel("Rules").selectOption("american");
    const windowHours = amy.getByLabel("Time to call a discard");
    expect(await windowHours.inputValue()).toBe("12");
    await windowHours.selectOption("4");
    expect(await amy.getByLabel("Each of the three others pays three times the hand (our ruling)").isChecked()).toBe(true);
    await amy.getByLabel("The discarder pays three times, the others as usual (the literal reading)").check();
    await amy.screenshot({ path: OUT + "american-new-game-390x844.png", fullPage: true });
    await amy.getByRole("button", { name: "Create the game" }).click();
    await amy.getByRole("heading", { name: "Invite a player" }).waitFor();
    const link = await amy.getByLabel("Invitation link").inputValue();
    const gameId = new URL(link).pathname.split("/")[2]!;
    for (const p of pages.slice(1)) {
      await p.goto(link);
      await p.getByRole("button", { name: "Accept and play" }).click();
      await p.waitForURL(new RegExp(`/(game|invite)/${gameId}`));
    }
    for (const p of pages) {
      await p.goto(`${server.url}/game/${gameId}`);
      await p.locator(".am-table").waitFor();
    }
    expect(await pages[1]!.locator(".felt .opponent").count()).toBe(3);
    await pages[1]!.getByRole("heading", { name: /First Charleston, pass right/ }).waitFor();
    const created = await (await pages[1]!.request.get(`${server.url}/api/games/${gameId}`)).json();
    expect(created.options).toMatchObject({ windowHours: 4, jokerlessDiscard: "discarder-3x" });
    // Hints from the service: the closest card lines and the tiles still needed, drawn as tiles.
    const hints = pages[1]!.getByRole("region", { name: "Hints" });
    await expect.poll(() => hints.locator("li").count()).toBe(3);
    expect(await hints.locator("li").first().textContent()).toMatch(/^(\d+ tiles? away|Complete!)·[^·]+, line \d+ \(\d+ points/);
    expect(await hints.locator("li").first().locator(".hint-tile").count()).toBe(14);
    await hints.screenshot({ path: OUT + "american-hints-1280x800.png" });

    // Standing orders from the game menu (in place of the call preferences).
    for (const i of [1, 2, 3]) {
      const p = pages[i]!;
      const only = p.getByRole("radio", { name: /Only for Mah Jongg/ });
      await p.locator("details.game-menu summary").click();
      // Orders are the player's own: the service keeps them without moving the game's version on.
      await only.click();
      // Made (over the page's socket, or posted): the player's own view carries them.
      await expect
        .poll(async () => ((await p.request.get(`${server.url}/api/games/${gameId}`)).json() as Promise<{ view: { orders?: { claims?: string } } }>).then((g) => g.view.orders?.claims))
        .toBe("mahjong-only");
      await expect.poll(() => only.isChecked()).toBe(true);
    }
    await amy.screenshot({ path: OUT + "american-charleston-390x844.png", fullPage: true });

    const log: string[] = [];
    let shot = false;
    for (let steps = 0; ; steps++) {
      expect(steps, "the game should end within 600 decisions").toBeLessThan(600);
      const states = await Promise.all(pages.map(tableState));
      if (states.every((s) => s.over)) break;
      const i = states.findIndex((s) => s.turn === "you" && !s.over);
      if (i < 0) {
        await Promise.race(pages.map((p) => p.waitForFunction(() => document.querySelector(".am-table")?.getAttribute("data-turn") === "you" || !!document.querySelector(".game-over"), null, { timeout: 30_000 })));
        continue;
      }
      if (!shot && states[i]!.phase === "window" && i === 0) {
        shot = true;
        await amy.screenshot({ path: OUT + "american-claim-390x844.png", fullPage: true });
        await pages[1]!.screenshot({ path: OUT + "american-table-1280x800.png" });
        await amy.setViewportSize({ width: 390, height: 844 });
        await amy.screenshot({ path: OUT + "american-claim-viewport-390x844.png" });
      }
      try {
        await act(pages[i]!, log);
      } catch (e) {
        for (const [k, p] of pages.entries()) await p.screenshot({ path: `${OUT}american-failure-${k}.png`, fullPage: true });
        throw e;
      }
    }
    for (const p of pages) {
      await p.getByRole("heading", { name: "Game over" }).waitFor();
      await expect.poll(() => p.locator(".scores .total").count()).toBe(4);
    }
    await amy.screenshot({ path: OUT + "american-game-over-390x844.png", fullPage: true });
    const ben = pages[1]!;
    await ben.screenshot({ path: OUT + "american-game-over-1280x800.png", fullPage: true });

    // The deal is checked in the browser: the seed against the fingerprint, every move replayed by the engine.
    await ben.getByRole("button", { name: "Verify this deal" }).click();
    await expect.poll(() => ben.locator(".verify [role=status]").textContent()).toMatch(/^Checked: the seed matches the fingerprint published at the start, and all \d+ moves replay to the same result\.$/);

    // The replay: every hand laid open, move by move.
    await ben.getByRole("link", { name: "Replay this game" }).click();
    await ben.getByRole("heading", { name: "Replay" }).waitFor();
    const step = ben.locator(".replay-step");
    await expect.poll(() => step.textContent()).toMatch(/^Move 0 of \d+: The deal$/);
    await ben.locator(".am-replay .hands").first().waitFor(); // the frame's code loads on demand
    const dealt = await ben.locator(".am-replay .hands").evaluateAll((els) => els.map((e) => e.querySelectorAll(".tile").length));
    expect(dealt).toEqual([14, 13, 13, 13]);
    await ben.getByRole("button", { name: "Next ▶" }).click();
    await expect.poll(() => step.textContent()).toMatch(/^Move 1 of \d+: /);
    await ben.getByRole("button", { name: "Last" }).click();
    const [, at, of] = /Move (\d+) of (\d+)/.exec((await step.textContent())!)!;
    expect(at).toBe(of);
    await ben.screenshot({ path: OUT + "american-replay-1280x800.png", fullPage: true });
    console.log(`american browser game: ${log.length ? log.join("; ") : "no Mah Jongg (wall game)"}`);
    expect(errors).toEqual([]);
  }, 900_000);
});
