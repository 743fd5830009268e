/**
 * Every mail leads to a page that exists (issue 27). Each kind of mail the service sends is
 * brought about as a player would bring it about, read from the development outbox, and every
 * link in it (the button and the footer's links) is opened in Chromium, signed in as the
 * recipient: it must land on a real page with its expected heading, never "There is no page here".
 *
 * Kinds: sign-in, game invitation, "play again" invitation, league invitation, new email address
 * (and the note to the old one), account deletion, a turn notice for one game, a notice merged over
 * several games (its button opening the game with the least time left), the notice that a game is
 * over, and the daily digest.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { apiPost, closeBrowserTest, createAndJoin, cronPastWindows, openBrowserTest, signInBySession, type Server } from "./harness";

let server: Server;
let browser: Browser;
beforeAll(async () => void ({ server, browser } = await openBrowserTest()), 240_000);
afterAll(() => closeBrowserTest(server, browser));

interface Mail {
  to: string;
  subject: string;
  text: string;
  link: string | null;
}

async function newPage(): Promise<Page> {
  return (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
}

async function player(email: string, name: string): Promise<Page> {
  const page = await newPage();
  await signInBySession(page, server.url, email, name);
  return page;
}

async function outbox(page: Page, to: string): Promise<Mail[]> {
  return (await (await page.request.get(`${server.url}/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()).messages;
}

/** The newest mail to `to` whose subject matches, waiting for the queue to deliver it. */
async function mailTo(page: Page, to: string, subject: RegExp, after = 0): Promise<Mail> {
  for (let i = 0; i < 150; i++) {
    const all = await outbox(page, to);
    const m = all.slice(0, Math.max(0, all.length - after)).find((x) => subject.test(x.subject));
    if (m) return m;
    await page.waitForTimeout(200);
  }
  throw new Error(`no mail to ${to} matching ${subject}: ${JSON.stringify((await outbox(page, to)).map((m) => m.subject))}`);
}

/** Every address in the mail: the links in its text and its button. */
function linksOf(m: Mail): string[] {
  const inText = m.text.match(/https?:\/\/[^\s"<>]+/g) ?? [];
  return [...new Set([...inText, ...(m.link ? [m.link] : [])])];
}

/** The link as this test's server serves it (the digest names the configured site; in development that is localhost:8787). */
const here = (link: string) => {
  const u = new URL(link);
  return server.url + u.pathname + u.search + u.hash;
};

/** What a page must show, by where the link points. */
function expected(path: string): { heading?: RegExp; title?: RegExp; table?: boolean } {
  if (path === "/" || path === "/games" || path.startsWith("/api/auth/verify")) return { heading: /^Your games$/ };
  if (/^\/game\/[^/]+$/.test(path)) return { table: true };
  if (/^\/invite\/[^/]+$/.test(path)) return { heading: /^You are invited$/ };
  if (/^\/leagues\/[^/]+\/join$/.test(path)) return { heading: /^Join “Thursday Club”$/ }; // the join page names the league
  if (path === "/settings" || path.startsWith("/api/me/email/confirm")) return { heading: /^Settings$/ };
  if (path === "/account/delete") return { heading: /^Delete your account$/ };
  if (path === "/api/unsubscribe") return { title: /^Unsubscribe$/ };
  throw new Error(`a mail links to ${path}, which this test does not know`);
}

/** Opens every link of `m` in `page` (signed in as the recipient) and checks where each lands. */
async function openEveryLink(page: Page, m: Mail): Promise<string[]> {
  const links = linksOf(m);
  expect(links.length, `${m.subject}: a link`).toBeGreaterThan(0);
  const landed: string[] = [];
  for (const link of links) {
    const path = new URL(link).pathname;
    const want = expected(path);
    const res = await page.goto(here(link));
    const where = `"${m.subject}" → ${path}`;
    expect(res?.status(), `${where}: status`).toBeLessThan(400);
    if (want.title) {
      expect(await page.title(), where).toMatch(want.title);
    } else {
      // A running game shows its table, a finished one its result.
      if (want.table) await page.locator(".table, .game-over, .cm-over").first().waitFor({ timeout: 30_000 });
      else await page.getByRole("heading", { level: 1, name: want.heading }).waitFor({ timeout: 30_000 });
      expect(await page.getByText("There is no page here").count(), where).toBe(0);
      await expect.poll(() => page.locator("main .error[role=alert]").count(), { message: `${where}: an error on the page` }).toBe(0);
      // a link to a part of a page (/settings#notifications) shows that part
      const part = new URL(link).hash.slice(1);
      if (part)
        await expect
          .poll(() => page.evaluate((id) => { const r = document.getElementById(id)?.getBoundingClientRect(); return !r ? "no such part" : r.top > -2 && r.bottom <= innerHeight ? "on screen" : `off screen (top ${Math.round(r.top)})`; }, part), { message: `${where}#${part}` })
          .toBe("on screen");
    }
    landed.push(new URL(page.url()).pathname);
  }
  return landed;
}

/** The seat to act plays (draw, else the first discard) until `seat` is to act, `atLeast` moves on. */
async function playUntil(pages: Page[], id: string, seat: number, atLeast = 0) {
  const game = async (p: Page) => (await p.request.get(`${server.url}/api/games/${id}`)).json();
  for (let n = 0; n < 40; n++) {
    const g = await game(pages[0]!);
    const acting: number[] = g.players.filter((p: any) => p.toAct).map((p: any) => p.seat);
    if (n >= atLeast && acting.length === 1 && acting[0] === seat) return;
    const s = acting[0]!;
    const mine = await game(pages[s]!);
    const move = mine.legalMoves.find((m: any) => m.type === "draw") ?? mine.legalMoves.find((m: any) => m.type === "discard") ?? mine.legalMoves[0];
    expect((await apiPost(pages[s]!.request, server.url, `/api/games/${id}/moves`, { version: mine.version, move, idempotencyKey: crypto.randomUUID() })).status).toBe(200);
  }
  throw new Error("the seat never came to act");
}

/** The game's clock moves to just before its deadline: the final reminder goes out at once, with whatever waited. */
async function nearDeadline(page: Page, id: string, daysPerMove: number) {
  expect((await apiPost(page.request, server.url, `/api/dev/games/${id}/clock`, { advanceMs: daysPerMove * 86_400_000 - 3_600_000 })).status).toBe(200);
}

describe("every mail leads to a page that exists", () => {
  it("sign-in, game and league invitations, play again, new address, account deletion", async () => {
    // Sign-in: the link signs the recipient in on whatever browser opens it.
    const dora = await player("dora.mail@example.com", "Dora");
    const fresh = await newPage();
    expect((await apiPost(fresh.request, server.url, "/api/auth/start", { email: "dora.mail@example.com" })).status).toBe(200);
    expect(await openEveryLink(fresh, await mailTo(fresh, "dora.mail@example.com", /sign/i))).toEqual(["/"]);

    // A game invitation to an address, and "play again" after that game.
    const ann = await player("ann.mail@example.com", "Ann");
    const inv = await apiPost(ann.request, server.url, "/api/games", { ruleset: "siamese", invite: "dora.mail@example.com", options: { daysPerMove: 3 } });
    expect(inv.status).toBe(201);
    expect(await openEveryLink(dora, await mailTo(dora, "dora.mail@example.com", /^An invitation to a game/))).toEqual([`/invite/${inv.body.id}`]);
    expect((await apiPost(dora.request, server.url, `/api/games/${inv.body.id}/join`, { invite: inv.body.invite })).status).toBe(200);
    expect((await apiPost(dora.request, server.url, `/api/games/${inv.body.id}/resign`, {})).status).toBe(200);
    const before = (await outbox(dora, "dora.mail@example.com")).length;
    const again = await apiPost(ann.request, server.url, `/api/games/${inv.body.id}/again`, {});
    expect(again.status).toBe(201);
    const againMail = (await outbox(dora, "dora.mail@example.com"))[0]!;
    expect((await outbox(dora, "dora.mail@example.com")).length).toBe(before + 1);
    expect(againMail.text).toContain("would like another game");
    expect(await openEveryLink(dora, againMail)).toEqual([`/invite/${again.body.id}`]);

    // A league invitation.
    const league = await apiPost(ann.request, server.url, "/api/leagues", { name: "Thursday Club" });
    expect(league.status).toBe(201);
    expect((await apiPost(ann.request, server.url, `/api/leagues/${league.body.id}/invites`, { email: "dora.mail@example.com" })).status).toBe(200);
    expect(await openEveryLink(dora, await mailTo(dora, "dora.mail@example.com", /league/i))).toEqual([`/leagues/${league.body.id}/join`]);

    // A new email address: the confirmation link, then the note to the old address (no link needed, none broken).
    expect((await apiPost(dora.request, server.url, "/api/me/email", { email: "dora.new@example.com" })).status).toBe(200);
    expect(await openEveryLink(dora, await mailTo(dora, "dora.new@example.com", /Confirm your new email/))).toEqual(["/settings"]);
    const changed = await mailTo(dora, "dora.mail@example.com", /was changed/);
    for (const link of linksOf(changed)) expected(new URL(link).pathname);
    expect(linksOf(changed)).toEqual([]);

    // Deleting the account: the link opens the confirmation page (nothing is deleted by opening it).
    expect((await apiPost(dora.request, server.url, "/api/me/delete", {})).status).toBe(200);
    expect(await openEveryLink(dora, await mailTo(dora, "dora.new@example.com", /deleting your account/))).toEqual(["/account/delete"]);
  });

  it("a turn notice for one game opens that game; one merged over several games opens the one with the least time left, and your games", async () => {
    const ann = await player("ann.turns@example.com", "Ann");
    const bob = await player("bob.turns@example.com", "Bob");
    // One game: Bob's turn, then his final reminder takes the waiting turn notice along.
    const z = (await createAndJoin(server.url, ann, [bob], { ruleset: "siamese", seed: "mail-seed-0001", options: { daysPerMove: 1 } })).id;
    await playUntil([ann, bob], z, 1);
    await nearDeadline(ann, z, 1);
    const single = await mailTo(bob, "bob.turns@example.com", /./);
    const landed = await openEveryLink(bob, single);
    expect(landed).toContain(`/game/${z}`);
    expect(landed).toContain("/settings");

    // Two games waiting on Bob: one mail for both, leading to his games.
    const x = (await createAndJoin(server.url, ann, [bob], { ruleset: "siamese", seed: "mail-seed-0002", options: { daysPerMove: 1 } })).id;
    const y = (await createAndJoin(server.url, ann, [bob], { ruleset: "siamese", seed: "mail-seed-0003", options: { daysPerMove: 1 } })).id;
    await playUntil([ann, bob], x, 1);
    await playUntil([ann, bob], y, 1);
    const n = (await outbox(bob, "bob.turns@example.com")).length;
    await nearDeadline(ann, y, 1);
    let merged: Mail | undefined;
    for (let i = 0; i < 150 && !merged; i++) {
      const all = await outbox(bob, "bob.turns@example.com");
      if (all.length > n) merged = all[0];
      else await bob.waitForTimeout(200);
    }
    expect(merged, "the merged notice").toBeDefined();
    // its button opens the game waiting for Bob with the least time left ("Next" goes on from there), its text lists all his games
    expect([`/game/${x}`, `/game/${y}`]).toContain(new URL(merged!.link!).pathname);
    expect(merged!.text).toContain('"Next" takes you to the other one');
    const where = await openEveryLink(bob, merged!);
    expect(where).toContain(new URL(merged!.link!).pathname);
    expect(where).toContain("/games");
    expect(where).toContain("/settings");
  });

  it("the notice that a game is over opens that game (it waits out its merge window, passed on the cron's clock: nothing urgent follows a game's end)", async () => {
    const ann = await player("ann.ended@example.com", "Ann");
    const bob = await player("bob.ended@example.com", "Bob");
    const id = (await createAndJoin(server.url, ann, [bob], { ruleset: "siamese", seed: "mail-seed-0005", options: { daysPerMove: 3 } })).id;
    expect((await apiPost(bob.request, server.url, `/api/games/${id}/resign`, {})).status).toBe(200);
    let mail: Mail | undefined;
    for (let i = 0; i < 300 && !mail; i++) {
      mail = (await outbox(ann, "ann.ended@example.com"))[0];
      if (mail) break;
      // (once the queue has held the notice in Ann's window, the sweep sends it)
      await cronPastWindows(ann.request, server.url);
      await ann.waitForTimeout(1000);
    }
    expect(mail, "the game-over notice").toBeDefined();
    expect(mail!.text).toContain("Bob resigned");
    const landed = await openEveryLink(ann, mail!);
    expect(landed).toContain(`/game/${id}`);
    await ann.goto(here(mail!.link!));
    await ann.getByText("This game is over. Bob resigned.").waitFor();
  });

  it("the daily digest opens your games", async () => {
    const carl = await player("carl.digest@example.com", "Carl");
    const ann = await player("ann.digest@example.com", "Ann");
    // Carl is to act in a game; he reads mail once a day, at this hour.
    const g = (await createAndJoin(server.url, carl, [ann], { ruleset: "siamese", seed: "mail-seed-0004", options: { daysPerMove: 3 } })).id;
    await playUntil([carl, ann], g, 0);
    const hour = new Date().getUTCHours();
    const put = await carl.request.put(`${server.url}/api/me/notifications`, { data: { email: "digest", digestHour: hour, timezone: "UTC" }, headers: { origin: server.url } });
    expect(put.status()).toBe(200);
    const ran = await carl.request.get(`${server.url}/cdn-cgi/handler/scheduled?cron=*/15+*+*+*+*`);
    expect(ran.status()).toBeLessThan(400);
    const digest = await mailTo(carl, "carl.digest@example.com", /^Your turn in \d+ games?/);
    const where = await openEveryLink(carl, digest);
    expect(where).toContain("/games");
  });
});
