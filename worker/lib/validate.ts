/**
 * Hand-written validators for request bodies. Each throws a 400 HttpError naming the field
 * and what was expected; none of them ever lets a wrong type through.
 */
import type { Context } from "hono";
import { badRequest, HttpError } from "./errors";

export type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** The request body as a JSON object; 415/400 for anything else. */
export async function readJson(c: Context): Promise<Obj> {
  const type = c.req.header("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/json")) {
    throw new HttpError(415, "bad-content-type", "Send the body as JSON (Content-Type: application/json).");
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest("bad-json", "The body is not valid JSON.");
  }
  if (!isObj(body)) throw badRequest("bad-body", "The body must be a JSON object.");
  return body;
}

export function str(o: Obj, key: string, opts: { min?: number; max: number; pattern?: RegExp; what?: string }): string {
  const v = o[key];
  if (typeof v !== "string") throw badRequest("bad-field", `"${key}" must be a string.`);
  const s = v.trim();
  const min = opts.min ?? 1;
  if (s.length < min) throw badRequest("bad-field", s.length === 0 || min === 1 ? `"${key}" must not be empty.` : `"${key}" must be at least ${min} characters.`);
  if (s.length > opts.max) throw badRequest("bad-field", `"${key}" must be at most ${opts.max} characters.`);
  if (opts.pattern && !opts.pattern.test(s)) throw badRequest("bad-field", `"${key}" must be ${opts.what ?? "well formed"}.`);
  return s;
}

export function optStr(o: Obj, key: string, opts: { max: number; pattern?: RegExp; what?: string }): string | undefined {
  return o[key] === undefined || o[key] === null ? undefined : str(o, key, opts);
}

export function int(o: Obj, key: string, min: number, max: number): number {
  const v = o[key];
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) {
    throw badRequest("bad-field", `"${key}" must be a whole number from ${min} to ${max}.`);
  }
  return v;
}

export function bool(o: Obj, key: string, fallback: boolean): boolean {
  const v = o[key];
  if (v === undefined) return fallback;
  if (typeof v !== "boolean") throw badRequest("bad-field", `"${key}" must be true or false.`);
  return v;
}

export function oneOf<T extends string>(o: Obj, key: string, values: readonly T[], fallback?: T): T {
  const v = o[key];
  if (v === undefined && fallback !== undefined) return fallback;
  if (typeof v !== "string" || !(values as readonly string[]).includes(v)) {
    throw badRequest("bad-field", `"${key}" must be one of: ${values.join(", ")}.`);
  }
  return v as T;
}

const EMAIL = /^[^\s@<>()",;:]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** An email address, lower-cased. */
export function email(o: Obj, key: string): string {
  return str(o, key, { max: 254, pattern: EMAIL, what: "an email address" }).toLowerCase();
}

/** An IANA time zone that this runtime knows. */
export function timezone(o: Obj, key: string): string {
  const tz = str(o, key, { max: 64 });
  try {
    return new Intl.DateTimeFormat("en", { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    throw badRequest("bad-field", `"${key}" must be an IANA time zone such as "Europe/Paris".`);
  }
}

/** Path ids are URL-safe tokens; anything else is simply not found. */
export const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Marks and separators a name may not contain: control, format (bidi overrides, zero-width), private use, unassigned, line/paragraph separators. */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/u;
/** Characters that look like nothing though they are letters or symbols (Hangul fillers, braille blank, and the like). */
const INVISIBLE = /[\u115f\u1160\u3164\uffa0\u2800\u180e\u17b4\u17b5\u034f]/u;
export const NAME_MAX = 40;

/**
 * A display name: Unicode-normalised (NFKC, so look-alike compatibility forms become one),
 * runs of spaces made one, trimmed, 1–40 characters, with no control, format or invisible
 * characters and no < or >. Anything else is refused with a message saying why.
 */
export function displayName(o: Obj, key: string): string {
  const v = o[key];
  if (typeof v !== "string") throw badRequest("bad-field", `"${key}" must be a string.`);
  const s = v.normalize("NFKC").replace(/\s+/gu, " ").trim();
  if (HIDDEN.test(s) || INVISIBLE.test(s)) {
    throw badRequest("bad-name", "A name may not contain hidden or invisible characters (such as direction marks or zero-width spaces). Use letters, digits, spaces and punctuation.");
  }
  if (/[<>]/.test(s)) throw badRequest("bad-name", "A name may not contain < or >.");
  const length = [...s].length;
  if (length < 1) throw badRequest("bad-name", "A name must have at least one visible character.");
  if (length > NAME_MAX) throw badRequest("bad-name", `A name may be at most ${NAME_MAX} characters long.`);
  return s;
}
