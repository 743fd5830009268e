/**
 * A move as a player sends it, checked the same way whichever way it comes: posted to
 * POST /api/games/:id/moves (worker/api/games.ts) or sent over the game's live socket
 * (worker/game/live-moves.ts). The checks throw the API's usual 400 `bad-field` errors.
 */
import type { Move } from "../engine/api";
import { HttpError } from "../lib/errors";
import { int, isObj, str, type Obj } from "../lib/validate";

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;
const MAX_MOVE_BYTES = 4000;

export function parseMove(body: Obj) {
  const version = int(body, "version", 0, 1e9);
  const idempotencyKey = str(body, "idempotencyKey", { max: 100, pattern: IDEMPOTENCY_KEY, what: "8 to 100 letters, digits or - _ . :" });
  const move = body.move;
  if (!isObj(move) || typeof move.type !== "string" || !move.type) throw new HttpError(400, "bad-field", `"move" must be one of the legalMoves, as given.`);
  if (JSON.stringify(move).length > MAX_MOVE_BYTES) throw new HttpError(400, "bad-field", `"move" is too large.`);
  return { version, idempotencyKey, move: move as Move };
}
