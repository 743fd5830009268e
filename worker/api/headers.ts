/**
 * Security headers on every answer of the worker. The pages and files are served by the static
 * assets, which take theirs from web/public/_headers (SITE_POLICY, the same words); the API's
 * answers are data: nothing may run, load or frame them. The few small pages the worker writes
 * itself (the unsubscribe question, the development outbox) style themselves inline and post their
 * form to the site; no script runs in them either.
 */
import type { MiddlewareHandler } from "hono";

/** The web app's policy, as web/public/_headers sends it with every page and file. */
export const SITE_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; font-src 'self'; connect-src 'self'; manifest-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/**
 * SITE_POLICY for a page that carries some of the site's own files inline (a game page the worker draws,
 * worker/web/game-page.tsx: the app's style sheet, the table's, web/public/early.js): those blocks allowed by
 * their SHA-256 (base64), each directive otherwise as SITE_POLICY has it; never 'unsafe-inline'.
 */
export function inlinePolicy(scripts: string[], styles: string[]): string {
  const add = (directive: string, hashes: string[]) => (policy: string) =>
    hashes.length ? policy.replace(new RegExp(`(^|; )${directive} 'self'`), `$1${directive} 'self' ${hashes.map((h) => `'sha256-${h}'`).join(" ")}`) : policy;
  return add("style-src", [...new Set(styles)])(add("script-src", [...new Set(scripts)])(SITE_POLICY));
}

/** JSON, text and redirects: nothing to run or load. */
export const API_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** A page the worker writes (HTML): its own inline styles and a form to the site, no script. */
export const WORKER_PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

export const securityHeaders = (): MiddlewareHandler =>
  async function securityHeaders(c, next) {
    await next();
    // A WebSocket's upgrade answer carries no page.
    if (c.res.status === 101) return;
    const page = (c.res.headers.get("content-type") ?? "").startsWith("text/html");
    const set = (h: Headers) => {
      h.set("content-security-policy", page ? WORKER_PAGE_POLICY : API_POLICY);
      h.set("x-frame-options", "DENY");
      h.set("x-content-type-options", "nosniff");
      h.set("referrer-policy", "same-origin");
    };
    try {
      set(c.res.headers);
    } catch {
      // An answer passed on from elsewhere has fixed headers: copy it first.
      c.res = new Response(c.res.body, c.res);
      set(c.res.headers);
    }
  };
