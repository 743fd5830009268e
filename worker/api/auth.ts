/** Magic-link sign-in: POST /start mails a link; the link (GET) or POST /verify opens a session. */
import { Hono, type Context } from "hono";
import { deleteCookie, getSignedCookie, setSignedCookie } from "hono/cookie";
import { appUrl, SESSION_COOKIE, type AppEnv } from "./context";
import { consumeLoginToken, createLoginToken, createSession, deleteSession, findOrCreateUser, SESSION_TTL_MS } from "../db/accounts";
import { HttpError } from "../lib/errors";
import { sendMail } from "../notify/mail";
import { allow } from "./limits";
import { email, str } from "../lib/validate";
import { json, query } from "./input";

const HOUR = 60 * 60 * 1000;
const PER_ADDRESS_PER_HOUR = 5;
const PER_IP_PER_HOUR = 30;
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

export async function signIn(c: Context<AppEnv>, userId: string) {
  const sid = await createSession(c.env, userId);
  await setSignedCookie(c, SESSION_COOKIE, sid, c.env.COOKIE_SECRET, {
    httpOnly: true,
    sameSite: "Lax",
    secure: new URL(c.req.url).protocol === "https:",
    path: "/",
    maxAge: SESSION_TTL_MS / 1000,
  });
}

async function verify(c: Context<AppEnv>, token: string) {
  const address = await consumeLoginToken(c.env, token);
  if (!address) throw new HttpError(400, "link-expired", "This sign-in link is used up or expired. Ask for a new one.");
  const userId = await findOrCreateUser(c.env, address);
  await signIn(c, userId);
  return userId;
}

export const auth = new Hono<AppEnv>()
  .post("/start", json((body) => ({ email: email(body, "email") })), async (c) => {
    const address = c.req.valid("json").email;
    const ip = c.req.header("cf-connecting-ip") ?? "local";
    if (!(await allow(c.env, `signin:ip:${ip}`, PER_IP_PER_HOUR, HOUR))) {
      throw new HttpError(429, "rate-limited", "Too many sign-in requests from this network. Try again in an hour.");
    }
    if (!(await allow(c.env, `signin:addr:${address}`, PER_ADDRESS_PER_HOUR, HOUR))) {
      throw new HttpError(429, "rate-limited", "Too many sign-in links for this address. Try again in an hour.");
    }
    const token = await createLoginToken(c.env, address);
    const link = `${appUrl(c)}/api/auth/verify?token=${token}`;
    // Sent at once through the configured transport; when it refuses, the queue retries it.
    const outcome = await sendMail(c.env, {
      to: address,
      subject: "Your sign-in link for Mah Jongg by post",
      text: `Open this link within 15 minutes to sign in to Mah Jongg by post:\n\n${link}\n\nIf you did not ask for it, ignore this message.`,
      link,
    });
    if (!outcome.sent) {
      return c.json({ ok: true, sent: false, message: "We could not send the mail yet; we are trying again. It may take a few minutes to arrive." }, 202);
    }
    return c.json({ ok: true, sent: true, message: "Check your mail for a sign-in link." });
  })
  .post("/verify", json((body) => ({ token: str(body, "token", { max: 100, pattern: TOKEN, what: "a sign-in token" }) })), async (c) => {
    const { token } = c.req.valid("json");
    return c.json({ ok: true, userId: await verify(c, token) });
  })
  // A bad link lands on the start page rather than an error: the query is read, not refused.
  .get("/verify", query((q) => ({ token: q.token ?? "" })), async (c) => {
    const { token } = c.req.valid("query");
    if (!TOKEN.test(token)) return c.redirect("/?signin=failed");
    try {
      await verify(c, token);
    } catch (e) {
      if (e instanceof HttpError) return c.redirect("/?signin=expired");
      throw e;
    }
    return c.redirect("/");
  })
  .post("/signout", async (c) => {
    const sid = await getSignedCookie(c, c.env.COOKIE_SECRET, SESSION_COOKIE);
    if (typeof sid === "string" && sid) await deleteSession(c.env, sid);
    deleteCookie(c, SESSION_COOKIE, { path: "/" });
    return c.json({ ok: true });
  });
