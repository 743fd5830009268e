/**
 * Signing in. POST /start mails a link and, beside it, a six-digit code; the link (GET) or POST
 * /verify opens a session where the link is opened, POST /code where the code is typed (the page
 * that asked: the installed app keeps its own cookies). Passkeys are the sub-app /passkeys. The
 * signed-in devices: /sessions.
 */
import { Hono, type Context } from "hono";
import { getSignedCookie } from "hono/cookie";
import { appUrl, endedHere, requireUser, SESSION_COOKIE, type AppEnv } from "./context";
import { consumeLoginToken, deleteSession, findOrCreateUser } from "../db/accounts";
import { createSignInRequest, requestEmail, tryCode } from "../db/signin-codes";
import { endOtherSessions, endSession, sessionsOf } from "../db/sessions";
import { HttpError, notFound } from "../lib/errors";
import { DAY } from "../lib/limits";
import { refusedWords, sendMail } from "../notify/mail";
import { mailGoesToOutbox } from "../notify/email/transport";
import { TOKEN_TTL_MS } from "../db/accounts";
import { allow, count } from "./limits";
import { email, str } from "../lib/validate";
import { json, params, query, signedIn } from "./input";
import { signIn } from "./sign-in";
import { passkeys } from "./passkeys";

const HOUR = 60 * 60 * 1000;
const PER_ADDRESS_PER_HOUR = 5;
const PER_IP_PER_HOUR = 30;
/** Tries of codes: from one network an hour, for one address a day (each request takes five at most). */
const CODE_TRIES_PER_IP_PER_HOUR = 30;
const CODE_TRIES_PER_ADDRESS_PER_DAY = 20;
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;
const SESSION_ID = /^[0-9a-f]{64}$/;

export { signIn };

async function verify(c: Context<AppEnv>, token: string) {
  const address = await consumeLoginToken(c.env, token);
  if (!address) throw new HttpError(400, "link-expired", "This sign-in link was used or has expired. Ask for a new one.");
  const userId = await findOrCreateUser(c.env, address);
  await signIn(c, userId, "link");
  return userId;
}

const CODE_REFUSED = {
  unknown: "This sign-in request is not known here. Ask for a new code.",
  used: "This code was used already. Ask for a new one.",
  expired: "This code has expired: a code works for 15 minutes. Ask for a new one.",
  locked: "Five wrong codes: this code no longer works. Ask for a new one.",
} as const;

const ipOf = (c: Context<AppEnv>) => c.req.header("cf-connecting-ip") ?? "local";

export const auth = new Hono<AppEnv>()
  .post("/start", json((body) => ({ email: email(body, "email") })), async (c) => {
    const address = c.req.valid("json").email;
    if (!(await allow(c.env, `signin:ip:${ipOf(c)}`, PER_IP_PER_HOUR, HOUR))) {
      throw new HttpError(429, "rate-limited", "Too many sign-in requests from this network. Try again in an hour.");
    }
    if (!(await allow(c.env, `signin:addr:${address}`, PER_ADDRESS_PER_HOUR, HOUR))) {
      throw new HttpError(429, "rate-limited", "Too many sign-in links for this address. Try again in an hour.");
    }
    const { token, request, code } = await createSignInRequest(c.env, address);
    const link = `${appUrl(c)}/api/auth/verify?token=${token}`;
    // Sent at once through the configured transport; when it refuses, the queue retries it.
    const outcome = await sendMail(c.env, {
      to: address,
      // "sign-in link" first, as before (mail filters and tests look for it); then the code, seen in the notification itself.
      subject: `Your sign-in link and code: ${code} (Mah Jongg by post)`,
      text:
        `Your sign-in code is ${code}. Type it on the page where you asked to sign in (the installed app, for one).\n\n` +
        `Or open this link to sign in where it opens:\n\n${link}\n\n` +
        `The code and the link each work once, within 15 minutes. If you did not ask for them, ignore this message.`,
      link,
      until: Date.now() + TOKEN_TTL_MS,
    });
    if (!outcome.sent && outcome.refused) throw new HttpError(422, "mail/refused", refusedWords(address));
    // `request`: the page that asked keeps it, to send with the code (POST /code).
    // `outbox`: development only, where the mail went instead (the page links to it).
    const outbox = mailGoesToOutbox(c.env) ? { outbox: true } : {};
    if (!outcome.sent) {
      return c.json({ ok: true, sent: false, request, message: "We could not send the mail yet; we are trying again. It may take a few minutes to arrive.", ...outbox }, 202);
    }
    return c.json({ ok: true, sent: true, request, message: "Check your mail for a sign-in link and code.", ...outbox });
  })
  .post(
    "/code",
    json((body) => ({
      request: str(body, "request", { max: 100, pattern: TOKEN, what: "the sign-in request's id" }),
      // Typed by a person: "123 456" and "123-456" are the same code.
      code: str({ code: typeof body.code === "string" ? body.code.replace(/[\s-]/g, "") : body.code }, "code", { max: 6, pattern: /^\d{6}$/, what: "the six digits from the mail" }),
    })),
    async (c) => {
      const { request, code } = c.req.valid("json");
      const address = await requestEmail(c.env, request);
      if (!address) throw new HttpError(400, "code/unknown", CODE_REFUSED.unknown);
      await count(c.env, [
        { key: `signin-code:ip:${ipOf(c)}`, limit: CODE_TRIES_PER_IP_PER_HOUR, windowMs: HOUR, what: "Too many sign-in codes were tried from this network." },
        { key: `signin-code:addr:${address}`, limit: CODE_TRIES_PER_ADDRESS_PER_DAY, windowMs: DAY, what: "Too many sign-in codes were tried for this address today: use the link in the mail." },
      ]);
      const outcome = await tryCode(c.env, request, code);
      if (!outcome.ok) {
        if (outcome.why !== "wrong") throw new HttpError(400, `code/${outcome.why}`, CODE_REFUSED[outcome.why]);
        const left = outcome.triesLeft;
        throw new HttpError(400, left ? "code/wrong" : "code/locked", left ? `That is not the code we sent. ${left} ${left === 1 ? "try" : "tries"} left.` : "That is not the code we sent, five times now: this code no longer works. Ask for a new one.");
      }
      const userId = await findOrCreateUser(c.env, outcome.email);
      await signIn(c, userId, "code");
      return c.json({ ok: true, userId });
    },
  )
  .post("/verify", json((body) => ({ token: str(body, "token", { max: 100, pattern: TOKEN, what: "a sign-in token" }) })), async (c) => {
    const { token } = c.req.valid("json");
    return c.json({ ok: true, userId: await verify(c, token) });
  })
  // A bad link lands on the home page, which says so and offers a new one: the query is read, not refused.
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
    endedHere(c);
    return c.json({ ok: true });
  })
  /** Your signed-in devices, the one asking marked `current`. */
  .get("/sessions", signedIn, async (c) => {
    const current = c.get("session");
    const rows = await sessionsOf(c.env, requireUser(c).id);
    return c.json({ sessions: rows.map((s) => ({ ...s, current: s.id === current })) });
  })
  .delete("/sessions/others", signedIn, async (c) => c.json({ ok: true, ended: await endOtherSessions(c.env, requireUser(c).id, c.get("session")!) }))
  .delete(
    "/sessions/:id",
    signedIn,
    params((p) => {
      if (!SESSION_ID.test(p.id ?? "")) throw notFound("No such device.");
      return p;
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      if (!(await endSession(c.env, requireUser(c).id, id!))) throw notFound("No such device.");
      if (id === c.get("session")) endedHere(c);
      return c.json({ ok: true });
    },
  )
  .route("/passkeys", passkeys);
