/** Types and middleware shared by the API sub-apps. */
import type { Context, MiddlewareHandler } from "hono";
import { getSignedCookie } from "hono/cookie";
import type { Env } from "../lib/env";
import { HttpError } from "../lib/errors";
import { sessionUser, type User } from "../db/accounts";
import { SEEN_EVERY_MS, touchSession } from "../db/sessions";
import type { LeagueRow } from "../db/leagues";

export type { User };

export type AppEnv = {
  Bindings: Env;
  Variables: {
    user: User | null;
    /** The hash of the caller's session id (how Settings names "this device"), when signed in. */
    session?: string;
    /** Set by leagues.ts's organiser middleware: the league the caller organises, and the caller. */
    organising?: { league: LeagueRow; user: User };
  };
};

export const SESSION_COOKIE = "sid";

/** Loads the signed-in user (or null) from the session cookie. */
export function session(): MiddlewareHandler<AppEnv> {
  return async function session(c, next) {
    c.set("user", null);
    const sid = await getSignedCookie(c, c.env.COOKIE_SECRET, SESSION_COOKIE);
    if (typeof sid === "string" && sid.length > 0 && sid.length <= 100) {
      const now = Date.now();
      const row = await sessionUser(c.env, sid, now);
      if (row) {
        c.set("user", row.user);
        c.set("session", row.idHash);
        if (now - row.seenAt > SEEN_EVERY_MS) await touchSession(c.env, row.idHash, now);
      }
    }
    await next();
  };
}

/** Requests that change state must come from our own pages (CSRF defence next to SameSite=Lax). */
export function sameOrigin(): MiddlewareHandler<AppEnv> {
  return async function sameOrigin(c, next) {
    // RFC 8058 one-click unsubscribe is POSTed by mail providers (no Origin); its signed link is the proof.
    if (!["GET", "HEAD", "OPTIONS"].includes(c.req.method) && c.req.path !== "/api/unsubscribe") {
      const origin = c.req.header("origin");
      const allowed = [new URL(c.req.url).origin, c.env.APP_URL].filter(Boolean);
      if (!origin || !allowed.includes(origin)) {
        throw new HttpError(403, "bad-origin", "This request must come from the game's own pages (Origin check).");
      }
    }
    await next();
  };
}

export function requireUser(c: Context<AppEnv>): User {
  const user = c.get("user");
  if (!user) throw new HttpError(401, "signed-out", "Please sign in first.");
  return user;
}

/** Public origin for links in mail and invitations. */
export const appUrl = (c: Context<AppEnv>) => c.env.APP_URL ?? new URL(c.req.url).origin;
