/**
 * Wright-Patterson Siamese in the browser: two players sign in, one starts a siamese-wp match of
 * one game with a fixed seed (development only) from the New Game form, the other accepts, and they
 * play it to the end by tapping only what the table offers, on a 360×740 phone and a desktop. Every
 * tile is named in the Wright-Patterson set's words (Bamboo, Characters, Circles, Flowers and
 * Seasons), never the American set's; each seat's flowers and its racks' winds are shown beside its
 * racks; the hand list viewer opens (and the card viewer shows the list), nothing sticks out
 * sideways, the game-over sheet lists every payment of the result and the game replays in the
 * same words. Screenshots go to test-output/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { closeBrowserTest, createAndAccept, openBrowserTest, playerPages, signInByMail, type Server } from "./harness";

const OUT = new URL("../../test-output/", import.meta.url).pathname;
let server: Server;
let browser: Browser;

beforeAll(async () => void ({ server, browser } = await openBrowserTest({ outDir: OUT })), 240_000);
afterAll(() => closeBrowserTest(server, browser));

// A tile as the Wright-Patterson table names it, and the American set's words it must never use.
const WP_TILE = /^(\d (Bamboo|Characters|Circles)|North|East|West|South|Red dragon|Green dragon|White dragon|(Flower|Season) [1-4] \((red|blue)\))(,|$)/;
const AMERICAN = /\b(Bams?|Craks?|Dots?|Soap)\b/;
const FLOWER = /^(Flower [1-4] \(red\)|Season [1-4] \(blue\)), laid out$/;

const tileLabels = (page: Page, selector: string) => page.locator(selector).evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") ?? ""));

/** Every tile under `selector` is named in the Wright-Patterson words; returns how many there are. */
async function expectWpTiles(page: Page, selector: string): Promise<number> {
  const labels = await tileLabels(page, selector);
  for (const l of labels) expect(l).toMatch(WP_TILE);
  expect(labels.join(" ")).not.toMatch(AMERICAN);
  return labels.length;
}

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
  const button = actions.getByRole("button", { name: /^Discard / });
  const text = (await button.textContent()) ?? "";
  await button.click();
  await waitForVersionAbove(page, s.version);
  return text;
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
    const gameId = await createAndAccept(ann, [bob]);
    await bob.locator(".table").waitFor();
    await ann.goto(server.url + `/game/${gameId}`);
    await ann.locator(".table").waitFor();

    // The match line, the flowers laid out with each player's rack winds, the hints from the service.
    await ann.getByTestId("wp-match").waitFor();
    expect(await ann.getByTestId("wp-match").textContent()).toMatch(/Game 1 of 1/);
    // The hints load after the tiles are drawn (issue 41): they come, a moment after the table.
    await ann.locator(".hints li").first().waitFor();
    expect(await ann.locator(".hints li").count()).toBeGreaterThan(0);

    // On the narrowest phone we support: every tile in the Wright-Patterson words, each seat's flowers
    // beside its own racks (yours above your two racks, the opponent's in their place on the felt),
    // each rack named with its seat wind (§5: the dealer's East and South, the other's West and North).
    await ann.setViewportSize({ width: 360, height: 740 });
    expect(await expectWpTiles(ann, "section.mine .concealed .tile")).toBeGreaterThanOrEqual(27);
    await expectWpTiles(ann, ".table .tile");
    const winds = [...(await ann.locator("section.mine .rack h3 .rack-note").allTextContents()), (await ann.locator(".opponent .opp-wind").textContent()) ?? ""].join(" | ");
    expect(winds).toMatch(/^ · East wind \|  · South wind \| West and North$|^ · West wind \|  · North wind \| East and South$/);
    const mineFlowers = ann.getByRole("group", { name: "Your flowers" });
    const theirFlowers = ann.getByRole("group", { name: "Bob's flowers" });
    expect(await ann.locator("section.mine").getByRole("group", { name: "Your flowers" }).count()).toBe(1);
    expect(await ann.locator(".opponent").getByRole("group", { name: "Bob's flowers" }).count()).toBe(1);
    expect(await ann.locator(".wp-flowers").count()).toBe(2); // no separate strip
    const flowerNames = [...(await tileLabels(ann, "section.mine .wp-flowers .tile")), ...(await tileLabels(ann, ".opponent .wp-flowers .tile"))];
    for (const f of flowerNames) expect(f).toMatch(FLOWER);
    // Your flowers sit right above rack 1, inside the screen's width.
    const [fBox, rackBox] = [await mineFlowers.boundingBox(), await ann.locator("section.mine .rack h3").first().boundingBox()];
    expect(fBox!.x).toBeGreaterThanOrEqual(0);
    expect(fBox!.x + fBox!.width).toBeLessThanOrEqual(360);
    expect(fBox!.y + fBox!.height).toBeLessThanOrEqual(rackBox!.y + 1);
    expect((await theirFlowers.boundingBox())!.x + (await theirFlowers.boundingBox())!.width).toBeLessThanOrEqual(360);
    expect(await ann.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // The hints say the tiles that would help in words, not in notation.
    const hintText = (await ann.locator(".hints").textContent()) ?? "";
    expect(hintText).not.toMatch(/\b\d[BCD]\b/);
    expect(hintText).not.toMatch(AMERICAN);
    await ann.evaluate(() => scrollTo(0, 0));
    await ann.screenshot({ path: OUT + "wp-table-360x740.png" });
    await mineFlowers.scrollIntoViewIfNeeded();
    await ann.screenshot({ path: OUT + "wp-flowers-360x740.png" });
    await ann.screenshot({ path: OUT + "wp-table-360x740-full.png", fullPage: true });
    // The hand list viewer.
    await ann.getByRole("button", { name: "See the hand list" }).click();
    await ann.locator(".wp-hand").first().waitFor();
    expect(await ann.locator(".wp-hand").count()).toBeGreaterThanOrEqual(13);
    await expectWpTiles(ann, ".wp-hand .tile");
    await ann.screenshot({ path: OUT + "wp-hand-list-360x740.png", fullPage: true });
    expect(await ann.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
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
        await ann.screenshot({ path: OUT + "wp-table-360x740-later.png" });
        expect(await ann.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        await bob.screenshot({ path: OUT + "wp-table-1280x800.png" });
        // The discards, exposures and the move list in the same words.
        await expectWpTiles(ann, ".table .tile");
        await expectWpTiles(bob, ".table .tile");
        const moves = (await ann.locator(".moves").textContent()) ?? "";
        expect(moves).toMatch(/discarded \d (Bamboo|Characters|Circles)|discarded (North|East|West|South|Red dragon|Green dragon|White dragon)/);
        expect(moves).not.toMatch(AMERICAN);
        expect(moves).not.toMatch(/flower \d (red|green)/);
      }
      log.push(await act(page));
      step++;
    }

    // Every discard button named the tile in the Wright-Patterson words ("Discard 5 Characters").
    const discards = log.filter((l) => l.startsWith("Discard "));
    expect(discards.length).toBeGreaterThan(0);
    for (const d of discards) expect(d.slice("Discard ".length)).toMatch(WP_TILE);

    // The game-over sheet: every payment, in words.
    for (const p of [ann, bob]) await p.getByRole("heading", { name: "Game over" }).waitFor();
    const sheet = (await ann.locator(".scores").textContent()) ?? "";
    expect(sheet).toMatch(/Mah Jongg|Wall game|Both hands dead/);
    // Each line of the result (Bouquet, limits, offsets, pot: whatever this match paid) is a row of the sheet, with its points.
    const result = (await (await ann.request.get(`${server.url}/api/games/${gameId}`)).json()).result as { lines: { seat: number; points: number; detail: string }[]; totals: number[] };
    const rows = await ann.locator(".scores tbody tr:not(.total)").evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent ?? "")));
    expect(rows.length).toBe(result.lines.length);
    result.lines.forEach((l, i) => {
      expect(rows[i]![1]).toBe(l.detail);
      expect(rows[i]![2]).toBe(l.points > 0 ? `+${l.points}` : String(l.points));
    });
    expect(result.lines.some((l) => /Limit|pot|Bouquet/.test(l.detail))).toBe(true);
    expect(result.totals[0]! + result.totals[1]!).toBe(0);
    await expectWpTiles(ann, ".game-over .tile");
    // Why it ended in this edition's words, and each player's flowers with their hands.
    expect(await ann.locator(".game-over > p").first().textContent()).toMatch(/^(The game is over\. Only declared Mah Jonggs are paid\.|The wall was used up|A player's two hands were both dead|The match is over)/);
    expect(await ann.locator(".game-over").getByRole("group", { name: "Your flowers" }).count()).toBe(1);
    expect(await ann.locator(".game-over").getByRole("group", { name: "Bob's flowers" }).count()).toBe(1);
    await ann.screenshot({ path: OUT + "wp-game-over-360x740.png", fullPage: true });
    expect(await ann.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Replay, re-played by the engine in the browser.
    await bob.getByRole("link", { name: "Replay this game" }).click();
    await bob.getByRole("heading", { name: "Replay" }).waitFor();
    for (let i = 0; i < 3; i++) await bob.getByRole("button", { name: "Next ▶" }).click();
    expect(await bob.locator(".replay-step").textContent()).toMatch(/^Move 3 of \d+: /);
    await bob.getByRole("button", { name: "Last" }).click();
    const [, at, of] = /Move (\d+) of (\d+)/.exec((await bob.locator(".replay-step").textContent())!)!;
    expect(at).toBe(of);
    await bob.screenshot({ path: OUT + "wp-replay-1280x800.png" });
    await expectWpTiles(bob, ".replay-rack .tile, .replay-pool .tile");
    expect(await bob.getByRole("group", { name: "Your flowers" }).count()).toBe(1);
    expect(await bob.getByRole("group", { name: "Ann's flowers" }).count()).toBe(1);

    // The card viewer offers the hand list: every hand with its limit, the ordinary hand too.
    await ann.goto(server.url + "/card");
    await ann.getByLabel("Rules").selectOption("siamese-wp");
    await ann.getByRole("heading", { name: "The Wright-Patterson hand list" }).waitFor();
    await ann.locator(".wp-hand").first().waitFor();
    const hands = await ann.locator(".wp-hand h4").allTextContents();
    expect(hands.length).toBeGreaterThanOrEqual(13);
    for (const h of hands) expect(h).toMatch(/— (Single|Double|Triple) Limit \((25|50|75)\)/);
    expect(hands.some((h) => /^Four Sets and a Pair — Single Limit \(25\)/.test(h))).toBe(true);
    await expectWpTiles(ann, ".wp-hand .tile");
    expect(await ann.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await ann.screenshot({ path: OUT + "wp-card-viewer-360x740.png", fullPage: true });
    expect(new URL(ann.url()).search).toBe("?ruleset=siamese-wp");
    // The Wright-Patterson rules page shows it after the rules.
    await ann.goto(server.url + "/rules/siamese-wp");
    await ann.getByRole("heading", { name: "The Wright-Patterson hand list" }).waitFor();
    // The list itself is loaded when the page is drawn: wait for its last hand, then count.
    await ann.locator(".wp-hand").nth(hands.length - 1).waitFor();
    expect(await ann.locator(".wp-hand").count()).toBe(hands.length);
    expect(errors).toEqual([]);
  }, 900_000);
});
