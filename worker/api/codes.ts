/**
 * The one table from the game's rule codes to HTTP statuses. The game's Durable Object answers a
 * typed Result with a code (worker/game/room-support.ts); the API decides the status here.
 * A code not listed is a rule the move or the deal broke: 422.
 */
import type { Context, TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";
import { HttpError } from "../lib/errors";
import type { RoomCode } from "../game/room-support";

/** A refusal of the DO as the API reads it (the view of a stale move stays opaque here). */
interface Refusal {
  ok: false;
  code: string;
  message: string;
  game?: unknown;
  retryAfter?: number;
}

export type RefusalStatus = 403 | 404 | 409 | 422 | 429;

const STATUS: Record<RoomCode, RefusalStatus> = {
  "not-found": 404,
  "record/not-yet": 403,
  "review/not-yet": 409,
  "game/exists": 409,
  "game/full": 409,
  "game/started": 409,
  "game/stale": 409,
  "game/not-running": 409,
  "game/seated": 409,
  "game/defaults": 409,
  "game/not-started": 422,
  "game/over": 422,
  "move/malformed": 422,
  "rate-limited": 429,
};

export const statusOf = (code: string): RefusalStatus => STATUS[code as RoomCode] ?? 422;

/** The refusal as the client reads it: {code, message}, plus the current view of a stale move or the wait of a rate limit. */
export const refusalBody = (r: Refusal): { code: string; message: string; game?: object; retryAfter?: number } => ({
  code: r.code,
  message: r.message,
  ...(r.game !== undefined ? { game: r.game as object } : {}),
  ...(r.retryAfter !== undefined ? { retryAfter: r.retryAfter } : {}),
});

/** Sends a refusal with its status (a rate limit with its Retry-After, as every 429 of the service). */
export const refused = (c: Context, r: Refusal) => c.json(refusalBody(r), statusOf(r.code), r.retryAfter !== undefined ? { "retry-after": String(r.retryAfter) } : {});

/** The refusal thrown, for handlers that answer through the app's error handler. */
export const refusalError = (r: Refusal) => new HttpError(statusOf(r.code), r.code, r.message);

/** A DO method's answer as the API reads it. */
export type RoomResult<T> = { ok: true; value: T } | Refusal;

/** Sends the value with 200 (typed, so the web client infers it), or the refusal with its status. */
export function reply<T>(c: Context, r: RoomResult<T>) {
  return r.ok ? (c.json(r.value as object, 200) as unknown as TypedResponse<JSONParsed<T>, 200, "json">) : refused(c, r);
}
