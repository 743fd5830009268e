/**
 * The chinese-ming table for four in a real browser against `wrangler dev`: four players sign in
 * by the mailed link, the match starts when the fourth joins, the Jong discards by tapping, the next
 * player is asked in the claim window and passes, and everyone sees the running points.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { buildWeb, launch, startServer, type Server } from "./harness";

// Screenshots go to test-output/ (Playwright creates the folder).
const OUT = new URL("../../test-output/", import.meta.url).pathname;
let server: Server;
let browser: Browser;

beforeAll(async () => {
  buildWeb();
  server = await startServer();
  browser = await launch();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function player(email: string, name: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await page.goto(server.url + "/signin");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  await page.getByRole("heading", { name: "Check your email" }).waitFor();
  const outbox = await (await page.request.get(`${server.url}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
  await page.goto(outbox.messages[0].link);
  await page.getByRole("heading", { name: "Welcome" }).waitFor();
  await page.getByLabel("Your name, as other players will see it").fill(name);
  await page.getByRole("button", { name: "Save and continue" }).click();
  await page.getByRole("heading", { name: `Hello, ${name}` }).waitFor();
  return page;
}

const post = (page: Page, path: string, data: unknown) => page.request.post(server.url + path, { data, headers: { origin: server.url } });

describe("chinese-ming table", () => {
  it("four seats; the Jong discards by tapping; the next player passes the claim window; running points for all", async () => {
    const [ann, bob, cy, di] = await Promise.all([
      player("ann.table@example.com", "Ann"),
      player("bob.table@example.com", "Bob"),
      player("cy.table@example.com", "Cy"),
      player("di.table@example.com", "Di"),
    ]);
    const created = await (await post(ann!, "/api/games", { ruleset: "chinese-ming", seed: "chinese-table-seed-1", options: { daysPerMove: 2 } })).json();
    for (const p of [bob!, cy!, di!]) expect((await post(p, `/api/games/${created.id}/join`, { invite: created.invite })).status()).toBe(200);

    await ann!.goto(`${server.url}/game/${created.id}`);
    await ann!.getByRole("heading", { name: "Chinese Mah Jongg with Bob, Cy, Di" }).waitFor();
    await expect(ann!.locator(".cm-points tbody tr").first().textContent()).resolves.toBe("Start2,0102,0102,0102,010");
    await expect(ann!.getByRole("status").textContent()).resolves.toContain("Your turn: discard a tile.");
    await expect(ann!.locator(".mine .tile").count()).resolves.toBe(await ann!.locator(".mine .tile").count());
    await ann!.screenshot({ path: OUT + "chinese-table-jong-390x844.png", fullPage: true });
    await ann!.locator(".mine .tile").first().click();
    await ann!.getByRole("button", { name: /^Discard / }).click();
    await ann!.getByRole("status").filter({ hasText: "Waiting for Bob, Cy, Di" }).waitFor();

    await bob!.goto(`${server.url}/game/${created.id}`);
    await bob!.getByRole("status").filter({ hasText: "Call Ann's" }).waitFor();
    await bob!.screenshot({ path: OUT + "chinese-table-window-390x844.png", fullPage: true });
    await bob!.getByRole("button", { name: "Pass" }).click();
    await bob!.getByRole("status").filter({ hasText: "Waiting for Cy, Di" }).waitFor();
    // Another seat's answer is never shown, only who is still awaited.
    await ann!.reload();
    await ann!.getByRole("status").filter({ hasText: "Waiting for Cy, Di" }).waitFor();
  }, 180_000);
});
