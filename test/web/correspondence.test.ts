/**
 * Correspondence that tells you what happened (issue 36), walked in a real browser by two players,
 * Carol and Dave, on 360×740 phones (and 320×640 for a claim window), the development clock moving
 * the games on: a time-out and three time-outs as each reads them on the table and in the move list,
 * and in the mail (read from the development outbox and opened through its link, signed in); a
 * vacation the other player sees on the table, the home page and in the mail; a live claim window's
 * one countdown beside its buttons; a Royale claim window for four folded by kind; "Play now" with
 * nobody waiting; the end screen; "Next" after a move; the Chinese hand sorted; Play again keeping
 * the orders set in the game; no 401 logged on a
 * signed-out page. Screenshots go to test-output/correspondence/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { apiPost, closeBrowserTest, cronPastWindows, openBrowserTest, signInBySession, type Server } from "./harness";
import { tileLabel } from "../../web/src/components/tile-words";

const OUT = new URL("../../test-output/correspondence/", import.meta.url).pathname;
const DAY = 86_400_000;
let server: Server;
let browser: Browser;
beforeAll(async () => void ({ server, browser } = await openBrowserTest({ outDir: OUT })), 240_000);
afterAll(() => closeBrowserTest(server, browser));

interface Mail {
  to: string;
  subject: string;
  text: string;
  link: string | null;
}

const errors: string[] = [];
async function phone(email: string, name: string, size = { width: 360, height: 740 }): Promise<Page> {
  const page = await (await browser.newContext({ viewport: size, deviceScaleFactor: 1, hasTouch: true })).newPage();
  page.on("pageerror", (e) => errors.push(`${name}: ${String(e)}`));
  await signInBySession(page, server.url, email, name);
  return page;
}

const post = (p: Page, path: string, data: unknown) => apiPost(p.request, server.url, path, data);
const get = async (p: Page, path: string) => (await p.request.get(server.url + path)).json();
const outbox = async (p: Page, to: string): Promise<Mail[]> => (await get(p, `/api/dev/outbox?to=${encodeURIComponent(to)}`)).messages;
const here = (link: string) => server.url + new URL(link).pathname + new URL(link).search;
const advance = (p: Page, id: string, ms: number) => post(p, `/api/dev/games/${id}/clock`, { advanceMs: ms });

/** A game between `host` and `guests` (each joins with the invitation). */
async function newGame(host: Page, guests: Page[], game: object): Promise<string> {
  const created = await post(host, "/api/games", game);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  for (const g of guests) expect((await post(g, `/api/games/${created.body.id}/join`, { invite: created.body.invite })).status).toBe(200);
  return created.body.id;
}

/** Whoever is to act passes, draws or throws their first tile, until `seat` is to act (or asked, `asked`). */
async function playUntil(pages: Page[], id: string, done: (g: any) => boolean) {
  for (let n = 0; n < 60; n++) {
    const g = await get(pages[0]!, `/api/games/${id}`);
    if (done(g)) return g;
    const s = g.players.find((p: any) => p.toAct).seat as number;
    const mine = await get(pages[s]!, `/api/games/${id}`);
    const move = mine.legalMoves.find((m: any) => m.type === "pass") ?? mine.legalMoves.find((m: any) => m.type === "draw") ?? mine.legalMoves.find((m: any) => m.type === "discard");
    expect((await post(pages[s]!, `/api/games/${id}/moves`, { version: mine.version, move, idempotencyKey: crypto.randomUUID() })).status).toBe(200);
  }
  throw new Error("the game never came to that point");
}
const onlyToAct = (seat: number) => (g: any) => g.players.filter((p: any) => p.toAct).map((p: any) => p.seat).join() === String(seat);

/**
 * The newest mail to `to` whose text matches, waiting for it (up to 6 minutes); after the first
 * seconds (an urgent mail needs no more), merge windows are passed on the cron's clock, not waited out.
 */
async function mailTo(page: Page, to: string, text: RegExp): Promise<Mail> {
  for (let i = 0; i < 360; i++) {
    const m = (await outbox(page, to)).find((x) => text.test(x.text));
    if (m) return m;
    if (i >= 5) await cronPastWindows(page.request, server.url);
    await page.waitForTimeout(1000);
  }
  throw new Error(`no mail to ${to} saying ${text}: ${JSON.stringify((await outbox(page, to)).map((m) => m.subject))}`);
}

let carol: Page, dave: Page;
const CAROL = "carol.corresp@example.com", DAVE = "dave.corresp@example.com";
let timedOut = "";
let move = 0;

describe("correspondence that tells you what happened", () => {
  it("a time-out: each player reads it on the table and in the move list, in their own words; after three the game ends as abandoned", async () => {
    carol = await phone(CAROL, "Carol");
    dave = await phone(DAVE, "Dave");
    timedOut = await newGame(carol, [dave], { ruleset: "siamese", seed: "corresp-timeout-01", rated: true, options: { daysPerMove: 1 } });
    // six turns each first: a game abandoned by a player who made fewer than ten moves is not rated
    for (let turn = 0; turn < 6; turn++) {
      await playUntil([carol, dave], timedOut, onlyToAct(0));
      await playUntil([carol, dave], timedOut, onlyToAct(1));
    }
    // Dave lets his time run out: his turn is played for him.
    expect((await advance(carol, timedOut, DAY + 60_000)).status).toBe(200);
    await expect.poll(async () => (await get(dave, `/api/games/${timedOut}`)).players[1].timeouts).toBe(1);
    move = (await get(dave, `/api/games/${timedOut}`)).events.find((e: any) => e.event.type === "timeout").event.move;
    expect(move).toBeGreaterThan(0);

    await dave.goto(`${server.url}/game/${timedOut}`);
    const yours = dave.locator(".timeout-note.yours");
    await yours.waitFor();
    expect(await yours.textContent()).toBe(`Your time ran out on move ${move}: we drew and threw for you. Two more in a row and the game ends as abandoned by you.`);
    expect(await yours.evaluate((e) => e.getBoundingClientRect().bottom <= innerHeight)).toBe(true);
    await dave.getByText(/^Moves, newest first/).click();
    await dave.locator(".move-list li", { hasText: `Your time ran out on move ${move}` }).waitFor();
    expect(await dave.locator(".move-list").textContent()).not.toContain("Dave's time ran out");
    await dave.screenshot({ path: OUT + "timeout-dave-360x740.png" });

    await carol.goto(`${server.url}/game/${timedOut}`);
    const theirs = carol.locator(".timeout-note");
    await theirs.waitFor();
    expect(await theirs.textContent()).toBe(`Dave's time ran out on move ${move}: we drew and threw for Dave. Two more in a row and the game ends as abandoned by Dave.`);
    await carol.screenshot({ path: OUT + "timeout-carol-360x740.png" });

    // Nobody has the game open (their mail is not held back), and Dave's time runs out twice more.
    await Promise.all([carol.goto(`${server.url}/settings`), dave.goto(`${server.url}/settings`)]);
    for (let i = 0; i < 2; i++) {
      await playUntil([carol, dave], timedOut, onlyToAct(1));
      expect((await advance(carol, timedOut, DAY + 60_000)).status).toBe(200);
      await expect.poll(async () => (await get(dave, `/api/games/${timedOut}`)).players[1].timeouts === i + 2 || (await get(dave, `/api/games/${timedOut}`)).status === "ended").toBe(true);
    }
    await expect.poll(async () => (await get(dave, `/api/games/${timedOut}`)).status).toBe("ended");
  });

  it("the end screen says who won, the place, the points and the rating change", async () => {
    await dave.goto(`${server.url}/game/${timedOut}`);
    const outcome = dave.getByRole("region", { name: "Result" });
    await outcome.getByRole("heading", { name: "2nd of 2" }).waitFor();
    // the rating change shows once the rated result is posted (the page hears it over its socket)
    await expect.poll(() => outcome.textContent()).toMatch(/^2nd of 2Carol won\. Your points: −100 · Your rating: −\d+Your time ran out three turns in a row: the game ended as abandoned by you\.$/);
    await dave.screenshot({ path: OUT + "end-dave-360x740.png" });
    await carol.goto(`${server.url}/game/${timedOut}`);
    const hers = carol.getByRole("region", { name: "Result" });
    await hers.getByRole("heading", { name: "You won" }).waitFor();
    // (a game left early rates only the player who left it: Carol's rating does not move, and no change is shown)
    await expect.poll(() => hers.textContent()).toMatch(/^You wonYour points: 0Dave's time ran out three turns in a row: the game ended as abandoned by Dave\.$/);
    await carol.screenshot({ path: OUT + "end-carol-360x740.png" });
    await Promise.all([carol.goto(`${server.url}/settings`), dave.goto(`${server.url}/settings`)]);
  });

  // (the players below are others: Carol's and Dave's mail stays about the game Dave timed out in)
  it("after your move, the next game waiting for you is one tap away", async () => {
    const nina = await phone("nina.corresp@example.com", "Nina");
    const bea = await phone("bea.corresp@example.com", "Bea");
    const games: string[] = [];
    for (let i = 0; i < 3; i++) games.push(await newGame(nina, [bea], { ruleset: "siamese", seed: `corresp-next-0${i}`, options: { daysPerMove: 3 } }));
    const carol = nina;
    // Nina plays the second one on the table (East throws first): she taps a tile and throws it.
    await carol.goto(`${server.url}/game/${games[1]}`);
    await carol.locator(".table[data-turn=you][data-phase=discard]").waitFor();
    await carol.locator("section.mine .concealed button.tile").last().click();
    await carol.getByRole("button", { name: /^Discard / }).click();
    await carol.locator(".table[data-turn=other]").waitFor();
    // (the games list may not have heard of her move yet: the one she played is not counted anyway)
    const waiting = (await get(carol, "/api/games")).games.filter((g: any) => g.status === "active" && g.myTurn && g.id !== games[1]);
    expect(waiting.map((g: any) => g.id).sort()).toEqual([games[0], games[2]].sort());
    const next = carol.locator(".next-game");
    await next.waitFor();
    expect(await next.textContent()).toBe(`Your turn in ${waiting.length} more games Next →`);
    expect(await next.evaluate((e) => e.getBoundingClientRect().bottom <= innerHeight)).toBe(true);
    await carol.screenshot({ path: OUT + "next-360x740.png" });
    await next.getByRole("link", { name: /Next/ }).click();
    await carol.waitForURL(new RegExp(`/game/${waiting[0].id}$`));
    await carol.locator(".table[data-turn=you]").waitFor();
    // where it is your turn, no Next: one thing at a time
    expect(await carol.locator(".next-game").count()).toBe(0);
  });

  it("a vacation is seen by the other player: on the table, on the home page and in the mail", async () => {
    const vera = await phone("vera.corresp@example.com", "Vera");
    const gus = await phone("gus.corresp@example.com", "Dave");
    const id = await newGame(vera, [gus], { ruleset: "siamese", seed: "corresp-away-01", options: { daysPerMove: 1 } });
    expect((await post(gus, "/api/me/vacation", { days: 3 })).status).toBe(200);
    const carol = vera;
    await carol.goto(`${server.url}/game/${id}`);
    const note = carol.locator(".away-note");
    await note.waitFor();
    expect(await note.textContent()).toMatch(/^Dave is away until (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2}(:\d\d)? (am|pm); their clock is stopped\.$/);
    await carol.screenshot({ path: OUT + "away-table-360x740.png" });
    await carol.goto(`${server.url}/`);
    await carol.locator(".away-line", { hasText: /^Dave is away until .+; their clock is stopped\.$/ }).first().waitFor();
    await carol.screenshot({ path: OUT + "away-home-360x740.png", fullPage: true });
    // Carol's time runs short in that game: the mail that says so names who is away.
    expect((await advance(carol, id, DAY - 3_600_000)).status).toBe(200);
    const mail = await mailTo(carol, "vera.corresp@example.com", /Reminder: your move is due/);
    expect(mail.text).toMatch(/Dave is away until .+; their clock is stopped\./);
  });

  it("a live claim window has one countdown, beside its buttons", async () => {
    const page = await phone("carol.live@example.com", "Carol");
    const created = await post(page, "/api/games", { ruleset: "royale", seed: "corresp-live-0001", options: { daysPerMove: 3, players: 4 }, computers: { seats: 3, strength: "easy", delayMs: 0 } });
    expect(created.status).toBe(201);
    await page.goto(`${server.url}/game/${created.body.id}`);
    await page.locator(".table").waitFor();
    // Carol throws a tile; a computer's discard opens a window she may call in (15 seconds: the game is live)
    for (let n = 0; n < 40 && !(await page.locator(".am-claim .countdown").count()); n++) {
      const g = await get(page, `/api/games/${created.body.id}`);
      const m = g.legalMoves.find((x: any) => x.type === "draw") ?? g.legalMoves.find((x: any) => x.type === "discard");
      if (m) await post(page, `/api/games/${created.body.id}/moves`, { version: g.version, move: m, idempotencyKey: crypto.randomUUID() });
      await page.waitForTimeout(500);
    }
    const countdowns = await page.evaluate(() => {
      // drawn countdowns: a screen reader's live region (.sr-only, issue 39) says the window's time once, as it opens
      const texts = [...document.querySelectorAll<HTMLElement>("main *")].filter((e) => e.children.length === 0 && !e.closest(".sr-only") && /(\d+ s\b|\bseconds? left\b|closes in)/i.test(e.textContent ?? ""));
      const claim = document.querySelector(".am-claim")!.getBoundingClientRect();
      return texts.map((e) => ({ text: e.textContent, inClaim: !!e.closest(".am-claim"), near: Math.abs(e.getBoundingClientRect().top - claim.top) < 60 }));
    });
    await page.screenshot({ path: OUT + "live-window-360x740.png" });
    expect(countdowns, JSON.stringify(countdowns)).toHaveLength(1);
    expect(countdowns[0]).toMatchObject({ text: expect.stringMatching(/^Closes in \d+ s$/), inClaim: true, near: true });
  });

  it("a Royale claim window for four: one button per kind of claim, Mah Jongg, Pass and the first claim on the first screen", async () => {
    const [ann, bob, eve, fay] = await Promise.all(["Ann", "Bob", "Eve", "Fay"].map((n) => phone(`${n.toLowerCase()}.claims@example.com`, n)));
    const carol = ann!;
    const id = await newGame(carol, [bob!, eve!, fay!], { ruleset: "royale", seed: "corresp-claims-0009", options: { daysPerMove: 3, players: 4 } });
    const asked = (g: any) => g.view?.phase === "window" && g.legalMoves.some((m: any) => m.type === "call-mahjong") && g.legalMoves.some((m: any) => m.type === "call");
    const g = await playUntil([carol, bob!, eve!, fay!], id, asked);
    const mine = await get(carol, `/api/games/${id}`);
    const claims = mine.legalMoves.filter((m: any) => m.type === "call" || m.type === "call-mahjong").length;
    expect(claims, `${g.version}`).toBeGreaterThan(10);
    for (const size of [{ width: 360, height: 740 }, { width: 320, height: 640 }]) {
      await carol.setViewportSize(size);
      await carol.goto(`${server.url}/game/${id}`);
      await carol.locator(".am-claim").waitFor();
      await carol.waitForTimeout(300);
      const shown = await carol.evaluate(() => {
        scrollTo(0, 0);
        const buttons = [...document.querySelectorAll<HTMLElement>(".am-claim button")].filter((b) => b.offsetHeight > 0);
        return buttons.map((b) => ({ text: b.textContent!.trim(), onScreen: b.getBoundingClientRect().bottom <= innerHeight }));
      });
      await carol.screenshot({ path: `${OUT}royale-claim-${size.width}x${size.height}.png` });
      const where = `${claims} ways to claim at ${size.width}×${size.height}: ${JSON.stringify(shown)}`;
      expect(shown.length, where).toBeLessThanOrEqual(6);
      expect(shown[0]!.text, where).toMatch(/^Mah Jongg \(\d+ ways\)/);
      expect(shown[1]!.text, where).toMatch(/^Pass/);
      expect(shown[2]!.text, where).toMatch(/^A (pung|kong|quint|sextet) \(\d+ ways\)|^Claim/);
      expect(shown.slice(0, 3).every((b) => b.onScreen), where).toBe(true);
      // a kind opens to its ways
      await carol.locator(".am-claim .claim-toggle").first().click();
      const ways = carol.locator(".am-claim .claim-ways button");
      expect(await ways.count()).toBeGreaterThan(1);
      // each way in a few words (the rack, the line or the jokers), its whole move as its name
      expect(await ways.first().textContent()).toMatch(/^Rack \d/);
      expect(await ways.first().getAttribute("aria-label")).toMatch(/^Claim Red dragon and declare Mah Jongg on rack \d/);
    }
  });

  it("play now with nobody waiting posts an open challenge for the players chosen, and says so", async () => {
    await carol.goto(`${server.url}/`);
    await carol.locator("#challenge-filter").selectOption("royale");
    await carol.locator("#play-now-players").selectOption("3");
    await carol.getByRole("button", { name: "Play Royale now" }).click();
    await carol.getByRole("heading", { name: "Your open challenge" }).waitFor();
    await carol.getByText("Nobody was waiting for a game like this, so we posted an open challenge for you.").waitFor();
    expect(await carol.getByText("invited player").count()).toBe(0);
    await carol.screenshot({ path: OUT + "play-now-360x740.png" });
    const list = (await get(carol, "/api/challenges?ruleset=royale")).challenges.filter((c: any) => c.mine);
    expect(list.map((c: any) => c.seats)).toEqual([3]);
    // She would rather not wait: computers take both free seats and the table is dealt at once.
    await carol.getByRole("heading", { name: "Rather not wait?" }).waitFor();
    await carol.getByRole("button", { name: "Play computers now" }).click();
    await carol.locator("section.mine .tile").first().waitFor();
    await carol.screenshot({ path: OUT + "play-now-computers-360x740.png" });
    const dealt = await get(carol, `/api/games/${list[0].id}`);
    expect([dealt.status, dealt.players.filter((p: any) => p.computer).length]).toEqual(["active", 2]);
    expect((await get(carol, "/api/challenges?ruleset=royale")).challenges.filter((c: any) => c.mine)).toEqual([]);
  });

  it("the Chinese hand is shown sorted", async () => {
    const created = await post(carol, "/api/games", { ruleset: "chinese-ming", seed: "corresp-chinese-01", options: { daysPerMove: 3 }, computers: { seats: 3, strength: "easy", delayMs: 60_000 } });
    expect(created.status).toBe(201);
    await carol.goto(`${server.url}/game/${created.body.id}`);
    await carol.locator("section.mine .concealed .tile").first().waitFor();
    const g = await get(carol, `/api/games/${created.body.id}`);
    const dealt: number[] = g.view.hand.seats[g.seat].concealed.map((t: any) => t.kind);
    const shown = await carol.locator("section.mine .concealed .tile").evaluateAll((ts) => ts.map((t) => t.getAttribute("aria-label")!.split(",")[0]));
    expect(shown).toEqual([...dealt].sort((a, b) => a - b).map((k) => tileLabel(k, "chinese")));
    expect(shown).not.toEqual(dealt.map((k) => tileLabel(k, "chinese")));
  });

  it("Play again keeps the orders set in the game's menu", async () => {
    const page = await phone("erin.corresp@example.com", "Erin");
    const created = await post(page, "/api/games", { ruleset: "siamese", seed: "corresp-again-0001", options: { daysPerMove: 3 }, computers: { seats: 1, strength: "easy", delayMs: 60_000 } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await page.goto(`${server.url}/game/${created.body.id}`);
    await page.locator(".table").waitFor();
    await page.getByText(/^Game menu · your orders/).click();
    await page.getByRole("radio", { name: /Only for Mah Jongg/ }).check();
    // The orders move is made (over the page's socket, or posted): her own view carries it.
    await expect
      .poll(async () => ((await page.request.get(`${server.url}/api/games/${created.body.id}`)).json() as Promise<{ view: { orders?: { claims?: string } } }>).then((g) => g.view.orders?.claims))
      .toBe("mahjong-only");
    expect((await post(page, `/api/games/${created.body.id}/resign`, {})).status).toBe(200);
    await page.reload();
    await page.getByRole("button", { name: "Play again", exact: true }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/game/") && !u.pathname.endsWith(created.body.id));
    await page.locator(".table").waitFor();
    await page.getByText(/^Game menu · your orders/).click();
    await expect.poll(() => page.getByRole("radio", { name: /Only for Mah Jongg/ }).isChecked()).toBe(true);
    await page.screenshot({ path: OUT + "again-orders-360x740.png" });
    await page.context().close();
  });

  it("a signed-out page logs no error for /api/me", async () => {
    const page = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
    const logged: string[] = [];
    page.on("console", (m) => m.type() === "error" && logged.push(m.text()));
    for (const path of ["/", "/rules", "/signin"]) {
      await page.goto(server.url + path);
      await page.locator("main h1").first().waitFor();
      await page.waitForTimeout(300);
    }
    expect(logged).toEqual([]);
  });

  it("the mail: the time-out told to Dave, the end with its reason to both, each opened through its link", async () => {
    // Their merge windows, open since the time-outs, close: the cron's clock moves past them.
    await cronPastWindows(dave.request, server.url);
    const toDave = await mailTo(dave, DAVE, /Your time ran out three turns in a row/);
    expect(toDave.text).toContain(`Your time ran out on move ${move}: we drew and threw for you. Two more in a row and the game ends as abandoned by you.`);
    expect(toDave.text).toContain("The game is over. Your time ran out three turns in a row: the game ended as abandoned by you.");
    const toCarol = await mailTo(carol, CAROL, /Dave's time ran out three turns in a row/);
    expect(toCarol.text).toContain("The game is over. Dave's time ran out three turns in a row: the game ended as abandoned by Dave.");
    expect(toCarol.text).not.toContain("Your time ran out");
    for (const [page, mail, heading] of [[dave, toDave, "2nd of 2"], [carol, toCarol, "You won"]] as const) {
      expect(mail.link).toMatch(new RegExp(`/game/${timedOut}$`));
      await page.goto(here(mail.link!));
      await page.getByRole("region", { name: "Result" }).getByRole("heading", { name: heading }).waitFor();
    }
    await dave.screenshot({ path: OUT + "end-from-mail-dave-360x740.png" });
    expect(errors).toEqual([]);
  });
});
