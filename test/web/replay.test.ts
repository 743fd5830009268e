/**
 * The replay in a real browser: a slider and Play/Pause move through a finished game, the address
 * names the move shown, and a link to a move (`/replay/:id?move=N`) opens there. A Siamese frame
 * shows each rack as the engine has it: exposures per rack, the concealed tiles apart (they belong
 * to neither rack), never all of them under "Rack 2".
 * Also here, on the same server: the new-game form's invitation box, the invitation page of a full
 * game, the notice after a move made from an out-of-date table, and the sign-in page's wording.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { APIRequestContext, Browser, Page } from "playwright-core";
import { apiPost, closeBrowserTest, createAndJoin, openBrowserTest, playerPages, signInBySession, type Server } from "./harness";

const OUT = new URL("../../test-output/", import.meta.url).pathname;

let server: Server;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openBrowserTest({ outDir: OUT }));
});
afterAll(() => closeBrowserTest(server, browser));

const post = (r: APIRequestContext, path: string, data: unknown) => apiPost(r, server.url, path, data);
const get = async (r: APIRequestContext, path: string) => (await r.get(server.url + path)).json();

/** Ann and Bob's Siamese game: a few real moves, then both stay away until the game is abandoned. */
async function finishedGame(ann: Page, bob: Page): Promise<string> {
  const { id, created, joins } = await createAndJoin(server.url, ann, [bob], { ruleset: "siamese", seed: "replay-seed-0001", options: { daysPerMove: 1 } });
  expect(created.status).toBe(201);
  expect(joins[0]!.status).toBe(200);
  const players = [ann, bob];
  // Four real moves: draw and discard for each.
  for (let n = 0; n < 4; n++) {
    for (const p of players) {
      const g = await get(p.request, `/api/games/${id}`);
      const move = g.legalMoves.find((m: { type: string }) => m.type === "draw") ?? g.legalMoves.find((m: { type: string }) => m.type === "discard");
      if (!move) continue;
      expect((await post(p.request, `/api/games/${id}/moves`, { version: g.version, move, idempotencyKey: `replay-${n}-${g.version}` })).status).toBe(200);
      break;
    }
  }
  // Then nobody plays: each day a turn times out, and after three in a row the game is abandoned.
  for (let n = 0; n < 12; n++) {
    const before = await get(ann.request, `/api/games/${id}`);
    if (before.status === "ended") return id;
    expect((await post(ann.request, `/api/dev/games/${id}/clock`, { advanceMs: 25 * 3600 * 1000 })).status).toBe(200);
    await expect.poll(async () => (await get(ann.request, `/api/games/${id}`)).version, { timeout: 30_000 }).toBeGreaterThan(before.version);
  }
  throw new Error("the game did not end");
}

describe("replay", () => {
  it("a slider, Play/Pause and a link to a move; each rack as the engine has it", async () => {
    const { pages, errors } = await playerPages(browser, 2);
    const [ann, bob] = pages as [Page, Page];
    await signInBySession(ann, server.url, "ann-replay@example.com", "Ann");
    await signInBySession(bob, server.url, "bob-replay@example.com", "Bob");
    const id = await finishedGame(ann, bob);

    // A link to move 3 opens at move 3.
    await ann.goto(`${server.url}/replay/${id}?move=3`);
    await ann.getByRole("heading", { name: "Replay" }).waitFor();
    const step = ann.locator(".replay-step");
    await expect.poll(() => step.textContent(), { timeout: 30_000 }).toMatch(/^Move 3 of \d+: /);
    const last = Number(/of (\d+)/.exec((await step.textContent())!)![1]);
    expect(last).toBeGreaterThan(6);
    const slider = ann.getByRole("slider");
    expect(await slider.inputValue()).toBe("3");
    expect(await slider.getAttribute("max")).toBe(String(last));

    // Each rack under its own heading; the concealed tiles apart, 27 or 28 for each player.
    await ann.locator(".replay-pool").first().waitFor();
    const pools = await ann.locator(".replay-pool").evaluateAll((els) => els.map((e) => e.querySelectorAll(".tile").length));
    expect(pools.length).toBe(2);
    for (const c of pools) expect([27, 28]).toContain(c);
    const racks = await ann.locator(".replay-rack").evaluateAll((els) => els.map((e) => ({ name: e.getAttribute("aria-label"), tiles: e.querySelectorAll(".tile").length })));
    expect(racks.map((r) => r.name)).toEqual(["You: rack 1", "You: rack 2", "Bob: rack 1", "Bob: rack 2"]);
    // Nothing is exposed in this game, so no rack holds a tile: the concealed ones are not put under rack 2.
    expect(racks.every((r) => r.tiles === 0)).toBe(true);
    await ann.screenshot({ path: OUT + "replay-390x844.png", fullPage: true });

    // The slider moves through the game by keyboard; the address follows the move shown.
    await slider.focus();
    await ann.keyboard.press("ArrowRight");
    await expect.poll(() => step.textContent()).toMatch(/^Move 4 of /);
    await expect.poll(() => new URL(ann.url()).search).toBe("?move=4");
    expect(await ann.getByRole("link", { name: "Link to this move" }).getAttribute("href")).toBe(`/replay/${id}?move=4`);
    // Copy the link puts that address on the clipboard; moving on takes the "copied" back.
    await ann.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    await ann.getByRole("button", { name: "Copy the link" }).click();
    await ann.getByRole("button", { name: "Link copied" }).waitFor();
    expect(await ann.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}/replay/${id}?move=4`);
    await slider.fill("1");
    await expect.poll(() => step.textContent()).toMatch(/^Move 1 of /);
    await expect.poll(() => new URL(ann.url()).search).toBe("?move=1");
    await ann.getByRole("button", { name: "Copy the link" }).waitFor();

    // Play runs to the end by itself and stops there; Pause stops it.
    await ann.goto(`${server.url}/replay/${id}?move=${last - 2}`);
    await ann.getByRole("heading", { name: "Replay" }).waitFor();
    await expect.poll(() => step.textContent(), { timeout: 30_000 }).toMatch(new RegExp(`^Move ${last - 2} of ${last}: `));
    await ann.getByRole("button", { name: "▶ Play" }).click();
    await ann.getByRole("button", { name: "❚❚ Pause" }).waitFor();
    await expect.poll(() => step.textContent(), { timeout: 20_000 }).toMatch(new RegExp(`^Move ${last} of ${last}: `));
    await ann.getByRole("button", { name: "▶ Play" }).waitFor();
    await ann.getByRole("button", { name: "First" }).click();
    await ann.getByRole("button", { name: "▶ Play" }).click();
    await expect.poll(() => step.textContent(), { timeout: 20_000 }).toMatch(/^Move [1-9]\d* of /);
    await ann.getByRole("button", { name: "❚❚ Pause" }).click();
    const paused = await step.textContent();
    await ann.waitForTimeout(2000);
    expect(await step.textContent()).toBe(paused);

    // A link beyond the end opens at the last move; the desktop sees the same.
    await bob.goto(`${server.url}/replay/${id}?move=9999`);
    await bob.getByRole("heading", { name: "Replay" }).waitFor();
    await expect.poll(() => bob.locator(".replay-step").textContent(), { timeout: 30_000 }).toMatch(new RegExp(`^Move ${last} of ${last}: `));
    await bob.locator(".replay-pool").first().waitFor();
    await bob.screenshot({ path: OUT + "replay-1280x800.png", fullPage: true });
    expect(errors).toEqual([]);
  }, 300_000);

  it("a game not yet over: the replay says when it opens and leads back to the game", async () => {
    const { pages } = await playerPages(browser, 2);
    const [ann, bob] = pages as [Page, Page];
    await ann.setViewportSize({ width: 360, height: 740 });
    await signInBySession(ann, server.url, "ann-replay-early@example.com", "Ann");
    await signInBySession(bob, server.url, "bob-replay-early@example.com", "Bob");
    const { id } = await createAndJoin(server.url, ann, [bob], { ruleset: "siamese", seed: "replay-early-0001", options: {} });
    await ann.goto(`${server.url}/replay/${id}`);
    await ann.getByRole("heading", { name: "Replay" }).waitFor();
    expect(await ann.getByRole("alert").textContent()).toBe("The replay and the game's record open when the game ends.");
    await ann.screenshot({ path: OUT + "replay-not-yet-360x740.png" });
    await ann.getByRole("link", { name: "Back to the game" }).click();
    await ann.waitForURL(`${server.url}/game/${id}`);
    await ann.locator(".table").waitFor();
    await ann.context().close();
    await bob.context().close();
  }, 120_000);

  it("the new-game form mails the invitation; the full game's link says so; a stale move says why the table changed", async () => {
    const { pages, errors } = await playerPages(browser, 3);
    const [ann, bob, eve] = pages as [Page, Page, Page];
    await signInBySession(ann, server.url, "ann-invite@example.com", "Ann");
    await signInBySession(bob, server.url, "bob-invite@example.com", "Bob");
    await signInBySession(eve, server.url, "eve-invite@example.com", "Eve");

    await ann.goto(server.url + "/new");
    await ann.getByLabel("Invite by email (optional)").fill("bob-invite@example.com");
    await ann.getByRole("button", { name: "Create the game" }).click();
    await ann.getByRole("heading", { name: "Invite a player" }).waitFor();
    expect(await ann.getByRole("status").filter({ hasText: "Invitation sent" }).textContent()).toBe("✉ Invitation sent by email to bob-invite@example.com.");
    await ann.screenshot({ path: OUT + "invite-sent-390x844.png", fullPage: true });
    const mail = await get(ann.request, `/api/dev/outbox?to=${encodeURIComponent("bob-invite@example.com")}`);
    const link = mail.messages[0].link as string;
    expect(link).toMatch(/\/invite\/[^/?]+\?t=/);
    // Fixed subject; the inviter's name once, quoted, in the body.
    expect(mail.messages[0].subject).toBe("An invitation to a game of Mah Jongg");
    expect(mail.messages[0].text).toMatch(/^"Ann" has started a game of Siamese Mah Jongg and keeps a seat for you\. Open this link to take it:/);

    // A malformed address gets plain words, not the validator's.
    await ann.goto(server.url + "/new");
    await ann.getByLabel("Invite by email (optional)").fill("bob@b");
    await ann.getByRole("button", { name: "Create the game" }).click();
    await expect.poll(() => ann.getByRole("alert").textContent()).toMatch(/^That invitation address does not look like a whole email address/);

    // Bob accepts from the mail; Eve then opens the same link: the game is full, and she is told so.
    await bob.goto(link);
    await bob.getByRole("button", { name: "Accept and play" }).click();
    await bob.waitForURL(/\/game\//);
    await eve.goto(link);
    await eve.getByRole("heading", { name: "This game has already started" }).waitFor();
    expect(await eve.getByRole("status").textContent()).toMatch(/All seats are taken/);
    await eve.screenshot({ path: OUT + "invite-full-1280x800.png" });
    // Without the invitation the same game does not exist for her.
    await eve.goto(link.replace(/\?t=.*/, "?t=" + "x".repeat(43)));
    await eve.getByText(/^No such game\. The link may be cut short/).waitFor();

    // A move made on another device while this page is not told (its live socket is silenced):
    // the page's own move comes back 409, and it says why the table changed.
    const id = /\/game\/([^/?]+)/.exec(bob.url())![1]!;
    const bySeat = [ann, bob];
    const g = await get(ann.request, `/api/games/${id}`);
    const first = g.players.find((p: { toAct: boolean }) => p.toAct).seat as number;
    const mover = bySeat[first]!, other = bySeat[1 - first]!;
    const opening = await get(mover.request, `/api/games/${id}`);
    const discard = opening.legalMoves.find((m: { type: string }) => m.type === "discard");
    expect((await post(mover.request, `/api/games/${id}/moves`, { version: opening.version, move: discard, idempotencyKey: "stale-move-0001" })).status).toBe(200);
    await other.routeWebSocket(/\/live/, () => {});
    await other.goto(`${server.url}/game/${id}`);
    const drawButton = other.getByRole("button", { name: "Draw a tile from the wall" });
    await drawButton.waitFor();
    // Only once the page is live (its socket open, though silenced) and has caught up on opening it
    // does the other device move: the catch-up would otherwise fetch that move and redraw the table.
    await expect.poll(() => other.getByText(/^(Connecting|Reconnecting)…$/).count()).toBe(0);
    await other.waitForLoadState("networkidle");
    const now = await get(other.request, `/api/games/${id}`);
    const draw = now.legalMoves.find((m: { type: string }) => m.type === "draw");
    expect((await post(other.request, `/api/games/${id}/moves`, { version: now.version, move: draw, idempotencyKey: "stale-move-0002" })).status).toBe(200);
    await drawButton.click();
    await expect.poll(() => other.getByRole("alert").first().textContent()).toBe("This game moved on in another tab or device; here is where it stands.");
    await expect.poll(() => drawButton.count()).toBe(0);
    await other.screenshot({ path: OUT + `stale-move-${first === 0 ? "1280x800" : "390x844"}.png`, fullPage: true });
    expect(errors).toEqual([]);
  }, 300_000);

  it("the sign-in page answers a half email address in plain words", async () => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    await page.goto(server.url + "/signin");
    await page.getByLabel("Email address").fill("a@b");
    await page.getByRole("button", { name: "Send me a sign-in link" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("That does not look like a whole email address. Please check it: it should look like ann@example.com.");
    await page.screenshot({ path: OUT + "signin-bad-email-390x844.png" });
    await ctx.close();
  }, 120_000);
});
