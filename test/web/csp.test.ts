/**
 * The site under its Content-Security-Policy, in Chromium (issue #30, 3): every page carries the
 * policy and X-Frame-Options; signing in, a game page and its live socket, and the service worker
 * all work with no violation reported; no page can be framed; and the sign-in page's "Continue"
 * link never leaves the site, whatever `next` says.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { apiPost, closeBrowserTest, createAndJoin, openBrowserTest, playerPages, signInByMail, signInBySession, type Server } from "./harness";
import { SITE_POLICY, WORKER_PAGE_POLICY } from "../../worker/api/headers";
import { unsubscribeToken } from "../../worker/notify/unsubscribe";

let server: Server;
let browser: Browser;

beforeAll(async () => void ({ server, browser } = await openBrowserTest()), 240_000);
afterAll(() => closeBrowserTest(server, browser));

/** Whatever the browser refuses under the policy, as the console and the page's own event report it. */
async function watchViolations(page: Page, into: string[]) {
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) into.push(m.text());
  });
  await page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (e) => console.error(`Refused (Content Security Policy): ${e.violatedDirective} ${e.blockedURI}`)),
  );
}

const tableVersion = (page: Page) => page.evaluate(() => Number(document.querySelector<HTMLElement>(".table")?.dataset.version ?? -1));

describe("the Content-Security-Policy", () => {
  it("is the same in web/public/_headers and the worker's SITE_POLICY", () => {
    const file = readFileSync(new URL("../../web/public/_headers", import.meta.url), "utf8");
    const line = /^\s+Content-Security-Policy:\s*(.+)$/m.exec(file)?.[1]?.trim();
    expect(line).toBe(SITE_POLICY);
    expect(file).toMatch(/^\s+X-Frame-Options: DENY$/m);
  });

  it("is on every page; signing in, a game with its live socket and the service worker run under it with no violation", async () => {
    const { pages, errors } = await playerPages(browser, 2);
    const [ann, bob] = pages as [Page, Page];
    const violations: string[] = [];
    for (const p of pages) await watchViolations(p, violations);

    // Pages (the SPA fallback too) and the files they load carry the policy.
    for (const path of ["/", "/signin", "/game/no-such-game", "/rules", "/early.js", "/sw.js"]) {
      const res = await ann.request.get(server.url + path);
      expect(res.status(), path).toBe(200);
      expect(res.headers()["content-security-policy"], path).toBe(SITE_POLICY);
      expect(res.headers()["x-frame-options"], path).toBe("DENY");
    }

    await signInByMail(ann, server.url, "ann@csp.example.com", "Ann");
    await signInBySession(bob, server.url, "bob@csp.example.com", "Bob");
    const { id, created } = await createAndJoin(server.url, ann, [bob], { ruleset: "siamese", seed: "csp-seed-0001", options: { daysPerMove: 3 } });
    expect(created.status).toBe(201);
    // The game page's live socket: opened under connect-src 'self', its frames counted.
    const frames: string[] = [];
    ann.on("websocket", (ws) => ws.on("framereceived", (f) => frames.push(String(f.payload))));
    await ann.goto(`${server.url}/game/${id}`);
    await ann.locator(".table").waitFor();
    await expect.poll(() => frames.filter((f) => f.includes('"type":"game"')).length).toBeGreaterThan(0);
    const heard = frames.length;
    const before = await tableVersion(ann);

    // A move made elsewhere (another device, the other player) reaches the open page by its socket.
    for (const p of [ann, bob]) {
      const g = await (await p.request.get(`${server.url}/api/games/${id}`)).json();
      if (!g.legalMoves.length) continue;
      const move = g.legalMoves.find((m: any) => m.type === "draw") ?? g.legalMoves.find((m: any) => m.type === "discard");
      expect((await apiPost(p.request, server.url, `/api/games/${id}/moves`, { version: g.version, move, idempotencyKey: `csp-${Date.now()}` })).status).toBe(200);
      break;
    }
    await ann.waitForFunction((v) => Number(document.querySelector<HTMLElement>(".table")?.dataset.version ?? -1) > v, before, { timeout: 30_000 });
    expect(frames.slice(heard).some((f) => f.includes('"type":"game"'))).toBe(true);

    // The other pages draw under the policy too (styles set by the app, lazy scripts and sheets).
    const annId = (await (await ann.request.get(`${server.url}/api/me`)).json()).id;
    for (const path of ["/", "/new", "/settings", "/cards", "/cards/new", "/card", "/rules", "/calculator", "/leaderboard", `/players/${annId}`, "/leagues"]) {
      await ann.goto(server.url + path);
      await ann.locator("h1, h2").first().waitFor({ timeout: 10_000 }).catch(async () => {
        throw new Error(`${path} drew no heading: ${(await ann.locator("body").innerText()).slice(0, 300)} ${JSON.stringify(violations)} ${JSON.stringify(errors)}`);
      });
    }
    await ann.goto(`${server.url}/game/${id}`);
    await ann.locator(".table").waitFor();

    // The service worker (offline start, push) registers from the site's own script.
    const registered = await ann.evaluate(() => Promise.race([navigator.serviceWorker.ready.then((r) => !!r.active || !!r.installing || !!r.waiting), new Promise((r) => setTimeout(() => r(false), 20_000))]));
    expect(registered).toBe(true);

    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("keeps the site's pages out of any frame", async () => {
    const { pages } = await playerPages(browser, 1);
    const page = pages[0]!;
    const refused: string[] = [];
    page.on("console", (m) => refused.push(m.text()));
    await page.setContent(`<iframe id="f" src="${server.url}/rules"></iframe>`);
    await expect.poll(() => refused.some((t) => /frame-ancestors 'none'/.test(t))).toBe(true);
    const framed = page.frames().find((f) => f !== page.mainFrame())!;
    expect(await framed.evaluate(() => !!document.getElementById("app")).catch(() => false)).toBe(false);
  });
});

describe("the pages the worker writes", () => {
  it("the unsubscribe question from a mail posts its form under its policy", async () => {
    const { pages, errors } = await playerPages(browser, 1);
    const page = pages[0]!;
    const violations: string[] = [];
    await watchViolations(page, violations);
    await signInBySession(page, server.url, "dee@csp.example.com", "Dee");
    const id = (await (await page.request.get(`${server.url}/api/me`)).json()).id as string;
    // wrangler.toml's development COOKIE_SECRET signs the links when no UNSUBSCRIBE_SECRET is set.
    const secret = /^COOKIE_SECRET = "(.+)"$/m.exec(readFileSync(new URL("../../wrangler.toml", import.meta.url), "utf8"))![1]!;
    const res = await page.goto(`${server.url}/api/unsubscribe?t=${encodeURIComponent(await unsubscribeToken(id, secret))}`);
    expect(res!.headers()["content-security-policy"]).toBe(WORKER_PAGE_POLICY);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await page.getByText("Done: you will get no more notification emails").waitFor();
    expect((await (await page.request.get(`${server.url}/api/me/notifications`)).json()).email).toBe("off");
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe("the sign-in page's Continue link", () => {
  it("goes only to a path of this site", async () => {
    const { pages, errors } = await playerPages(browser, 1);
    const page = pages[0]!;
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await signInBySession(page, server.url, "cy@csp.example.com", "Cy");
    const origin = new URL(server.url).origin;
    for (const next of ["javascript:alert(document.domain)", " JaVaScRiPt:alert(1)", "//example.net/phish", "/\\example.net/phish", "https://example.net/", "data:text/html,hi"]) {
      await page.goto(`${server.url}/signin?next=${encodeURIComponent(next)}`);
      const link = page.getByRole("link", { name: "Continue" });
      await link.waitFor();
      expect(await link.getAttribute("href"), next).toBe("/");
      await link.click();
      await page.waitForURL((u) => u.pathname === "/" || u.pathname === "/games");
      expect(new URL(page.url()).origin, next).toBe(origin);
    }
    await page.goto(`${server.url}/signin?next=${encodeURIComponent("/rules?part=ratings#top")}`);
    expect(await page.getByRole("link", { name: "Continue" }).getAttribute("href")).toBe("/rules?part=ratings#top");
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
  });
});
