/**
 * The pages around the tables on a phone and a desktop, measured in a real browser as the tables are
 * (table-layout.test.ts): the rules (an index, a page per ruleset, how correspondence play works),
 * Settings' vacation (asked first, ended early), a profile with a finished game against a computer, a
 * Royale table of four with three computers, a league (its join page, standings, the organiser's
 * tools) and the card editor. Each is checked at 320×640, 360×740 and 1280×800: no sideways scroll,
 * nothing in the page wider than the screen, no text cut short, no link or button covered by
 * anything else when scrolled into view; and no serious or critical axe-core finding. Screenshots go
 * to test-output/pages-layout/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { closeBrowserTest, openBrowserTest, type Server, askEveryTime } from "./harness";
import { axeFindings, squeezedChoices } from "./page-checks";

const OUT = new URL("../../test-output/pages-layout/", import.meta.url).pathname;
const SIZES = [
  [320, 640],
  [360, 740],
  [1280, 800],
] as const;
const DAY = 24 * 3600_000;

let server: Server;
let browser: Browser;
beforeAll(async () => void ({ server, browser } = await openBrowserTest({ outDir: OUT })), 240_000);
afterAll(() => closeBrowserTest(server, browser));

type Json = Record<string, any>;
const post = (page: Page, path: string, data: unknown) => page.request.post(server.url + path, { data, headers: { origin: server.url } });
const getJson = async (page: Page, path: string): Promise<Json> => (await page.request.get(server.url + path)).json();

async function player(email: string, name: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  page.on("pageerror", (e) => errors.push(`${name}: ${String(e)}`));
  expect((await post(page, "/api/dev/session", { email })).status()).toBe(200);
  const r = await page.request.put(server.url + "/api/me", { data: { displayName: name, timezone: "Europe/London" }, headers: { origin: server.url } });
  expect(r.status()).toBe(200);
  await askEveryTime(page, server.url);
  return page;
}
const errors: string[] = [];

interface Geometry {
  hscroll: number;
  wide: string[];
  cut: string[];
  covered: string[];
}

/** What the eye checks, in DOM geometry: the page's width, text cut short, controls hidden under something else. */
const measure = (page: Page): Promise<Geometry> =>
  page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const name = (e: Element) => `${e.tagName.toLowerCase()}${e.className && typeof e.className === "string" ? "." + e.className.trim().replace(/\s+/g, ".") : ""} "${(e.textContent ?? "").trim().slice(0, 40)}"`;
    const shown = (e: Element) => {
      const r = e.getBoundingClientRect();
      return r.width > 1 && r.height > 1 && getComputedStyle(e).visibility !== "hidden";
    };
    const all = [...document.querySelectorAll<HTMLElement>("main *")].filter(shown);
    const wide = all.filter((e) => e.getBoundingClientRect().right > vw + 0.5).map(name);
    // text that does not fit its box and is clipped (an ellipsis or hidden overflow), not scrolled
    const cut = all
      .filter((e) => {
        const s = getComputedStyle(e);
        const clips = s.textOverflow === "ellipsis" || ["hidden", "clip"].includes(s.overflowX) || s.webkitLineClamp !== "none";
        return clips && !e.matches("input, select, textarea, .sr-only") && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1) && (e.textContent ?? "").trim() !== "";
      })
      .map(name);
    const covered: string[] = [];
    for (const e of all.filter((x) => x.matches("a[href], button, input, select, textarea, summary"))) {
      e.scrollIntoView({ block: "center", inline: "nearest" });
      const r = e.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (hit && hit !== e && !e.contains(hit) && !hit.contains(e) && !(e.matches("input") && hit.closest("label")?.contains(e))) covered.push(`${name(e)} under ${name(hit)}`);
    }
    window.scrollTo(0, 0);
    return { hscroll: document.documentElement.scrollWidth - vw, wide: wide.slice(0, 4), cut: cut.slice(0, 4), covered: covered.slice(0, 4) };
  });


/** Every size for one page in one state: geometry and a screenshot each, then axe. */
async function checkPage(page: Page, shot: string) {
  for (const [w, h] of SIZES) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(80);
    const g = await measure(page);
    await page.screenshot({ path: `${OUT}${shot}-${w}x${h}.png`, fullPage: true });
    const where = `${shot} at ${w}×${h}`;
    expect(g.hscroll, `${where}: sideways scroll (${g.wide.join(", ")})`).toBeLessThanOrEqual(0);
    expect(g.wide, `${where}: wider than the screen`).toEqual([]);
    expect(g.cut, `${where}: text cut short`).toEqual([]);
    expect(g.covered, `${where}: covered`).toEqual([]);
    expect(await squeezedChoices(page), `${where}: tick boxes squeezed`).toEqual([]);
  }
  const found = await axeFindings(page);
  expect(found.join("\n"), `${shot}: axe`).toBe("");
  await page.setViewportSize({ width: 360, height: 740 });
}

const mainText = (page: Page) => page.locator("main").innerText();
/** What the rule files call things inside the code: never shown to players. */
const IDS = /`|\b(siamese-mjm|siamese-wp|chinese-ming|deadHands|jokerlessDiscard|discarder-3x|each-3x|windowHours)\b|\b(siamese|royale|american)\b/;

describe("every page on a phone", () => {
  it("the rules: an index, a page per ruleset linked from its table, how correspondence play works, no ids", async () => {
    const ann = await player("ann.rules@example.com", "Ann");
    await ann.goto(server.url + "/rules");
    await ann.getByRole("heading", { level: 1, name: "Rules", exact: true }).waitFor();
    const index = await mainText(ann);
    expect(index).not.toMatch(IDS);
    for (const name of ["Siamese Mah Jongg", "Royale Siamese", "American Mah Jongg", "Wright-Patterson Siamese"]) await ann.getByRole("link", { name, exact: true }).waitFor();
    expect(index).toContain("Two to four players");
    await checkPage(ann, "rules-index");

    const pages: [string, string | RegExp][] = [
      ["siamese", /Siamese Mah Jongg$/],
      ["royale", /Royale Siamese$/],
      ["siamese-wp", /Wright-Patterson Siamese$/],
      ["correspondence", "How correspondence play works"],
    ];
    for (const [part, heading] of pages) {
      await ann.goto(`${server.url}/rules/${part}`);
      await ann.getByRole("heading", { level: 1, name: heading }).waitFor();
      const text = await mainText(ann);
      expect(text, `/rules/${part}`).not.toMatch(IDS);
      if (part === "royale") expect(text).toMatch(/Playable here with 2, 3 or 4 players/);
      if (part === "correspondence") expect(text).toMatch(/Your clock runs only while it is your\s+turn/);
      await checkPage(ann, `rules-${part}`);
    }
    // Every other part reads in players' words too.
    for (const part of ["siamese-mjm", "american", "chinese-ming", "general", "finding-games", "ratings"]) {
      await ann.goto(`${server.url}/rules/${part}`);
      await ann.getByRole("link", { name: "All the rules" }).waitFor();
      await ann.locator("main h1").waitFor();
      expect(await mainText(ann), `/rules/${part}`).not.toMatch(IDS);
    }
    // A part that does not exist says so and leads back.
    await ann.goto(server.url + "/rules/nonsense");
    await ann.getByRole("link", { name: "See all the rules" }).waitFor();
    expect(errors).toEqual([]);
  }, 600_000);

  it("Settings: a vacation is confirmed before it starts, and can be ended early", async () => {
    const ann = await player("ann.vacation@example.com", "Ann");
    await ann.goto(server.url + "/settings");
    await ann.getByLabel("Days").selectOption("3");
    await ann.getByRole("button", { name: "Start vacation" }).click();
    // asked first: nothing has changed yet
    await ann.getByText("Start a vacation of 3 days now?").waitFor();
    expect((await getJson(ann, "/api/me")).vacation.until).toBeNull();
    await ann.getByText("Start a vacation of 3 days now?").scrollIntoViewIfNeeded();
    await checkPage(ann, "settings-vacation-asked");
    await ann.getByRole("button", { name: "Yes, start it" }).click();
    await ann.getByText(/^You are on vacation until /).waitFor();
    expect((await getJson(ann, "/api/me")).vacation.daysLeft).toBe(11);

    await ann.getByRole("button", { name: "End my vacation now" }).click();
    await ann.getByText("End your vacation now?").waitFor();
    await checkPage(ann, "settings-vacation-end-asked");
    await ann.getByRole("button", { name: "Yes, I am back" }).click();
    await ann.getByText(/Welcome back: your clocks are running again/).waitFor();
    const me = await getJson(ann, "/api/me");
    expect(me.vacation).toEqual({ daysLeft: 13, until: null });
    expect(await ann.getByText(/^You are on vacation until /).count()).toBe(0);
    expect(errors).toEqual([]);
  }, 300_000);

  it("a profile names rulesets and computers in words and explains the ? of a new rating", async () => {
    const ann = await player("ann.profile@example.com", "Ann");
    const created = await (await post(ann, "/api/games", { ruleset: "siamese-mjm", seed: "pages-profile-1", options: { daysPerMove: 1 }, computers: { seats: 1, strength: "strong", delayMs: 0 } })).json();
    // Ann never moves: after three turns played for her the game ends as abandoned.
    for (let i = 0; i < 40 && (await getJson(ann, `/api/games/${created.id}`)).status !== "ended"; i++) {
      expect((await post(ann, `/api/dev/games/${created.id}/clock`, { advanceMs: DAY + 60_000, fire: true })).status()).toBe(200);
    }
    expect((await getJson(ann, `/api/games/${created.id}`)).status).toBe("ended");
    const annId = (await getJson(ann, "/api/me")).id;
    await expect.poll(async () => (await getJson(ann, `/api/players/${annId}`)).recentGames.length, { timeout: 30_000 }).toBe(1);

    await ann.goto(`${server.url}/players/${annId}`);
    await ann.getByRole("heading", { name: "Recent games" }).waitFor();
    const text = await mainText(ann);
    expect(text).toMatch(/Siamese \(MahJong Masters\) against Computer \(strong\)/);
    expect(text).not.toMatch(/Deleted player|siamese-mjm/);
    expect(text).toMatch(/1500\?/);
    expect(text).toMatch(/A rating with a \? is still settling/);
    await checkPage(ann, "profile");
    // The family shown is told apart from the others by eye, not only to a screen reader; the leaderboard's too.
    for (const path of [`/players/${annId}`, "/leaderboard"]) {
      await ann.goto(server.url + path);
      await ann.locator(".rating-tabs [aria-selected=true]").waitFor();
      const looks = await ann.locator(".rating-tabs [role=tab]").evaluateAll((tabs) => tabs.map((t) => [t.getAttribute("aria-selected"), getComputedStyle(t).backgroundColor]));
      const chosen = looks.filter(([s]) => s === "true").map(([, bg]) => bg);
      const others = looks.filter(([s]) => s !== "true").map(([, bg]) => bg);
      expect(chosen.length, path).toBe(1);
      expect(others.length, path).toBeGreaterThan(0);
      expect(others, `${path}: ${JSON.stringify(looks)}`).not.toContain(chosen[0]);
    }
    expect(errors).toEqual([]);
  }, 300_000);

  it("Royale for four with three computers: every name whole on the table", async () => {
    const ann = await player("ann.royale@example.com", "Ann");
    const created = await (await post(ann, "/api/games", { ruleset: "royale", seed: "pages-royale-1", options: { players: 4, daysPerMove: 2 }, computers: { seats: 3, strength: "strong", delayMs: 60_000 } })).json();
    expect(created.id).toBeTruthy();
    await ann.goto(`${server.url}/game/${created.id}`);
    await ann.locator(".table").waitFor();
    for (const [w, h] of SIZES) {
      await ann.setViewportSize({ width: w, height: h });
      await ann.waitForTimeout(80);
      // cut: by its own box, or by the felt's (which scrolls inside)
      const names = await ann.locator(".felt .opp-head h2").evaluateAll((hs) =>
        hs.map((h) => {
          const r = h.getBoundingClientRect(), f = h.closest(".felt")!.getBoundingClientRect();
          return { text: h.textContent, cut: h.scrollWidth > h.clientWidth + 1 || h.scrollHeight > h.clientHeight + 1 || r.bottom > f.bottom + 0.5 || r.top < f.top - 0.5 };
        }),
      );
      await ann.screenshot({ path: `${OUT}royale-four-${w}x${h}.png` });
      expect(names.map((n) => n.text).sort(), `${w}×${h}`).toEqual(["Computer (strong)", "Computer (strong) (2)", "Computer (strong) (3)"]);
      expect(names.filter((n) => n.cut), `${w}×${h}: names cut short`).toEqual([]);
      expect(await ann.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${w}×${h}: sideways scroll`).toBeLessThanOrEqual(0);
    }
    // its rules are one tap away
    await ann.getByRole("link", { name: "Rules of this game" }).click();
    await ann.getByRole("heading", { level: 1, name: /Royale Siamese$/ }).waitFor();
    expect(errors).toEqual([]);
  }, 300_000);

  it("a league: the join page says which and who invites, standings fit a phone, ending things stands apart and is asked", async () => {
    const [ann, bob, cy, di] = await Promise.all(["Ann", "Bob", "Cy", "Di"].map((n) => player(`${n.toLowerCase()}.league@example.com`, n)));
    // The organiser is asked whether they play.
    await ann!.goto(server.url + "/leagues");
    await ann!.getByLabel("Name").fill("Thursday Tiles");
    await ann!.getByText("Will you play in it yourself?").waitFor();
    await checkPage(ann!, "league-new");
    await ann!.getByLabel("Yes, schedule games for me too").check();
    await ann!.getByRole("button", { name: "Create the league" }).click();
    await ann!.waitForURL(/\/leagues\/[A-Za-z0-9_-]+$/);
    const id = new URL(ann!.url()).pathname.split("/")[2]!;
    const inviteUrl: string = (await getJson(ann!, `/api/leagues/${id}`)).inviteUrl;
    // The link for the club's players is one tap from the clipboard.
    await ann!.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    expect(await ann!.getByLabel("Invitation link").inputValue()).toBe(inviteUrl);
    await ann!.getByRole("button", { name: "Copy the link" }).click();
    await ann!.getByRole("button", { name: "Copied" }).waitFor();
    expect(await ann!.evaluate(() => navigator.clipboard.readText())).toBe(inviteUrl);
    // Invited by mail from the page: said beside the form, the box emptied for the next address.
    await ann!.getByLabel("Invite by email").fill("bob.league@example.com");
    await ann!.getByRole("button", { name: "Send", exact: true }).click();
    await ann!.getByRole("status").filter({ hasText: "✉ Invitation sent to bob.league@example.com." }).waitFor();
    expect(await ann!.getByLabel("Invite by email").inputValue()).toBe("");
    expect(await ann!.getByRole("status").filter({ hasText: "Invitation sent" }).evaluate((e) => e.getBoundingClientRect().top - e.closest("form")!.getBoundingClientRect().bottom)).toBeLessThanOrEqual(0);

    await bob!.goto(inviteUrl.replace(/^https?:\/\/[^/]+/, server.url));
    await bob!.getByRole("heading", { level: 1, name: "Join “Thursday Tiles”" }).waitFor();
    expect(await mainText(bob!)).toMatch(/Ann invites you to play in the Mah Jongg league “Thursday Tiles”, organised by Ann\. It has 1 member\./);
    await checkPage(bob!, "league-join");
    await bob!.getByRole("button", { name: "Join “Thursday Tiles”" }).click();
    await bob!.waitForURL(new RegExp(`/leagues/${id}$`));
    const invite = new URL(inviteUrl).searchParams.get("invite");
    for (const p of [cy!, di!]) expect((await post(p, `/api/leagues/${id}/join`, { invite })).status()).toBe(200);
    expect((await post(ann!, `/api/leagues/${id}/seasons`, { name: "Autumn", ruleset: "siamese", options: {}, format: "single", mode: "concurrent", daysPerMove: 3 })).status()).toBe(201);

    await ann!.goto(`${server.url}/leagues/${id}`);
    await ann!.locator("table.standings tbody tr").nth(3).waitFor();
    await ann!.getByRole("button", { name: "End the season" }).waitFor();
    await checkPage(ann!, "league-standings");
    // the season is ended only after a yes
    await ann!.getByRole("button", { name: "End the season" }).click();
    await ann!.getByText("End the season “Autumn” now?").waitFor();
    await ann!.getByText("End the season “Autumn” now?").scrollIntoViewIfNeeded();
    await checkPage(ann!, "league-end-season-asked");
    await ann!.getByRole("button", { name: "Cancel" }).click();
    expect((await getJson(ann!, `/api/leagues/${id}`)).seasons[0].status).not.toBe("ended");

    // A league with no season: the new season's form, and archiving well apart from its button.
    const other = await (await post(ann!, "/api/leagues", { name: "Sunday Tiles", visibility: "private", play: false })).json();
    await ann!.goto(`${server.url}/leagues/${other.id}`);
    const create = ann!.getByRole("button", { name: "Create and schedule" });
    const archive = ann!.getByRole("button", { name: "Archive the league" });
    await archive.waitFor();
    const gap = (await archive.boundingBox())!.y - ((await create.boundingBox())!.y + (await create.boundingBox())!.height);
    expect(gap, "space between 'Create and schedule' and 'Archive the league'").toBeGreaterThan(60);
    expect(await mainText(ann!)).toMatch(/Ann \(organiser\) \(does not play\)/);
    await archive.click();
    await ann!.getByText("Archive “Sunday Tiles”?").waitFor();
    await checkPage(ann!, "league-archive-asked");
    expect((await getJson(ann!, `/api/leagues/${other.id}`)).league.status).toBe("active");
    await ann!.getByRole("button", { name: "Yes, archive it" }).click();
    await expect.poll(async () => (await getJson(ann!, `/api/leagues/${other.id}`)).league.status).toBe("archived");
    expect(errors).toEqual([]);
  }, 600_000);

  it("the card editor says why Save waits, and says when it saved", async () => {
    const ann = await player("ann.cardpage@example.com", "Ann");
    await ann.goto(server.url + "/cards/new");
    await ann.getByLabel("Name of the card").fill("");
    await ann.locator("#save-why").waitFor();
    expect(await ann.locator("#save-why").innerText()).toBe("Give the card a name (at the top) to save it.");
    await ann.getByLabel("Name of the card").fill("Our card");
    await ann.getByLabel(/^Hands, one per line/).fill("2468 | FF 2222a 44a 666b 88b | 25 | X");
    await expect.poll(() => ann.locator("#save-why").innerText()).toBe("Put right the line marked in red to save the card.");
    expect(await ann.getByRole("button", { name: "Save the card" }).isDisabled()).toBe(true);
    await checkPage(ann, "card-editor-mistake");
    await ann.getByLabel(/^Hands, one per line/).fill("2468 | FF 2222a 44a 6666b 88b | 25 | X");
    await expect.poll(() => ann.locator("#save-why").count()).toBe(0);
    await ann.getByRole("button", { name: "Save the card" }).click();
    await ann.getByText("Saved. Your card is stored under its name in Your cards.").waitFor();
    await ann.getByRole("button", { name: "Save the card" }).click();
    await ann.getByText(/^Saved at .*Games already started keep the card they started with\.$/).waitFor();
    await checkPage(ann, "card-editor-saved");
    expect(errors).toEqual([]);
  }, 300_000);

  it("an address that leads nowhere (a page, a game, a player) says so and offers the way back to your games", async () => {
    const ann = await player("ann.nowhere@example.com", "Ann");
    for (const [path, says] of [
      ["/no-such-page", /There is no page here/],
      ["/game/nope", /No such game/],
      ["/players/nope", /No such player/],
    ] as const) {
      await ann.goto(server.url + path);
      await ann.getByText(says).waitFor();
      // the header's links are there, but a newcomer reads the page: the way on is where the dead end is said
      await ann.locator("main").getByRole("link", { name: /your games/i }).waitFor({ timeout: 5000 });
      await checkPage(ann, `nowhere-${path.split("/")[1]}`);
    }
    expect(errors).toEqual([]);
  }, 300_000);

  it("a player you have not finished a game with: the profile says so in words, not as a row of noughts", async () => {
    const ann = await player("ann.h2h0@example.com", "Ann");
    const bea = await player("bea.h2h0@example.com", "Bea");
    const created = await (await post(ann, "/api/games", { ruleset: "siamese", options: { daysPerMove: 3 } })).json();
    expect((await post(bea, `/api/games/${created.id}/join`, { invite: created.invite })).status()).toBe(200);
    const beaId = (await getJson(bea, "/api/me")).id;
    await ann.goto(`${server.url}/players/${beaId}`);
    await ann.getByRole("heading", { name: "Playing now" }).waitFor();
    expect(await ann.locator(".h2h").innerText()).toBe("Against you: no finished games yet.");
    expect(errors).toEqual([]);
  }, 300_000);
});
