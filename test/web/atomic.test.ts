/**
 * The Atomic hand in a real browser against `wrangler dev` (RULES §3): East opens the picker on
 * the first turn, starts from one Atomic line's suggested 13 tiles, swaps one tile, and confirms;
 * rack 1 then shows exactly those 13 tiles, locked, and the opponent sees "Going for the Atomic
 * hand". After a draw, discarding a rack-1 tile puts the drawn tile in its place on rack 1. Then
 * East gives the Atomic hand up and the racks are free again. Screenshots go to test-output/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { closeBrowserTest, createAndAccept, openBrowserTest, playerPages, signInByMail, type Server } from "./harness";

const OUT = new URL("../../test-output/", import.meta.url).pathname;
let server: Server;
let browser: Browser;

beforeAll(async () => void ({ server, browser } = await openBrowserTest({ outDir: OUT })), 240_000);

afterAll(() => closeBrowserTest(server, browser));

const version = (page: Page) => page.evaluate(() => Number(document.querySelector<HTMLElement>(".table")?.dataset.version ?? -1));

async function waitForVersionAbove(page: Page, v: number) {
  await page.waitForFunction((v) => Number(document.querySelector<HTMLElement>(".table")?.dataset.version ?? -1) > v, v, { timeout: 30_000 });
}

const yourTurn = (page: Page) => page.waitForFunction(() => document.querySelector(".table")?.getAttribute("data-turn") === "you", null, { timeout: 30_000 });

/** The tiles' names, in order, as a screen reader reads them (", selected" and notes left off). */
const tileNames = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) => els.map((e) => (e.getAttribute("aria-label") ?? "").split(",")[0]!));

const sorted = (xs: string[]) => [...xs].sort();

/** Draws from the wall and discards the tile just drawn (Bob's turns). */
async function drawAndDiscard(page: Page) {
  await yourTurn(page);
  let v = await version(page);
  await page.locator("section.actions").getByRole("button", { name: "Draw a tile from the wall" }).click();
  await waitForVersionAbove(page, v);
  v = await version(page);
  await page.locator("section.mine button.tile[aria-label*='just drawn']").first().click();
  await page.locator("section.actions").getByRole("button", { name: /^Discard / }).click();
  await waitForVersionAbove(page, v);
}

describe("the Atomic hand at the Siamese table", () => {
  it("East declares it with one tile changed, a rack-1 discard takes the drawn tile in, then East gives it up", async () => {
    const { pages, errors } = await playerPages(browser, 2);
    const [ann, bob] = pages as [Page, Page];
    await signInByMail(ann, server.url, "ann-atomic@example.com", "Ann");
    await signInByMail(bob, server.url, "bob-atomic@example.com", "Bob");

    // A Siamese game with a fixed seed (development only); Bob accepts the invitation.
    await ann.goto(server.url + "/new?seed=web-atomic-seed-1");
    const gameId = await createAndAccept(ann, [bob]);
    await bob.locator(".table").waitFor();
    await ann.goto(`${server.url}/game/${gameId}`);
    await yourTurn(ann);
    await ann.locator(".hint-panel li.hint-line-item").first().waitFor();

    // East's first turn: the picker opens with a suggestion for one Atomic line selected.
    await ann.locator("section.actions").getByRole("button", { name: "Go for the Atomic hand" }).click();
    const picker = ann.getByRole("dialog", { name: "Go for the Atomic hand" });
    await picker.waitFor();
    await picker.getByText("Rack 1 keeps these 13 tiles for the Atomic hand; no tile moves between racks unless you give it up.").waitFor();
    await ann.screenshot({ path: OUT + "atomic-picker-top-390x844.png" });
    const count = picker.locator(".atomic-count");
    expect(await count.textContent()).toBe("13 of 13 chosen");
    const starts = picker.locator(".atomic-start button");
    const lines = await starts.count();
    if (lines > 1) {
      // Each suggestion is named by its line; starting from another one replaces the 13 tiles.
      expect(await starts.allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/^Atomic, line 1 \(75 points/), expect.stringMatching(/^Atomic, line 2 \(75 points/)]));
      const before = await tileNames(ann, ".atomic-rack1 .tile");
      await starts.nth(1).click();
      expect(await starts.nth(1).getAttribute("aria-pressed")).toBe("true");
      expect(await count.textContent()).toBe("13 of 13 chosen");
      expect(await tileNames(ann, ".atomic-rack1 .tile")).not.toEqual(before);
    }
    // The chosen line in tiles, as the hints show it: 14 tiles, the missing ones marked "need".
    const goal = picker.locator(".atomic-goal .hint-line-item");
    expect(await goal.locator(".hint-head").textContent()).toMatch(/^(Complete!|\d+ tiles? away).*Atomic, line \d \(75 points/);
    expect(await goal.locator(".hint-tile").count()).toBe(14);

    // Swap one tile: take the first back (12 chosen, confirm disabled), bring the last of rack 2 in.
    const confirm = picker.getByRole("button", { name: "Confirm these 13 tiles" });
    await picker.locator(".atomic-rack1 .tile").first().click();
    expect(await count.textContent()).toBe("12 of 13 chosen: choose 1 more");
    expect(await confirm.isDisabled()).toBe(true);
    await picker.locator(".atomic-rack2 .tile").last().click();
    expect(await count.textContent()).toBe("13 of 13 chosen");
    await ann.screenshot({ path: OUT + "atomic-picker-390x844.png" });
    await ann.setViewportSize({ width: 360, height: 740 });
    expect(await ann.evaluate(() => document.querySelector(".atomic-picker")!.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await ann.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await ann.setViewportSize({ width: 390, height: 844 });
    const chosen = await tileNames(ann, ".atomic-rack1 .tile");
    expect(chosen).toHaveLength(13);
    let v = await version(ann);
    await confirm.click();
    await waitForVersionAbove(ann, v);

    // Rack 1 is exactly the 13 chosen tiles, locked; no tile can be moved between the racks.
    const rack1 = "section.mine .rack.atomic .concealed .tile";
    expect(await ann.locator(".table").getByText("Atomic hand, locked").count()).toBe(1);
    expect(sorted(await tileNames(ann, rack1))).toEqual(sorted(chosen));
    // The Atomic rack's hints are the Atomic lines, from its tiles.
    const rack1Hints = ann.locator(".hint-panel > div").filter({ has: ann.getByRole("heading", { name: /^Rack 1: the Atomic lines/ }) });
    for (const title of await rack1Hints.locator(".hint-head").allTextContents()) expect(title).toMatch(/Atomic, line \d/);
    // The opponent sees that Ann goes for it, by her rack 1.
    const going = bob.locator(".opponent .opp-rack", { hasText: "Going for the Atomic hand" });
    await going.waitFor();
    await going.scrollIntoViewIfNeeded();
    await bob.screenshot({ path: OUT + "atomic-opponent-1280x800.png" });

    // This turn's discard: a rack-1 tile has nothing to take its place, so only rack 2 discards.
    await ann.locator(rack1).first().click();
    expect(await ann.locator("section.actions").getByRole("button", { name: /^Discard / }).count()).toBe(0);
    await ann.getByText("Rack 1 keeps its 13 tiles", { exact: false }).waitFor();
    expect(await ann.locator("section.actions").getByRole("button", { name: /^Move .*to rack/ }).count()).toBe(0);
    await ann.locator("section.actions").getByRole("button", { name: "Unselect" }).click();
    v = await version(ann);
    await ann.locator("section.mine .rack:not(.atomic) .concealed .tile").last().click();
    expect(await ann.locator("section.actions").getByRole("button", { name: /^Move .*to rack/ }).count()).toBe(0);
    await ann.locator("section.actions").getByRole("button", { name: /^Discard / }).click();
    await waitForVersionAbove(ann, v);

    // West may go for it too on the first turn; Bob looks at the picker on a wide screen and cancels.
    await yourTurn(bob);
    // before drawing there is nothing to discard: the status offers the Atomic hand beside drawing (and claiming)
    expect(await bob.locator(".status > strong").textContent()).toMatch(/^Your turn: draw a tile from the wall, (claim the [^,]+, )?or go for the Atomic hand\.$/);
    await bob.locator("section.actions").getByRole("button", { name: "Go for the Atomic hand" }).click();
    await bob.getByRole("dialog", { name: "Go for the Atomic hand" }).waitFor();
    await bob.screenshot({ path: OUT + "atomic-picker-1280x800.png" });
    await bob.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    expect(await bob.getByRole("dialog").count()).toBe(0);
    await drawAndDiscard(bob);

    // Ann draws: the drawn tile is shown apart, saying where it goes.
    await yourTurn(ann);
    v = await version(ann);
    await ann.locator("section.actions").getByRole("button", { name: "Draw a tile from the wall" }).click();
    await waitForVersionAbove(ann, v);
    const apart = ann.locator(".drawn-apart");
    await apart.getByText("Discard a tile from rack 1 and this one takes its place there; otherwise it goes to rack 2.").waitFor();
    const [drawnName] = await tileNames(ann, ".drawn-apart .tile");
    const rackBefore = await tileNames(ann, rack1);
    expect(rackBefore).toHaveLength(13);
    await ann.screenshot({ path: OUT + "atomic-drawn-390x844.png" });
    await ann.setViewportSize({ width: 360, height: 740 });
    expect(await ann.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await ann.setViewportSize({ width: 390, height: 844 });
    await rack1Hints.scrollIntoViewIfNeeded();
    await ann.screenshot({ path: OUT + "atomic-hints-390x844.png" });

    // Discarding the 3rd tile of rack 1 puts the drawn tile in its place.
    await ann.locator(rack1).nth(2).click();
    const discard = ann.locator("section.actions").getByRole("button", { name: /^Discard / });
    expect(await discard.textContent()).toBe(`Discard ${rackBefore[2]} (the ${drawnName} takes its place on rack 1)`);
    await ann.screenshot({ path: OUT + "atomic-discard-390x844.png" });
    v = await version(ann);
    await discard.click();
    await waitForVersionAbove(ann, v);
    expect(await tileNames(ann, rack1)).toEqual(rackBefore.map((n, i) => (i === 2 ? drawnName! : n)));
    expect(await apart.count()).toBe(0);
    await drawAndDiscard(bob);

    // Ann gives the Atomic hand up: rack 1 is an ordinary rack again, tiles move between racks.
    await yourTurn(ann);
    v = await version(ann);
    await ann.locator("section.actions").getByRole("button", { name: "Give up the Atomic hand" }).click();
    await ann.getByText("Rack 1 then takes tiles again like rack 2", { exact: false }).waitFor();
    await ann.getByRole("button", { name: "Yes, do it" }).click();
    await waitForVersionAbove(ann, v);
    expect(await ann.locator("section.mine .rack.atomic").count()).toBe(0);
    expect(await ann.getByText("Atomic hand, locked").count()).toBe(0);
    expect(await ann.locator("section.actions").getByRole("button", { name: "Go for the Atomic hand" }).count()).toBe(0);
    await ann.locator("section.mine .rack").first().locator(".concealed .tile").first().click();
    await ann.locator("section.actions").getByRole("button", { name: "Move to rack 2" }).waitFor();
    await bob.waitForFunction(() => !document.querySelector(".opponent")?.textContent?.includes("Going for the Atomic hand"), null, { timeout: 30_000 });
    await ann.screenshot({ path: OUT + "atomic-given-up-390x844.png" });

    // The card lists the Atomic lines, each in tiles, with a note on how they are played.
    await ann.goto(server.url + "/card");
    const atomicLines = ann.locator(".card-lines li", { has: ann.locator(".card-line-name", { hasText: /^Atomic, line/ }) });
    await atomicLines.first().waitFor();
    expect(await atomicLines.count()).toBe(2);
    for (const l of await atomicLines.all()) expect(await l.locator(".hint-tile").count()).toBe(14);
    await ann.getByText("Go for an Atomic hand on your first turn", { exact: false }).waitFor();
    expect(errors).toEqual([]);
  });
});
