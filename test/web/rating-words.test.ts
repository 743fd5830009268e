/**
 * "1500?" beside a name at the table, in words a phone can reach (issue ui50): the "?" (a rating still
 * settling) was explained only by a tooltip, which a phone never shows. On a 360×740 phone the name's
 * link reads "Bob 1500, rating still settling" to a screen reader; a tap on it opens Bob's profile,
 * whose first screen says what the "?" means. The table itself still shows "Bob 1500?" only.
 * Screenshots go to test-output/rating-words/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { closeBrowserTest, createAndJoin, openBrowserTest, signInBySession, type Server } from "./harness";

const OUT = new URL("../../test-output/rating-words/", import.meta.url).pathname;
let server: Server;
let browser: Browser;
beforeAll(async () => void ({ server, browser } = await openBrowserTest({ outDir: OUT })), 240_000);
afterAll(() => closeBrowserTest(server, browser));

describe("a rating still settling, on a phone", () => {
  it("the name reads it in words; a tap opens the profile that explains the ?", async () => {
    const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const ann = await phone.newPage();
    const errors: string[] = [];
    ann.on("pageerror", (e) => errors.push(String(e)));
    const bob = await (await browser.newContext()).newPage();
    await signInBySession(ann, server.url, "ann.rating-words@example.com", "Ann");
    await signInBySession(bob, server.url, "bob.rating-words@example.com", "Bob");
    const { id, created } = await createAndJoin(server.url, ann, [bob], { ruleset: "siamese", seed: "rating-words-0001", options: { daysPerMove: 3 } });
    expect(created.status).toBe(201);

    await ann.goto(`${server.url}/game/${id}`);
    const name = ann.locator(".felt a.player-name");
    await name.locator(".player-rating").waitFor();
    // what the table shows stays short: the name and "1500?"
    expect(await name.innerText()).toBe("Bob 1500?");
    // what a screen reader says: the rating in words
    await ann.getByRole("link", { name: "Bob 1500, rating still settling" }).first().waitFor({ timeout: 5_000 });
    await ann.screenshot({ path: `${OUT}table-360x740.png` });

    // a tap opens Bob's profile; its first screen says what the ? means
    await name.tap();
    await ann.waitForURL(/\/players\//);
    const note = ann.getByText(/A rating with a \? is still settling/);
    await note.waitFor();
    const box = (await note.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(740);
    await ann.screenshot({ path: `${OUT}profile-360x740.png` });
    expect(errors).toEqual([]);
    await phone.close();
    await bob.context().close();
  }, 300_000);
});
