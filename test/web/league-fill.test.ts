/**
 * Computer fill-ins of a league season in a browser: the organiser's new-season form offers them
 * for tables of three or four (not for a game of two), with the strength list the rest of the app
 * uses and the rating rule said; a member on a phone reads on their own games' lines that a
 * computer sits at the table, and has no bye.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { apiPost, closeBrowserTest, openBrowserTest, personPage, type Server } from "./harness";
import { pageGeometry } from "./page-checks";

let server: Server;
let browser: Browser;
beforeAll(async () => void ({ server, browser } = await openBrowserTest()), 240_000);
afterAll(() => closeBrowserTest(server, browser));

const errors: string[] = [];
const person = (email: string, name: string, phone: boolean): Promise<Page> => personPage(browser, server.url, email, name, phone, errors);

describe("a season whose empty seats computers fill", () => {
  it("the organiser's form at 1280x800 offers the fill-in and its strength; a member's schedule line at 360x740 says a computer plays", async () => {
    const olive = await person("olive.fill@example.com", "Olive", false);
    const ruby = await person("ruby.fill@example.com", "Ruby", true);
    const others = await Promise.all(["Jade", "Opal", "Pearl"].map((n) => person(`${n.toLowerCase()}.fill@example.com`, n, false)));
    const league = await apiPost(olive.request, server.url, "/api/leagues", { name: "Five Winds", visibility: "private", play: true });
    expect(league.status).toBe(201);
    const id: string = league.body.id;
    const invite = new URL((await (await olive.request.get(`${server.url}/api/leagues/${id}`)).json()).inviteUrl).searchParams.get("invite");
    for (const p of [ruby, ...others]) expect((await apiPost(p.request, server.url, `/api/leagues/${id}/join`, { invite })).status).toBe(200);

    await olive.goto(`${server.url}/leagues/${id}`);
    await olive.getByRole("heading", { name: "New season" }).waitFor();
    const form = olive.locator("form").filter({ hasText: "New season" });
    const fill = form.getByLabel("Fill empty seats with a computer player");
    // a game of two has no seat to fill: not offered
    await form.locator("select[name=ruleset]").selectOption({ label: "Siamese (two players)" });
    expect(await fill.count()).toBe(0);
    await form.locator("select[name=ruleset]").selectOption({ label: "American (four players a table)" });
    await fill.waitFor();
    expect(await fill.isChecked()).toBe(false);
    await form.getByText("Without it, when the members do not fill every table, some sit out each round (a bye).").waitFor();
    await form.getByText("A game with a computer player is never rated").waitFor();
    expect(await form.getByLabel("How strong a computer?").count()).toBe(0);
    await fill.check();
    // the same labelled list as everywhere computers play: strong first chosen, expert offered
    const strength = form.getByLabel("How strong a computer?");
    expect(await strength.inputValue()).toBe("strong");
    expect(await strength.locator("option").allInnerTexts()).toEqual(["Easy", "Medium", "Strong", "Expert"]);
    await strength.selectOption("expert");
    await form.getByText("nobody sits out").waitFor();
    expect((await pageGeometry(olive)).hscroll).toBeLessThanOrEqual(0);
    await form.getByLabel("Name", { exact: true }).fill("Autumn");
    await olive.getByRole("button", { name: "Create and schedule" }).click();
    await olive.locator("section [role=status]").first().waitFor({ timeout: 90_000 });
    expect(await olive.locator("section [role=status]").first().innerText()).toBe("Season created.");
    await olive.getByRole("heading", { name: "Autumn: standings" }).waitFor();
    await olive.getByText("computers (expert) fill the empty seats").waitFor();
    const season = (await (await olive.request.get(`${server.url}/api/leagues/${id}`)).json()).seasons[0];
    expect(season.computerStrength).toBe("expert");
    expect(season.byes.every((b: unknown[]) => b.length === 0)).toBe(true);
    // the standings list the five members, no computer
    await expect.poll(() => olive.locator("table.standings tbody tr:not(.phone-only)").count()).toBe(5);
    expect(await olive.locator("table.standings").innerText()).not.toContain("Computer");
    // the schedule's game lines say a computer plays there
    expect(await olive.locator("main").innerText()).toMatch(/with (a computer player|2 computer players)/);

    // Ruby on her phone: her games, each line saying the computers, and no bye
    await ruby.goto(`${server.url}/leagues/${id}`);
    await ruby.getByRole("heading", { name: "Your games" }).waitFor();
    const mine = season.games.filter((g: any) => g.players.some((p: any) => p.name === "Ruby"));
    expect(mine).toHaveLength(season.rounds);
    const lines = ruby.locator("h2:has-text('Your games') + ul > li");
    expect(await lines.count()).toBe(mine.length);
    for (const text of await lines.allInnerTexts()) {
      expect(text).toMatch(/Round \d: with .*Computer \(expert\)/);
      expect(text).toMatch(/ · with (a computer player|2 computer players)/);
    }
    expect(await ruby.getByText(/You sit out/).count()).toBe(0);
    const geometry = await pageGeometry(ruby);
    expect(geometry.hscroll).toBeLessThanOrEqual(0);
    expect(geometry.wide).toEqual([]);
    expect(errors).toEqual([]);
  }, 300_000);
});
