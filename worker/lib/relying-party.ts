/**
 * Who passkeys belong to (WebAuthn's relying party): the origin the browser must report and the
 * RP ID, the domain a passkey is bound to. In production both come from APP_URL (the RP ID is its
 * host unless WEBAUTHN_RP_ID names a domain it belongs to, to share passkeys with sibling sites);
 * in development, from the address the request came to (http://localhost counts as secure). A
 * passkey made under one RP ID never works under another: changing the site's domain later
 * strands every passkey (players then sign in by mail and add a new one).
 */
import { isDev, type Env } from "./env";

export const RP_NAME = "Mah Jongg by post";

export interface RelyingParty {
  rpID: string;
  origin: string;
}

function appOrigin(env: Env): URL | null {
  try {
    const u = new URL(env.APP_URL ?? "");
    return u.protocol === "https:" || u.protocol === "http:" ? u : null;
  } catch {
    return null;
  }
}

/** What is wrong with the settings for passkeys (for config.ts's 503), or null. */
export function relyingPartyProblem(env: Env): string | null {
  if (isDev(env) && !env.APP_URL) return null;
  const app = appOrigin(env);
  if (!app) return "APP_URL (the site's address, such as https://mahjong.example.com)";
  const local = app.hostname === "localhost";
  if (app.protocol !== "https:" && !local) return "APP_URL (must start with https://: passkeys and secure cookies need it)";
  const rp = env.WEBAUTHN_RP_ID;
  if (rp !== undefined && rp !== app.hostname && !app.hostname.endsWith(`.${rp}`)) {
    return `WEBAUTHN_RP_ID (must be ${app.hostname} or a domain it belongs to; it is "${rp}")`;
  }
  return null;
}

/** The relying party for a request to `requestUrl` (config.ts has already refused a deployment whose settings make none). */
export function relyingParty(env: Env, requestUrl: string): RelyingParty {
  const app = env.APP_URL ? appOrigin(env) : null;
  const url = app ?? new URL(requestUrl);
  return { rpID: env.WEBAUTHN_RP_ID || url.hostname, origin: url.origin };
}
