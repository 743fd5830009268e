/**
 * A small HTTP client for tests: talks to the real worker (exports.default) with a cookie jar
 * and the Origin header a browser would send.
 */
import { exports } from "cloudflare:workers";

export const ORIGIN = "http://localhost";

export class Browser {
  cookie = "";

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (!headers.has("origin")) headers.set("origin", ORIGIN);
    if (this.cookie) headers.set("cookie", this.cookie);
    const res = await exports.default.fetch(new Request(ORIGIN + path, { ...init, headers, redirect: "manual" }));
    const set = res.headers.get("set-cookie");
    if (set) {
      const [pair] = set.split(";");
      this.cookie = /=$/.test(pair!) || /Max-Age=0/i.test(set) ? "" : pair!;
    }
    return res;
  }

  async call<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await this.fetch(path, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }

  get = <T = any>(path: string) => this.call<T>("GET", path);
  post = <T = any>(path: string, body: unknown = {}) => this.call<T>("POST", path, body);
  put = <T = any>(path: string, body: unknown) => this.call<T>("PUT", path, body);
}

/** Signs in through the real magic-link round trip: ask for a link, read it from the outbox, open it. */
export async function signIn(email: string): Promise<Browser> {
  const b = new Browser();
  const start = await b.post("/api/auth/start", { email });
  if (start.status !== 200) throw new Error(`sign-in start: ${start.status} ${JSON.stringify(start.body)}`);
  const outbox = await b.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const link = new URL(outbox.body.messages[0].link);
  const res = await b.fetch(link.pathname + link.search);
  if (res.status !== 302 || !b.cookie) throw new Error(`sign-in link: ${res.status}`);
  return b;
}
