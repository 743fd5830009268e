/**
 * Play again with another player's private card, in a real browser (issue 38, 1 and 2): the table's
 * Play again says plainly that the card is private and offers the same players a game with a card
 * of one's own (the picker, then one tap); the card's owner plays again at once. A stranger who
 * opens the finished game's card or replay is told the card is private, never shown it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { apiPost, closeBrowserTest, createAndJoin, openBrowserTest, signInBySession, type Server } from "./harness";

const OUT = new URL("../../test-output/", import.meta.url).pathname;
const CARD = "name: Ada's club card\n2468 | FF 2222a 44a 6666b 88b | 25 | X\nQuints | NNNNN 77777a 0000 | 40 | X\n";

let server: Server;
let browser: Browser;
beforeAll(async () => void ({ server, browser } = await openBrowserTest({ outDir: OUT })), 240_000);
afterAll(() => closeBrowserTest(server, browser));

async function player(email: string, name: string, viewport: { width: number; height: number }, errors: string[]): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  page.on("pageerror", (e) => errors.push(String(e)));
  await signInBySession(page, server.url, email, name);
  return page;
}

describe("play again with a private card", () => {
  it("is refused in plain words, with the picker for a card of one's own; the owner plays again at once; a stranger reads the name only", async () => {
    const errors: string[] = [];
    const phone = { width: 360, height: 740 }, desktop = { width: 1280, height: 800 };
    const ada = await player("ada-again-card@example.com", "Ada", desktop, errors);
    const ben = await player("ben-again-card@example.com", "Ben", phone, errors);
    const eve = await player("eve-again-card@example.com", "Eve", desktop, errors);
    const card = (await apiPost(ada.request, server.url, "/api/cards", { text: CARD })).body.id as string;
    const { id, joins } = await createAndJoin(server.url, ada, [ben], { ruleset: "siamese", options: { daysPerMove: 3, card } });
    expect(joins[0]!.status).toBe(200);
    expect((await apiPost(ben.request, server.url, `/api/games/${id}/resign`, {})).status).toBe(200);

    // Ben, on his phone: Play again says the card is Ada's private card and offers his own.
    await ben.goto(`${server.url}/game/${id}`);
    await ben.getByRole("button", { name: "Play again", exact: true }).click();
    const why = ben.getByRole("alert").filter({ hasText: "private card" });
    await expect.poll(() => why.textContent()).toContain("“Ada's club card”, a private card: only its owner and those it was shared with can play it again.");
    // The plain Play again gave way to the choice.
    expect(await ben.getByRole("button", { name: "Play again", exact: true }).count()).toBe(0);
    await ben.getByLabel("Card").selectOption("sample-2026");
    await ben.screenshot({ path: `${OUT}play-again-private-card-360.png`, fullPage: false });
    await ben.setViewportSize(desktop);
    await ben.screenshot({ path: `${OUT}play-again-private-card-desktop.png`, fullPage: false });
    await ben.getByRole("button", { name: "Play again with this card" }).click();
    await ben.waitForURL((u) => u.pathname.startsWith("/game/") && !u.pathname.endsWith(id));
    const newId = new URL(ben.url()).pathname.split("/")[2]!;
    expect(newId).not.toBe(id);
    const made = await (await ben.request.get(`${server.url}/api/games/${newId}`)).json();
    expect(made.options.card).toBe("sample-2026");

    // Ada, the card's owner, plays again with it at once.
    await ada.goto(`${server.url}/game/${id}`);
    await ada.getByRole("button", { name: "Play again", exact: true }).click();
    await ada.waitForURL((u) => u.pathname.startsWith("/game/") && !u.pathname.endsWith(id));
    const hers = await (await ada.request.get(`${server.url}${new URL(ada.url()).pathname.replace("/game/", "/api/games/")}`)).json();
    expect(hers.options.card).toMatchObject({ name: "Ada's club card" });

    // Eve, a stranger: the finished game's table, its card and its replay name the card and say it is private.
    await eve.goto(`${server.url}/game/${id}`);
    await eve.locator("main").getByText(/Ada/).first().waitFor();
    await expect.poll(() => eve.locator(".loading").count()).toBe(0);
    await eve.screenshot({ path: `${OUT}private-card-stranger-table-desktop.png`, fullPage: false });
    await eve.goto(`${server.url}/card?game=${id}`);
    await expect.poll(() => eve.getByRole("alert").textContent()).toContain("“Ada's club card”, a private card: only the game's players can read it.");
    await eve.screenshot({ path: `${OUT}private-card-stranger-desktop.png`, fullPage: false });
    await eve.goto(`${server.url}/replay/${id}`);
    await expect.poll(() => eve.getByRole("alert").textContent()).toContain("only the game's players can replay it");
    expect(await eve.content()).not.toContain("NNNNN");
    expect(errors).toEqual([]);
  });
});
