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
