/**
 * Home (issue 27) in a real browser: signed out, three lines and Sign in; signed in, your games
 * first (waiting for you, waiting for others, open games, finished, then starting a game), the
 * same page at /games, checked on two phones (320×640, 360×740) and a desktop (1280×800) for sideways scroll,
 * cut text and axe findings. Then resigning from the game page, with its confirmation, and Play
 * again for people and for practice. Screenshots go to test-output/home/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { apiPost, closeBrowserTest, createAndJoin, openBrowserTest, signInBySession, type Server } from "./harness";
import { checkPage, PHONE } from "./page-checks";

const OUT = new URL("../../test-output/home/", import.meta.url).pathname;
let server: Server;
let browser: Browser;
beforeAll(async () => void ({ server, browser } = await openBrowserTest({ outDir: OUT })), 240_000);
afterAll(() => closeBrowserTest(server, browser));

async function newPage(): Promise<{ page: Page; errors: string[] }> {
  const page = await (await browser.newContext({ viewport: PHONE, hasTouch: true })).newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  return { page, errors };
}

const game = async (p: Page, id: string) => (await p.request.get(`${server.url}/api/games/${id}`)).json();

/** The seat to act plays (draw, else the first discard) until `seat` is the one to act. */
async function playUntil(pages: Page[], id: string, seat: number, atLeast = 0) {
  for (let n = 0; n < 40; n++) {
    const g = await game(pages[0]!, id);
    const acting: number[] = g.players.filter((p: any) => p.toAct).map((p: any) => p.seat);
    if (n >= atLeast && acting.length === 1 && acting[0] === seat) return;
    const s = acting[0]!;
    const mine = await game(pages[s]!, id);
    const move = mine.legalMoves.find((m: any) => m.type === "draw") ?? mine.legalMoves.find((m: any) => m.type === "discard") ?? mine.legalMoves[0];
    const r = await apiPost(pages[s]!.request, server.url, `/api/games/${id}/moves`, { version: mine.version, move, idempotencyKey: crypto.randomUUID() });
    expect(r.status).toBe(200);
  }
  throw new Error("the seat never came to act");
}

const headings = (p: Page) => p.locator("main h1, main h2").allTextContents();

describe("home", () => {
  it("signed out: what this is in three lines, then Sign in", async () => {
    const { page, errors } = await newPage();
    await page.goto(server.url + "/");
    await page.getByRole("heading", { name: "Mah Jongg by post" }).waitFor();
    expect(await page.locator("main .intro > p:not(.row)").count()).toBe(3);
    expect(page.url()).toBe(server.url + "/");
    await checkPage(page, "home signed out", `${OUT}signed-out`);
    await page.getByRole("link", { name: "Sign in" }).click();
    await page.waitForURL(/\/signin/);
    // Another page still asks to sign in first, and comes back afterwards.
    await page.goto(server.url + "/games");
    await page.waitForURL(/\/signin\?next=%2Fgames/);
    expect(errors).toEqual([]);
  });

  it("a new account with no games: the notice's words lead to finding a player and to practice", async () => {
    const { page, errors } = await newPage();
    await signInBySession(page, server.url, "nell.home@example.com", "Nell");
    await page.goto(server.url + "/");
    const notice = page.locator("main p.notice");
    await expect.poll(() => notice.textContent()).toMatch(/You have no games yet/);
    for (const [name, heading] of [["find a player", "Find a player"], ["practise against the computer", "Practise against the computer"]] as const) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await notice.getByRole("link", { name }).click();
      const h = page.getByRole("heading", { name: heading, exact: true });
      // the section the words name is on the screen now (it starts some screens down on a phone)
      await expect.poll(async () => (await h.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
      expect((await h.boundingBox())!.y).toBeLessThan(PHONE.height);
    }
    expect(errors).toEqual([]);
  });

  it("signed in: your games first, in order, at / and /games; one tap to play", async () => {
    const [{ page: ann, errors }, { page: bob }] = [await newPage(), await newPage()];
    await signInBySession(ann, server.url, "ann.home@example.com", "Ann");
    await signInBySession(bob, server.url, "bob.home@example.com", "Bob");
    // Two alike games waiting on Ann (same opponent, same ruleset) at different moves, one waiting on Bob.
    const g1 = (await createAndJoin(server.url, ann, [bob], { ruleset: "siamese", seed: "home-seed-0001", options: { daysPerMove: 3 } })).id;
    const g2 = (await createAndJoin(server.url, ann, [bob], { ruleset: "siamese", seed: "home-seed-0002", options: { daysPerMove: 3 } })).id;
    const g3 = (await createAndJoin(server.url, ann, [bob], { ruleset: "siamese", seed: "home-seed-0003", options: { daysPerMove: 5 } })).id;
    await playUntil([ann, bob], g1, 0);
    await playUntil([ann, bob], g2, 0, 3);
    await playUntil([ann, bob], g3, 1);
    // A finished game (Bob resigned), an open challenge and a game waiting for its invited player.
    const g4 = (await createAndJoin(server.url, ann, [bob], { ruleset: "siamese-mjm", seed: "home-seed-0004", options: { daysPerMove: 3 } })).id;
    expect((await apiPost(bob.request, server.url, `/api/games/${g4}/resign`, {})).status).toBe(200);
    expect((await apiPost(ann.request, server.url, "/api/challenges", { ruleset: "american", daysPerMove: 3, options: { deadHands: "prevent" }, rated: false })).status).toBe(201);
    expect((await apiPost(ann.request, server.url, "/api/games", { ruleset: "siamese", options: { daysPerMove: 2 } })).status).toBe(201);

    // The games index is written at most every 2 s while moves come fast (index-sync.ts): wait until it shows the last move.
    await expect.poll(async () => ((await (await ann.request.get(`${server.url}/api/games`)).json()).games as any[]).filter((g) => g.myTurn).length).toBe(2);
    for (const path of ["/", "/games"]) {
      await ann.goto(server.url + path);
      await ann.locator("ul.games li").first().waitFor();
      expect(await headings(ann)).toEqual(["Your games", expect.stringMatching(/^Waiting for you/), "Waiting for others", "Your open games", "Finished", "Start a game", "Practise against the computer", "Find a player"]);
    }
    const yours = ann.locator("ul[aria-labelledby=yours-h] > li");
    expect(await yours.count()).toBe(2);
    const rows = await yours.allInnerTexts();
    for (const r of rows) {
      expect(r).toMatch(/Siamese with Bob/);
      expect(r).toMatch(/Your turn: \d+ days? .*left/);
      expect(r).toMatch(/move \d+/);
    }
    // The two alike games read differently (their moves differ).
    expect(rows[0]).not.toBe(rows[1]);
    const others = await ann.locator("ul[aria-labelledby=others-h] > li").allInnerTexts();
    expect(others).toEqual([expect.stringMatching(/Siamese with Bob[\s\S]*Bob's turn, since (a moment|\d+ minutes?) ago[\s\S]*move \d+/)]);
    const open = await ann.locator("ul[aria-labelledby=open-h] > li").allInnerTexts();
    expect(open.join("\n")).toMatch(/Open challenge: 3 seats free/);
    expect(open.join("\n")).toMatch(/Waiting for your invited player: 1 seat free/);
    const ended = await ann.locator("ul[aria-labelledby=ended-h] > li").allInnerTexts();
    expect(ended).toEqual([expect.stringMatching(/with Bob[\s\S]*You scored (\+\d+|−\d+|0), (1st|2nd) of 2 · abandoned \(a player resigned, or their time ran out\)/)]);

    await checkPage(ann, "home signed in", `${OUT}signed-in`);

    // "Start a game" is one tap away: the link goes down to the forms.
    await ann.setViewportSize(PHONE);
    await ann.getByRole("link", { name: "Start a game" }).click();
    await ann.waitForFunction(() => window.scrollY > 0);
    expect(new URL(ann.url()).pathname).toBe("/games");

    // One tap on Play opens the game waiting longest on its clock.
    await ann.locator("ul[aria-labelledby=yours-h] > li").first().getByRole("link", { name: /^Play/ }).click();
    await ann.waitForURL(new RegExp(`/game/(${g1}|${g2})$`));
    await ann.locator(".table").waitFor();

    // The finished game opened from the list (in the app, the game not yet read) asks for no live socket: the service refuses one for an ended game
    await ann.getByRole("link", { name: "Mah Jongg", exact: true }).click();
    const sockets: string[] = [];
    ann.on("websocket", (ws) => sockets.push(ws.url()));
    await ann.locator("ul[aria-labelledby=ended-h] > li").first().getByRole("link").first().click();
    await ann.waitForURL(new RegExp(`/game/${g4}$`));
    await ann.getByText(/This game is over/).first().waitFor();
    expect(sockets).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("a game that waited days for its player says it started the day it was dealt, not the day it was posted", async () => {
    const [{ page: ann, errors }, { page: bob }] = [await newPage(), await newPage()];
    await signInBySession(ann, server.url, "ann.dealt@example.com", "Ann");
    await signInBySession(bob, server.url, "bob.dealt@example.com", "Bob");
    const created = await apiPost(ann.request, server.url, "/api/games", { ruleset: "siamese", seed: "home-dealt-0001", options: { daysPerMove: 3 } });
    expect(created.status).toBe(201);
    // the game's clock moves on 3 days before Bob takes his seat and the game is dealt
    expect((await apiPost(ann.request, server.url, `/api/dev/games/${created.body.id}/clock`, { advanceMs: 3 * 86_400_000, fire: false })).status).toBe(200);
    expect((await apiPost(bob.request, server.url, `/api/games/${created.body.id}/join`, { invite: created.body.invite })).status).toBe(200);
    await ann.goto(server.url + "/games");
    const row = ann.locator("ul.games li", { has: ann.locator(`a[href="/game/${created.body.id}"]`) });
    await row.waitFor();
    const day = await ann.evaluate(() => {
      const d = new Date(Date.now() + 3 * 86_400_000);
      return d.toLocaleDateString(undefined, { day: "numeric", month: "short", ...(d.getFullYear() !== new Date().getFullYear() ? { year: "numeric" } : {}) });
    });
    const text = await row.innerText();
    expect(text).toContain(`started ${day}`);
    expect(text).not.toMatch(/started today/);
    expect(await row.getByRole("link").first().getAttribute("aria-label")).toContain(`started ${day}`);
    await ann.screenshot({ path: `${OUT}started-when-dealt-360x740.png` });
    expect(errors).toEqual([]);
  });

  it("resign with a confirmation; the other player reads it; Play again invites them again", async () => {
    const [{ page: ann, errors }, { page: bob }] = [await newPage(), await newPage()];
    await signInBySession(ann, server.url, "ann.resign@example.com", "Ann");
    await signInBySession(bob, server.url, "bob.resign@example.com", "Bob");
    const id = (await createAndJoin(server.url, ann, [bob], { ruleset: "siamese", seed: "home-seed-0005", options: { daysPerMove: 3 } })).id;
    await playUntil([ann, bob], id, 0, 2);

    await ann.goto(`${server.url}/game/${id}`);
    await ann.locator(".table").waitFor();
    await ann.getByRole("button", { name: "Resign this game…" }).click();
    await ann.getByText("Resign this game?").waitFor();
    await ann.getByRole("button", { name: "No, keep playing" }).click();
    expect((await game(ann, id)).status).toBe("active");
    await ann.getByRole("button", { name: "Resign this game…" }).click();
    await ann.getByRole("button", { name: "Yes, resign" }).scrollIntoViewIfNeeded();
    await ann.screenshot({ path: `${OUT}resign-confirm-360x740.png` });
    await ann.getByRole("button", { name: "Yes, resign" }).click();
    await ann.getByText("This game is over. You resigned.").waitFor();
    expect((await game(ann, id)).result.reason).toBe("abandoned");
    await checkPage(ann, "game over after resigning", `${OUT}resigned`);

    await bob.goto(`${server.url}/game/${id}`);
    await bob.getByText("This game is over.").waitFor();
    await bob.getByText("This game is over. Ann resigned.").waitFor();
    expect(await bob.locator(".move-list").textContent()).toContain("Ann resigned");

    // Play again: a new game for the same two, Ann waits for Bob, who is mailed the invitation.
    await ann.setViewportSize(PHONE);
    await ann.getByRole("button", { name: "Play again" }).click();
    await ann.getByRole("heading", { name: "Waiting for your opponent" }).waitFor();
    const again = new URL(ann.url()).pathname.split("/")[2]!;
    expect(again).not.toBe(id);
    const mail = (await (await bob.request.get(`${server.url}/api/dev/outbox?to=bob.resign@example.com`)).json()).messages[0];
    expect(mail.text).toContain('"Ann" would like another game of');
    await bob.goto(mail.link);
    await bob.getByRole("button", { name: "Accept and play" }).click();
    await bob.waitForURL(new RegExp(`/game/${again}$`));
    expect((await game(bob, again)).ruleset).toBe("siamese");
    expect(errors).toEqual([]);
  });

  it("taking a seat in a challenge for four: the page says the game waits for the others, and leads back to your games", async () => {
    const [{ page: ann }, { page: bea, errors }] = [await newPage(), await newPage()];
    // a name of her own: another test here leaves an open American challenge by an Ann
    await signInBySession(ann, server.url, "dora.four@example.com", "Dora");
    await signInBySession(bea, server.url, "bea.four@example.com", "Bea");
    expect((await apiPost(ann.request, server.url, "/api/challenges", { ruleset: "american", daysPerMove: 3, options: { deadHands: "prevent" }, rated: false })).status).toBe(201);
    await bea.goto(server.url + "/");
    const row = bea.locator(".challenges .card-list li", { hasText: "American with Dora" });
    await row.getByRole("button", { name: "Accept" }).click();
    await bea.getByRole("heading", { name: "Waiting for players" }).waitFor();
    expect(await bea.locator("main").innerText()).toMatch(/2 still free[\s\S]*we will tell you when it is your turn/);
    // not a dead end: the way on is on the page, not only in the header
    await bea.locator("main").getByRole("link", { name: "Your games" }).waitFor({ timeout: 5000 });
    await checkPage(bea, "waiting for players after taking a seat", `${OUT}seat-taken`);
    expect(errors).toEqual([]);
  });

  it("Play again after a practice game deals a new one against the same computer at once", async () => {
    const { page: ann, errors } = await newPage();
    await signInBySession(ann, server.url, "ann.practice.home@example.com", "Ann");
    const g = await apiPost(ann.request, server.url, "/api/games", { ruleset: "siamese", options: { daysPerMove: 3 }, computers: { seats: 1, strength: "easy", delayMs: 0 } });
    expect((await apiPost(ann.request, server.url, `/api/games/${g.body.id}/resign`, {})).status).toBe(200);
    await ann.goto(`${server.url}/game/${g.body.id}`);
    await ann.getByText("Play again starts the same kind of game against the computer at once.").waitFor();
    await ann.getByRole("button", { name: "Play again" }).click();
    await ann.waitForURL((u) => /\/game\//.test(u.pathname) && !u.pathname.endsWith(g.body.id));
    await ann.locator(".table").waitFor();
    const again = await game(ann, new URL(ann.url()).pathname.split("/")[2]!);
    expect(again).toMatchObject({ status: "active", ruleset: "siamese" });
    expect(again.players[1].computer).toEqual({ strength: "easy" });
    expect(errors).toEqual([]);
  });
});
