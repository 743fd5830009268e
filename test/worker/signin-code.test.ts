/**
 * The code in the sign-in mail (issue 37, 2): six digits beside the link, typed on the page that
 * asked (which holds the request's id), valid 15 minutes and once; five wrong codes lock that
 * request; the sign-in mail's limits hold for codes too. A wrong, used, expired, locked or
 * other address's code signs nobody in. The mail is checked as it leaves on a production set-up,
 * through SMTP to the loopback server.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { Browser } from "./client";
import { browserWith, linkIn, mailTo, production } from "./deployment";
import { CODE_TRIES, tryCode } from "../../worker/db/signin-codes";

interface Asked {
  request: string;
  code: string;
  link: URL;
}

/** The page asks for a sign-in mail; the code and link are read from the development outbox. */
async function ask(b: Browser, email: string): Promise<Asked> {
  const start = await b.post("/api/auth/start", { email });
  expect(start.status).toBe(200);
  // Development: the answer says the mail went to the outbox (the page links to it).
  expect(start.body.outbox).toBe(true);
  const mail = (await b.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).body.messages[0];
  return { request: start.body.request, code: /\b(\d{6})\b/.exec(mail.text)![1]!, link: new URL(mail.link) };
}

const usersWith = async (email: string) => (await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE email = ?").bind(email).first<{ n: number }>())!.n;
const sessionsOf = async (email: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = ?").bind(email).first<{ n: number }>())!.n;

describe("the code in the sign-in mail", () => {
  it("arrives by SMTP on a production set-up, beside the link, and signs in the page that asked", async () => {
    const app = browserWith(production());
    const start = await app.post("/api/auth/start", { email: "otto@code.example" });
    expect(start).toMatchObject({ status: 200, body: { sent: true } });
    expect(start.body.request).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // A real mail: the page must not point at a development outbox (a page on localhost did, by its host name).
    expect(start.body).not.toHaveProperty("outbox");
    const mail = (await mailTo("otto@code.example"))!;
    const code = /^Your sign-in link and code: (\d{6}) \(Mah Jongg by post\)$/.exec(mail.subject)![1]!;
    expect(mail.text).toContain(`Your sign-in code is ${code}.`);
    expect(mail.text).toMatch(/within 15 minutes/);
    expect(linkIn(mail.text).origin).toBe("https://mahjong.example");
    // Nothing of the code is stored as typed.
    const stored = await env.DB.prepare("SELECT code_hash, request_hash FROM login_tokens WHERE email = 'otto@code.example'").first<Record<string, string>>();
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(JSON.stringify(stored)).not.toContain(start.body.request);

    const res = await app.post("/api/auth/code", { request: start.body.request, code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect((await app.get("/api/me")).body.email).toBe("otto@code.example");
    expect((await app.get("/api/auth/sessions")).body.sessions[0]).toMatchObject({ via: "code", current: true });
  });

  it("works once; the link beside it works once too, in another browser", async () => {
    const app = new Browser();
    const { request, code, link } = await ask(app, "pia@code.example");
    expect((await app.post("/api/auth/code", { request, code })).status).toBe(200);
    const again = await new Browser().post("/api/auth/code", { request, code });
    expect(again).toMatchObject({ status: 400, body: { code: "code/used" } });
    // The mail's link, opened in the phone's browser while the app typed the code.
    const browser = new Browser();
    expect((await browser.fetch(link.pathname + link.search)).headers.get("location")).toBe("/");
    expect((await browser.get("/api/me")).body.email).toBe("pia@code.example");
    expect(await sessionsOf("pia@code.example")).toBe(2);
  });

  it("five wrong codes lock the request: the right one then fails too, and nobody is signed in", async () => {
    const app = new Browser();
    const { request, code } = await ask(app, "quinn@code.example");
    const wrong = code === "000000" ? "000001" : "000000";
    const answers = [];
    for (let i = 0; i < CODE_TRIES; i++) answers.push((await app.post("/api/auth/code", { request, code: wrong })).body);
    expect(answers.map((a) => a.code)).toEqual(["code/wrong", "code/wrong", "code/wrong", "code/wrong", "code/locked"]);
    expect(answers[0].message).toBe("That is not the code we sent. 4 tries left.");
    expect(answers[3].message).toBe("That is not the code we sent. 1 try left.");
    const right = await app.post("/api/auth/code", { request, code });
    expect(right).toMatchObject({ status: 400, body: { code: "code/locked" } });
    expect(right.body.message).toMatch(/Ask for a new one/);
    expect(app.cookie).toBe("");
    expect(await usersWith("quinn@code.example")).toBe(0);
    // A new request has its own code and tries.
    const fresh = await ask(app, "quinn@code.example");
    expect((await app.post("/api/auth/code", { request: fresh.request, code: fresh.code })).status).toBe(200);
  });

  it("the right code on the fifth try still signs in", async () => {
    const app = new Browser();
    const { request, code } = await ask(app, "rex@code.example");
    const wrong = code === "111111" ? "222222" : "111111";
    for (let i = 0; i < CODE_TRIES - 1; i++) expect((await app.post("/api/auth/code", { request, code: wrong })).body.code).toBe("code/wrong");
    expect((await app.post("/api/auth/code", { request, code })).status).toBe(200);
  });

  it("expires after 15 minutes", async () => {
    const app = new Browser();
    const { request, code } = await ask(app, "sal@code.example");
    // The clock the code is checked against, moved on: one millisecond inside, then past the 15 minutes.
    const created = (await env.DB.prepare("SELECT created_at AS t FROM login_tokens WHERE email = 'sal@code.example'").first<{ t: number }>())!.t;
    expect(await tryCode(env, request, code === "000000" ? "000001" : "000000", created + 15 * 60_000 - 1)).toMatchObject({ ok: false, why: "wrong" });
    expect(await tryCode(env, request, code, created + 15 * 60_000)).toEqual({ ok: false, why: "expired" });
    // Over HTTP, a request whose time has run out.
    await env.DB.prepare("UPDATE login_tokens SET expires_at = ? WHERE email = 'sal@code.example'").bind(Date.now() - 1).run();
    const res = await app.post("/api/auth/code", { request, code });
    expect(res).toMatchObject({ status: 400, body: { code: "code/expired" } });
    expect(res.body.message).toMatch(/15 minutes/);
    expect(await usersWith("sal@code.example")).toBe(0);
  });

  it("a code mailed to another address does not sign in the page that asked for this one", async () => {
    const app = new Browser();
    const mine = await ask(app, "tess@code.example");
    const theirs = await ask(new Browser(), "uma@code.example");
    if (theirs.code === mine.code) return; // one chance in a million: nothing to tell apart
    const res = await app.post("/api/auth/code", { request: mine.request, code: theirs.code });
    expect(res).toMatchObject({ status: 400, body: { code: "code/wrong" } });
    expect(app.cookie).toBe("");
    expect(await sessionsOf("uma@code.example")).toBe(0);
    expect(await usersWith("tess@code.example")).toBe(0);
  });

  it("refuses an unknown request and malformed codes, changing nothing", async () => {
    const app = new Browser();
    expect((await app.post("/api/auth/code", { request: "x".repeat(43), code: "123456" })).body.code).toBe("code/unknown");
    const { request } = await ask(app, "val@code.example");
    for (const code of ["12345", "1234567", "abcdef", 123456, ""]) {
      expect((await app.post("/api/auth/code", { request, code })).body.code, String(code)).toBe("bad-field");
    }
    expect(await env.DB.prepare("SELECT code_tries AS n FROM login_tokens WHERE email = 'val@code.example'").first("n")).toBe(0);
  });

  it("the sign-in mail's limits hold: a few requests an hour per address, and tries of codes per address and network", async () => {
    const app = new Browser();
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await app.post("/api/auth/start", { email: "wyn@code.example" })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // At most 20 tries a day for one address, whatever the requests: then 429, and the try is not counted.
    const day = 24 * 3600_000, hour = 3600_000, now = Date.now();
    await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 20)").bind("signin-code:addr:xia@code.example", now - (now % day)).run();
    const asked = await ask(app, "xia@code.example");
    const refused = await app.post("/api/auth/code", { request: asked.request, code: asked.code });
    expect(refused).toMatchObject({ status: 429, body: { code: "rate-limited" } });
    expect(refused.body.message).toMatch(/for this address today: use the link in the mail/);
    expect(await env.DB.prepare("SELECT code_tries AS n FROM login_tokens WHERE email = 'xia@code.example'").first("n")).toBe(0);
    expect(app.cookie).toBe("");
    // From one network, 30 tries an hour.
    await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 30)").bind("signin-code:ip:198.51.100.7", now - (now % hour)).run();
    const fresh = await ask(app, "yan@code.example");
    const res = await app.fetch("/api/auth/code", { method: "POST", headers: { "content-type": "application/json", "cf-connecting-ip": "198.51.100.7" }, body: JSON.stringify({ request: fresh.request, code: fresh.code }) });
    expect(res.status).toBe(429);
    expect((await res.json<{ message: string }>()).message).toMatch(/from this network/);
    expect(await env.DB.prepare("SELECT code_tries AS n FROM login_tokens WHERE email = 'yan@code.example'").first("n")).toBe(0);
  });
});
