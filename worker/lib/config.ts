/**
 * Settings a real deployment cannot run without. Outside development, a missing one makes every
 * request answer 503 with a JSON error naming it (and the log says the same), so a
 * misconfiguration shows at the first request rather than at the first sign-in.
 */
import { isDev, type Env } from "./env";
import { relyingPartyProblem } from "./relying-party";

export function missingSettings(env: Env): string[] {
  if (isDev(env)) return [];
  const missing: string[] = [];
  if (!env.COOKIE_SECRET) missing.push("COOKIE_SECRET");
  if (!env.APP_URL) missing.push("APP_URL");
  else {
    const rp = relyingPartyProblem(env);
    if (rp) missing.push(rp);
  }
  if (!env.MAIL_FROM) missing.push("MAIL_FROM");
  const transport = env.MAIL_TRANSPORT;
  if (transport === "smtp") {
    if (!env.SMTP_HOST) missing.push("SMTP_HOST");
  } else if (transport === "cloudflare") {
    if (!env.EMAIL) missing.push("EMAIL (the send_email binding)");
  } else {
    missing.push('MAIL_TRANSPORT ("smtp" or "cloudflare")');
  }
  return missing;
}

/** The 503 answer when settings are missing, or null when the deployment is complete. */
export function misconfigured(env: Env): Response | null {
  const missing = missingSettings(env);
  if (!missing.length) return null;
  const message = `The service is not fully set up: missing ${missing.join(", ")}.`;
  console.error(`config: ${message}`);
  return Response.json({ code: "misconfigured", message, missing }, { status: 503, headers: { "retry-after": "300" } });
}
