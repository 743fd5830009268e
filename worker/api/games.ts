/** Games: create, join, list, view, move, live socket, record, chat. The game's DO decides; this edge validates. */
import { Hono, type Context, type TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";
import { requireUser, type AppEnv } from "./context";
import { refused, reply, type RoomResult } from "./codes";
import { listGames } from "../db/games";
import type { GameRoom } from "../game/room";
import type { GameView } from "../game/room-support";
import { recordCardGames } from "../db/cards";
import { resolveCardOption } from "./cards";
import { HttpError, notFound } from "../lib/errors";
import { randomToken, sha256Hex } from "../lib/crypto";
import { isDev } from "../lib/env";
import { mailStatus, sendMail } from "../notify/mail";
import { bool, email, ID, int, isObj, oneOf, str, type Obj } from "../lib/validate";
import type { GameOptions, RulesetId } from "../engine/api";
import { headOf, parseOptions as parseGameOptions, RULESET_IDS } from "../engine/rulesets";
import { json, params, parseComputers, query, signedIn } from "./input";
import { playAgain } from "./again";
import { startGame } from "./start-game";
import { profileOf } from "./profile";
import { withDefaults } from "./seat-defaults";
import { NO_GAME } from "../game/guards";
import { parseMove } from "../game/move-input";

const INVITE = /^[A-Za-z0-9_-]{20,100}$/;
export const MAX_CHAT = 500;

/** A move's answer is the mover's view already written as JSON text: sent as is, typed as the view it is. */
const sendJson = (c: Context<AppEnv>, r: RoomResult<string>) =>
  r.ok ? (c.body(r.value, 200, { "content-type": "application/json; charset=UTF-8" }) as unknown as TypedResponse<JSONParsed<GameView>, 200, "json">) : refused(c, r);

function gameId(c: Context<AppEnv>): string {
  const id = c.req.param("id") ?? "";
  if (!ID.test(id)) throw notFound(NO_GAME);
  return id;
}

/** The game's DO, its methods typed as the class declares them (their values are plain JSON data, unchanged by RPC). */
const room = (c: Context<AppEnv>, id: string) => c.env.GAME.get(c.env.GAME.idFromName(id)) as unknown as Pick<GameRoom, "create" | "addComputers" | "get" | "join" | "move" | "resign" | "record" | "review" | "chat" | "fetch">;

async function inviteHashOf(token: string | undefined | null): Promise<string | null> {
  return token && INVITE.test(token) ? sha256Hex(token) : null;
}

/**
 * A posted game's options, read once (games, challenges): the engine's check gives the options and
 * the seats; the card (a built-in id or a stored card's id) is resolved by the handler, which
 * validates a stored card, so nothing here needs a trial deal.
 */
export function parseOptions(body: Obj, ruleset: RulesetId): { options: GameOptions; seats: number; daysPerMove: number; card: unknown } {
  const o = body.options === undefined ? {} : body.options;
  if (!isObj(o)) throw new HttpError(400, "bad-field", `"options" must be an object.`);
  // daysPerMove is accepted inside options or next to them.
  const daysPerMove = o.daysPerMove !== undefined ? int(o, "daysPerMove", 1, 14) : body.daysPerMove !== undefined ? int(body, "daysPerMove", 1, 14) : 3;
  const parsed = parseGameOptions(ruleset, o);
  if (!parsed.ok) throw new HttpError(400, "bad-field", parsed.message);
  return { options: parsed.options, seats: parsed.seats, daysPerMove, card: o.card };
}

/** POST /api/games: what the body asks for (the stored card and the trial deal are checked by the handler). */
function parseNewGame(body: Obj, c: Context<AppEnv>) {
  const ruleset = oneOf(body, "ruleset", RULESET_IDS);
  const { options, seats, daysPerMove, card } = parseOptions(body, ruleset);
  if (body.seed !== undefined && !isDev(c.env)) throw new HttpError(400, "bad-field", `"seed" may only be fixed in development.`);
  const seed = body.seed === undefined ? null : str(body, "seed", { min: 8, max: 100 });
  const rated = bool(body, "rated", false);
  const invitee = body.invite === undefined || body.invite === null ? null : email(body, "invite");
  const computers = parseComputers(body, c.env, seats);
  return { ruleset, options, seats, daysPerMove, card, seed, rated, invitee, computers };
}

const parseJoin = (body: Obj) => ({ invite: str(body, body.invite === undefined ? "token" : "invite", { max: 100, pattern: INVITE, what: "the invitation token from the link" }) });

/** Play again: `card` (optional) a card to play with instead of the ended game's, as a new game names one. */
const parseAgain = (body: Obj): { card: unknown } => ({ card: body.card === null ? undefined : body.card });

const parseChat = (body: Obj) => ({ text: str(body, "text", { max: MAX_CHAT, pattern: /^[^\u0000-\u0008\u000b-\u001f\u007f]+$/, what: "plain text" }) });

/** Path ids are checked before the body: a bad id is simply not found. */
const idParam = params((p) => {
  if (!ID.test(p.id ?? "")) throw notFound(NO_GAME);
  return p;
});

export const games = new Hono<AppEnv>()
  .post("/", signedIn, json(parseNewGame), async (c) => {
    const user = requireUser(c);
    const { ruleset, options, seats, daysPerMove, card, rated, invitee, computers, ...asked } = c.req.valid("json");
    // A stored card is placed in the options as data: the game keeps the card it started with.
    const chosen = await resolveCardOption(c.env, user.id, card);
    if (chosen.option !== undefined) options.card = chosen.option;
    const seed = asked.seed ?? randomToken();
    // Limits first (startGame): a refused request creates no game and sends no mail.
    const started = await startGame(c, user, { ruleset, options, seats, daysPerMove, seed, rated, computers, inviting: invitee ? [invitee] : [] });
    if (!started.ok) return refused(c, started);
    const { id, invite, inviteUrl, game } = started.value;
    if (chosen.storedId) await recordCardGames(c.env, chosen.storedId, [id]);
    // Fixed subject; the inviter's name appears once, quoted, in the body.
    const mail = invitee
      ? await sendMail(c.env, { to: invitee, subject: "An invitation to a game of Mah Jongg", text: `"${user.displayName}" has started a game of ${headOf(ruleset).name} and keeps a seat for you. Open this link to take it:\n\n${inviteUrl}\n\nIf you do not know the sender, ignore this message.`, link: inviteUrl })
      : null;
    return c.json({ id, invite, inviteUrl, ...(mail ? { inviteMail: mailStatus(mail) } : {}), game }, 201);
  })
  .get("/", async (c) => c.json({ games: await listGames(c.env, requireUser(c).id) }))
  // `?invite=` (or `?t=`): the token of an invitation link, letting a guest see the open game.
  // `?me`: with the caller's own profile (GET /api/me's answer) as `me`, read beside the game, and the ratings the
  // table shows beside the other players' names (`ratings`, as GET /api/players/ratings answers them): the game page
  // opens with one request, not three.
  .get("/:id", query((q) => ({ invite: q.invite ?? q.t, me: q.me !== undefined })), async (c) => {
    const user = requireUser(c);
    const me = c.req.valid("query").me;
    // with ?me the ratings come with the game from its object, which keeps them (game/table-ratings.ts): no read of D1's ratings
    const asked = room(c, gameId(c)).get(user.id, await inviteHashOf(c.req.query("invite") ?? c.req.query("t")), me);
    if (!me) return reply(c, await asked);
    const [r, profile] = await Promise.all([asked, profileOf(c.env, user.id)]);
    return reply(c, r.ok ? { ok: true as const, value: { ...r.value, me: profile, ratings: r.value.ratings ?? {} } } : r);
  })
  .post("/:id/join", signedIn, idParam, json(parseJoin), async (c) => {
    const user = requireUser(c);
    const id = gameId(c);
    const { invite } = c.req.valid("json");
    const hash = await sha256Hex(invite);
    return reply(c, await withDefaults(c.env, [user.id], id, async (d) => room(c, id).join({ userId: user.id, name: user.displayName }, hash, d)));
  })
  .post("/:id/moves", signedIn, idParam, json(parseMove), async (c) => {
    const user = requireUser(c);
    const id = gameId(c);
    const { version, idempotencyKey, move } = c.req.valid("json");
    // The session that signed this in, and until when: the user's sockets of that session take moves until then (game/live-moves.ts).
    const session = c.get("session");
    const until = c.get("proof")?.until;
    return sendJson(c, await room(c, id).move(user.id, { version, idempotencyKey, move }, session && until ? { session, until } : undefined));
  })
  // Players only (anyone else: 404); 409 once the game is over. Scored as an abandonment by the resigner.
  .post("/:id/resign", signedIn, idParam, async (c) => reply(c, await room(c, gameId(c)).resign(requireUser(c).id)))
  // "Play again" from an ended game: 201 with the new game (see again.ts).
  .post("/:id/again", signedIn, idParam, json(parseAgain), async (c) => c.json(await playAgain(c, gameId(c), c.req.valid("json").card), 201))
  .get("/:id/live", async (c) => {
    const user = requireUser(c);
    const id = gameId(c);
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket") throw new HttpError(400, "not-websocket", "Open this address as a WebSocket.");
    const origin = c.req.header("origin");
    if (origin && origin !== new URL(c.req.url).origin && origin !== c.env.APP_URL) throw new HttpError(403, "bad-origin", "Live updates only for the game's own pages.");
    // The socket takes moves while the session proof that signed this request in lasts (game/live-moves.ts).
    const until = String(c.get("proof")?.until ?? 0);
    return room(c, id).fetch(new Request("https://game/live", { headers: { upgrade: "websocket", "x-user-id": user.id, "x-session": c.get("session") ?? "", "x-session-until": until } }));
  })
  // Public once the game is over, so anyone can check the deal against the commitment.
  .get("/:id/record", async (c) => reply(c, await room(c, gameId(c)).record(c.get("user")?.id ?? null)))
  // A player's review of their own decisions once the game has ended (409 before it, 404 to anyone
  // else): POST asks for it (202 while it is worked out, a slice per alarm), GET reads it
  .post("/:id/review", signedIn, idParam, async (c) => {
    const r = await room(c, gameId(c)).review(requireUser(c).id, true);
    if (!r.ok) return refused(c, r);
    return c.json(r.value!, r.value!.status === "ready" ? 200 : 202);
  })
  .get("/:id/review", async (c) => {
    const r = await room(c, gameId(c)).review(requireUser(c).id, false);
    if (!r.ok) return refused(c, r);
    if (!r.value) throw new HttpError(404, "review/none", "Nobody has asked for this review yet: open Review on the finished game's page.");
    return c.json(r.value, 200);
  })
  .get("/:id/chat", async (c) => reply(c, await room(c, gameId(c)).chat(requireUser(c).id, null)))
  .post("/:id/chat", signedIn, idParam, json(parseChat), async (c) => {
    const user = requireUser(c);
    const id = gameId(c);
    const { text } = c.req.valid("json");
    return reply(c, await room(c, id).chat(user.id, text));
  });
