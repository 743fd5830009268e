/**
 * Every answer of the worker carries a Content-Security-Policy that lets nothing run, load or
 * frame it, and X-Frame-Options DENY for older browsers (issue #30, 3). The pages get theirs from
 * the static assets (web/public/_headers; test/web/csp.test.ts).
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { Browser, signIn } from "./client";
import { API_POLICY, WORKER_PAGE_POLICY } from "../../worker/api/headers";
import { unsubscribeToken } from "../../worker/notify/unsubscribe";

const expectHeaders = (res: Response, policy = API_POLICY) => {
  expect(res.headers.get("content-security-policy")).toBe(policy);
  expect(res.headers.get("x-frame-options")).toBe("DENY");
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
};

describe("the API's answers", () => {
  it("carry the policy whatever the answer: data, errors, refusals, redirects", async () => {
    const stranger = new Browser();
    expectHeaders(await stranger.fetch("/api/me")); // 401
    expectHeaders(await stranger.fetch("/api/nothing-here")); // 404
    expectHeaders(await stranger.fetch("/api/auth/start", { method: "POST", headers: { "content-type": "application/json" }, body: "{not json" })); // 400
    const redirect = await stranger.fetch("/api/auth/verify?token=nope");
    expect(redirect.status).toBe(302);
    expectHeaders(redirect);
    const ann = await signIn("ann@headers.example.com");
    const me = await ann.fetch("/api/me");
    expect(me.status).toBe(200);
    expectHeaders(me);
    const created = await ann.fetch("/api/games", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ruleset: "siamese" }) });
    expect(created.status).toBe(201);
    expectHeaders(created);
  });

  it("the pages the worker writes (unsubscribe, the development outbox) may style themselves and post to the site, never run a script", async () => {
    const sue = await signIn("sue@headers.example.com");
    const id = (await sue.get("/api/me")).body.id as string;
    const question = await new Browser().fetch(`/api/unsubscribe?t=${encodeURIComponent(await unsubscribeToken(id, env.COOKIE_SECRET))}`);
    expect(question.status).toBe(200);
    expectHeaders(question, WORKER_PAGE_POLICY);
    expect(WORKER_PAGE_POLICY).toContain("form-action 'self'");
    expect(WORKER_PAGE_POLICY).not.toContain("script-src");
    const outbox = await new Browser().fetch("/dev/mail");
    expect(outbox.status).toBe(200);
    expectHeaders(outbox, WORKER_PAGE_POLICY);
  });
});
