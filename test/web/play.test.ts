/**
 * The web app end to end, in a real browser against `wrangler dev`: two players in two browser
 * contexts sign in through the mailed link (development outbox), one starts a game with a fixed
 * seed and shares the invitation, the other accepts, and they play it to the end by tapping only
 * what the table offers. Screenshots of the table go to test-output/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { askEveryTime, closeBrowserTest, openBrowserTest, playerPages, type Server } from "./harness";

const OUT = new URL("../../test-output/", import.meta.url).pathname;
let server: Server;
let browser: Browser;

beforeAll(async () => void ({ server, browser } = await openBrowserTest({ outDir: OUT, report: true, timing: true })), 240_000);

afterAll(() => closeBrowserTest(server, browser));

/** Signs in through the mailed link, answers the first-visit questions, lands on the lobby. */
async function signIn(page: Page, email: string, name: string) {
  await page.goto(server.url + "/");
  // Signed out, home says what this is, then offers Sign in.
  await page.getByRole("link", { name: "Sign in" }).click();
  await page.waitForURL(/\/signin/);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  await page.getByRole("heading", { name: "Check your email" }).waitFor();
  if (name === "Ann") await page.screenshot({ path: OUT + "signin-check-email-390x844.png" });
  expect(await page.getByRole("link", { name: "Open the outbox" }).getAttribute("href")).toBe(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const outbox = await (await page.request.get(`${server.url}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
  const link: string = outbox.messages[0].link;
  expect(link).toContain("/api/auth/verify?token=");
  await page.goto(link);
  await page.getByRole("heading", { name: "Welcome" }).waitFor();
  // The service, not the device, says the welcome questions are still open.
  expect((await (await page.request.get(server.url + "/api/me")).json()).needsWelcome).toBe(true);
  if (name === "Ann") await page.screenshot({ path: OUT + "welcome-390x844.png" });
  await page.getByLabel("Your name, as other players will see it").fill(name);
  await page.getByLabel("Your time zone").selectOption("Europe/Paris");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await page.getByRole("heading", { name: "Your games" }).waitFor();
  expect((await (await page.request.get(server.url + "/api/me")).json()).needsWelcome).toBe(false);
  // Nothing kept on this device decides it: with the device's storage cleared, no second welcome.
  await page.evaluate(() => localStorage.clear());
  await page.goto(server.url + "/");
  await page.getByRole("heading", { name: "Your games" }).waitFor();
  expect(page.url()).not.toContain("/welcome");
  // This walk taps every move itself (default-orders.test.ts plays with the default orders).
  await askEveryTime(page, server.url);
}

const tableState = (page: Page) =>
  page.evaluate(() => {
    const t = document.querySelector<HTMLElement>(".table");
    return {
      version: Number(t?.dataset.version ?? -1),
      phase: t?.dataset.phase ?? "",
      turn: t?.dataset.turn ?? "",
      over: !!document.querySelector(".game-over"),
      busy: !!document.querySelector(".actions button[disabled]"),
    };
  });

async function waitForVersionAbove(page: Page, v: number) {
  try {
    await page.waitForFunction((v) => Number(document.querySelector<HTMLElement>(".table")?.dataset.version ?? -1) > v || !!document.querySelector(".game-over"), v, { timeout: 60_000 });
  } catch (e) {
    // Say what the player would have seen.
    await page.screenshot({ path: OUT + "stuck.png", fullPage: true });
    const seen = await page.evaluate(() => document.querySelector("main")?.textContent?.slice(0, 1500));
    throw new Error(`the table did not move past version ${v}; the page shows: ${seen}`, { cause: e });
  }
}

async function confirm(page: Page, v: number) {
  await page.getByRole("button", { name: "Yes, do it" }).click();
  await waitForVersionAbove(page, v);
}

/**
 * Hints speak in tiles: every suggested line is shown as its 14 tiles, as many of them marked
 * "need" as the line is tiles away, with its category, value and the printed line beneath.
 */
async function hintsInTiles(page: Page) {
  const items = page.locator(".hint-panel li.hint-line-item");
  await items.first().waitFor();
  expect(await items.count()).toBeGreaterThan(0);
  for (const item of await items.all()) {
    const head = (await item.locator(".hint-head").textContent())!;
    const [, away] = /^(?:Complete!|(\d+) tiles? away)/.exec(head) ?? [];
    expect(head, head).toMatch(/^(Complete!|\d+ tiles? away).+, line \d+ \(\d+ points/);
    expect(await item.locator(".hint-tile").count()).toBe(14);
    expect(await item.locator(".hint-tile.need").count()).toBe(Number(away ?? 0));
    expect(await item.locator(".need-mark").count()).toBe(Number(away ?? 0));
    expect(await item.locator(".card-print").textContent()).toMatch(/^On the card: /);
  }
  // No card notation in the headline a player reads first.
  expect(await page.locator(".hint-panel .hint-head").allTextContents()).not.toContainEqual(expect.stringMatching(/\(n\+1\)|nnn/));
}

/** One decision by the player whose turn it is, chosen only from the buttons the table shows. */
async function act(page: Page, step: number, log: string[], beforeDiscard?: () => Promise<void>): Promise<void> {
  const s = await tableState(page);
  const actions = page.locator("section.actions");
  const win = actions.locator("button.win:not([disabled])");
  if (await win.count()) {
    log.push(`${step}: ${await win.first().textContent()}`);
    await win.first().click();
    return confirm(page, s.version);
  }
  if (s.phase === "draw") {
    const claim = actions.locator("button", { hasText: /^Claim .* for a \w+ on rack \d \(no jokers\)$/ });
    // a discard's claims are folded under the draw: open them
    const folded = actions.locator("button.claim-toggle[aria-expanded=false]");
    if (step % 3 === 0 && (await folded.count())) await folded.click();
    if (step % 3 === 0 && (await claim.count())) {
      log.push(`${step}: ${await claim.first().textContent()}`);
      await claim.first().click();
      return confirm(page, s.version);
    }
    await actions.getByRole("button", { name: "Draw a tile from the wall" }).click();
    return waitForVersionAbove(page, s.version);
  }
  // Discard: the tile just drawn if there is one, otherwise the last tile that is not a joker.
  const drawn = page.locator("section.mine .concealed button.tile[aria-label*='just drawn']");
  const tile = (await drawn.count()) ? drawn.first() : page.locator("section.mine .concealed button.tile:not(.tone-joker)").last();
  await tile.click();
  await beforeDiscard?.();
  const discard = actions.getByRole("button", { name: /^Discard / });
  await discard.click();
  await waitForVersionAbove(page, s.version);
}

describe("the web app: two players, two browsers", () => {
  it("sign in by mail link, start and accept a game with a fixed seed, and play it to the end by tapping", async () => {
    const t0 = Date.now();
    const { pages, errors } = await playerPages(browser, 2);
    const [ann, bob] = pages as [Page, Page];

    await signIn(ann, "ann@example.com", "Ann");
    await signIn(bob, "bob@example.com", "Bob");

    // Ann starts a game (fixed seed: development only) and shares the invitation.
    await ann.getByRole("link", { name: "Start a game" }).click();
    await ann.getByRole("heading", { name: "Start a game" }).waitFor();
    await ann.goto(server.url + "/new?seed=web-test-seed-0001");
    await ann.getByRole("button", { name: "Create the game" }).click();
    await ann.getByRole("heading", { name: "Invite a player" }).waitFor();
    const link = await ann.getByLabel("Invitation link").inputValue();
    expect(link).toMatch(/\/invite\/[^/?]+\?t=/);
    const gameId = new URL(link).pathname.split("/")[2]!;

    // Bob opens the link and accepts.
    await bob.goto(link);
    await bob.getByRole("heading", { name: "You are invited" }).waitFor();
    await bob.getByRole("button", { name: "Accept and play" }).click();
    await bob.waitForURL(new RegExp(`/game/${gameId}$`));
    await bob.locator(".table").waitFor();

    // Ann sees the game in her lobby as her turn (East starts) and opens it.
    await ann.goto(server.url + "/");
    await ann.getByRole("link", { name: "Play" }).click();
    await ann.waitForURL(new RegExp(`/game/${gameId}$`));
    await ann.locator(".table").waitFor();
    expect(await ann.title()).toMatch(/^\(1\) /);

    const log: string[] = [];
    let shots = false;
    let step = 0;
    for (let polls = 0; ; polls++) {
      expect(step, "the game should end within 400 decisions").toBeLessThan(400);
      expect(polls, "the game should end within 2000 looks at the pages").toBeLessThan(2000);
      const [a, b] = await Promise.all([tableState(ann), tableState(bob)]);
      if (a.over && b.over) break;
      const page = a.turn === "you" ? ann : b.turn === "you" ? bob : null;
      if (!page) {
        // The other page has not heard yet: the live socket (or a refresh) brings the new version.
        await Promise.race([ann, bob].map((p) => p.waitForFunction(() => document.querySelector(".table")?.getAttribute("data-turn") === "you" || !!document.querySelector(".game-over"), null, { timeout: 30_000 })));
        continue;
      }
      const shoot =
        !shots && step >= 24 && page === ann && a.phase === "discard"
          ? async () => {
              // The table as Ann sees it with a tile selected: the confirm button is on screen.
              shots = true;
              await hintsInTiles(ann);
              await ann.evaluate(() => scrollTo(0, 0));
              await ann.screenshot({ path: OUT + "table-390x844.png" });
              await ann.screenshot({ path: OUT + "table-390x844-full.png", fullPage: true });
              // The narrowest phone we support: nothing sticks out sideways.
              await ann.setViewportSize({ width: 360, height: 740 });
              expect(await ann.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
              await ann.screenshot({ path: OUT + "table-360x740.png" });
              await ann.setViewportSize({ width: 390, height: 844 });
              await bob.evaluate(() => scrollTo(0, 0));
              await bob.screenshot({ path: OUT + "table-1280x800.png" });
            }
          : undefined;
      await act(page, step, log, shoot);
      step++;
      if (step === 11) {
        // Chat in the game: Ann writes, Bob reads it.
        await ann.locator("details.chat summary").click();
        await ann.getByPlaceholder("Write a message").fill("Hello Bob, good luck!");
        await ann.getByRole("button", { name: "Send", exact: true }).click();
        await bob.locator("details.chat summary").click();
        await bob.locator(".chat-list", { hasText: "Hello Bob, good luck!" }).waitFor();
      }
    }

    // Game over on both pages: result, both hands, the seed, and the deal checks out in the browser.
    for (const p of [ann, bob]) {
      await p.getByRole("heading", { name: "Game over" }).waitFor();
      await expect.poll(() => p.locator(".scores .total").count()).toBe(2);
    }
    await bob.getByRole("button", { name: "Verify this deal" }).click();
    await expect.poll(() => bob.locator(".verify [role=status]").textContent(), { timeout: 30_000 }).toMatch(/^Checked:/);
    await ann.screenshot({ path: OUT + "game-over-390x844.png", fullPage: true });
    await bob.screenshot({ path: OUT + "game-over-1280x800.png" });

    // Replay, move by move, re-played by the engine in the browser.
    await bob.getByRole("link", { name: "Replay this game" }).click();
    await bob.getByRole("heading", { name: "Replay" }).waitFor();
    for (let i = 0; i < 3; i++) await bob.getByRole("button", { name: "Next ▶" }).click();
    expect(await bob.locator(".replay-step").textContent()).toMatch(/^Move 3 of \d+: /);
    await bob.getByRole("button", { name: "Last" }).click();
    const [, at, of] = /Move (\d+) of (\d+)/.exec((await bob.locator(".replay-step").textContent())!)!;
    expect(at).toBe(of);

    // The card and the rules, with our rulings.
    await ann.goto(server.url + "/card");
    await ann.getByRole("heading", { name: /Sample card 2026/ }).waitFor();
    expect(await ann.locator(".card-lines li").count()).toBeGreaterThan(10);
    // Every line shows one way to make it in 14 tiles, named by category and place, over the printed line.
    await ann.getByText("the dragon of that suit", { exact: false }).waitFor();
    const firstLine = ann.locator(".card-lines li").first();
    expect(await firstLine.locator(".card-line-name").textContent()).toMatch(/^2026, line 1/);
    expect(await firstLine.locator(".hint-tile").count()).toBe(14);
    expect(await ann.locator(".card-lines li .hint-tile.need").count()).toBe(0);
    await ann.screenshot({ path: OUT + "card-390x844.png" });
    // Every line's tiles fit the narrowest phone we support, the long runs of singles included.
    await ann.setViewportSize({ width: 360, height: 740 });
    expect(await ann.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await ann.setViewportSize({ width: 390, height: 844 });
    await ann.goto(server.url + "/rules/correspondence");
    await ann.getByRole("heading", { name: "Time limits — our ruling" }).waitFor();
    expect(await ann.getByText(/After three such turns in a row, the game ends as/).count()).toBe(1);

    // Installable: the manifest is served and the service worker (with the push handlers) takes over.
    const manifest = await (await ann.request.get(server.url + "/manifest.webmanifest")).json();
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    const swReady = () =>
      Promise.race([navigator.serviceWorker.ready.then((r) => !!r.active), new Promise<boolean>((r) => setTimeout(() => r(false), 20_000))]);
    expect(await ann.evaluate(swReady), "service worker active").toBe(true);

    // Settings: a daily digest instead of a mail per turn, and a day of vacation.
    await bob.goto(server.url + "/settings");
    await bob.getByLabel("Once a day, a summary").check();
    await bob.getByRole("button", { name: "Save notifications" }).click();
    await bob.getByText("Saved.", { exact: true }).waitFor();
    await bob.reload();
    await expect.poll(() => bob.getByLabel("Once a day, a summary").isChecked()).toBe(true);
    await bob.getByLabel("Days").selectOption("1");
    await bob.getByRole("button", { name: "Start vacation" }).click();
    await bob.getByRole("button", { name: "Yes, start it" }).click();
    await bob.getByText(/Saved\. Your clocks are paused/).waitFor();
    await bob.getByText(/13 left this year/).waitFor();

    // The finished game is listed as finished in the lobby.
    await ann.goto(server.url + "/");
    await ann.getByRole("link", { name: "See result" }).waitFor();
    expect(await ann.title()).toBe("Mah Jongg by post");
    await ann.screenshot({ path: OUT + "lobby-390x844.png" });

    // Signing out ends the session on this device.
    await ann.goto(server.url + "/settings");
    await ann.getByRole("button", { name: "Save notifications" }).waitFor();
    await ann.screenshot({ path: OUT + "settings-390x844.png", fullPage: true });
    await ann.getByRole("button", { name: "Sign out on this device" }).click();
    await ann.getByRole("heading", { name: "Sign in" }).waitFor();
    expect((await ann.request.get(server.url + "/api/me")).status()).toBe(401);

    console.log(`played to the end in ${((Date.now() - t0) / 1000).toFixed(1)} s; notable moves:\n  ${log.join("\n  ")}`);
    expect(errors).toEqual([]);
  }, 900_000);
});
