/**
 * A club's own card in a real browser against `wrangler dev`: an organiser on a phone types a card
 * with a mistake, sees the mistake on its line in plain words, fixes it, saves it, starts a
 * Siamese game with it (the card picker), and plays a few moves; the game's card viewer shows the
 * club's card on the phone. Screenshots go to test-output/.
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
const waitForVersionAbove = (page: Page, v: number) =>
  page.waitForFunction((v) => Number(document.querySelector<HTMLElement>(".table")?.dataset.version ?? -1) > v, v, { timeout: 30_000 });
const yourTurn = (page: Page) => page.waitForFunction(() => document.querySelector(".table")?.getAttribute("data-turn") === "you", null, { timeout: 30_000 });

/** One turn: draw from the wall when that is the move, then discard (the tile just drawn, or the first tile). */
async function drawAndDiscard(page: Page) {
  await yourTurn(page);
  let v = await version(page);
  const draw = page.locator("section.actions").getByRole("button", { name: "Draw a tile from the wall" });
  if (await draw.count()) {
    await draw.click();
    await waitForVersionAbove(page, v);
    v = await version(page);
  }
  const drawn = page.locator("section.mine button.tile[aria-label*='just drawn']");
  await ((await drawn.count()) ? drawn.first() : page.locator("section.mine button.tile").first()).click();
  await page.locator("section.actions").getByRole("button", { name: /^Discard / }).click();
  await waitForVersionAbove(page, v);
}

const GOOD = [
  "Club Winds | NNNN EEE WWW SSSS | 25 | X | all four winds",
  "Club Evens | FF 2222a 44a 6666b 88b | 25 | X | any two suits",
  " | 2468a 2468b 2468c FF | 75 | C",
  "Club Quints | NNNNN 77777a 0000 | 40 | X",
];

describe("a club types its own card and plays with it", () => {
  it("the mistake shows on its line, the fixed card is saved and played, and its viewer works on a phone", async () => {
    const { pages, errors } = await playerPages(browser, 2);
    const [ann, bob] = pages as [Page, Page];
    await signInByMail(ann, server.url, "ann-cards@example.com", "Ann");
    await signInByMail(bob, server.url, "bob-cards@example.com", "Bob");

    // From the lobby to the editor.
    await ann.getByRole("link", { name: "Cards", exact: true }).click();
    await ann.getByRole("heading", { name: "Your cards" }).waitFor();
    await ann.getByRole("link", { name: "New card" }).click();
    await ann.getByLabel("Name of the card").fill("Tuesday club card 2027");
    // Line 2 is typed with a pung where the card has a kong: 13 tiles.
    const typo = [GOOD[0], GOOD[1]!.replace("6666b", "666b"), ...GOOD.slice(2)].join("\n");
    await ann.getByLabel(/^Hands, one per line/).fill(typo);
    const bad = ann.locator(".editor-line.bad");
    await expect.poll(() => bad.count(), { timeout: 30_000 }).toBe(1);
    expect(await bad.getAttribute("data-line")).toBe("2");
    expect(await bad.locator(".error").innerText()).toBe(
      "line 2: has 13 tiles, a hand needs 14: FF is a pair, 2222a is a kong, 44a is a pair, 666b is a pung, 88b is a pair",
    );
    // The good lines are previewed in tiles with their value and C/X.
    expect(await ann.locator(".editor-line.good").count()).toBe(3);
    expect(await ann.locator('.editor-line.good[data-line="3"] .card-xc').innerText()).toBe("C");
    expect(await ann.locator('.editor-line.good[data-line="3"] .card-value').innerText()).toBe("75 points");
    expect(await ann.locator('.editor-line.good[data-line="1"] .hint-tiles .tile, .editor-line.good[data-line="1"] [class*="tile"]').count()).toBeGreaterThan(0);
    expect(await ann.getByRole("button", { name: "Save the card" }).isDisabled()).toBe(true);
    // and says why, beside the button
    expect(await ann.locator("#save-why").innerText()).toBe("Put right the line marked in red to save the card.");
    await ann.screenshot({ path: OUT + "cards-editor-mistake-phone.png", fullPage: true });

    // Fix it: the error goes, the card can be saved.
    await ann.getByLabel(/^Hands, one per line/).fill(GOOD.join("\n"));
    await expect.poll(() => bad.count(), { timeout: 30_000 }).toBe(0);
    await ann.getByRole("button", { name: "Save the card" }).click();
    await ann.waitForURL(/\/cards\/[A-Za-z0-9_-]{10,}\?saved=1$/);
    await ann.getByRole("heading", { name: "Edit Tuesday club card 2027" }).waitFor();
    await ann.getByText("Saved. Your card is stored under its name in Your cards.").waitFor();
    await ann.screenshot({ path: OUT + "cards-editor-saved-phone.png", fullPage: true });

    // A Siamese game with that card (fixed seed, development only); Bob accepts.
    await ann.goto(server.url + "/new?seed=web-cards-seed-1");
    const picker = ann.locator("select#card");
    await expect.poll(() => picker.locator("option").count(), { timeout: 30_000 }).toBe(2);
    await picker.selectOption({ label: "Tuesday club card 2027 (your card, 4 hands)" });
    const gameId = await createAndAccept(ann, [bob]);

    // A few moves at the Siamese table.
    await ann.goto(server.url + `/game/${gameId}`);
    await drawAndDiscard(ann);
    await drawAndDiscard(bob);
    await drawAndDiscard(ann);
    // The hints measure against the club's card.
    const hints = ann.locator("section.hints");
    await expect.poll(() => hints.innerText(), { timeout: 30_000 }).toMatch(/Club (Winds|Evens|Quints)/);
    expect(await hints.innerText()).not.toMatch(/Like Numbers|Winds & Dragons/);

    // The game's card viewer, on the phone.
    await ann.getByRole("link", { name: "See the card" }).click();
    await ann.waitForURL(/\/card\?game=/);
    await ann.getByRole("heading", { name: "Tuesday club card 2027" }).waitFor();
    expect(await ann.locator(".card-viewer h2").allInnerTexts()).toEqual(["Club Winds", "Club Evens", "Club Quints"]);
    expect(await ann.locator(".card-lines li").count()).toBe(4);
    const wide = await ann.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
    expect(wide).toBe(true);
    await ann.screenshot({ path: OUT + "cards-viewer-game-phone.png", fullPage: true });

    // An open challenge with the club's card: Bob sees which card in the lobby (its name only).
    await ann.goto(server.url + "/");
    const form = ann.locator("form.post-challenge");
    await form.locator("select#post-ruleset").selectOption("siamese");
    const challengeCard = form.locator("select#post-card");
    await expect.poll(() => challengeCard.locator("option").count(), { timeout: 30_000 }).toBe(2);
    await challengeCard.selectOption({ label: "Tuesday club card 2027 (your card, 4 hands)" });
    await form.getByRole("button", { name: "Post the challenge" }).click();
    await form.getByText(/^Posted\./).waitFor();
    await form.locator("select#post-ruleset").selectOption("chinese-ming");
    expect(await form.locator("select#post-card").count()).toBe(0); // Chinese is not played from a card
    await bob.goto(server.url + "/");
    await bob.getByText("card: Tuesday club card 2027").waitFor();
    expect(errors).toEqual([]);
  }, 300_000);
});
