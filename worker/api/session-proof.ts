/**
 * The session proof: a second signed cookie beside `sid` carrying the session's id hash, its user
 * and an expiry a few minutes ahead, so that a request made while it lasts is signed in without
 * asking D1 (docs/capacity.md, "What moves first"). It signs nobody in alone: its hash must be the
 * SHA-256 of the sid cookie sent with it. Anything wrong with it (a bad signature, another sid's,
 * expired, stamped ahead of the clock, not our shape) makes it no proof: the request asks D1, as
 * without one. Its minutes run on the service's clock (lib/service-clock.ts).
 */
import type { Context } from "hono";
import { getSignedCookie, setSignedCookie, deleteCookie } from "hono/cookie";
import type { User } from "../db/accounts";
import type { Env } from "../lib/env";

export const PROOF_COOKIE = "sid_proof";

/**
 * How long a proof lasts. A correspondence check-in (open the game, move, perhaps another move or a
 * chat line) takes a few minutes: five cover it with one D1 read, while a device signed out from
 * elsewhere, or an account deleted, is refused within five minutes. Shorter than the ten minutes
 * between two writes of a session's last seen (db/sessions.ts), so Settings' list stays as true.
 */
export const PROOF_TTL_MS = 5 * 60_000;

/** Clocks of two machines may differ a little; a proof stamped further ahead than this was not made by this clock. */
const SKEW_MS = 60_000;

/** What the cookie carries: version, the sid's hash, the user, issued and expires (the service's clock). */
interface Payload {
  v: 1;
  h: string;
  u: User;
  i: number;
  x: number;
}

const toB64url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

function fromB64url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,2000}$/.test(text)) return null;
  try {
    const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(bin, (ch) => ch.charCodeAt(0)));
  } catch {
    return null;
  }
}

const isUser = (u: unknown): u is User => {
  if (typeof u !== "object" || u === null) return false;
  const r = u as Record<string, unknown>;
  return (
    Object.keys(r).length === 5 &&
    typeof r.id === "string" && typeof r.email === "string" && typeof r.displayName === "string" &&
    typeof r.timezone === "string" && typeof r.vacationUntil === "number"
  );
};

function parse(value: string): Payload | null {
  const text = fromB64url(value);
  if (text === null) return null;
  try {
    const p = JSON.parse(text) as Payload;
    return p && p.v === 1 && typeof p.h === "string" && Number.isFinite(p.i) && Number.isFinite(p.x) && isUser(p.u) ? p : null;
  } catch {
    return null;
  }
}

/** The cookie as sent: absent, or present (its signature not yet judged). */
export async function proofCookie<E extends { Bindings: Env }>(c: Context<E>): Promise<{ sent: boolean; payload: Payload | null }> {
  const raw = await getSignedCookie(c, c.env.COOKIE_SECRET, PROOF_COOKIE);
  return { sent: raw !== undefined, payload: typeof raw === "string" ? parse(raw) : null };
}

/** The user a sent proof signs in, with its expiry; null unless it is ours, for this sid's hash, and lasts at `now`. */
export function provenUser(payload: Payload | null, idHash: string, now: number): { user: User; until: number } | null {
  if (!payload || payload.h !== idHash) return null;
  if (payload.i > now + SKEW_MS || now >= payload.x || payload.x - payload.i > PROOF_TTL_MS) return null;
  return { user: payload.u, until: payload.x };
}

/** Sets the proof for `user` on the answer, lasting until `until` (the service's clock, now `now`). */
export async function setProof<E extends { Bindings: Env }>(c: Context<E>, idHash: string, user: User, now: number, until: number): Promise<void> {
  const { id, email, displayName, timezone, vacationUntil } = user;
  const payload: Payload = { v: 1, h: idHash, u: { id, email, displayName, timezone, vacationUntil }, i: now, x: until };
  await setSignedCookie(c, PROOF_COOKIE, toB64url(JSON.stringify(payload)), c.env.COOKIE_SECRET, {
    httpOnly: true,
    sameSite: "Lax",
    secure: new URL(c.req.url).protocol === "https:",
    path: "/",
    // The browser forgets it once it can no longer be taken (on real time, which a development clock only outruns).
    maxAge: Math.max(1, Math.ceil((until - now) / 1000)),
  });
}

export function clearProof(c: Context): void {
  deleteCookie(c, PROOF_COOKIE, { path: "/" });
}
