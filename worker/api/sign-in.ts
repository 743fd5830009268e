/** Opening a session: the signed cookie every way of signing in ends with (link, code, passkey). */
import type { Context } from "hono";
import { setSignedCookie } from "hono/cookie";
import { SESSION_COOKIE, type AppEnv } from "./context";
import { createSession, SESSION_TTL_MS } from "../db/accounts";
import { browserName } from "../lib/browser-name";

export type SignedInBy = "link" | "code" | "passkey";

export async function signIn(c: Context<AppEnv>, userId: string, via?: SignedInBy) {
  const sid = await createSession(c.env, userId, Date.now(), { browser: browserName(c.req.header("user-agent")), via });
  await setSignedCookie(c, SESSION_COOKIE, sid, c.env.COOKIE_SECRET, {
    httpOnly: true,
    sameSite: "Lax",
    secure: new URL(c.req.url).protocol === "https:",
    path: "/",
    maxAge: SESSION_TTL_MS / 1000,
  });
}
