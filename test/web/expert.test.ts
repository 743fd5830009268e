/**
 * On a phone (360×740): a player chooses "Expert" in the lobby's practice, plays a Siamese game to
 * the end against it (the expert moving from the game's alarm), then opens "Review your game" on
 * the finished game, waits while the expert goes through the decisions, and follows a review item to
 * that moment of the replay. Screenshots go to test-output/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { closeBrowserTest, openBrowserTest, signInByMail, type Server } from "./harness";

const OUT = new URL("../../test-output/", import.meta.url).pathname;
let server: Server;
let browser: Browser;

beforeAll(async () => void ({ server, browser } = await openBrowserTest({ outDir: OUT })), 240_000);
afterAll(() => closeBrowserTest(server, browser));

/** The human's pick from its legal moves: Mah Jongg, else draw, else throw the tile just drawn (or the first it may). */
function pick(g: any): any {
  const moves: any[] = g.legalMoves.filter((m: any) => m.type !== "orders" && m.type !== "preference");
  const drawn = g.view?.seats?.[g.seat]?.drawn?.id;
  return (
    moves.find((m) => m.type === "mahjong" || m.type === "claim-mahjong") ??
    moves.find((m) => m.type === "draw") ??
    moves.find((m) => m.type === "discard" && m.tile === drawn) ??
    moves.find((m) => m.type === "discard") ??
    moves[0]
  );
}

/** Past a computer seat's delay before it moves (1.5 s, worker/game/computers.ts). */
const PAST_COMPUTER_DELAY_MS = 2_000;

/**
 * Plays the player's turns through the page's own session until the game ends (the expert answers
 * from the alarm, which the development clock rings at once: moved past the computer's delay).
 */
async function playToEnd(page: Page, id: string) {
  const deadline = Date.now() + 20 * 60_000;
  let n = 0;
  while (Date.now() < deadline) {
    const g = await (await page.request.get(`${server.url}/api/games/${id}`)).json();
    if (g.status === "ended") return n;
    if (g.players[g.seat].toAct && g.legalMoves.length) {
      const r = await page.request.post(`${server.url}/api/games/${id}/moves`, {
        data: { version: g.version, move: pick(g), idempotencyKey: `move-${n}-${g.version}` },
        headers: { origin: server.url },
      });
      if (r.status() !== 200 && r.status() !== 409) throw new Error(`move refused: ${r.status()} ${await r.text()}`);
      n++;
    } else {
      const r = await page.request.post(`${server.url}/api/dev/games/${id}/clock`, { data: { advanceMs: PAST_COMPUTER_DELAY_MS, ring: true }, headers: { origin: server.url } });
      if (r.status() !== 200) throw new Error(`the clock did not move: ${r.status()} ${await r.text()}`);
      if (!(await r.json()).toAct.includes(g.seat)) await page.waitForTimeout(300);
    }
  }
  throw new Error("the game against the expert did not end in time");
}

describe("the expert in practice, and the review after the game", () => {
  it("a player picks Expert, plays a Siamese game to the end, opens the review and a moment of the replay", async () => {
    const ctx = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 1, hasTouch: true });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await signInByMail(page, server.url, "expert-fan@example.com", "Edna");

    await page.getByRole("heading", { name: "Practise against the computer" }).waitFor();
    await page.getByRole("button", { name: "Expert" }).click();
    expect(await page.getByRole("button", { name: "Expert" }).getAttribute("aria-pressed")).toBe("true");
    await page.screenshot({ path: OUT + "expert-practice-360x740.png", fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole("button", { name: "Play Siamese against the computer" }).click();
    await page.waitForURL(/\/game\/[^/]+$/);
    await page.getByText("Computer (expert)").first().waitFor();
    const id = new URL(page.url()).pathname.split("/")[2]!;

    // before the end there is no review, and the service says why
    const early = await page.request.post(`${server.url}/api/games/${id}/review`, { headers: { origin: server.url } });
    expect(early.status()).toBe(409);
    expect((await early.json()).message).toMatch(/ended/);

    expect(await playToEnd(page, id)).toBeGreaterThan(10);
    await page.reload();
    const link = page.getByRole("link", { name: "Review your game" });
    await link.waitFor();
    await link.scrollIntoViewIfNeeded();
    await page.screenshot({ path: OUT + "expert-game-over-360x740.png" });
    await link.click();
    await page.waitForURL(/\/review\//);
    await page.getByRole("heading", { name: "Review" }).waitFor();
    // worked out in the background: the page says so, then shows the review
    await page.getByText(/The expert computer looked at your \d+ decision/).waitFor({ timeout: 600_000 });
    await page.screenshot({ path: OUT + "expert-review-360x740.png", fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const moments = page.getByRole("link", { name: "See the table just before it in the replay" });
    if (await moments.count()) {
      const href = await moments.first().getAttribute("href");
      expect(href).toMatch(new RegExp(`^/replay/${id}\\?move=\\d+$`));
      await moments.first().click();
      await page.waitForURL(/\/replay\/.+\?move=\d+/);
      await page.getByRole("heading", { name: "Replay" }).waitFor();
      expect(new URL(page.url()).search).toBe(new URL(server.url + href!).search);
      await page.getByText("Loading…").waitFor({ state: "detached", timeout: 60_000 });
      await page.screenshot({ path: OUT + "expert-review-replay-360x740.png" });
    }
    expect(errors).toEqual([]);
  });
});
