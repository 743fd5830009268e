/**
 * A tied game read honestly (issue ui50): Ann and Bob play a Siamese game to a wall game through the
 * service (nobody claims, nobody goes Mah Jongg: each draws and throws a tile back), so each scores
 * +10 (RULES.md: "Wall game: each player +10") and they share first place. On a phone, Ann's games
 * list calls it a draw, not "1st of 2", and the game's own result says nobody won. Screenshots go to
 * test-output/tied-games/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { apiPost, closeBrowserTest, createAndJoin, openBrowserTest, signInBySession, type Server } from "./harness";

const OUT = new URL("../../test-output/tied-games/", import.meta.url).pathname;
let server: Server;
let browser: Browser;
beforeAll(async () => void ({ server, browser } = await openBrowserTest({ outDir: OUT })), 240_000);
afterAll(() => closeBrowserTest(server, browser));

type Json = Record<string, any>;
const game = async (p: Page, id: string): Promise<Json> => (await p.request.get(`${server.url}/api/games/${id}`)).json();

/** Both seats draw (never claiming) and discard the first tile they may, until the wall runs out. */
async function playToTheWall(pages: Page[], id: string): Promise<Json> {
  for (let n = 0; n < 2000; n++) {
    let moved = false;
    for (const p of pages) {
      const g = await game(p, id);
      if (g.status === "ended") return g;
      const move = g.legalMoves.find((m: Json) => m.type === "draw") ?? g.legalMoves.find((m: Json) => m.type === "discard");
      if (!move) continue;
      const r = await apiPost(p.request, server.url, `/api/games/${id}/moves`, { version: g.version, move, idempotencyKey: `tied-${id}-${n}` });
      expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
      moved = true;
      break;
    }
    expect(moved, "someone can draw or discard").toBe(true);
  }
  throw new Error("the game did not end within 2000 moves");
}

describe("a tied game", () => {
  it("a wall game, each +10: the games list says a draw, the game says nobody won", async () => {
    const contexts = await Promise.all([0, 1].map(() => browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true })));
    const [ann, bob] = await Promise.all(contexts.map((c) => c.newPage()));
    const errors: string[] = [];
    ann!.on("pageerror", (e) => errors.push(String(e)));
    await signInBySession(ann!, server.url, "ann.tied@example.com", "Ann");
    await signInBySession(bob!, server.url, "bob.tied@example.com", "Bob");
    const { id, created } = await createAndJoin(server.url, ann!, [bob!], { ruleset: "siamese", seed: "tied-games-wall-1", options: { daysPerMove: 3 } });
    expect(created.status).toBe(201);
    const ended = await playToTheWall([ann!, bob!], id);
    expect(ended.result.reason).toBe("wall");
    expect(ended.result.totals).toEqual([10, 10]);

    // the games list as the service gives it: first place, shared with the one other player
    await expect.poll(async () => ((await (await ann!.request.get(`${server.url}/api/games`)).json()).games as Json[]).find((g) => g.id === id)?.myPlace, { timeout: 30_000 }).toBe(1);
    const listed = ((await (await ann!.request.get(`${server.url}/api/games`)).json()).games as Json[]).find((g) => g.id === id)!;
    expect(listed).toMatchObject({ status: "ended", result: "wall", myPoints: 10, myPlace: 1, myPlaceShared: 1 });

    await ann!.goto(`${server.url}/games`);
    const row = ann!.locator("ul[aria-labelledby=ended-h] > li").first();
    await row.waitFor();
    await ann!.screenshot({ path: `${OUT}games-list-360x740.png`, fullPage: true });
    const text = await row.innerText();
    expect(text).toMatch(/You scored \+10, a draw · the wall ran out/);
    expect(text).not.toMatch(/1st|of 2/);

    await ann!.goto(`${server.url}/game/${id}`);
    await ann!.getByRole("region", { name: "Result" }).waitFor();
    await ann!.screenshot({ path: `${OUT}result-360x740.png` });
    expect(await ann!.getByRole("region", { name: "Result" }).innerText()).toMatch(/^Nobody won: every player scored the same\s+Your points: \+10/);
    expect(errors).toEqual([]);
    await Promise.all(contexts.map((c) => c.close()));
  }, 600_000);
});
