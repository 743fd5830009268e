/**
 * Passkeys over HTTP inside workerd (issue 37): registration and sign-in ceremonies answered by a
 * software authenticator (test/worker/authenticator.ts). The challenge is stored once and serves
 * one answer; origin, RP ID, user verification, signature and counter are checked; a replayed or
 * bent answer, another account's passkey or an expired challenge is refused with nothing signed in
 * and nothing stored. Several passkeys per account, named and removable; deleting the account
 * removes them.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { Browser, signIn } from "./client";
import { SoftAuthenticator } from "./authenticator";
import { browserWith, production } from "./deployment";

const count = async (sql: string, ...args: unknown[]) => (await env.DB.prepare(sql).bind(...args).first<{ n: number }>("n" as never)) as unknown as number;
const passkeysOf = (userId: string) => count("SELECT COUNT(*) AS n FROM passkeys WHERE user_id = ?", userId);
const sessions = () => count("SELECT COUNT(*) AS n FROM sessions");
const challenges = () => count("SELECT COUNT(*) AS n FROM webauthn_challenges");

async function addPasskey(b: Browser, auth = new SoftAuthenticator(), name?: string) {
  const { body } = await b.post("/api/auth/passkeys/register/options");
  const res = await b.post("/api/auth/passkeys/register", { response: await auth.create(body.options), ...(name ? { name } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return auth;
}

const signinOptions = async (b = new Browser()) => (await b.post("/api/auth/passkeys/signin/options")).body.options;

/** Asserts a refusal that signed nobody in and stored nothing. */
async function refusedCleanly(run: () => Promise<{ status: number; body: any }>, code: string, why?: RegExp) {
  const [s, p] = [await sessions(), await count("SELECT COUNT(*) AS n FROM passkeys")];
  const res = await run();
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.code).toBe(code);
  expect(res.body.message).toMatch(/\w+ \w+/);
  if (why) expect(res.body.message).toMatch(why);
  expect(await sessions()).toBe(s);
  expect(await count("SELECT COUNT(*) AS n FROM passkeys")).toBe(p);
  return res;
}

describe("adding a passkey", () => {
  it("stores the challenge once, for this account; the answer adds a named passkey; the same answer again adds nothing", async () => {
    const ann = await signIn("ann@passkeys.example");
    const me = (await ann.get("/api/me")).body;
    const before = await challenges();
    const { status, body } = await ann.post("/api/auth/passkeys/register/options");
    expect(status).toBe(200);
    expect(body.options).toMatchObject({ rp: { id: "localhost", name: "Mah Jongg by post" }, user: { name: "ann@passkeys.example", displayName: "Ann" }, attestation: "none" });
    expect(body.options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });
    expect(await challenges()).toBe(before + 1);
    const row = await env.DB.prepare("SELECT kind, user_id AS userId FROM webauthn_challenges WHERE challenge = ?").bind(body.options.challenge).first();
    expect(row).toEqual({ kind: "register", userId: me.id });

    const auth = new SoftAuthenticator();
    const answer = await auth.create(body.options);
    const added = await ann.post("/api/auth/passkeys/register", { response: answer, name: "My phone" });
    expect(added.status).toBe(201);
    expect(added.body.passkey).toMatchObject({ id: auth.id, name: "My phone", lastUsedAt: null });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM webauthn_challenges WHERE challenge = ?").bind(body.options.challenge).first("n")).toBe(0);
    // Replayed: the challenge served once.
    await refusedCleanly(() => ann.post("/api/auth/passkeys/register", { response: answer }), "passkey/expired");
    expect((await ann.get("/api/auth/passkeys")).body.passkeys).toEqual([expect.objectContaining({ id: auth.id, name: "My phone" })]);
    // Next time the browser is told not to make a second passkey on the same authenticator.
    const again = (await ann.post("/api/auth/passkeys/register/options")).body.options;
    expect(again.excludeCredentials).toEqual([expect.objectContaining({ id: auth.id })]);
  });

  it("refuses another origin, another RP ID, no user verification, a made-up, expired or another account's challenge", async () => {
    const bea = await signIn("bea@passkeys.example");
    const cal = await signIn("cal@passkeys.example");
    const bent = async (b: Browser, bend: object, tweak?: (challenge: string) => Promise<void>) => {
      const options = (await b.post("/api/auth/passkeys/register/options")).body.options;
      await tweak?.(options.challenge);
      return b.post("/api/auth/passkeys/register", { response: await new SoftAuthenticator().create(options, bend) });
    };
    await refusedCleanly(() => bent(bea, { origin: "https://evil.example" }), "passkey/refused", /origin/);
    await refusedCleanly(() => bent(bea, { rpId: "evil.example" }), "passkey/refused", /RP ID/);
    await refusedCleanly(() => bent(bea, { verified: false }), "passkey/refused", /verif/);
    await refusedCleanly(() => bent(bea, { type: "webauthn.get" }), "passkey/refused", /type/);
    await refusedCleanly(() => bent(bea, {}, async (ch) => void (await env.DB.prepare("UPDATE webauthn_challenges SET expires_at = ? WHERE challenge = ?").bind(Date.now() - 1, ch).run())), "passkey/expired");
    await refusedCleanly(async () => bea.post("/api/auth/passkeys/register", { response: await new SoftAuthenticator().create({ challenge: "bWFkZS11cC1jaGFsbGVuZ2U", user: { id: "eA" } }) }), "passkey/expired");
    // Cal's challenge answered in Bea's session.
    const calsOptions = (await cal.post("/api/auth/passkeys/register/options")).body.options;
    await refusedCleanly(async () => bea.post("/api/auth/passkeys/register", { response: await new SoftAuthenticator().create(calsOptions) }), "passkey/expired");
    // A refused answer used its challenge up: the right answer to it comes too late.
    const options = (await bea.post("/api/auth/passkeys/register/options")).body.options;
    await refusedCleanly(async () => bea.post("/api/auth/passkeys/register", { response: await new SoftAuthenticator().create(options, { origin: "http://localhost:1" }) }), "passkey/refused");
    await refusedCleanly(async () => bea.post("/api/auth/passkeys/register", { response: await new SoftAuthenticator().create(options) }), "passkey/expired");
    // Malformed answers are bad requests.
    for (const response of [null, {}, { id: "x", rawId: "y", type: "public-key", response: {} }, "x"]) {
      expect((await bea.post("/api/auth/passkeys/register", { response })).body.code).toBe("bad-field");
    }
    expect((await bea.get("/api/auth/passkeys")).body.passkeys).toEqual([]);
  });

  it("signed out: 401, no challenge made", async () => {
    const before = await challenges();
    expect((await new Browser().post("/api/auth/passkeys/register/options")).status).toBe(401);
    expect(await challenges()).toBe(before);
  });

  it("a credential already added (to this account or another) is not added again, nor moved", async () => {
    const dee = await signIn("dee@passkeys.example");
    const eve = await signIn("eve@passkeys.example");
    const auth = await addPasskey(dee);
    const options = (await eve.post("/api/auth/passkeys/register/options")).body.options;
    const res = await eve.post("/api/auth/passkeys/register", { response: await auth.create(options) });
    expect(res).toMatchObject({ status: 409, body: { code: "passkey/exists" } });
    expect((await eve.get("/api/auth/passkeys")).body.passkeys).toEqual([]);
    expect((await dee.get("/api/auth/passkeys")).body.passkeys).toHaveLength(1);
  });
});

describe("signing in with a passkey", () => {
  it("the assertion opens a session; its challenge serves once; the counter must rise", async () => {
    const fay = await signIn("fay@passkeys.example");
    const me = (await fay.get("/api/me")).body;
    const auth = await addPasskey(fay);

    const phone = new Browser();
    const options = await signinOptions(phone);
    expect(options).toMatchObject({ rpId: "localhost", userVerification: "required" });
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(await env.DB.prepare("SELECT kind, user_id AS userId FROM webauthn_challenges WHERE challenge = ?").bind(options.challenge).first()).toEqual({ kind: "signin", userId: null });
    const assertion = await auth.get(options);
    const res = await phone.post("/api/auth/passkeys/signin", { response: assertion });
    expect(res).toMatchObject({ status: 200, body: { ok: true, userId: me.id } });
    expect((await phone.get("/api/me")).body.email).toBe("fay@passkeys.example");
    expect((await phone.get("/api/auth/sessions")).body.sessions.find((s: any) => s.current)).toMatchObject({ via: "passkey" });
    const used = (await fay.get("/api/auth/passkeys")).body.passkeys[0];
    expect(used.lastUsedAt).toBeGreaterThan(0);
    expect(await env.DB.prepare("SELECT counter FROM passkeys WHERE id = ?").bind(auth.id).first("counter")).toBe(1);

    // The same assertion again: its challenge is gone.
    await refusedCleanly(() => new Browser().post("/api/auth/passkeys/signin", { response: assertion }), "passkey/expired");
    // A fresh challenge, but the counter did not rise (a cloned authenticator): refused.
    const again = await signinOptions();
    await refusedCleanly(async () => new Browser().post("/api/auth/passkeys/signin", { response: await auth.get(again, { counter: 1 }) }), "passkey/refused", /counter/);
    // The next honest use goes on.
    const next = await signinOptions();
    expect((await new Browser().post("/api/auth/passkeys/signin", { response: await auth.get(next, { counter: 2 }) })).status).toBe(200);
  });

  it("refuses another origin or RP ID, a wrong signature, no user verification, an expired challenge, a passkey unknown here", async () => {
    const gil = await signIn("gil@passkeys.example");
    const auth = await addPasskey(gil);
    const tryWith = async (bend: object) => new Browser().post("/api/auth/passkeys/signin", { response: await auth.get(await signinOptions(), bend) });
    await refusedCleanly(() => tryWith({ origin: "https://evil.example" }), "passkey/refused", /origin/);
    await refusedCleanly(() => tryWith({ rpId: "evil.example" }), "passkey/refused", /RP ID/);
    await refusedCleanly(async () => tryWith({ key: await SoftAuthenticator.otherKey() }), "passkey/refused");
    await refusedCleanly(() => tryWith({ verified: false }), "passkey/refused", /verif/);
    await refusedCleanly(() => tryWith({ type: "webauthn.create" }), "passkey/refused", /type/);
    const stale = await signinOptions();
    await env.DB.prepare("UPDATE webauthn_challenges SET expires_at = ? WHERE challenge = ?").bind(Date.now() - 1, stale.challenge).run();
    await refusedCleanly(async () => new Browser().post("/api/auth/passkeys/signin", { response: await auth.get(stale) }), "passkey/expired");
    // A challenge made for adding a passkey does not sign in.
    const reg = (await gil.post("/api/auth/passkeys/register/options")).body.options;
    await refusedCleanly(async () => new Browser().post("/api/auth/passkeys/signin", { response: await auth.get(reg) }), "passkey/expired");
    // A passkey this site never stored.
    const stranger = new SoftAuthenticator();
    await stranger.create({ challenge: "eA", user: { id: "eA" } });
    await refusedCleanly(async () => new Browser().post("/api/auth/passkeys/signin", { response: await stranger.get(await signinOptions()) }), "passkey/refused", /not known/);
  });

  it("refuses a passkey presented for another account", async () => {
    const hal = await signIn("hal@passkeys.example");
    const ivy = await signIn("ivy@passkeys.example");
    const hals = await addPasskey(hal);
    const ivys = await addPasskey(ivy);
    // Hal's credential claiming Ivy's user handle.
    const res = await refusedCleanly(async () => new Browser().post("/api/auth/passkeys/signin", { response: await hals.get(await signinOptions(), { userHandle: ivys.userHandle }) }), "passkey/refused");
    expect(res.body.message).toMatch(/another account/);
    // Hal's credential id with an assertion signed by Ivy's key.
    const forged = await ivys.get(await signinOptions());
    await refusedCleanly(() => new Browser().post("/api/auth/passkeys/signin", { response: { ...forged, id: hals.id, rawId: hals.id, response: { ...forged.response, userHandle: hals.userHandle } } }), "passkey/refused");
  });

  it("signs in under a deployment's APP_URL: its origin and host are the ones checked", async () => {
    const site = browserWith(production());
    const jo = await signIn("jo@passkeys.example");
    // Added on the real site: the options name its host.
    const settings = production();
    const joThere = browserWith(settings);
    joThere.cookie = jo.cookie;
    const options = (await joThere.post("/api/auth/passkeys/register/options")).body.options;
    expect(options.rp.id).toBe("mahjong.example");
    const auth = new SoftAuthenticator("mahjong.example", "https://mahjong.example");
    expect((await joThere.post("/api/auth/passkeys/register", { response: await auth.create(options) })).status).toBe(201);
    const opts = (await site.post("/api/auth/passkeys/signin/options")).body.options;
    expect(opts.rpId).toBe("mahjong.example");
    // The development origin is not the site's.
    await refusedCleanly(async () => site.post("/api/auth/passkeys/signin", { response: await auth.get(opts, { origin: "http://localhost" }) }), "passkey/refused", /origin/);
    const ok = await site.post("/api/auth/passkeys/signin", { response: await auth.get((await site.post("/api/auth/passkeys/signin/options")).body.options) });
    expect(ok.status).toBe(200);
    // A parent domain set as WEBAUTHN_RP_ID is the RP ID.
    const parent = browserWith({ ...settings, APP_URL: "https://play.mahjong.example", WEBAUTHN_RP_ID: "mahjong.example" });
    expect((await parent.post("/api/auth/passkeys/signin/options")).body.options.rpId).toBe("mahjong.example");
  });
});

describe("your passkeys", () => {
  it("several per account, each named (the browser's name by default), renamed and removed only by their owner", async () => {
    const kim = await signIn("kim@passkeys.example");
    const lee = await signIn("lee@passkeys.example");
    const phone = await addPasskey(kim, new SoftAuthenticator(), "Phone");
    const laptop = new SoftAuthenticator();
    const { body } = await kim.post("/api/auth/passkeys/register/options");
    const res = await kim.fetch("/api/auth/passkeys/register", {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15" },
      body: JSON.stringify({ response: await laptop.create(body.options) }),
    });
    expect(res.status).toBe(201);
    const list = (await kim.get("/api/auth/passkeys")).body.passkeys;
    expect(list.map((p: any) => p.name)).toEqual(["Phone", "Safari on Mac"]);
    expect(JSON.stringify(list)).not.toMatch(/publicKey|counter/);

    expect((await kim.put(`/api/auth/passkeys/${laptop.id}`, { name: "Work laptop" })).status).toBe(200);
    expect((await kim.put(`/api/auth/passkeys/${laptop.id}`, { name: "\u202e" })).status).toBe(400);
    // Lee can neither see, rename nor remove Kim's.
    expect((await lee.get("/api/auth/passkeys")).body.passkeys).toEqual([]);
    expect((await lee.put(`/api/auth/passkeys/${phone.id}`, { name: "Mine" })).status).toBe(404);
    expect((await lee.call("DELETE", `/api/auth/passkeys/${phone.id}`)).status).toBe(404);
    expect((await kim.get("/api/auth/passkeys")).body.passkeys.map((p: any) => p.name)).toEqual(["Phone", "Work laptop"]);

    expect((await kim.call("DELETE", `/api/auth/passkeys/${phone.id}`)).status).toBe(200);
    expect((await kim.get("/api/auth/passkeys")).body.passkeys.map((p: any) => p.name)).toEqual(["Work laptop"]);
    // A removed passkey signs nobody in.
    await refusedCleanly(async () => new Browser().post("/api/auth/passkeys/signin", { response: await phone.get(await signinOptions()) }), "passkey/refused", /not known/);
  });

  it("deleting the account removes its passkeys", async () => {
    const max = await signIn("max@passkeys.example");
    const me = (await max.get("/api/me")).body;
    const auth = await addPasskey(max);
    await max.post("/api/auth/passkeys/register/options");
    expect(await passkeysOf(me.id)).toBe(1);
    expect((await max.post("/api/me/delete")).status).toBe(200);
    const mail = (await max.get("/api/dev/outbox?to=max@passkeys.example")).body.messages[0];
    const token = new URL(mail.link).searchParams.get("token");
    expect((await new Browser().post("/api/me/delete/confirm", { token })).status).toBe(200);
    expect(await passkeysOf(me.id)).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM webauthn_challenges WHERE user_id = ?", me.id)).toBe(0);
    await refusedCleanly(async () => new Browser().post("/api/auth/passkeys/signin", { response: await auth.get(await signinOptions()) }), "passkey/refused", /not known/);
  });
});

describe("a deployment's passkey settings", () => {
  it("a WEBAUTHN_RP_ID the site does not belong to, or an APP_URL that is no https address, answers 503 naming it", async () => {
    for (const [settings, name] of [
      [{ ...production(), WEBAUTHN_RP_ID: "other.example" }, "WEBAUTHN_RP_ID"],
      [{ ...production(), WEBAUTHN_RP_ID: "ample.example" }, "WEBAUTHN_RP_ID"],
      [{ ...production(), APP_URL: "http://mahjong.example" }, "APP_URL"],
      [{ ...production(), APP_URL: "mahjong.example" }, "APP_URL"],
    ] as const) {
      const res = await browserWith(settings).post("/api/auth/passkeys/signin/options");
      expect(res.status, JSON.stringify(settings)).toBe(503);
      expect(res.body).toMatchObject({ code: "misconfigured" });
      expect(res.body.missing.join(" ")).toContain(name);
    }
    expect((await browserWith({ ...production(), WEBAUTHN_RP_ID: "mahjong.example" }).post("/api/auth/passkeys/signin/options")).status).toBe(200);
  });
});
