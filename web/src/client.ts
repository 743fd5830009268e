/**
 * The typed API client at a fraction of its size: the same calls and types as hono's `hc`
 * (`client.api.games[":id"].$get({ param, query })`, `$post({ json })`, `$url()`), only the code
 * is this file's, since the game page carries every byte of its script to a phone. It does what
 * this app asks of `hc`: path parameters, query strings, JSON bodies (no forms, cookies or
 * `$ws`); the types come from hono, so a call hc would not type does not compile here either.
 */
import type { Hono } from "hono";
import type { hc } from "hono/client";

type Args = { param?: Record<string, string>; query?: Record<string, string | string[] | undefined>; json?: unknown };

function urlOf(base: string, path: string[], args?: Args): string {
  let url = base.replace(/\/+$/, "") + "/" + path.join("/");
  url = url.replace(/\/index(?=\?|$)/, "");
  for (const [k, v] of Object.entries(args?.param ?? {})) url = url.replace(new RegExp(`/:${k}(?=/|$)`), () => (v ? `/${v}` : ""));
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(args?.query ?? {})) {
    if (Array.isArray(v)) for (const x of v) q.append(k, x);
    else if (v !== undefined) q.set(k, v);
  }
  const qs = q.toString();
  return qs ? `${url}?${qs}` : url;
}

function proxy(base: string, path: string[]): unknown {
  return new Proxy(() => {}, {
    get: (_, key) => (typeof key !== "string" || key === "then" ? undefined : proxy(base, [...path, key])),
    apply: (_t, _this, [args]: [Args?]) => {
      const method = path.at(-1)!.slice(1);
      const url = urlOf(base, path.slice(0, -1), args);
      if (method === "url") return new URL(url);
      const json = args?.json !== undefined;
      return fetch(url, {
        method: method.toUpperCase(),
        headers: json ? { "Content-Type": "application/json" } : undefined,
        body: json && method !== "get" ? JSON.stringify(args!.json) : undefined,
      });
    },
  });
}

/** `hc<T>(origin)` in types and behaviour, for what this app calls. */
export const typedClient = <T extends Hono<any, any, any>>(base: string) => proxy(base, []) as ReturnType<typeof hc<T>>;
