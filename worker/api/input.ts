/** Request-body parsers shared by more than one sub-app (games and challenges), kept apart so neither imports the other. */
import { DEFAULT_DELAY_MS, STRENGTHS, type Strength } from "../game/computers";
import { isDev, type Env } from "../lib/env";
import { HttpError } from "../lib/errors";
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
