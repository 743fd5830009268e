/**
 * The chinese-ming table for four in a real browser against `wrangler dev`: four players sign in
 * by the mailed link, the match starts when the fourth joins, the Jong discards by tapping, the next
 * player is asked in the claim window and passes, and everyone sees the running points. A whole
 * match played by bots over HTTP then shows its result, checks its deal in the browser, and
 * replays hand by hand with each hand's score sheets.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { closeBrowserTest, createAndJoin, openBrowserTest, signInByMail, type Server } from "./harness";

// Screenshots go to test-output/ (Playwright creates the folder).
const OUT = new URL("../../test-output/", import.meta.url).pathname;
let server: Server;
let browser: Browser;

beforeAll(async () => void ({ server, browser } = await openBrowserTest()), 240_000);

afterAll(() => closeBrowserTest(server, browser));

async function player(email: string, name: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signInByMail(page, server.url, email, name);
  return page;
}

const post = (page: Page, path: string, data: unknown) => page.request.post(server.url + path, { data, headers: { origin: server.url } });

describe("chinese-ming table", () => {
  it("four seats; the Jong discards by tapping; the next player passes the claim window; running points for all", async () => {
    const [ann, bob, cy, di] = await Promise.all([
      player("ann.table@example.com", "Ann"),
      player("bob.table@example.com", "Bob"),
      player("cy.table@example.com", "Cy"),
      player("di.table@example.com", "Di"),
    ]);
    const { id, joins } = await createAndJoin(server.url, ann!, [bob!, cy!, di!], { ruleset: "chinese-ming", seed: "chinese-table-seed-5", options: { daysPerMove: 2 } });
    for (const joined of joins) expect(joined.status).toBe(200);

    await ann!.goto(`${server.url}/game/${id}`);
    await ann!.getByRole("heading", { name: "Chinese Mah Jongg with Bob, Cy, Di" }).waitFor();
    await expect(ann!.locator(".cm-points tbody tr").first().textContent()).resolves.toBe("Start2,0102,0102,0102,010");
    await expect(ann!.getByRole("status").textContent()).resolves.toContain("Your turn: discard a tile.");
    await expect(ann!.locator(".mine .tile").count()).resolves.toBe(await ann!.locator(".mine .tile").count());
    await ann!.screenshot({ path: OUT + "chinese-table-jong-390x844.png", fullPage: true });
    // The game menu's orders speak of Chinese play: throws go by what a tile makes, and there are no card lines to pin.
    await ann!.getByText(/^Game menu · your orders/).click();
    await expect(ann!.locator(".orders").textContent()).resolves.toContain("a tile I draw that makes no pung, kong or pair with my tiles is thrown at once");
    await expect(ann!.locator(".orders").textContent()).resolves.not.toContain("Target lines");
    await ann!.getByText(/^Game menu · your orders/).click();
    await ann!.locator(".mine .tile").first().click();
    await ann!.getByRole("button", { name: /^Discard / }).click();
    await ann!.getByRole("status").filter({ hasText: "Waiting for Bob, Cy, Di" }).waitFor();

    await bob!.goto(`${server.url}/game/${id}`);
    await bob!.getByRole("status").filter({ hasText: "Call Ann's" }).waitFor();
    await bob!.screenshot({ path: OUT + "chinese-table-window-390x844.png", fullPage: true });
    await bob!.getByRole("button", { name: "Pass" }).click();
    await bob!.getByRole("status").filter({ hasText: "Waiting for Cy, Di" }).waitFor();
    // Another seat's answer is never shown, only who is still awaited.
    await ann!.reload();
    await ann!.getByRole("status").filter({ hasText: "Waiting for Cy, Di" }).waitFor();
    await ann!.setViewportSize({ width: 1280, height: 800 });
    await ann!.screenshot({ path: OUT + "chinese-table-window-1280x800.png" });
  }, 180_000);

  it("a finished match: the deal checks out in the browser; the replay steps through hands and moves and shows each hand's score sheets", async () => {
    const seats = await Promise.all(["Eve", "Fay", "Gus", "Halvard Johansson"].map((n) => player(`${n.split(" ")[0]!.toLowerCase()}.match@example.com`, n)));
    const { id, joins } = await createAndJoin(server.url, seats[0]!, seats.slice(1), { ruleset: "chinese-ming", seed: "chinese-web-match-01", options: { daysPerMove: 2, length: "match" } });
    for (const joined of joins) expect(joined.status).toBe(200);
    const get = async (p: Page) => (await p.request.get(`${server.url}/api/games/${id}`)).json();
    const move = async (p: Page, version: number, m: unknown) => {
      const r = await post(p, `/api/games/${id}/moves`, { version, move: m, idempotencyKey: crypto.randomUUID() });
      expect(r.status(), (await r.text()).slice(0, 300)).toBe(200);
      return r.json();
    };
    // Everyone lets the engine call Woo for them: windows close by themselves, the match goes quickly.
    for (const p of seats) await move(p, (await get(p)).version, { type: "preference", call: "mahjong" });
    let g = await get(seats[0]!);
    for (let n = 0; g.status !== "ended"; n++) {
      expect(n, "the match should end within 8000 moves").toBeLessThan(8000);
      const s = g.players.find((x: { toAct: boolean }) => x.toAct).seat;
      const me = await get(seats[s]!);
      const legal: { type: string; tile?: number }[] = me.legalMoves.filter((m: { type: string }) => m.type !== "preference");
      const drawn = me.view.hand.seats[s].drawn?.id;
      g = await move(seats[s]!, me.version, legal.find((m) => m.type === "woo") ?? legal.find((m) => m.type === "discard" && m.tile === drawn) ?? legal[0]);
    }
    const hands: number = g.view.hands.length;
    expect(hands).toBeGreaterThan(1);

    const eve = seats[0]!;
    await eve.setViewportSize({ width: 1280, height: 800 });
    await eve.goto(`${server.url}/game/${id}`);
    await eve.getByRole("heading", { name: "The match is over" }).waitFor();
    await eve.screenshot({ path: OUT + "chinese-match-over-1280x800.png", fullPage: true });
    await eve.getByRole("button", { name: "Verify this deal" }).click();
    await expect.poll(() => eve.getByRole("status").filter({ hasText: "Checked" }).textContent()).toMatch(/^Checked: the seed matches the fingerprint published at the start, and all \d+ moves replay/);

    await eve.getByRole("link", { name: "Replay this match" }).click();
    await eve.getByRole("heading", { name: "Replay" }).waitFor();
    const step = eve.locator(".replay-step");
    await expect.poll(() => step.textContent()).toMatch(/^Hand 1, step 1 of \d+: The deal$/);
    await expect.poll(() => eve.getByLabel("Hand", { exact: true }).locator("option").count()).toBe(hands);
    // Every seat's tiles are laid open: 13 or 14 each at the deal (the frame is loaded on demand: wait for it).
    await eve.locator(".cm-replay [aria-label$=\"'s concealed tiles\"]").first().waitFor();
    const counts = await eve.locator(".cm-replay [aria-label$=\"'s concealed tiles\"]").evaluateAll((els) => els.map((e) => e.querySelectorAll(".tile").length));
    expect(counts.length).toBe(4);
    for (const c of counts) expect(c).toBeGreaterThanOrEqual(13);
    await eve.getByRole("button", { name: "Next ▶" }).click();
    await expect.poll(() => step.textContent()).toMatch(/^Hand 1, step 2 of \d+: /);
    await eve.getByRole("button", { name: "Next hand ▶" }).click();
    await expect.poll(() => step.textContent()).toMatch(/^Hand 2, step 1 of \d+: Hand 2: \w+ is the Jong, /);
    // One step back is the end of hand 1: its score sheets, one per seat, and the points after it.
    await eve.getByRole("button", { name: "◀ Back" }).click();
    await eve.getByRole("heading", { name: /^Hand 1 \(East prevailing\): / }).waitFor();
    await expect.poll(() => eve.locator(".cm-hand-end table.score-sheet").count()).toBe(4);
    await expect.poll(() => eve.locator(".cm-points tbody tr").count()).toBe(2);
    await eve.screenshot({ path: OUT + "chinese-replay-hand-end-1280x800.png", fullPage: true });
    await eve.getByLabel("Hand", { exact: true }).selectOption(String(hands - 1));
    await expect.poll(() => step.textContent()).toMatch(new RegExp(`^Hand ${hands}, step 1 of \\d+: `));
    await eve.getByRole("button", { name: "Last" }).click();
    await expect.poll(() => eve.locator(".cm-points tbody tr").count()).toBe(hands + 1);
    await eve.setViewportSize({ width: 390, height: 844 });
    await eve.screenshot({ path: OUT + "chinese-replay-last-390x844.png", fullPage: true });

    // The running points on a small phone: no name or hand broken inside a word ("Comp|uter", "(East|)") but at
    // the one hyphen a long word of a name may have, and the whole table on the screen, no sideways scroll.
    await eve.setViewportSize({ width: 360, height: 740 });
    await eve.goto(`${server.url}/game/${id}`);
    const points = eve.locator("table.cm-points");
    await points.locator("tbody tr").nth(hands).waitFor();
    const split = await points.evaluate((box) => {
      const broken: string[] = [];
      for (const cell of box.querySelectorAll("th, td")) {
        const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let n = walk.nextNode(); n; n = walk.nextNode()) {
          const text = n.textContent ?? "";
          // the line a letter is drawn on: its last box (a line broken at the hyphen gives the letter after it a
          // box for the hyphen on the line above too)
          const line = (i: number) => {
            const r = document.createRange();
            r.setStart(n!, i);
            r.setEnd(n!, i + 1);
            return Math.round([...r.getClientRects()].at(-1)?.top ?? 0);
          };
          for (const m of text.matchAll(/[^\s\u00AD]+/gu)) if (line(m.index!) !== line(m.index! + m[0].length - 1)) broken.push(m[0]);
        }
      }
      return broken;
    });
    expect(split).toEqual([]);
    expect(await eve.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const box = eve.getByRole("region", { name: "Running points" });
    expect(await box.evaluate((b) => b.scrollWidth - b.clientWidth)).toBe(0);
    await box.screenshot({ path: OUT + "chinese-running-points-360x740.png" });
  }, 600_000);
});
