/**
 * Sessions you can see (issue 37, 3): Settings lists the signed-in devices (the browser's name, how
 * it signed in, when last seen), the asking one marked; each can be signed out, or all but this one;
 * nobody reaches another account's sessions.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { Browser } from "./client";
import { SEEN_EVERY_MS } from "../../worker/db/sessions";
import { PROOF_COOKIE } from "../../worker/api/session-proof";

/** The device's session proof lapses (minutes after it was given: test/worker/session-proof.test.ts moves the clock); its next request asks D1. */
const lapsed = (b: Browser) => (b.jar.delete(PROOF_COOKIE), b);

const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

/** Signs in by the mailed link, opened by a browser that names itself `ua`. */
async function signInAs(email: string, ua: string): Promise<Browser> {
  const b = new Browser();
  await b.post("/api/auth/start", { email });
  const link = new URL((await b.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).body.messages[0].link);
  expect((await b.fetch(link.pathname + link.search, { headers: { "user-agent": ua } })).status).toBe(302);
  return b;
}

describe("signed-in devices", () => {
  it("lists each with its browser and last seen; signs out one, then all others", async () => {
    const phone = await signInAs("zoe@sessions.example", PHONE);
    const iphone = await signInAs("zoe@sessions.example", IPHONE);
    const desk = await signInAs("zoe@sessions.example", DESKTOP);
    const { status, body } = await desk.get("/api/auth/sessions");
    expect(status).toBe(200);
    expect(body.sessions.map((s: any) => s.browser).sort()).toEqual(["Chrome on Android", "Firefox on Windows", "Safari on iPhone"]);
    expect(body.sessions.filter((s: any) => s.current)).toEqual([expect.objectContaining({ browser: "Firefox on Windows", via: "link" })]);
    for (const s of body.sessions) expect(s.lastSeenAt).toBeGreaterThanOrEqual(s.createdAt);
    // Nothing a cookie could be made from: the list names sessions by the stored hash.
    expect(JSON.stringify(body)).not.toContain(decodeURIComponent(phone.cookie.split("=")[1]!.split(".")[0]!));

    const iphoneId = body.sessions.find((s: any) => s.browser === "Safari on iPhone").id;
    expect((await desk.call("DELETE", `/api/auth/sessions/${iphoneId}`)).status).toBe(200);
    expect((await lapsed(iphone).get("/api/me")).status).toBe(401);
    expect((await lapsed(phone).get("/api/me")).status).toBe(200);
    expect((await desk.get("/api/auth/sessions")).body.sessions).toHaveLength(2);

    expect((await desk.call("DELETE", "/api/auth/sessions/others")).body).toMatchObject({ ok: true, ended: 1 });
    expect((await lapsed(phone).get("/api/me")).status).toBe(401);
    expect((await desk.get("/api/auth/sessions")).body.sessions).toEqual([expect.objectContaining({ browser: "Firefox on Windows", current: true })]);
  });

  it("signing out this device from the list ends it and clears the cookie", async () => {
    const b = await signInAs("ada@sessions.example", DESKTOP);
    const me = (await b.get("/api/auth/sessions")).body.sessions[0];
    const res = await b.fetch(`/api/auth/sessions/${me.id}`, { method: "DELETE" });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual(expect.arrayContaining([expect.stringMatching(/^sid=;.*Max-Age=0/i), expect.stringMatching(new RegExp(`^${PROOF_COOKIE}=;.*Max-Age=0`, "i"))]));
    expect((await b.get("/api/me")).status).toBe(401);
  });

  it("another account's session is not found, and stays", async () => {
    const ann = await signInAs("ann@sessions.example", PHONE);
    const bob = await signInAs("bob@sessions.example", DESKTOP);
    const bobs = (await bob.get("/api/auth/sessions")).body.sessions[0].id;
    expect((await ann.call("DELETE", `/api/auth/sessions/${bobs}`)).status).toBe(404);
    expect((await ann.call("DELETE", "/api/auth/sessions/not-a-session")).status).toBe(404);
    expect((await ann.call("DELETE", "/api/auth/sessions/others")).body.ended).toBe(0);
    expect((await lapsed(bob).get("/api/me")).status).toBe(200);
    expect((await new Browser().get("/api/auth/sessions")).status).toBe(401);
    expect((await new Browser().call("DELETE", "/api/auth/sessions/others")).status).toBe(401);
  });

  it("last seen moves on with use, written at most every few minutes (when D1 is asked: a session proof lapsed)", async () => {
    const b = await signInAs("cy@sessions.example", PHONE);
    const id = (await b.get("/api/auth/sessions")).body.sessions[0].id;
    const seen = async () => (await env.DB.prepare("SELECT last_seen_at AS t FROM sessions WHERE id_hash = ?").bind(id).first<{ t: number | null }>())!.t;
    expect(await seen()).toBeNull(); // just made: its creation is when it was seen
    const earlier = Date.now() - SEEN_EVERY_MS - 1000;
    await env.DB.prepare("UPDATE sessions SET created_at = ?, last_seen_at = ? WHERE id_hash = ?").bind(earlier - 1000, earlier, id).run();
    await lapsed(b).get("/api/me");
    const now = await seen();
    expect(now).toBeGreaterThan(earlier + SEEN_EVERY_MS);
    await lapsed(b).get("/api/me");
    expect(await seen()).toBe(now);
    expect((await b.get("/api/auth/sessions")).body.sessions[0].lastSeenAt).toBe(now);
  });
});
