/**
 * Profiles in a real browser against `wrangler dev`: Ann and Bob play two rated Siamese games
 * (through the API, with fixed seeds), then Ann opens her profile on a phone: her rating with its
 * history drawn as a chart, her results and recent games linking to their replays. Bob (desktop)
 * sees her profile with their head-to-head; the finished game shows the rating change on the
 * game-over sheet and Bob's name links to his profile with his rating. Screenshots go to test-output/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { closeBrowserTest, openBrowserTest, playerPages, signInByMail, type Server } from "./harness";

const OUT = new URL("../../test-output/", import.meta.url).pathname;
let server: Server;
let browser: Browser;

beforeAll(async () => void ({ server, browser } = await openBrowserTest({ outDir: OUT })), 240_000);
afterAll(() => closeBrowserTest(server, browser));

let keys = 0;
async function call(page: Page, method: "GET" | "POST", path: string, data?: unknown) {
  const res = method === "GET"
    ? await page.request.get(server.url + path)
    : await page.request.post(server.url + path, { data, headers: { origin: server.url } });
  return { status: res.status(), body: await res.json() };
}

/** A rated game played to the end through the API: Mah Jongg when offered, else draw, else a discard. */
async function ratedGame(ann: Page, bob: Page, seed: string): Promise<string> {
  const created = await call(ann, "POST", "/api/games", { ruleset: "siamese", seed, rated: true, options: { daysPerMove: 3 } });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  expect((await call(bob, "POST", `/api/games/${id}/join`, { invite: created.body.invite })).status).toBe(200);
  for (let moves = 0; moves < 1000; moves++) {
    let moved = false;
    for (const p of [ann, bob]) {
      const g = (await call(p, "GET", `/api/games/${id}`)).body;
      if (g.status === "ended") return id;
      if (!g.legalMoves.length) continue;
      const discards = g.legalMoves.filter((m: any) => m.type === "discard");
      const move = g.legalMoves.find((m: any) => m.type === "mahjong" || m.type === "claim-mahjong") ?? g.legalMoves.find((m: any) => m.type === "draw") ?? discards[moves % discards.length] ?? g.legalMoves[0];
      expect((await call(p, "POST", `/api/games/${id}/moves`, { version: g.version, move, idempotencyKey: `web-profile-${++keys}-${Date.now()}` })).status).toBe(200);
      moved = true;
      break;
    }
    if (!moved) break;
  }
  return id;
}

describe("a player's profile", () => {
  it("shows the rating with its history chart on a phone, results, replays and head-to-head", async () => {
    const { pages, errors } = await playerPages(browser, 2);
    const [ann, bob] = pages as [Page, Page];
    await signInByMail(ann, server.url, "ann-profile@example.com", "Ann");
    await signInByMail(bob, server.url, "bob-profile@example.com", "Bob");
    const annId = (await call(ann, "GET", "/api/me")).body.id as string;
    const bobId = (await call(bob, "GET", "/api/me")).body.id as string;
    // The seeds end 35 : 0 for Ann and 0 : 25 for Bob (see test/worker/ratings.test.ts).
    await ratedGame(ann, bob, "rated-seed-0008");
    const second = await ratedGame(ann, bob, "rated-seed-0010");

    await ann.goto(`${server.url}/players/${annId}`);
    await ann.getByRole("heading", { name: "Ann", exact: true }).waitFor().catch(async (e) => {
      await ann.screenshot({ path: `${OUT}profile-phone-failed.png`, fullPage: true });
      throw new Error(`${e}\npage said: ${await ann.locator("main").innerText()}\nscript errors: ${errors.join("; ")}`);
    });
    const chart = ann.locator("svg.rating-chart");
    await chart.waitFor();
    expect(await chart.getAttribute("aria-label")).toMatch(/^Siamese rating: from \d+ to \d+ over 2 rated games$/);
    expect(await chart.getAttribute("aria-label")).toMatch(/^Siamese rating: from 1500 /);
    expect(await chart.locator("path").getAttribute("d")).toMatch(/^M[\d.]+,[\d.]+ L[\d.]+,[\d.]+ L[\d.]+,[\d.]+$/);
    const box = (await chart.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(390);
    expect(box.width).toBeGreaterThan(250);
    expect(await ann.locator(".stats").innerText()).toMatch(/Games played\s+2/);
    const replays = ann.locator(".recent-games a");
    expect(await replays.count()).toBe(2);
    expect(await replays.first().getAttribute("href")).toBe(`/replay/${second}`);
    expect(await ann.locator("body").innerText()).not.toContain("@example.com");
    await ann.screenshot({ path: `${OUT}profile-phone.png`, fullPage: true });

    // Bob sees Ann's profile with their record together.
    await bob.goto(`${server.url}/players/${annId}`);
    await bob.locator(".h2h").waitFor();
    expect(await bob.locator(".h2h").innerText()).toMatch(/Against you: 2 games — Ann won 1, you won 1, 0 even\./);

    // The second game's sheet shows Ann's rating change; Bob's name links to his profile with his rating.
    // The ratings beside the names came with the game's first answer (?me): the page asks nothing more for them.
    const askedRatings: string[] = [];
    ann.on("request", (r) => void (r.url().includes("/api/players/ratings") && askedRatings.push(r.url())));
    await ann.goto(`${server.url}/game/${second}`);
    await ann.locator(".rating-changes").waitFor();
    expect(await ann.locator(".rating-changes").innerText()).toMatch(/Your rating: [−+]\d+/);
    const bobLink = ann.locator(`a.player-name[href="/players/${bobId}"]`);
    await bobLink.locator(".player-rating").waitFor();
    expect(await bobLink.innerText()).toMatch(/^Bob \d{3,4}\??$/);
    expect(askedRatings).toEqual([]);

    await ann.goto(`${server.url}/leaderboard`);
    await ann.getByRole("heading", { name: "Leaderboard" }).waitFor();
    await ann.getByText("Nobody is on this board yet: a player comes onto it after 10 rated games.").waitFor(); // two games are not ten
    // "Ratings" in the header leads here; a player not on the board finds their own from it
    await ann.getByRole("link", { name: "Your own ratings and games" }).click();
    await ann.waitForURL(new RegExp(`/players/${annId}$`));
    await ann.getByRole("heading", { name: "Ann" }).waitFor();
    expect(errors).toEqual([]);
  }, 600_000);
});
