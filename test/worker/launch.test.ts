/**
 * Ready to launch: settings checked at every request, limits on what one account can do to
 * others (429, nothing changed), no email address in league pages, display-name rules, distinct
 * names at one table, and a peer's close code not passed back to the socket. The service runs
 * with production settings and mail over SMTP to the loopback server.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { browserWith, mailTo, production, received } from "./deployment";
import type { Browser } from "./client";
import { LIMITS } from "../../worker/lib/limits";
import { CHAT_KEPT, CHAT_PER_MINUTE } from "../../worker/game/chat-limits";

const settings = production();

async function signIn(address: string): Promise<Browser> {
  const b = browserWith(settings);
  expect((await b.post("/api/auth/start", { email: address })).status).toBe(200);
  const link = new URL(/https:\/\/\S+/.exec((await mailTo(address))!.text)![0]);
  expect((await b.fetch(link.pathname + link.search)).status).toBe(302);
  return b;
}

const mailCount = async (to: string) => (await received()).filter((m) => m.to.includes(to)).length;

describe("settings a deployment needs", () => {
  const without = (name: string) => {
    const s: Record<string, unknown> = { ...settings };
    delete s[name];
    return s;
  };
  for (const [name, s] of [
    ["COOKIE_SECRET", without("COOKIE_SECRET")],
    ["APP_URL", without("APP_URL")],
    ["MAIL_FROM", without("MAIL_FROM")],
    ["SMTP_HOST", without("SMTP_HOST")],
    ["EMAIL", { ...settings, MAIL_TRANSPORT: "cloudflare" }],
    ["MAIL_TRANSPORT", without("MAIL_TRANSPORT")],
  ] as const) {
    it(`without ${name} every request answers 503 naming it`, async () => {
      const b = browserWith(s);
      for (const [method, path] of [["GET", "/api/me"], ["POST", "/api/auth/start"], ["GET", "/api/games/x/record"], ["GET", "/dev/mail"]] as const) {
        const res = await b.call(method, path, method === "POST" ? { email: "zed@example.com" } : undefined);
        expect(res.status).toBe(503);
        expect(res.body.code).toBe("misconfigured");
        expect(res.body.message).toContain(name);
        expect(res.body.missing.join(" ")).toContain(name);
      }
      expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM login_tokens WHERE email = 'zed@example.com'").first("n")).toBe(0);
      // A game's page (a mail's link) says so in words, not JSON.
      const page = await b.fetch("/game/some-game", { headers: { accept: "text/html" } });
      expect(page.status).toBe(503);
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      const html = await page.text();
      expect(html).toContain("Not open yet");
      expect(html).toContain(name);
      expect(html).not.toContain('"code"');
    });
  }

  it("with everything set the service answers; development needs none of it", async () => {
    expect((await browserWith(settings).get("/api/me")).status).toBe(401);
    expect((await browserWith({ ...env, COOKIE_SECRET: "dev", APP_URL: undefined }).get("/api/me")).status).toBe(401);
  });
});

describe("limits on one account", { timeout: 120_000 }, () => {
  it("game creation: a burst answers 429 with when to try again, and creates nothing", async () => {
    const ann = await signIn("burst-ann@example.com");
    // The binding counts in fixed 60-second windows: a run that straddles a window's end may need up to twice the limit.
    let created = 0, refused = await ann.post("/api/games", { ruleset: "siamese" });
    while (refused.status === 201 && created < 2 * LIMITS.gamesPerMinute) (created++, (refused = await ann.post("/api/games", { ruleset: "siamese" })));
    expect(created).toBeGreaterThanOrEqual(LIMITS.gamesPerMinute);
    expect(refused.status).toBe(429);
    const before = (await ann.get("/api/games")).body.games.length;
    expect(before).toBe(created);
    expect(refused.body).toMatchObject({ code: "rate-limited", retryAfter: 60 });
    expect(refused.body.message).toMatch(/Try again in a minute\./);
    expect((await ann.post("/api/games", { ruleset: "siamese" })).status).toBe(429);
    expect((await ann.get("/api/games")).body.games.length).toBe(before);
  });

  it("games per day: an exact count in D1", async () => {
    const ann = await signIn("daily-ann@example.com");
    const me = (await ann.get("/api/me")).body;
    const day = 24 * 3600_000, now = Date.now();
    await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)").bind(`games:${me.id}`, now - (now % day), LIMITS.gamesPerDay).run();
    const refused = await ann.post("/api/games", { ruleset: "siamese" });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/Try again in \d+ (minutes|hours)\./);
    expect((await ann.get("/api/games")).body.games).toHaveLength(0);
  });

  it("invitation mail to one address: a few a day, then 429 with no game and no mail", async () => {
    const ann = await signIn("inviter-ann@example.com");
    for (let i = 0; i < LIMITS.inviteMailPerRecipientPerDay; i++) expect((await ann.post("/api/games", { ruleset: "siamese", invite: "stranger@example.com" })).status).toBe(201);
    const mails = await mailCount("stranger@example.com");
    const games = (await ann.get("/api/games")).body.games.length;
    const refused = await ann.post("/api/games", { ruleset: "siamese", invite: "stranger@example.com" });
    expect(refused).toMatchObject({ status: 429, body: { code: "rate-limited" } });
    expect(refused.body.message).toContain("invited this address");
    expect(await mailCount("stranger@example.com")).toBe(mails);
    expect((await ann.get("/api/games")).body.games.length).toBe(games);
    // A league invitation to the same address counts too.
    const league = await ann.post("/api/leagues", { name: "Limits club" });
    expect((await ann.post(`/api/leagues/${league.body.id}/invites`, { email: "stranger@example.com" })).status).toBe(429);
    expect(await mailCount("stranger@example.com")).toBe(mails);
  });

  it("invitation mail per hour: 429 once the hour's invitations are spent, the counter not raised", async () => {
    const ann = await signIn("hourly-ann@example.com");
    const me = (await ann.get("/api/me")).body;
    const hour = 3600_000, now = Date.now();
    await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)").bind(`invite-mail:${me.id}`, now - (now % hour), LIMITS.inviteMailPerHour).run();
    const refused = await ann.post("/api/games", { ruleset: "siamese", invite: "someone-new@example.com" });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/in the last hour.*Try again in \d+ minutes?\./);
    expect(await mailCount("someone-new@example.com")).toBe(0);
    // The refused request raised neither counter (nor the day's game count).
    const { results } = await env.DB.prepare("SELECT key, count FROM rate_limits WHERE key LIKE ?").bind(`%${me.id}%`).all<{ key: string; count: number }>();
    expect(results.filter((r) => r.key !== `invite-mail:${me.id}`).every((r) => r.count === 0)).toBe(true);
  });

  it("league invitations: a burst answers 429 and sends and logs nothing", async () => {
    const org = await signIn("league-burst@example.com");
    const league = await org.post("/api/leagues", { name: "Burst club" });
    // Fixed 60-second windows, as above.
    const invite = (email: string) => org.post(`/api/leagues/${league.body.id}/invites`, { email });
    let sent = 0, refused = await invite("guest0@example.com");
    while (refused.status === 200 && sent < 2 * LIMITS.leagueInvitesPerMinute) (sent++, (refused = await invite(`guest${sent}@example.com`)));
    expect(sent).toBeGreaterThanOrEqual(LIMITS.leagueInvitesPerMinute);
    expect(refused).toMatchObject({ status: 429, body: { code: "rate-limited" } });
    expect(await mailCount(`guest${sent}@example.com`)).toBe(0);
    const page = (await org.get(`/api/leagues/${league.body.id}`)).body;
    expect(page.invitations).toHaveLength(sent);
    expect(page.log.filter((l: any) => l.action === "invited")).toHaveLength(sent);
  });

  it("chat: a few messages a minute per seat, then 429 with nothing stored or shown", async () => {
    const ann = await signIn("chatty-ann@example.com");
    const bob = await signIn("chatty-bob@example.com");
    const created = await ann.post("/api/games", { ruleset: "siamese" });
    expect((await bob.post(`/api/games/${created.body.id}/join`, { invite: created.body.invite })).status).toBe(200);
    const id = created.body.id;
    for (let i = 0; i < CHAT_PER_MINUTE; i++) expect((await ann.post(`/api/games/${id}/chat`, { text: `hello ${i}` })).status).toBe(200);
    const refused = await ann.post(`/api/games/${id}/chat`, { text: "one too many" });
    expect(refused).toMatchObject({ status: 429, body: { code: "rate-limited" } });
    expect(refused.body.message).toMatch(/Try again in (a minute|\d+ minutes)\./);
    const messages = (await bob.get(`/api/games/${id}/chat`)).body.messages;
    expect(messages).toHaveLength(CHAT_PER_MINUTE);
    // The other seat has its own allowance.
    expect((await bob.post(`/api/games/${id}/chat`, { text: "hi Ann" })).status).toBe(200);
  });

  it("chat: a game keeps only its latest messages", async () => {
    const ann = await signIn("keeper-ann@example.com");
    const created = await ann.post("/api/games", { ruleset: "siamese" });
    const stub = env.GAME.get(env.GAME.idFromName(created.body.id));
    // Older messages, as if posted over many days.
    await runInDurableObject(stub, (_room, state) => {
      for (let i = 0; i < CHAT_KEPT + 20; i++) state.storage.sql.exec("INSERT INTO chat (seat, name, text, at) VALUES (0, 'Ann', ?, ?)", `old ${i}`, Date.now() - 30 * 86_400_000 + i);
    });
    expect((await ann.post(`/api/games/${created.body.id}/chat`, { text: "newest" })).status).toBe(200);
    const kept = await runInDurableObject(stub, (_room, state) => state.storage.sql.exec<{ n: number; oldest: string }>("SELECT COUNT(*) AS n, (SELECT text FROM chat ORDER BY id LIMIT 1) AS oldest FROM chat").one());
    expect(kept.n).toBe(CHAT_KEPT);
    expect(kept.oldest).toBe("old 21");
  });
});

describe("privacy in leagues", { timeout: 60_000 }, () => {
  it("the log and the league page show no address; organisers see a masked one and whether it was used", async () => {
    const org = await signIn("privacy-org@example.com");
    const league = await org.post("/api/leagues", { name: "Open club", visibility: "public" });
    expect((await org.post(`/api/leagues/${league.body.id}/invites`, { email: "secret.person@example.org" })).status).toBe(200);
    // An entry written before this change, with a whole address in it.
    await env.DB.prepare("INSERT INTO league_log (league_id, actor_id, action, detail, at) VALUES (?, 'x', 'invited', 'Sent an invitation to old.friend@example.net.', ?)").bind(league.body.id, Date.now()).run();
    const anyone = await browserWith(settings).get(`/api/leagues/${league.body.id}`);
    expect(anyone.status).toBe(200);
    const text = JSON.stringify(anyone.body);
    expect(text).not.toContain("secret.person");
    expect(text).not.toContain("old.friend");
    expect(text).not.toContain("privacy-org@");
    expect(anyone.body.invitations).toBeUndefined();

    const page = (await org.get(`/api/leagues/${league.body.id}`)).body;
    expect(JSON.stringify(page)).not.toContain("secret.person");
    expect(page.invitations).toEqual([expect.objectContaining({ to: "s•••@example.org", used: false, mail: "sent" })]);
    expect(page.log.some((l: any) => l.detail.includes("o•••@example.net"))).toBe(true);

    const guest = await signIn("secret.person@example.org");
    const invite = new URL(page.inviteUrl).searchParams.get("invite");
    expect((await guest.post(`/api/leagues/${league.body.id}/join`, { invite })).status).toBe(200);
    const after = (await org.get(`/api/leagues/${league.body.id}`)).body;
    expect(after.invitations[0]).toMatchObject({ to: "s•••@example.org", used: true });
    expect(JSON.stringify(after)).not.toContain("secret.person");
  });
});

describe("display names", { timeout: 60_000 }, () => {
  it("are normalised, trimmed, 1–40 characters, with no hidden characters", async () => {
    const b = await signIn("names@example.com");
    const first = (await b.get("/api/me")).body.displayName;
    const put = (displayName: string) => b.put("/api/me", { displayName });
    const spoof = await put("ann\u202e\u200bmoc.elpmaxe");
    expect(spoof).toMatchObject({ status: 400, body: { code: "bad-name" } });
    expect(spoof.body.message).toMatch(/hidden or invisible characters/);
    for (const bad of ["Ann\u200b", "\u2066Ann", "A\u0000nn", "\u3164", "   ", "x".repeat(41), "<b>Ann</b>"]) {
      expect((await put(bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await b.get("/api/me")).body.displayName).toBe(first);
    expect((await put("  Ｍａｙ   Lee ")).body.displayName).toBe("May Lee");
    expect((await put("Zoë")).body.displayName).toBe("Zoë");
    expect((await put("Cafe\u0301")).body.displayName).toBe("Café");
    expect((await put("🀄".repeat(40))).status).toBe(200);
  });

  it("an address with hidden characters gives a new player no name from it (test/worker/default-name.test.ts)", async () => {
    const b = await signIn("eve\u202egnp.exe@example.com");
    expect((await b.get("/api/me")).body.displayName).toMatch(/^Player \d{4}$/);
  });

  it("two players with the same name at one table are told apart", async () => {
    const one = await signIn("twin1@example.com");
    const two = await signIn("twin2@example.com");
    await one.put("/api/me", { displayName: "Ann" });
    await two.put("/api/me", { displayName: "ann" });
    const created = await one.post("/api/games", { ruleset: "siamese" });
    const joined = await two.post(`/api/games/${created.body.id}/join`, { invite: created.body.invite });
    expect(joined.status).toBe(200);
    for (const p of [one, two]) {
      const names = (await p.get(`/api/games/${created.body.id}`)).body.players.map((x: any) => x.name);
      expect(names).toEqual(["Ann", "ann (2)"]);
    }
  });
});

describe("the live socket", { timeout: 60_000 }, () => {
  it("a peer's abnormal close (1006) does not throw", async () => {
    const ann = await signIn("closer@example.com");
    const created = await ann.post("/api/games", { ruleset: "siamese" });
    const stub = env.GAME.get(env.GAME.idFromName(created.body.id));
    await runInDurableObject(stub, async (room) => {
      for (const code of [1006, 1005, 1015, 1001]) {
        const [, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
        server.accept();
        await expect((room.webSocketClose as (ws: WebSocket, code: number, reason: string, clean: boolean) => Promise<void>)(server, code, "", false)).resolves.toBeUndefined();
      }
    });
  });
});
