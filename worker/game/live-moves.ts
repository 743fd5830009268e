/**
 * Moves over the game's live socket (issue 41): a page whose socket is open sends its move there
 * instead of POST /api/games/:id/moves, which spares a Worker request and bills the Durable Object
 * a twentieth of a request (incoming WebSocket messages count 20:1). Everything else is the HTTP
 * route's: the same input check (move-input.ts), the same GameRoom.move (version, idempotency key,
 * orders limit), the same codes, messages and statuses (api/codes.ts). The sender is answered
 * `{type: "answer", id, status, body}`, `body` being what the HTTP route would have answered; the
 * others hear the usual broadcast.
 *
 * The socket knows its user and how long the session proof it was opened with lasts
 * (api/session-proof.ts: minutes), kept in its serialized attachment so that both survive
 * hibernation. A move after that, or on a socket opened before sockets knew their user, is refused
 * with USE_HTTP: the page then posts it, and the HTTP route asks D1 whether the session still
 * stands (a device signed out or an account deleted is refused there).
 */
import { refusalBody, statusOf } from "../api/codes";
import { HttpError } from "../lib/errors";
import { isObj, oneOf } from "../lib/validate";
import { parseMove } from "./move-input";
import type { MoveBody, Result } from "./room-support";


/**
 * What a socket knows of who opened it: the user, their session (its id's hash, as Settings names a
 * device) and when the session proof it was opened with ends (the service's clock). A move posted
 * from the same session renews `until` (GameRoom.move): its request was signed in until then.
 */
export interface SocketUser {
  userId: string;
  session: string;
  until: number;
}

/** The refusal that tells the page to send this move by HTTP instead (which checks the session again). */
export const USE_HTTP = "live/use-http";

/** As the API's body limit (api/app.ts). */
const MAX_MESSAGE = 16 * 1024;

/** The user a socket's attachment names while its proof lasts at `now`; null otherwise. */
export function socketUser(attachment: unknown, now: number): SocketUser | null {
  const a = asSocketUser(attachment);
  return a && now < a.until ? a : null;
}

/** A socket's attachment as what it knows of its user; null for a socket opened before sockets knew it. */
export function asSocketUser(attachment: unknown): SocketUser | null {
  if (!isObj(attachment) || typeof attachment.userId !== "string" || typeof attachment.session !== "string" || typeof attachment.until !== "number") return null;
  return { userId: attachment.userId, session: attachment.session, until: attachment.until };
}

const answer = (id: unknown, status: number, body: string) =>
  `{"type":"answer","id":${JSON.stringify(typeof id === "string" && id.length <= 100 ? id : null)},"status":${status},"body":${body}}`;
const error = (id: unknown, status: number, code: string, message: string) => answer(id, status, JSON.stringify({ code, message }));

/** The answer to one message from a socket (`user`: socketUser of it, now), as text to send back to it. */
export async function liveMessage(message: string | ArrayBuffer, user: SocketUser | null, move: (userId: string, body: MoveBody) => Promise<Result<string>>): Promise<string> {
  const size = typeof message === "string" ? message.length : message.byteLength;
  if (size > MAX_MESSAGE) return error(null, 413, "too-large", "The body is too large.");
  let body: unknown;
  try {
    body = JSON.parse(typeof message === "string" ? message : new TextDecoder().decode(message));
  } catch {
    return error(null, 400, "bad-json", "The body is not valid JSON.");
  }
  if (!isObj(body)) return error(null, 400, "bad-body", "The body must be a JSON object.");
  const id = body.id;
  if (!user) return error(id, 401, USE_HTTP, "Your sign-in is being checked again: this move goes by the usual way.");
  try {
    oneOf(body, "type", ["move"]);
    const r = await move(user.userId, parseMove(body));
    return r.ok ? answer(id, 200, r.value) : answer(id, statusOf(r.code), JSON.stringify(refusalBody(r)));
  } catch (e) {
    if (e instanceof HttpError) return error(id, e.status, e.code, e.message);
    console.error(e);
    return error(id, 500, "internal", "Something went wrong on our side.");
  }
}

/** Who opens a socket, as GET /api/games/:id/live tells the game (api/games.ts): the user, their session, its proof's end. */
export const socketOpener = (request: Request): SocketUser => ({
  userId: request.headers.get("x-user-id") ?? "",
  session: request.headers.get("x-session") ?? "",
  until: Number(request.headers.get("x-session-until")) || 0,
});
