/**
 * Notification settings, web push subscriptions, one-click unsubscribe (RFC 8058) and, in
 * development, the mail outbox as a plain page. Mounted at /api by app.ts; `devMail` serves
 * /dev/mail from worker/index.ts.
 */
import { Hono } from "hono";
import { requireUser, type AppEnv } from "./context";
import { HttpError, badRequest, notFound } from "../lib/errors";
import { isDev, type Env } from "../lib/env";
import { isObj, type Obj } from "../lib/validate";
import { json, query, signedIn } from "./input";
import { securityHeaders } from "./headers";
import { updateSettings } from "../notify/settings";
import { devices, emailOff, recipient, saveSettings, setDeviceEnabled, subscribe, unsubscribe } from "../db/notify";
import { verifyUnsubscribeToken } from "../notify/unsubscribe";
import { parsePushTarget } from "../notify/webpush";
import { unsubscribeSecret } from "../notify/deliver";
import { outboxLatest } from "../db/outbox";

/** Where the unsubscribe pages send a player who wants their emails back (the app's own page, same site). */
const SETTINGS = "/settings#notifications";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title></head>
<body style="font-family:sans-serif;font-size:20px;line-height:1.5;max-width:40em;margin:2em auto;padding:0 1em">${body}</body></html>`;

async function settingsView(env: Env, userId: string) {
  const who = await recipient(env, userId);
  if (!who) throw new HttpError(401, "signed-out", "Please sign in first.");
  const devs = await devices(env, userId);
  return { ...who.settings, devices: devs.map((d) => ({ id: d.id, device: d.device, enabled: d.enabled })) };
}

async function tokenUser(env: Env, token: string | undefined): Promise<string | null> {
  if (!token || token.length > 512) return null;
  const userId = await verifyUnsubscribeToken(token, unsubscribeSecret(env));
  return userId && (await recipient(env, userId)) ? userId : null;
}

function parseSubscription(body: Obj) {
  const p = parsePushTarget(body);
  if (!p.ok) throw badRequest("bad-subscription", p.error);
  const device = body.device === undefined ? "" : String(body.device).slice(0, 80).replace(/[\u0000-\u001f<>]/g, "");
  return { target: p.target, device };
}

function parseEndpoint(body: Obj) {
  if (typeof body.endpoint !== "string") throw badRequest("bad-subscription", "endpoint missing");
  return { endpoint: body.endpoint };
}

/** `?t=`: the signed token of an unsubscribe link (checked by the handler: a bad one has its own page). */
const tokenQuery = query((q) => ({ t: q.t }));

export const notifications = new Hono<AppEnv>()
  .get("/me/notifications", async (c) => c.json(await settingsView(c.env, requireUser(c).id)))
  /** Partial update; `devices: [{id, enabled}]` switches push per device. A bad field changes nothing. */
  .put("/me/notifications", signedIn, json((body) => body), async (c) => {
    const user = requireUser(c);
    const { devices: deviceChanges, ...fields } = c.req.valid("json");
    const who = await recipient(c.env, user.id);
    if (!who) throw new HttpError(401, "signed-out", "Please sign in first.");
    const r = updateSettings(who.settings, fields);
    if (!r.ok) throw badRequest("bad-settings", r.error);
    const changes: { id: number; enabled: boolean }[] = [];
    if (deviceChanges !== undefined) {
      if (!Array.isArray(deviceChanges)) throw badRequest("bad-settings", "devices must be a list of {id, enabled}");
      const mine = new Set((await devices(c.env, user.id)).map((d) => d.id));
      for (const d of deviceChanges) {
        if (!isObj(d) || !Number.isInteger(d.id) || typeof d.enabled !== "boolean") throw badRequest("bad-settings", "devices must be a list of {id, enabled}");
        if (!mine.has(d.id as number)) throw badRequest("bad-settings", `no device ${String(d.id)} on your account`);
        changes.push({ id: d.id as number, enabled: d.enabled });
      }
    }
    await saveSettings(c.env, user.id, r.settings);
    for (const d of changes) await setDeviceEnabled(c.env, user.id, d.id, d.enabled);
    return c.json(await settingsView(c.env, user.id));
  })
  /** The VAPID public key the browser needs for PushManager.subscribe({applicationServerKey}). */
  .get("/push/key", (c) => {
    const key = (c.env as Env).VAPID_PUBLIC_KEY;
    if (!key) throw new HttpError(404, "push-off", "Web push is not configured on this server.");
    return c.json({ key });
  })
  .post("/push/subscribe", signedIn, json(parseSubscription), async (c) => {
    const user = requireUser(c);
    const p = c.req.valid("json");
    await subscribe(c.env, user.id, p.target, p.device);
    return c.json(await settingsView(c.env, user.id));
  })
  .post("/push/unsubscribe", signedIn, json(parseEndpoint), async (c) => {
    const user = requireUser(c);
    const { endpoint } = c.req.valid("json");
    if (!(await unsubscribe(c.env, user.id, endpoint))) throw notFound("No such push subscription on your account.");
    return c.json(await settingsView(c.env, user.id));
  })
  /** RFC 8058: a GET (maybe a link scanner) only asks; the POST unsubscribes. */
  .get("/unsubscribe", tokenQuery, async (c) => {
    const { t } = c.req.valid("query");
    if (!(await tokenUser(c.env, t))) return c.html(page("Link not valid", `<p>This unsubscribe link is not valid. You can change your emails in <a href="${SETTINGS}">your settings</a>.</p>`), 400);
    return c.html(
      page(
        "Unsubscribe",
        `<p>Stop all notification emails from Mah Jongg by post?</p>
<form method="post" action="/api/unsubscribe?t=${esc(encodeURIComponent(t!))}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="font-size:20px;padding:10px 20px">Unsubscribe</button></form>`,
      ),
    );
  })
  /** One click, no sign-in: the signed token says who. Switches email off, nothing else. */
  .post("/unsubscribe", tokenQuery, async (c) => {
    const userId = await tokenUser(c.env, c.req.valid("query").t);
    if (!userId) throw new HttpError(403, "bad-unsubscribe-link", "This unsubscribe link is not valid.");
    await emailOff(c.env, userId);
    if ((c.req.header("accept") ?? "").includes("text/html")) {
      return c.html(page("Unsubscribed", `<p>Done: you will get no more notification emails. You can switch them on again in <a href="${SETTINGS}">your settings</a>.</p>`));
    }
    return c.json({ ok: true, email: "off" });
  });

/** GET /dev/mail: the outbox as a plain page, development only. */
export const devMail = new Hono<AppEnv>().use(securityHeaders()).get("/dev/mail", async (c) => {
  if (!isDev(c.env)) return c.text("Not found", 404);
  const items = (await outboxLatest(c.env))
    .map(
      (m) => `<article style="border-top:1px solid #ccc;padding:1em 0"><h2 style="font-size:1.1em;margin:0">${esc(m.subject)}</h2>
<p style="margin:.2em 0;color:#555">To ${esc(m.to)} · ${new Date(m.createdAt).toISOString()}</p>
<pre style="white-space:pre-wrap;font-size:16px">${esc(m.text)}</pre>${m.link ? `<p><a href="${esc(m.link)}">${esc(m.link)}</a></p>` : ""}</article>`,
    )
    .join("\n");
  return c.html(page("Outbox", `<h1>Outbox (development)</h1>${items || "<p>No mail yet.</p>"}`));
});
