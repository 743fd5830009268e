/** The notification API through HTTP inside workerd: settings, push subscriptions, one-click unsubscribe, /dev/mail. */
import { describe, expect, it } from "vitest";
import { env, exports } from "cloudflare:workers";
import { Browser, signIn } from "../worker/client";
import { unsubscribeToken } from "../../worker/notify/unsubscribe";
import type { Env } from "../../worker/lib/env";

const KEYS = { p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4", auth: "BTBZMqHH6r4Tts7J_aSIgg" };

async function userId(email: string): Promise<string> {
  return (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>())!.id;
}

describe("settings: GET/PUT /api/me/notifications", () => {
  it("a new player has the defaults, in the zone of their account", async () => {
    const b = await signIn("nora@example.com");
    await b.put("/api/me", { timezone: "Europe/Paris" });
    const { status, body } = await b.get("/api/me/notifications");
    expect(status).toBe(200);
    expect(body).toMatchObject({ email: "each", push: true, quietHours: null, timezone: "Europe/Paris", digestHour: 8, devices: [] });
    expect(body.events).toContain("turn");
  });

  it("saves a change; a bad field is refused with the reason and changes nothing", async () => {
    const b = await signIn("otto@example.com");
    const ok = await b.put("/api/me/notifications", { email: "digest", digestHour: 9, quietHours: { start: "22:00", end: "07:00" }, events: ["turn", "final-reminder"] });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ email: "digest", digestHour: 9, quietHours: { start: "22:00", end: "07:00" }, events: ["turn", "final-reminder"] });
    const bad = await b.put("/api/me/notifications", { email: "each", timezone: "Atlantis/Capital" });
    expect(bad).toMatchObject({ status: 400, body: { code: "bad-settings", message: expect.stringMatching(/unknown time zone/) } });
    expect((await b.get("/api/me/notifications")).body).toMatchObject({ email: "digest", timezone: "UTC" });
  });

  it("signed out: 401", async () => {
    expect((await new Browser().get("/api/me/notifications")).status).toBe(401);
  });
});

describe("web push subscriptions", () => {
  it("the VAPID public key comes from configuration", async () => {
    const res = await new Browser().get("/api/push/key");
    const key = (env as Env).VAPID_PUBLIC_KEY;
    if (key) expect(res).toEqual({ status: 200, body: { key } });
    else expect(res).toMatchObject({ status: 404, body: { code: "push-off" } });
  });

  it("many devices per player; each can be switched off; unsubscribe removes one", async () => {
    const b = await signIn("pia@example.com");
    await b.post("/api/push/subscribe", { endpoint: "https://push.example/phone", keys: KEYS, device: "Phone" });
    const two = await b.post("/api/push/subscribe", { endpoint: "https://push.example/laptop", keys: KEYS, device: "Laptop" });
    expect(two.body.devices.map((d: { device: string }) => d.device)).toEqual(["Phone", "Laptop"]);
    const phone = two.body.devices[0].id;
    const off = await b.put("/api/me/notifications", { devices: [{ id: phone, enabled: false }] });
    expect(off.body.devices).toEqual([
      { id: phone, device: "Phone", enabled: false },
      { id: expect.any(Number), device: "Laptop", enabled: true },
    ]);
    const gone = await b.post("/api/push/unsubscribe", { endpoint: "https://push.example/laptop" });
    expect(gone.body.devices.map((d: { device: string }) => d.device)).toEqual(["Phone"]);
    expect((await b.post("/api/push/unsubscribe", { endpoint: "https://push.example/laptop" })).status).toBe(404);
  });

  it("refuses an http endpoint, bad keys, or someone else's device", async () => {
    const b = await signIn("quin@example.com");
    expect((await b.post("/api/push/subscribe", { endpoint: "http://push.example/x", keys: KEYS })).body).toMatchObject({ code: "bad-subscription", message: expect.stringMatching(/https/) });
    expect((await b.post("/api/push/subscribe", { endpoint: "https://push.example/x", keys: { p256dh: "x", auth: KEYS.auth } })).status).toBe(400);
    const other = await signIn("rhea@example.com");
    const theirs = (await other.post("/api/push/subscribe", { endpoint: "https://push.example/rhea", keys: KEYS })).body.devices[0].id;
    expect((await b.put("/api/me/notifications", { devices: [{ id: theirs, enabled: false }] })).status).toBe(400);
    expect((await b.get("/api/me/notifications")).body.devices).toEqual([]);
  });
});

describe("one-click unsubscribe (RFC 8058)", () => {
  /** As a mail provider does it: a POST with no cookie and no Origin. */
  const oneClick = (t: string) =>
    exports.default.fetch(new Request(`http://localhost/api/unsubscribe?t=${encodeURIComponent(t)}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" }));

  it("a signed link switches email off without signing in", async () => {
    const b = await signIn("sue@example.com");
    const t = await unsubscribeToken(await userId("sue@example.com"), env.COOKIE_SECRET);
    const look = await exports.default.fetch(new Request(`http://localhost/api/unsubscribe?t=${encodeURIComponent(t)}`));
    expect(look.status).toBe(200);
    expect(await look.text()).toContain('<form method="post"');
    expect((await b.get("/api/me/notifications")).body.email).toBe("each"); // a GET (link scanner) changes nothing
    const res = await oneClick(t);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, email: "off" });
    expect((await b.get("/api/me/notifications")).body.email).toBe("off");
    // from a browser: a page saying so, with the way back to the notification settings
    const page = await exports.default.fetch(new Request(`http://localhost/api/unsubscribe?t=${encodeURIComponent(t)}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" }, body: "List-Unsubscribe=One-Click" }));
    expect(await page.text()).toContain('switch them on again in <a href="/settings#notifications">your settings</a>');
  });

  it("a tampered link fails and changes nothing", async () => {
    const b = await signIn("tom@example.com");
    const t = await unsubscribeToken(await userId("tom@example.com"), env.COOKIE_SECRET);
    const tampered = t.slice(0, -2) + (t.endsWith("AA") ? "BB" : "AA");
    expect((await oneClick(tampered)).status).toBe(403);
    const forOther = (await unsubscribeToken("someone-else", env.COOKIE_SECRET)).split(".")[0] + "." + t.split(".")[1];
    expect((await oneClick(forOther)).status).toBe(403);
    expect((await exports.default.fetch(new Request(`http://localhost/api/unsubscribe?t=${tampered}`))).status).toBe(400);
    expect((await b.get("/api/me/notifications")).body.email).toBe("each");
  });
});

describe("/dev/mail", () => {
  it("shows the outbox as a plain page in development", async () => {
    await new Browser().post("/api/auth/start", { email: "uma@example.com" });
    const res = await exports.default.fetch(new Request("http://localhost/dev/mail"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    expect(await res.text()).toContain("To uma@example.com");
  });
});
