import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { Browser, signIn } from "./client";
import { PROOF_COOKIE } from "../../worker/api/session-proof";

describe("magic-link sign-in", () => {
  it("round trip: the link from the outbox opens a session; /api/me knows the player", async () => {
    const b = await signIn("carol@example.com");
    const me = await b.get("/api/me");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: "carol@example.com", displayName: "Carol", timezone: "UTC" });
  });

  it("the outbox lists mail newest first with the link", async () => {
    const b = new Browser();
    await b.post("/api/auth/start", { email: "dan@example.com" });
    await b.post("/api/auth/start", { email: "dan@example.com" });
    const { body } = await b.get("/api/dev/outbox?to=dan@example.com");
    expect(body.messages).toHaveLength(2);
    expect(body.messages[0].id).toBeGreaterThan(body.messages[1].id);
    expect(body.messages[0].link).toMatch(/\/api\/auth\/verify\?token=/);
  });

  it("a link works once; the token is stored only as a hash", async () => {
    const b = new Browser();
    await b.post("/api/auth/start", { email: "erin@example.com" });
    const link = new URL((await b.get("/api/dev/outbox?to=erin@example.com")).body.messages[0].link);
    const token = link.searchParams.get("token")!;
    const stored = await env.DB.prepare("SELECT token_hash FROM login_tokens WHERE email = ?").bind("erin@example.com").first<{ token_hash: string }>();
    expect(stored!.token_hash).not.toContain(token);
    expect((await b.post("/api/auth/verify", { token })).status).toBe(200);
    const again = await new Browser().post("/api/auth/verify", { token });
    expect(again).toMatchObject({ status: 400, body: { code: "link-expired" } });
  });

  it("a link older than 15 minutes is refused", async () => {
    const b = new Browser();
    await b.post("/api/auth/start", { email: "fay@example.com" });
    const token = new URL((await b.get("/api/dev/outbox?to=fay@example.com")).body.messages[0].link).searchParams.get("token")!;
    await env.DB.prepare("UPDATE login_tokens SET expires_at = ? WHERE email = ?").bind(Date.now() - 1, "fay@example.com").run();
    expect((await b.post("/api/auth/verify", { token })).body.code).toBe("link-expired");
  });

  it("sign out ends the session", async () => {
    const b = await signIn("gus@example.com");
    const cookie = b.cookie;
    expect((await b.post("/api/auth/signout")).status).toBe(200);
    expect(b.cookie).toBe("");
    // The cookie copied before, once its session proof has lapsed (session-proof.test.ts: minutes later).
    const stale = new Browser();
    stale.cookie = cookie;
    stale.jar.delete(PROOF_COOKIE);
    expect((await stale.get("/api/me")).status).toBe(401);
  });

  it("a forged cookie is no session", async () => {
    const b = new Browser();
    b.cookie = "sid=abc.def";
    expect((await b.get("/api/me")).body.code).toBe("signed-out");
  });

  it("rate-limits sign-in links per address", async () => {
    const b = new Browser();
    const codes = [];
    for (let i = 0; i < 7; i++) codes.push((await b.post("/api/auth/start", { email: "hal@example.com" })).status);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it("rate-limits sign-in links per network address", async () => {
    const b = new Browser();
    const codes = [];
    for (let i = 0; i < 32; i++) {
      const res = await b.fetch("/api/auth/start", { method: "POST", headers: { "content-type": "application/json", "cf-connecting-ip": "203.0.113.9" }, body: JSON.stringify({ email: `p${i}@example.com` }) });
      codes.push(res.status);
    }
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes.slice(30)).toEqual([429, 429]);
  });

  it("state-changing requests from another origin are refused", async () => {
    const b = new Browser();
    const res = await b.fetch("/api/auth/start", { method: "POST", headers: { origin: "https://evil.example", "content-type": "application/json" }, body: JSON.stringify({ email: "ivy@example.com" }) });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "bad-origin" });
    expect((await b.get("/api/dev/outbox?to=ivy@example.com")).body.messages).toHaveLength(0);
  });

  it("profile: display name and IANA time zone, validated", async () => {
    const b = await signIn("jo@example.com");
    expect((await b.put("/api/me", { displayName: "Jo", timezone: "Europe/Paris" })).body).toMatchObject({ displayName: "Jo", timezone: "Europe/Paris" });
    expect((await b.put("/api/me", { timezone: "Mars/Olympus" })).body.code).toBe("bad-field");
    expect((await b.get("/api/me")).body.timezone).toBe("Europe/Paris");
  });
});
