/**
 * Signing in without waiting for mail (issue 37), in Chromium at 360×740 under the site's
 * Content-Security-Policy, with a virtual authenticator (the DevTools protocol's WebAuthn domain)
 * standing in for the phone's face or fingerprint: a player signs in by mail, takes the one-time
 * offer to add a passkey, signs out and signs in with it. A second browser context (the installed
 * app, with cookies of its own) asks for a mail and signs in by typing its code while the mail's
 * link is opened in a third (the phone's browser). Settings lists passkeys and devices and signs
 * one out. And a used sign-in link (issue 36, 1) says so where it lands, with a field to send a new
 * one. The browser tests read the code from the development outbox; test/worker/signin-code.test.ts
 * reads it from real mail over SMTP.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import { apiPost, closeBrowserTest, openBrowserTest, signInBySession, type Server } from "./harness";
import { checkPage, PHONE } from "./page-checks";

const OUT = new URL("../../test-output/signin-", import.meta.url).pathname;

let server: Server;
let browser: Browser;
/** WebAuthn needs a secure context and a domain for its RP ID: http://localhost is both (127.0.0.1 is no domain). */
let site: string;

beforeAll(async () => {
  ({ server, browser } = await openBrowserTest({ outDir: new URL("../../test-output/", import.meta.url).pathname }));
  site = server.url.replace("127.0.0.1", "localhost");
}, 240_000);
afterAll(() => closeBrowserTest(server, browser));

interface Phone {
  ctx: BrowserContext;
  page: Page;
  violations: string[];
  errors: string[];
}

/** A phone-sized browser context whose page reports every script error and refusal under the site's policy. */
async function phone(): Promise<Phone> {
  const ctx = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 1, hasTouch: true });
  const page = await ctx.newPage();
  const violations: string[] = [];
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  await page.addInitScript(() => document.addEventListener("securitypolicyviolation", (e) => console.error(`Refused (Content Security Policy): ${e.violatedDirective} ${e.blockedURI}`)));
  return { ctx, page, violations, errors };
}

/** The phone's own authenticator: a platform passkey provider that verifies its user (face, fingerprint). */
async function fingerprintReader(page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable", { enableUI: false });
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, id: authenticatorId };
}

async function outbox(page: Page, to: string): Promise<{ subject: string; text: string; link: string }[]> {
  return (await (await page.request.get(`${site}/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()).messages;
}
const codeIn = (text: string) => /Your sign-in code is (\d{6})\./.exec(text)![1]!;

/** Asks for a sign-in mail on the sign-in page, as a person would. */
async function askForMail(page: Page, email: string) {
  await page.goto(`${site}/signin`);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  await page.getByRole("heading", { name: "Check your email" }).waitFor();
}

async function answerWelcome(page: Page, name: string) {
  await page.getByRole("heading", { name: "Welcome" }).waitFor();
  await page.getByLabel("Your name, as other players will see it").fill(name);
  await page.getByRole("button", { name: "Save and continue" }).click();
}

const me = async (page: Page) => (await page.request.get(`${site}/api/me`)).status() === 200 ? (await (await page.request.get(`${site}/api/me`)).json()).email : null;

describe("passkeys in the browser", () => {
  it("added once after the first sign-in, then signing in with it after signing out; listed and removable in Settings", async () => {
    const { page, violations, errors } = await phone();
    const { cdp, id } = await fingerprintReader(page);

    // First sign-in by mail, then the offer, once.
    await askForMail(page, "ada@signin.example");
    await page.goto((await outbox(page, "ada@signin.example"))[0]!.link.replace("http://localhost:8787", site));
    await answerWelcome(page, "Ada");
    await page.getByRole("heading", { name: "Your games" }).waitFor();
    const offer = page.getByRole("heading", { name: "Sign in next time with your face or fingerprint" });
    await offer.waitFor();
    await page.screenshot({ path: `${OUT}passkey-offer-360x740.png` });
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await page.getByRole("heading", { name: "Passkey added" }).waitFor();
    await page.screenshot({ path: `${OUT}passkey-added-360x740.png` });
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId: id });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    expect(credentials[0]!.rpId).toBe("localhost");
    // Offered once: the home page no longer asks.
    await page.reload();
    await page.getByRole("heading", { name: "Your games" }).waitFor();
    await page.waitForTimeout(500);
    expect(await offer.count()).toBe(0);

    // Settings lists it under the browser's name; every button that adds or uses a passkey says so.
    await page.goto(`${site}/settings`);
    await page.getByRole("heading", { name: "Passkeys" }).waitFor();
    await expect.poll(() => page.locator(".device-list .device-name").first().textContent()).toBe("Chrome on Linux");
    await page.locator("section[aria-labelledby=passkeys-title]").screenshot({ path: `${OUT}settings-passkeys-360x740.png` });
    expect(await page.getByRole("button", { name: "Add a passkey" }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Remove the passkey Chrome on Linux" }).count()).toBe(1);

    // Sign out, then in with the passkey: no mail.
    // Sign out, then in with the passkey: no mail. The person takes a moment to choose (no automatic presence), so the field's offer waits.
    await cdp.send("WebAuthn.setAutomaticPresenceSimulation", { authenticatorId: id, enabled: false });
    const asked: string[] = [];
    page.on("request", (r) => r.url().includes("/api/auth/passkeys/signin") && asked.push(new URL(r.url()).pathname));
    const mails = (await outbox(page, "ada@signin.example")).length;
    await page.getByRole("button", { name: "Sign out on this device" }).click();
    await page.waitForURL(/\/signin/);
    const field = page.getByLabel("Email address");
    await field.waitFor();
    // The address field offers passkeys in its autofill: its autocomplete ends in "webauthn", and the page asked for a challenge for it.
    expect(await field.getAttribute("autocomplete")).toMatch(/ webauthn$/);
    expect(await page.evaluate(() => PublicKeyCredential.isConditionalMediationAvailable())).toBe(true);
    await expect.poll(() => asked).toEqual(["/api/auth/passkeys/signin/options"]);
    const first = page.getByRole("button").first();
    expect(await first.textContent()).toBe("Sign in with a passkey");
    await checkPage(page, "sign-in page", `${OUT}page`);
    await page.setViewportSize(PHONE);
    await cdp.send("WebAuthn.setAutomaticPresenceSimulation", { authenticatorId: id, enabled: true });
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await page.getByRole("heading", { name: "Your games" }).waitFor();
    expect(await me(page)).toBe("ada@signin.example");
    expect(asked.filter((p) => p.endsWith("/options")).length).toBe(2);
    expect((await outbox(page, "ada@signin.example")).length).toBe(mails);
    const { credentials: after } = await cdp.send("WebAuthn.getCredentials", { authenticatorId: id });
    expect(after[0]!.signCount).toBeGreaterThan(credentials[0]!.signCount);
    await page.screenshot({ path: `${OUT}signed-in-by-passkey-360x740.png` });

    // Out again; this time the passkey is chosen from the address field's autofill (presence simulated at once): signed in without a button.
    await page.goto(`${site}/settings`);
    await page.getByRole("button", { name: "Sign out on this device" }).click();
    await page.waitForURL(/\/signin/);
    await page.getByRole("heading", { name: "Your games" }).waitFor();
    expect(await me(page)).toBe("ada@signin.example");
    const { credentials: third } = await cdp.send("WebAuthn.getCredentials", { authenticatorId: id });
    expect(third[0]!.signCount).toBeGreaterThan(after[0]!.signCount);

    // Settings shows how this device signed in; the passkey is removed there.
    await page.goto(`${site}/settings`);
    await page.getByText(/signed in .* with a passkey/).waitFor();
    await page.getByRole("button", { name: "Remove the passkey Chrome on Linux" }).click();
    await page.getByRole("button", { name: "Remove the passkey", exact: true }).click();
    await page.getByText("No passkey yet.").waitFor();
    await checkPage(page, "Settings, no passkey", `${OUT}settings-removed`);
    // The authenticator still holds it, but the site no longer knows it: a clear refusal, nobody signed in.
    await page.setViewportSize(PHONE);
    await page.getByRole("button", { name: "Sign out on this device" }).click();
    await page.waitForURL(/\/signin/);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await page.getByRole("alert").filter({ hasText: "This passkey is not known here" }).waitFor();
    await page.screenshot({ path: `${OUT}passkey-removed-refused-360x740.png` });
    expect(await me(page)).toBeNull();

    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe("the code in the mail, typed in the installed app", () => {
  it("signs in the app that asked while the link signs in the browser it opened in; Settings lists both and signs one out", async () => {
    const app = await phone();
    const browserTab = await phone();
    await askForMail(app.page, "bo@signin.example");
    const field = app.page.getByLabel("The six-digit code from the mail");
    expect(await field.getAttribute("autocomplete")).toBe("one-time-code");
    expect(await field.getAttribute("inputmode")).toBe("numeric");
    await checkPage(app.page, "waiting for the code", `${OUT}code-page`);
    await app.page.setViewportSize(PHONE);

    // The app is dropped while its owner reads the mail: it comes back waiting for the code.
    await app.page.reload();
    await field.waitFor();

    const mail = (await outbox(app.page, "bo@signin.example"))[0]!;
    const code = codeIn(mail.text);
    expect(mail.subject).toBe(`Your sign-in link and code: ${code} (Mah Jongg by post)`);
    // The link, tapped in the mail, opens the phone's browser and signs that in.
    await browserTab.page.goto(mail.link.replace("http://localhost:8787", site));
    await answerWelcome(browserTab.page, "Bo");
    await browserTab.page.getByRole("heading", { name: "Your games" }).waitFor();

    // A wrong code first: said plainly, nothing signed in.
    await field.fill(code === "000000" ? "000001" : "000000");
    await app.page.getByRole("button", { name: "Sign in with the code" }).click();
    await app.page.getByRole("alert").filter({ hasText: "That is not the code we sent. 4 tries left." }).waitFor();
    await app.page.screenshot({ path: `${OUT}code-wrong-360x740.png` });
    expect(await me(app.page)).toBeNull();
    await field.fill(`${code.slice(0, 3)} ${code.slice(3)}`);
    await app.page.getByRole("button", { name: "Sign in with the code" }).click();
    await app.page.getByRole("heading", { name: "Your games" }).waitFor();
    expect(await me(app.page)).toBe("bo@signin.example");
    expect(await me(browserTab.page)).toBe("bo@signin.example");

    // Settings in the app: two devices, this one marked; the browser is signed out from here.
    await app.page.goto(`${site}/settings`);
    await app.page.getByRole("heading", { name: "Signed-in devices" }).waitFor();
    const devices = app.page.locator("section[aria-labelledby=devices-title] .device-list li");
    await expect.poll(() => devices.count()).toBe(2);
    await app.page.getByText("(this device)").waitFor();
    await app.page.getByText(/signed in .* with the mailed code/).waitFor();
    await checkPage(app.page, "Settings with two devices", `${OUT}settings-devices`);
    await app.page.setViewportSize(PHONE);
    await app.page.locator("section[aria-labelledby=devices-title]").screenshot({ path: `${OUT}devices-360x740.png` });
    await app.page.setViewportSize(PHONE);
    await app.page.getByText("A device you sign out here is signed out within five minutes.").waitFor();
    await app.page.getByRole("button", { name: /^Sign out Chrome on Linux, last seen/ }).click();
    await expect.poll(() => devices.count()).toBe(1);
    // Within five minutes: the browser's session proof lapses (the browser forgets it), and D1 says the session is gone.
    await browserTab.page.context().clearCookies({ name: "sid_proof" });
    expect(await me(browserTab.page)).toBeNull();
    expect(await me(app.page)).toBe("bo@signin.example");

    for (const p of [app, browserTab]) {
      expect(p.violations).toEqual([]);
      expect(p.errors).toEqual([]);
    }
  });
});

describe("a used or expired sign-in link (issue 36, 1)", () => {
  it("says so where it lands, with a field to send a new one; signed in, that there is nothing to do", async () => {
    const first = await phone();
    await askForMail(first.page, "cy@signin.example");
    const link = (await outbox(first.page, "cy@signin.example"))[0]!.link.replace("http://localhost:8787", site);
    await first.page.goto(link);
    await answerWelcome(first.page, "Cy");
    await first.page.getByRole("heading", { name: "Your games" }).waitFor();

    // The same link again, signed out in another browser: it lands on the home page, which says so.
    const later = await phone();
    await later.page.goto(link);
    await later.page.waitForURL(/\?signin=expired/);
    const notice = later.page.getByRole("heading", { name: "This link was used or has expired" });
    await notice.waitFor();
    expect(await later.page.getByRole("heading", { name: "Mah Jongg by post" }).count()).toBe(1);
    await checkPage(later.page, "a used link, signed out", `${OUT}link-used`);
    await later.page.setViewportSize(PHONE);
    // A new link from there, and its code typed there.
    await later.page.getByLabel("Email address").fill("cy@signin.example");
    await later.page.getByRole("button", { name: "Send me a new link" }).click();
    await later.page.getByRole("heading", { name: "Check your email" }).waitFor();
    const mail = (await outbox(later.page, "cy@signin.example"))[0]!;
    expect(mail.link).not.toBe((await outbox(later.page, "cy@signin.example"))[1]!.link);
    await later.page.getByLabel("The six-digit code from the mail").fill(codeIn(mail.text));
    await later.page.getByRole("button", { name: "Sign in with the code" }).click();
    await later.page.getByRole("heading", { name: "Your games" }).waitFor();
    expect(await me(later.page)).toBe("cy@signin.example");

    // Signed in already: the used link says there is nothing to do, and closes.
    await first.page.goto(link);
    await first.page.getByRole("heading", { name: "This link was used or has expired" }).waitFor();
    await first.page.getByText("You are signed in already, as Cy").waitFor();
    await first.page.screenshot({ path: `${OUT}link-used-signed-in-360x740.png` });
    await first.page.getByRole("button", { name: "Close" }).click();
    await first.page.waitForURL((u) => !u.search.includes("signin="));
    expect(await first.page.getByRole("heading", { name: "This link was used or has expired" }).count()).toBe(0);

    // An expired link carried to another page (the rules) says the same there.
    const third = await phone();
    await third.page.goto(`${site}/rules?signin=expired`);
    await third.page.getByRole("heading", { name: "This link was used or has expired" }).waitFor();
    expect(await third.page.getByLabel("Email address").count()).toBe(1);

    for (const p of [first, later, third]) {
      expect(p.violations).toEqual([]);
      expect(p.errors).toEqual([]);
    }
  });
});

describe("a sign-in link opened on another device first (the phone's mail app opens its own browser)", () => {
  it("back on the page that asked, the same link says its code still works there, and the code signs in", async () => {
    const asking = await phone();
    await askForMail(asking.page, "di@signin.example");
    const mail = (await outbox(asking.page, "di@signin.example"))[0]!;
    const link = mail.link.replace("http://localhost:8787", site);
    const elsewhere = await phone();
    await elsewhere.page.goto(link);
    await answerWelcome(elsewhere.page, "Di");
    await elsewhere.page.getByRole("heading", { name: "Your games" }).waitFor();

    await asking.page.goto(link);
    await asking.page.getByRole("heading", { name: "This link was used or has expired" }).waitFor();
    await asking.page.getByText("The code in the same mail still works here").waitFor();
    await asking.page.screenshot({ path: `${OUT}link-used-elsewhere-360x740.png` });
    await asking.page.getByLabel("The six-digit code from the mail").fill(codeIn(mail.text));
    await asking.page.getByRole("button", { name: "Sign in with the code" }).click();
    await asking.page.getByRole("heading", { name: "Your games" }).waitFor();
    expect(await me(asking.page)).toBe("di@signin.example");

    for (const p of [asking, elsewhere]) {
      expect(p.violations).toEqual([]);
      expect(p.errors).toEqual([]);
    }
  });
});

describe("the sign-in page reached from an invitation while signed out", () => {
  it("says in one line what signing in is for, a league's or a game's, without the league's name or anyone's address", async () => {
    const host = await browser.newContext();
    const ann = await host.newPage();
    await signInBySession(ann, server.url, "ann.invites@signin.example", "Ann");
    const league = await apiPost(ann.request, server.url, "/api/leagues", { name: "Secret Tuesday Club", visibility: "private" });
    expect(league.status).toBe(201);
    const game = await apiPost(ann.request, server.url, "/api/games", { ruleset: "siamese", options: { daysPerMove: 2 }, invite: "bea.invited@signin.example" });
    expect(game.status, JSON.stringify(game.body)).toBe(201);
    const cases = [
      { name: "league", link: league.body.inviteUrl as string, line: "Sign in, or make an account with your email address, to join the league you were invited to." },
      { name: "game", link: game.body.inviteUrl as string, line: "Sign in, or make an account with your email address, to take your seat in the game you were invited to." },
    ];
    for (const c of cases) {
      const p = await phone();
      const u = new URL(c.link);
      await p.page.goto(`${site}${u.pathname}${u.search}`);
      await p.page.waitForURL(/\/signin\?next=/);
      await p.page.getByRole("heading", { name: "Sign in" }).waitFor();
      await p.page.getByText(c.line).waitFor();
      const text = await p.page.locator("body").innerText();
      for (const secret of ["Secret Tuesday Club", "ann.invites@signin.example", "bea.invited@signin.example"]) expect(text).not.toContain(secret);
      await p.page.screenshot({ path: `${OUT}invited-${c.name}-360x740.png` });
      expect(p.violations).toEqual([]);
      expect(p.errors).toEqual([]);
      await p.ctx.close();
    }
    // the plain sign-in page says nothing of an invitation
    const plain = await phone();
    await plain.page.goto(`${site}/signin`);
    await plain.page.getByRole("heading", { name: "Sign in" }).waitFor();
    expect(await plain.page.locator("body").innerText()).not.toMatch(/invited/);
    await plain.ctx.close();
    await host.close();
  });
});
