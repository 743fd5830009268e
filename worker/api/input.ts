/** Input middleware for the sub-apps, and the body parsers more than one of them shares (games and challenges), kept apart so neither imports the other. */
import type { Context, MiddlewareHandler } from "hono";
import { validator } from "hono/validator";
import { requireUser, type AppEnv } from "./context";
import { DEFAULT_DELAY_MS, STRENGTHS, type Strength } from "../game/computers";
import { isDev, type Env } from "../lib/env";
import { badRequest, HttpError } from "../lib/errors";
import { int, isObj, oneOf, type Obj } from "../lib/validate";

/** `computers: {seats, strength, delayMs?}` of POST /api/games (delays under 2 s only in development). */
export function parseComputers(body: Obj, env: Env, players: number): { seats: number; strength: Strength; delayMs: number } | null {
  const c = body.computers;
  if (c === undefined || c === null) return null;
  if (!isObj(c)) throw new HttpError(400, "bad-field", `"computers" must be an object: {seats, strength}.`);
  if (players < 2) throw new HttpError(400, "bad-field", "This game has no seat for a computer player.");
  const seats = int(c, "seats", 1, players - 1);
  const strength = oneOf(c, "strength", STRENGTHS, "medium");
  const delayMs = c.delayMs === undefined ? DEFAULT_DELAY_MS : int(c, "delayMs", isDev(env) ? 0 : 2000, 60_000);
  return { seats, strength, delayMs };
}

/**
 * Input as middleware: `json(parse)` reads the body as readJson always has (415 unless JSON, 400
 * unless an object; malformed JSON is answered by the app's onError as "bad-json") and runs
 * `parse`, whose validate.ts checks throw the usual `{code, message}` 400/422. The handler then
 * reads the parsed value with `c.req.valid("json")`, and the web client gets its input type.
 */
export const json = <T>(parse: (body: Obj, c: Context<AppEnv>) => T | Promise<T>) =>
  validator("json", async (value: unknown, c: Context<AppEnv>): Promise<T> => {
    if (!(c.req.header("content-type") ?? "").toLowerCase().startsWith("application/json")) {
      throw new HttpError(415, "bad-content-type", "Send the body as JSON (Content-Type: application/json).");
    }
    if (!isObj(value)) throw badRequest("bad-body", "The body must be a JSON object.");
    return parse(value, c);
    // The client sends a JSON object; what the handler reads is what `parse` made of it.
  }) as unknown as MiddlewareHandler<AppEnv, string, { in: { json: Obj }; out: { json: T } }>;

/** Query parameters, each the first value given (as `c.req.query(name)` reads them), through `parse`. */
export const query = <T>(parse: (q: Record<string, string | undefined>, c: Context<AppEnv>) => T | Promise<T>) =>
  validator("query", async (value: Record<string, string | string[]>, c: Context<AppEnv>): Promise<T> => {
    const first: Record<string, string | undefined> = {};
    for (const [k, v] of Object.entries(value)) first[k] = Array.isArray(v) ? v[0] : v;
    return parse(first, c);
  }) as unknown as MiddlewareHandler<AppEnv, string, { in: { query: Record<string, string | undefined> }; out: { query: T } }>;

/** Path parameters, checked before the body (a bad id is simply not found). */
export const params = <T>(parse: (p: Record<string, string>, c: Context<AppEnv>) => T) =>
  validator("param", (value: Record<string, string>, c: Context<AppEnv>): T => parse(value, c));

/** Signed in, before anything else is looked at (401 first, as each handler did with requireUser). */
export const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireUser(c);
  await next();
};
