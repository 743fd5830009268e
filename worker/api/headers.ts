/**
 * Security headers on every answer of the worker. The pages and files are served by the static
 * assets, which take theirs from web/public/_headers (SITE_POLICY, the same words); the API's
 * answers are data, never a page: nothing may run, load or frame them.
 */
import type { MiddlewareHandler } from "hono";

/** The web app's policy, as web/public/_headers sends it with every page and file. */
export const SITE_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; font-src 'self'; connect-src 'self'; manifest-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** JSON and redirects: nothing to run or load. */
export const API_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The development outbox page (/dev/mail): plain HTML with style attributes, no script. */
export const DEV_PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export const securityHeaders = (policy: string): MiddlewareHandler =>
  async function securityHeaders(c, next) {
    await next();
    // A WebSocket's upgrade answer carries no page.
    if (c.res.status === 101) return;
    const set = (h: Headers) => {
      h.set("content-security-policy", policy);
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
