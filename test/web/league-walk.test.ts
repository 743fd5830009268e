/**
 * A league as its organiser and members meet it in a browser: the season form asks only what
 * matters for the start chosen, a member finds their own games (and only theirs open), the
 * organiser is not handed an empty choice when nobody is free to replace a player, and the
 * schedule's times are written without seconds.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { apiPost, closeBrowserTest, openBrowserTest, personPage, type Server } from "./harness";

let server: Server;
let browser: Browser;
beforeAll(async () => void ({ server, browser } = await openBrowserTest()), 240_000);
afterAll(() => closeBrowserTest(server, browser));

const errors: string[] = [];
const person = (email: string, name: string, phone: boolean): Promise<Page> => personPage(browser, server.url, email, name, phone, errors);

describe("a league walked by its organiser and a member", () => {
  it("season form, the member's own games, replacing with nobody free, times without seconds", async () => {
    const olive = await person("olive.walk@example.com", "Olive", false);
    const [ruby, jade] = await Promise.all([person("ruby.walk@example.com", "Ruby", true), person("jade.walk@example.com", "Jade", false)]);
    const league = await apiPost(olive.request, server.url, "/api/leagues", { name: "Riverside", visibility: "private", play: true });
    expect(league.status).toBe(201);
    const id: string = league.body.id;
    const invite = new URL((await (await olive.request.get(`${server.url}/api/leagues/${id}`)).json()).inviteUrl).searchParams.get("invite");
    for (const p of [ruby, jade]) expect((await apiPost(p.request, server.url, `/api/leagues/${id}/join`, { invite })).status).toBe(200);

    // The organiser's form asks the days between rounds only when the rounds start one after another.
    await olive.goto(`${server.url}/leagues/${id}`);
    await olive.getByRole("heading", { name: "New season" }).waitFor();
    expect(await olive.getByLabel("Days per round").count()).toBe(0);
    await olive.locator("select[name=mode]").selectOption("rounds");
    await olive.getByLabel("Days per round").waitFor();
    await olive.locator("select[name=mode]").selectOption("concurrent");
    expect(await olive.getByLabel("Days per round").count()).toBe(0);
    await olive.locator("form").filter({ hasText: "New season" }).getByLabel("Name", { exact: true }).fill("Winter");
    await olive.getByRole("button", { name: "Create and schedule" }).click();
    await olive.getByRole("heading", { name: "Winter: standings" }).waitFor();
    const season = (await (await olive.request.get(`${server.url}/api/leagues/${id}`)).json()).seasons[0];
    expect(season.mode).toBe("concurrent");

    // Everyone plays: no empty "who takes their place" list, but a sentence saying what to do.
    await olive.getByRole("heading", { name: "Replace a player who leaves" }).waitFor();
    expect(await olive.locator("#replace-to").count()).toBe(0);
    await olive.getByText("Every member already plays in this season").waitFor();

    // The schedule's times have no seconds.
    const schedule = await olive.locator("main").innerText();
    expect(schedule).toMatch(/next move due/);
    expect(schedule).not.toMatch(/\d:\d\d:\d\d/);

    // Ruby, on her phone, sees her own games first, and only hers can be opened.
    await ruby.goto(`${server.url}/leagues/${id}`);
    await ruby.getByRole("heading", { name: "Your games" }).waitFor();
    const mine = season.games.filter((g: any) => g.players.some((p: any) => p.name === "Ruby"));
    const theirs = season.games.filter((g: any) => !g.players.some((p: any) => p.name === "Ruby"));
    expect(mine.length).toBe(2);
    expect(theirs.length).toBe(1);
    const hrefs = await ruby.locator("main a[href^='/game/']").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(new Set(hrefs)).toEqual(new Set(mine.map((g: any) => `/game/${g.gameId}`)));
    // the round she sits out is said, and the spreadsheets' links are big enough for a finger
    const bye = season.byes.findIndex((b: any[]) => b.some((p) => p.name === "Ruby"));
    await ruby.getByText(`You sit out round ${bye + 1} (a bye: no game for you that round).`).waitFor();
    for (const name of ["Standings (CSV)", "Ledger (CSV)"]) expect((await ruby.getByRole("link", { name }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await ruby.getByRole("link", { name: "Open your game" }).first().click();
    await ruby.waitForURL(/\/game\//);
    await ruby.locator("section.actions, section.mine").first().waitFor();
    expect(await ruby.getByText("No such game").count()).toBe(0);
    expect(errors).toEqual([]);
  }, 300_000);
});

describe("a card for the league", () => {
  it("the organiser's 'Type in a card for the league' says which league, and Import sits level with Export", async () => {
    const olive = await person("olive.card@example.com", "Olive", false);
    const league = await apiPost(olive.request, server.url, "/api/leagues", { name: "Tuesday Club", visibility: "private", play: false });
    await olive.goto(`${server.url}/leagues/${league.body.id}`);
    await olive.getByRole("link", { name: "Type in a card for the league" }).click();
    await olive.getByRole("heading", { level: 1, name: "New card for Tuesday Club" }).waitFor();
    await olive.getByText("The card will belong to the league “Tuesday Club”").waitFor();
    const imp = (await olive.locator("label.button", { hasText: "Import a file" }).boundingBox())!;
    const exp = (await olive.getByRole("button", { name: "Export" }).boundingBox())!;
    expect(Math.abs(imp.y - exp.y)).toBeLessThanOrEqual(1);
    expect(Math.abs(imp.height - exp.height)).toBeLessThanOrEqual(1);
    expect(errors).toEqual([]);
  }, 120_000);
});

describe("invitations by mail", () => {
  it("the organiser sees whom the league invited and who has joined", async () => {
    const olive = await person("olive.inv@example.com", "Olive", true);
    const league = await apiPost(olive.request, server.url, "/api/leagues", { name: "Friday Tiles", visibility: "private", play: true });
    const id: string = league.body.id;
    await olive.goto(`${server.url}/leagues/${id}`);
    for (const to of ["pearl.inv@example.com", "opal.inv@example.com"]) {
      await olive.getByLabel("Invite by email").fill(to);
      await olive.getByRole("button", { name: "Send", exact: true }).click();
      await olive.getByRole("status").filter({ hasText: `Invitation sent to ${to}` }).waitFor();
    }
    await olive.getByText("Invitations sent by mail (0 of 2 joined)").click();
    expect(await olive.locator(".invitations li").allInnerTexts()).toEqual([expect.stringMatching(/^o•+@example\.com · .* · not joined yet$/), expect.stringMatching(/^p•+@example\.com · .* · not joined yet$/)]);
    const summary = (await olive.locator(".invitations summary").boundingBox())!;
    expect(summary.height).toBeGreaterThanOrEqual(44);
    // Pearl joins by the mailed link
    const pearl = await person("pearl.inv@example.com", "Pearl", true);
    const mail = await (await pearl.request.get(`${server.url}/api/dev/outbox?to=${encodeURIComponent("pearl.inv@example.com")}`)).json();
    await pearl.goto(mail.messages.at(-1).link);
    await pearl.getByRole("button", { name: "Join “Friday Tiles”" }).click();
    await pearl.waitForURL(new RegExp(`/leagues/${id}$`));
    await olive.reload();
    await olive.getByText("Invitations sent by mail (1 of 2 joined)").click();
    expect(await olive.locator(".invitations li").allInnerTexts()).toEqual([expect.stringMatching(/not joined yet$/), expect.stringMatching(/^p•+@example\.com · .* · joined$/)]);
    expect(errors).toEqual([]);
  }, 120_000);
});

describe("a member's part", () => {
  it("the organiser makes a member an organiser who does not play; the log says it in words", async () => {
    const olive = await person("olive.role@example.com", "Olive", false);
    const ruby = await person("ruby.role@example.com", "Ruby", true);
    const league = await apiPost(olive.request, server.url, "/api/leagues", { name: "Monday Mahj", visibility: "private", play: true });
    const id: string = league.body.id;
    const invite = new URL((await (await olive.request.get(`${server.url}/api/leagues/${id}`)).json()).inviteUrl).searchParams.get("invite");
    expect((await apiPost(ruby.request, server.url, `/api/leagues/${id}/join`, { invite })).status).toBe(200);
    // Ruby, a plain member, has no tools
    await ruby.goto(`${server.url}/leagues/${id}`);
    await ruby.getByRole("heading", { name: "Members" }).waitFor();
    expect(await ruby.getByRole("heading", { name: "Organiser tools" }).count()).toBe(0);

    await olive.goto(`${server.url}/leagues/${id}`);
    await olive.getByRole("heading", { name: "A member's part" }).waitFor();
    await olive.getByLabel("Member", { exact: true }).selectOption({ label: "Ruby" });
    // the boxes say Ruby's part as it is: a member who plays
    expect(await olive.getByLabel("Organiser: may use these tools").isChecked()).toBe(false);
    expect(await olive.getByLabel("Plays in new seasons").isChecked()).toBe(true);
    await olive.getByLabel("Organiser: may use these tools").check();
    await olive.getByLabel("Plays in new seasons").uncheck();
    await olive.getByRole("button", { name: "Save", exact: true }).click();
    await olive.getByRole("status").filter({ hasText: "Saved: Ruby." }).waitFor();
    await expect.poll(() => olive.locator("main").innerText()).toMatch(/Ruby \(organiser\) \(does not play\)/);
    expect(await olive.locator("main").innerText()).toMatch(/Olive: Ruby: an organiser, does not play in new seasons\./);
    // Ruby's own choice shown when she is chosen again, and Ruby now has the tools
    await olive.getByLabel("Member", { exact: true }).selectOption({ label: "Olive" });
    await olive.getByLabel("Member", { exact: true }).selectOption({ label: "Ruby" });
    expect(await olive.getByLabel("Organiser: may use these tools").isChecked()).toBe(true);
    await ruby.reload();
    await ruby.getByRole("heading", { name: "Organiser tools" }).waitFor();
    // an organiser cannot take away their own part (the service says why)
    await olive.getByLabel("Member", { exact: true }).selectOption({ label: "Olive" });
    await olive.getByLabel("Organiser: may use these tools").uncheck();
    await olive.getByRole("button", { name: "Save", exact: true }).click();
    await olive.getByRole("status").filter({ hasText: "Make someone else an organiser and let them remove you." }).waitFor();
    expect(errors).toEqual([]);
  }, 120_000);
});
