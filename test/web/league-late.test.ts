/**
 * Who is late in a league, and removing a member, in a browser: a member on her phone reads whose
 * turn it is in her game and how long is left or how late it is; the organiser, on a desktop, finds
 * the late game under "Late now" with more days and a forfeit at hand, and removes a member after
 * a confirmation (refused, in words, while the member still has a game to play).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { apiPost, closeBrowserTest, openBrowserTest, personPage, type Server } from "./harness";

let server: Server;
let browser: Browser;
beforeAll(async () => void ({ server, browser } = await openBrowserTest()), 240_000);
afterAll(() => closeBrowserTest(server, browser));

const DAY = 86_400_000;
const errors: string[] = [];
const person = (email: string, name: string, phone: boolean): Promise<Page> => personPage(browser, server.url, email, name, phone, errors);
const api = async (p: Page, path: string) => (await p.request.get(`${server.url}${path}`)).json();

describe("who is late, and removing a member", () => {
  it("the member's line on a phone; 'Late now' with more days and a forfeit; removal asked first, refused while a game is left", async () => {
    const olive = await person("olive.late@example.com", "Olive", false);
    const [ruby, jade] = await Promise.all([person("ruby.late@example.com", "Ruby", true), person("jade.late@example.com", "Jade", false)]);
    const league = await apiPost(olive.request, server.url, "/api/leagues", { name: "Late Club", visibility: "private", play: false });
    const id: string = league.body.id;
    const invite = new URL((await api(olive, `/api/leagues/${id}`)).inviteUrl).searchParams.get("invite");
    for (const p of [ruby, jade]) expect((await apiPost(p.request, server.url, `/api/leagues/${id}/join`, { invite })).status).toBe(200);
    expect((await apiPost(olive.request, server.url, `/api/leagues/${id}/seasons`, { name: "Winter", ruleset: "siamese", daysPerMove: 3 })).status).toBe(201);
    const game = (await api(olive, `/api/leagues/${id}`)).seasons[0].games[0];
    const turn = game.toPlay[0];
    const lateOne = turn.name === "Ruby" ? ruby : jade;
    // Ruby reads her turn as "Your turn", Jade's as "Jade to play"
    const rubyWho = turn.name === "Ruby" ? "Your turn" : "Jade to play";

    // Ruby, on her phone: her game says whose turn it is and the days left, within the screen.
    await ruby.goto(`${server.url}/leagues/${id}`);
    await ruby.getByRole("heading", { name: "Your games" }).waitFor();
    const line = ruby.locator("li.yours .turn");
    expect(await line.innerText()).toBe(`${rubyWho}, 3 days left`);
    const box = (await line.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);

    // Away: the player to act takes a day's vacation; Ruby reads until when.
    expect((await apiPost(lateOne.request, server.url, "/api/me/vacation", { days: 1 })).status).toBe(200);
    await ruby.reload();
    expect(await line.innerText()).toMatch(new RegExp(`^${turn.name === "Ruby" ? "You are" : "Jade is"} away until .*\\d{4}.*\\d:\\d\\d`));
    expect((await lateOne.request.delete(`${server.url}/api/me/vacation`, { headers: { origin: server.url } })).status()).toBe(200);

    // Six days on (the development clock) the turn is three days late.
    expect((await apiPost(olive.request, server.url, `/api/dev/games/${game.gameId}/clock`, { advanceMs: 6 * DAY, fire: false })).status).toBe(200);
    await ruby.reload();
    await expect.poll(() => line.innerText()).toMatch(new RegExp(`^${rubyWho} — 3 days late$`));

    // Olive, at her desk: "Late now" comes first in her tools and names the late player.
    await olive.goto(`${server.url}/leagues/${id}`);
    const lateNow = olive.locator("section.late-now");
    await lateNow.getByRole("heading", { name: "Late now" }).waitFor();
    const tools = await olive.getByRole("heading", { name: "Organiser tools" }).boundingBox();
    const invite1 = await olive.getByLabel("Invite by email").boundingBox();
    expect((await lateNow.boundingBox())!.y).toBeGreaterThan(tools!.y);
    expect((await lateNow.boundingBox())!.y).toBeLessThan(invite1!.y);
    const late = lateNow.locator("li .turn");
    expect(await late.innerText()).toMatch(new RegExp(`^${turn.name} to play — (2|3) days late$`));
    // the schedule says the same in the game's line
    expect(await olive.locator("main").innerText()).toMatch(new RegExp(`${turn.name} to play — (2|3) days late`));

    // Removing a member who still has the game to play: asked first, then refused in words.
    await olive.getByLabel("Member", { exact: true }).selectOption({ label: turn.name });
    await olive.getByRole("button", { name: `Remove ${turn.name} from the league` }).click();
    await olive.getByText(`Remove ${turn.name} from the league?`).waitFor();
    await olive.getByText(`${turn.name}'s results stay in past standings.`).waitFor();
    await olive.getByRole("button", { name: "Yes, remove" }).click();
    await olive.getByRole("status").filter({ hasText: `${turn.name} still has 1 unfinished game in Winter: replace ${turn.name} in it, or declare it forfeited, first.` }).waitFor();

    // Two more days from "Late now": still late, a day less.
    const before = await late.innerText();
    await lateNow.getByRole("button", { name: "Give 2 more days" }).click();
    await olive.getByRole("status").filter({ hasText: "Deadline extended." }).waitFor();
    await expect.poll(() => late.innerText()).not.toBe(before);
    expect(await late.innerText()).toMatch(/— (less than an hour|\d+ hours?|1 day) late$/);

    // The forfeit from "Late now", asked first: the list empties, the standings count it.
    const unplayed = await olive.locator("table.standings").innerText();
    await lateNow.getByRole("button", { name: `${turn.name} forfeits` }).click();
    await olive.getByRole("button", { name: "Yes, declare the forfeit" }).click();
    await olive.getByRole("status").filter({ hasText: "Forfeit declared." }).waitFor();
    await lateNow.getByText("No game of Winter is past its deadline.").waitFor();
    await expect.poll(() => olive.locator("table.standings").innerText()).not.toBe(unplayed);
    const standings = await olive.locator("table.standings").innerText();

    // Now the removal goes through; the results and the old game keep the name.
    await olive.getByLabel("Member", { exact: true }).selectOption({ label: turn.name });
    await olive.getByRole("button", { name: `Remove ${turn.name} from the league` }).click();
    await olive.getByRole("button", { name: "Yes, remove" }).click();
    await olive.getByRole("status").filter({ hasText: `${turn.name} is no longer a member.` }).waitFor();
    const members = olive.locator("h2:has-text('Members') + ul");
    await expect.poll(() => members.innerText()).not.toContain(turn.name);
    expect(await olive.locator("table.standings").innerText()).toBe(standings);
    expect(await olive.locator("main").innerText()).toMatch(new RegExp(`Olive: Removed ${turn.name} from the league; their results stay in the standings\\.`));
    expect((await olive.locator("main").innerText()).match(/Ruby – Jade|Jade – Ruby/)).not.toBeNull();
    expect(errors).toEqual([]);
  }, 300_000);
});
