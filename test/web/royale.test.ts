/**
 * Royale in a real browser on a phone (390×844): two players start a Royale game from the new-game
 * form (fixed seed: development only), play a few turns by tapping what the table offers with four
 * racks folded to one line each (the one touched opens), nothing sticks out sideways; then nobody
 * plays until the game is abandoned, and the replay shows it move by move. With three players on a
 * 360×740 phone: a claim window answered by both others, its words in the move list, a few turns,
 * then the replay with all three players' racks, concealed tiles and discards, the window step by
 * step. With three and four players the others' boxes on the felt fit whole, with no scroll.
 * Screenshots go to test-output/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { APIRequestContext, Browser, Page } from "playwright-core";
import { apiPost, closeBrowserTest, createAndAccept, createAndJoin, openBrowserTest, playerPages, signInBySession, type Server } from "./harness";

const OUT = new URL("../../test-output/", import.meta.url).pathname;
let server: Server;
let browser: Browser;

beforeAll(async () => void ({ server, browser } = await openBrowserTest({ outDir: OUT })), 240_000);
afterAll(() => closeBrowserTest(server, browser));

const post = (r: APIRequestContext, path: string, data: unknown) => apiPost(r, server.url, path, data);
const get = async (r: APIRequestContext, path: string) => (await r.get(server.url + path)).json();

const version = (page: Page) => page.evaluate(() => Number(document.querySelector<HTMLElement>(".table")?.dataset.version ?? -1));
const myTurn = (page: Page) => page.evaluate(() => document.querySelector<HTMLElement>(".table")?.dataset.turn === "you");
const phase = (page: Page) => page.evaluate(() => document.querySelector<HTMLElement>(".table")?.dataset.phase ?? "");

async function waitForVersionAbove(page: Page, v: number) {
  await page.waitForFunction((v) => Number(document.querySelector<HTMLElement>(".table")?.dataset.version ?? -1) > v || !!document.querySelector(".game-over"), v, { timeout: 60_000 });
}

/** Nobody plays: the game's clock jumps `hours` at a time (at most `times` times), each jump moving the game on, until it ends. */
async function timeOutToTheEnd(r: APIRequestContext, gameId: string, hours: number, times: number) {
  for (let n = 0; n < times; n++) {
    const before = await get(r, `/api/games/${gameId}`);
    if (before.status === "ended") break;
    expect((await post(r, `/api/dev/games/${gameId}/clock`, { advanceMs: hours * 3600 * 1000 })).status).toBe(200);
    await expect.poll(async () => (await get(r, `/api/games/${gameId}`)).version, { timeout: 30_000 }).toBeGreaterThan(before.version);
  }
  expect((await get(r, `/api/games/${gameId}`)).status).toBe("ended");
}

/** One decision by the player whose turn it is: draw, or tap a tile of the open rack and discard it. */
async function act(page: Page) {
  const v = await version(page);
  const actions = page.locator("section.actions");
  if ((await phase(page)) === "draw") {
    await actions.getByRole("button", { name: "Draw a tile from the wall" }).click();
    return waitForVersionAbove(page, v);
  }
  const tile = page.locator("section.mine .concealed button.tile:not(.tone-joker)").last();
  await tile.click();
  await actions.getByRole("button", { name: /^Discard / }).click();
  await waitForVersionAbove(page, v);
}

/**
 * The opponents' boxes on the felt, as drawn without scrolling the felt: every box wholly inside the
 * felt's visible part and every line of text inside its box, none cut or needing a scroll. Returns what does not fit.
 */
const feltMisfits = (page: Page, onlyEmpty = false) =>
  page.evaluate((onlyEmpty) => {
    const out: string[] = [];
    for (const felt of document.querySelectorAll<HTMLElement>(".felt")) {
      const f = felt.getBoundingClientRect();
      const bottom = f.top + felt.clientTop + felt.clientHeight;
      if (felt.scrollTop > 0) out.push(`felt scrolled by ${felt.scrollTop}`);
      // the "more below" label pinned to the felt's bottom right corner must not cover a line either
      const cue = getComputedStyle(felt, "::after");
      const more = felt.hasAttribute("data-more-below") ? { left: f.right - (parseFloat(cue.width) || 110) - 8, top: bottom - (parseFloat(cue.height) || 20) } : null;
      for (const box of felt.querySelectorAll<HTMLElement>(".opponent")) {
        if (onlyEmpty && box.querySelector(".tile")) continue;
        const b = box.getBoundingClientRect();
        const name = box.getAttribute("aria-label");
        if (b.bottom > bottom + 1 || b.top < f.top - 1) out.push(`${name}: box ${b.top}–${b.bottom} outside the felt's ${f.top}–${bottom}`);
        for (const el of box.querySelectorAll<HTMLElement>(".opp-none, .no-discards, .opp-head > *")) {
          if (!el.getClientRects().length) continue;
          const r = el.getBoundingClientRect();
          if (r.right > b.right + 1 || r.left < b.left - 1 || r.bottom > b.bottom + 1 || r.top < b.top - 1 || el.scrollWidth > el.clientWidth + 1)
            out.push(`${name}: "${el.textContent}" cut (${r.left},${r.top}–${r.right},${r.bottom} in ${b.left},${b.top}–${b.right},${b.bottom})`);
          else if (more && r.right > more.left && r.bottom > more.top + 1) out.push(`${name}: "${el.textContent}" under the "more below" label`);
        }
      }
    }
    return out;
  }, onlyEmpty);

const noSideways = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

describe("Royale on a phone", () => {
  it("two players start a Royale game, play a few turns on four folded racks, and the replay shows it", async () => {
    const { pages, errors } = await playerPages(browser, 2);
    const [ann, bob] = pages as [Page, Page];
    await signInBySession(ann, server.url, "ann-royale@example.com", "Ann");
    await signInBySession(bob, server.url, "bob-royale@example.com", "Bob");

    // The new-game form offers Royale (built from the engine's rulesets).
    await ann.goto(server.url + "/new?seed=royale-web-seed-0001");
    await ann.getByRole("heading", { name: "Start a game" }).waitFor();
    await ann.locator("#ruleset").selectOption("royale");
    await ann.screenshot({ path: OUT + "royale-new-game-390x844.png" });
    const gameId = await createAndAccept(ann, [bob]);
    expect((await get(ann.request, `/api/games/${gameId}`)).ruleset).toBe("royale");
    await bob.locator(".table").waitFor();
    await ann.goto(`${server.url}/game/${gameId}`);
    await ann.locator(".table").waitFor();

    // Four racks, each folded to one line; the first is open. Touching rack 3 opens it and folds rack 1.
    const racks = ann.locator(".royale-racks section.rack");
    await expect.poll(() => racks.count()).toBe(4);
    expect(await ann.locator(".royale-racks button.rack-fold[aria-expanded=true]").count()).toBe(1);
    await ann.getByRole("button", { name: /^Rack 3/ }).click();
    expect(await racks.nth(2).getAttribute("class")).toContain("open");
    expect(await racks.nth(0).getAttribute("class")).toContain("folded");
    await noSideways(ann, 390);
    await ann.screenshot({ path: OUT + "royale-table-390x844.png" });
    await ann.screenshot({ path: OUT + "royale-table-390x844-full.png", fullPage: true });

    // A few turns, tapping only what the table shows (East, Ann, starts with 56 tiles).
    for (let step = 0; step < 6; step++) {
      const page = (await myTurn(ann)) ? ann : (await myTurn(bob)) ? bob : null;
      if (!page) {
        await Promise.race([ann, bob].map((p) => p.waitForFunction(() => document.querySelector(".table")?.getAttribute("data-turn") === "you", null, { timeout: 30_000 })));
        step--;
        continue;
      }
      await act(page);
    }
    await ann.reload();
    await ann.locator(".table").waitFor();
    await noSideways(ann, 390);
    await ann.screenshot({ path: OUT + "royale-table-after-turns-390x844.png", fullPage: true });
    await bob.screenshot({ path: OUT + "royale-table-1280x800.png" });

    // Nobody plays on: turns time out (three days a move, the form's default) until the game is abandoned.
    await timeOutToTheEnd(ann.request, gameId, 73, 12);

    // The replay, re-played by the engine in the browser.
    await ann.goto(`${server.url}/replay/${gameId}`);
    await ann.getByRole("heading", { name: "Replay" }).waitFor();
    for (let i = 0; i < 3; i++) await ann.getByRole("button", { name: "Next ▶" }).click();
    expect(await ann.locator(".replay-step").textContent()).toMatch(/^Move 3 of \d+: /);
    expect(await ann.locator(".replay-rack").count()).toBe(8);
    await noSideways(ann, 390);
    await ann.screenshot({ path: OUT + "royale-replay-390x844.png", fullPage: true });
    expect(errors).toEqual([]);
  });

  it("three players on a 360×740 phone: both others on the felt, East's discard offered in a claim window with claim and pass, nothing cut off", async () => {
    const { pages, errors } = await playerPages(browser, 3);
    const [ann, bob, cy] = pages as [Page, Page, Page];
    await signInBySession(ann, server.url, "ann-royale3@example.com", "Ann");
    await signInBySession(bob, server.url, "bob-royale3@example.com", "Bob");
    await signInBySession(cy, server.url, "cy-royale3@example.com", "Cy");
    const { id: gameId, created, joins } = await createAndJoin(server.url, ann, [bob, cy], { ruleset: "royale", seed: "royale-web-three-0001", options: { players: 3, daysPerMove: 2, windowHours: 4 } });
    expect(created.status).toBe(201);
    for (const joined of joins) expect(joined.status).toBe(200);

    await bob.setViewportSize({ width: 360, height: 740 });
    await bob.goto(`${server.url}/game/${gameId}`);
    await bob.locator(".table").waitFor();
    // Bob sees Cy on his right... and Ann (East) on his left; each box says what is on the table
    await expect.poll(() => bob.locator(".felt .opponent").count()).toBe(2);
    const clipped = () =>
      bob.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>(".felt .opp-none")].filter((el) => {
          const box = el.closest(".opponent")!.getBoundingClientRect();
          const r = el.getBoundingClientRect();
          return el.scrollWidth > el.clientWidth + 1 || r.right > box.right + 1 || r.left < box.left - 1;
        }).length,
      );
    expect(await bob.locator(".felt .opp-none").count()).toBe(2);
    expect(await clipped()).toBe(0);
    await bob.screenshot({ path: OUT + "royale-three-players-360x740.png" });
    expect(await feltMisfits(bob)).toEqual([]);
    await noSideways(bob, 360);

    // East (Ann) discards: Bob and Cy are asked
    await ann.goto(`${server.url}/game/${gameId}`);
    await ann.locator(".table").waitFor();
    await act(ann);
    await bob.reload();
    await bob.locator(".table").waitFor();
    await bob.waitForFunction(() => document.querySelector<HTMLElement>(".table")?.dataset.phase === "window", null, { timeout: 30_000 });
    const v = await version(bob);
    expect(await myTurn(bob)).toBe(true);
    const claim = bob.locator("section.actions .am-claim");
    await claim.waitFor();
    expect(await claim.locator(".claim-head .tile").count()).toBe(1);
    expect(await claim.locator(".claim-head").textContent()).toMatch(/^Ann's /);
    await noSideways(bob, 360);
    expect(await clipped()).toBe(0);
    await bob.screenshot({ path: OUT + "royale-three-players-window-360x740.png" });
    expect(await feltMisfits(bob, true)).toEqual([]);
    await claim.getByRole("button", { name: "Pass (do not claim)" }).click();
    await waitForVersionAbove(bob, v);
    await expect.poll(() => bob.locator(".window-answer").textContent(), { timeout: 30_000 }).toMatch(/Your answer so far: pass/);
    expect(await bob.locator(".status").textContent()).toMatch(/You answered/);

    // Cy passes too: the window closes, nobody claimed, Bob (next to the right) draws
    await cy.goto(`${server.url}/game/${gameId}`);
    await cy.locator(".table").waitFor();
    await cy.waitForFunction(() => document.querySelector<HTMLElement>(".table")?.dataset.turn === "you", null, { timeout: 30_000 });
    const vc = await version(cy);
    await cy.locator("section.actions .am-claim").getByRole("button", { name: "Pass (do not claim)" }).click();
    await waitForVersionAbove(cy, vc);
    // the move list tells the window in words of its own, and no answer before it closed
    await expect.poll(() => cy.locator(".move-list").textContent(), { timeout: 30_000 }).toMatch(/Nobody claimed Ann's /);
    const moves = await cy.locator(".move-list").textContent();
    expect(moves).toMatch(/The others may claim Ann's .+: waiting for Bob and Cy to call or pass/);
    expect(moves).toMatch(/Bob answered/);
    expect(moves).toMatch(/Nobody claimed Ann's /);
    expect(moves).not.toMatch(/: window|window-answered/);

    // a few more turns, each discard a window the two others answer
    const trio = [ann, bob, cy];
    for (const p of trio) await p.reload();
    for (let step = 0; step < 8; step++) {
      let page: Page | null = null;
      for (const p of trio) if (!page && (await myTurn(p))) page = p;
      if (!page) {
        await Promise.race(trio.map((p) => p.waitForFunction(() => document.querySelector(".table")?.getAttribute("data-turn") === "you", null, { timeout: 30_000 })));
        step--;
        continue;
      }
      if ((await phase(page)) === "window") {
        const vw = await version(page);
        await page.locator("section.actions .am-claim").getByRole("button", { name: "Pass (do not claim)" }).click();
        await waitForVersionAbove(page, vw);
      } else await act(page);
    }

    // Nobody plays on: turns and windows time out until the game is abandoned.
    await timeOutToTheEnd(ann.request, gameId, 49, 40);

    // The replay shows all three players' racks, hidden tiles and discards at every move, and the window step by step.
    await bob.goto(`${server.url}/replay/${gameId}`);
    await bob.getByRole("heading", { name: "Replay" }).waitFor();
    await expect.poll(() => bob.locator(".replay-rack").count(), { timeout: 30_000 }).toBe(12);
    expect(await bob.locator(".replay-pool").count()).toBe(3);
    expect(await bob.locator(".replay-discards").count()).toBe(3);
    const step = () => bob.locator(".replay-step").textContent();
    await bob.getByRole("button", { name: "Next ▶" }).click(); // Ann's discard opens the window
    expect(await step()).toMatch(/^Move 1 of \d+: Ann discarded .+\. The others may claim Ann's .+: waiting for You and Cy to call or pass$/);
    await expect.poll(() => bob.locator(".replay-window").textContent()).toMatch(/Claim window: .*Ann's .+, waiting for You, Cy/);
    expect(await bob.getByRole("group", { name: "Ann: discards" }).locator(".tile").count()).toBe(1);
    expect(await bob.locator(".replay-rack").count()).toBe(12);
    await bob.getByRole("button", { name: "Next ▶" }).click(); // Bob's answer, told as given now that the game is over
    expect(await step()).toMatch(/^Move 2 of \d+: You passed$/);
    await expect.poll(() => bob.locator(".replay-window").textContent()).toMatch(/waiting for Cy$/);
    await bob.getByRole("button", { name: "Next ▶" }).click(); // Cy's answer closes it
    expect(await step()).toMatch(/^Move 3 of \d+: Cy passed\. Nobody claimed Ann's .+$/);
    expect(await bob.locator(".replay-window").count()).toBe(0);
    await bob.getByRole("button", { name: "Next ▶" }).click();
    expect(await step()).toMatch(/^Move 4 of \d+: You drew /);
    await noSideways(bob, 360);
    await bob.screenshot({ path: OUT + "royale-three-players-replay-360x740.png", fullPage: true });
    await bob.getByRole("button", { name: "Last" }).click();
    expect(await bob.locator(".replay-rack").count()).toBe(12);
    expect(await bob.locator(".replay-discards .tile").count()).toBeGreaterThan(4);
    expect(errors).toEqual([]);
  });

  it("four players on a 360×740 phone: the three others' boxes fit on the felt, nothing cut and no scroll", async () => {
    const { pages, errors } = await playerPages(browser, 4);
    const [ann, bob, cy, dee] = pages as [Page, Page, Page, Page];
    await signInBySession(ann, server.url, "ann-royale4@example.com", "Ann");
    await signInBySession(bob, server.url, "bob-royale4@example.com", "Bob");
    await signInBySession(cy, server.url, "cy-royale4@example.com", "Cy");
    await signInBySession(dee, server.url, "dee-royale4@example.com", "Dee");
    const { id: gameId, created, joins } = await createAndJoin(server.url, ann, [bob, cy, dee], { ruleset: "royale", seed: "royale-web-four-0001", options: { players: 4, daysPerMove: 2, windowHours: 4 } });
    expect(created.status).toBe(201);
    for (const joined of joins) expect(joined.status).toBe(200);
    for (const p of [ann, bob]) {
      await p.setViewportSize({ width: 360, height: 740 });
      await p.goto(`${server.url}/game/${gameId}`);
      await p.locator(".table").waitFor();
      await expect.poll(() => p.locator(".felt .opponent").count()).toBe(3);
      expect(await p.locator(".felt .opp-none").count()).toBe(3);
      await p.screenshot({ path: OUT + `royale-four-players-${p === ann ? "east" : "south"}-360x740.png` });
      expect(await feltMisfits(p)).toEqual([]);
      await noSideways(p, 360);
    }
    // East (Ann) discards: the window is open for Bob, Cy and Dee; the boxes still fit (one now shows a discard)
    await act(ann);
    await bob.reload();
    await bob.locator(".table").waitFor();
    await bob.waitForFunction(() => document.querySelector<HTMLElement>(".table")?.dataset.phase === "window", null, { timeout: 30_000 });
    await bob.screenshot({ path: OUT + "royale-four-players-window-360x740.png" });
    expect(await feltMisfits(bob, true)).toEqual([]);
    await noSideways(bob, 360);
    expect(errors).toEqual([]);
  });

  it("two players on a 360×740 phone: the opponent's box shows \"Nothing exposed yet.\" whole, inside the felt", async () => {
    const { pages, errors } = await playerPages(browser, 2);
    const [ann, bob] = pages as [Page, Page];
    await signInBySession(ann, server.url, "ann-royale360@example.com", "Ann");
    await signInBySession(bob, server.url, "bob-royale360@example.com", "Bob");
    const { id, created, joins } = await createAndJoin(server.url, ann, [bob], { ruleset: "royale", seed: "royale-web-small-0001", options: { daysPerMove: 2 } });
    expect(created.status).toBe(201);
    expect(joins[0]!.status).toBe(200);
    await ann.setViewportSize({ width: 360, height: 740 });
    await ann.goto(`${server.url}/game/${id}`);
    await ann.locator(".table .felt .opp-none").waitFor();
    const cut = await ann.evaluate(() => {
      const el = document.querySelector<HTMLElement>(".felt .opp-none")!;
      const felt = el.closest<HTMLElement>(".felt")!.getBoundingClientRect();
      const box = el.closest<HTMLElement>(".opponent")!.getBoundingClientRect();
      const r = el.getBoundingClientRect();
      return { el: [r.top, r.bottom, r.left, r.right], felt: [felt.top, felt.bottom], inside: r.top >= felt.top - 1 && r.bottom <= felt.bottom + 1 && r.left >= box.left - 1 && r.right <= box.right + 1 };
    });
    expect(cut.inside, JSON.stringify(cut)).toBe(true);
    await noSideways(ann, 360);
    await ann.screenshot({ path: OUT + "royale-two-players-360x740.png" });
    expect(errors).toEqual([]);
  });
});
