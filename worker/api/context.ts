/** Types and middleware shared by the API sub-apps. */
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getSignedCookie } from "hono/cookie";
import type { Env } from "../lib/env";
import { HttpError } from "../lib/errors";
import { sha256Hex } from "../lib/crypto";
import { serviceNow } from "../lib/service-clock";
import { sessionUser, type User } from "../db/accounts";
import { SEEN_EVERY_MS, touchSession } from "../db/sessions";
import type { LeagueRow } from "../db/leagues";
import { clearProof, proofCookie, provenUser, PROOF_TTL_MS, setProof } from "./session-proof";

export type { User };

/**
 * How the request was signed in and what its answer does with the session proof: `until`, when the
 * proof that signed it in (or the one D1's answer earns) expires; `write`, set one (D1 was read, or
 * the user changed here), clear the one sent, or leave it.
 */
interface ProofPlan {
  sent: boolean;
  idHash: string | null;
  byD1: boolean;
  until: number;
  write: "keep" | "set" | "clear";
}

export type AppEnv = {
  Bindings: Env;
  Variables: {
    user: User | null;
    /** The hash of the caller's session id (how Settings names "this device"), when signed in. */
    session?: string;
    /** Set by leagues.ts's organiser middleware: the league the caller organises, and the caller. */
    organising?: { league: LeagueRow; user: User };
    /** Set by session(): see ProofPlan. */
    proof?: ProofPlan;
  };
};

export const SESSION_COOKIE = "sid";

/**
 * Loads the signed-in user (or null) from the session cookie: from its proof while one is valid
 * (api/session-proof.ts), otherwise from D1, and then a fresh proof goes with the answer.
 */
export function session(): MiddlewareHandler<AppEnv> {
  return async function session(c, next) {
    c.set("user", null);
    const sid = await getSignedCookie(c, c.env.COOKIE_SECRET, SESSION_COOKIE);
    const sent = await proofCookie(c);
    const plan: ProofPlan = { sent: sent.sent, idHash: null, byD1: false, until: 0, write: sent.sent ? "clear" : "keep" };
    c.set("proof", plan);
    if (typeof sid === "string" && sid.length > 0 && sid.length <= 100) {
      plan.idHash = await sha256Hex(sid);
      const proven = provenUser(sent.payload, plan.idHash, serviceNow(c.env));
      if (proven) {
        Object.assign(plan, { until: proven.until, write: "keep" });
        c.set("user", proven.user);
        c.set("session", plan.idHash);
      } else await fromD1(c, plan);
    }
    await next();
    // A WebSocket's upgrade answer takes no cookie (rebuilding it would lose the socket).
    if (c.res.status === 101) return;
    const user = c.get("user");
    if (plan.write === "set" && user && plan.idHash) await setProof(c, plan.idHash, user, serviceNow(c.env), plan.until);
    else if (plan.write === "clear" && plan.sent) clearProof(c);
  };
}

/** D1's answer for the session: the user and a proof lasting PROOF_TTL_MS (never past the session's end); none when it is gone. */
async function fromD1(c: Context<AppEnv>, plan: ProofPlan) {
  const real = Date.now();
  const row = await sessionUser(c.env, plan.idHash!, real);
  plan.byD1 = true;
  if (!row) {
    c.set("user", null);
    c.set("session", undefined);
    plan.write = "clear";
    return;
  }
  c.set("user", row.user);
  c.set("session", plan.idHash!);
  Object.assign(plan, { until: serviceNow(c.env, real) + Math.min(PROOF_TTL_MS, row.expiresAt - real), write: "set" });
  if (real - row.seenAt > SEEN_EVERY_MS) await touchSession(c.env, plan.idHash!, real);
}

/**
 * The user as D1 has them now, for a handler that writes from the user's fields (a proof may be
 * minutes old: another device may have renamed them meanwhile). Read once per request at most.
 */
export async function currentUser(c: Context<AppEnv>): Promise<User> {
  const plan = c.get("proof");
  if (plan && !plan.byD1 && plan.idHash && c.get("user")) await fromD1(c, plan);
  return requireUser(c);
}

/** The user's fields changed on this device: the answer's proof carries `user`, expiring no later than the one that signed this request in. */
export function userChanged(c: Context<AppEnv>, user: User) {
  const plan = c.get("proof");
  c.set("user", user);
  if (plan?.idHash && plan.until) plan.write = "set";
}

/** Whatever the proof carries is no longer so and is not known here: the next request asks D1. */
export function forgetProof(c: Context<AppEnv>) {
  const plan = c.get("proof");
  if (plan) plan.write = "clear";
}

/** This device's session ended (signed out, or the account deleted): both cookies go. */
export function endedHere(c: Context<AppEnv>) {
  deleteCookie(c, SESSION_COOKIE, { path: "/" });
  forgetProof(c);
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
