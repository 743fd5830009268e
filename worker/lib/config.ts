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

/**
 * The 503 answer when settings are missing, or null when the deployment is complete. `page`: a
 * page a person opens (a game's link from a mail), answered in plain words, not JSON.
 */
export function misconfigured(env: Env, page = false): Response | null {
  const missing = missingSettings(env);
  if (!missing.length) return null;
  const message = `The service is not fully set up: missing ${missing.join(", ")}.`;
  console.error(`config: ${message}`);
  const headers = { "retry-after": "300" };
  if (page) return new Response(notReadyPage(missing), { status: 503, headers: { ...headers, "content-type": "text/html; charset=utf-8" } });
  return Response.json({ code: "misconfigured", message, missing }, { status: 503, headers });
}

/** The setting names are ours (never anything a request carries), so they need no escaping. */
const notReadyPage = (missing: string[]) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Not open yet · Mah Jongg by post</title></head>
<body style="font-family:sans-serif;font-size:20px;line-height:1.5;max-width:36em;margin:2em auto;padding:0 1em;color:#222">
<h1>Not open yet</h1>
<p>Mah Jongg by post is being set up and cannot show games yet. Please try again later; nothing of yours is lost.</p>
<p style="font-size:16px;color:#555">For whoever runs it: missing ${missing.join(", ")}.</p>
</body></html>
`;
