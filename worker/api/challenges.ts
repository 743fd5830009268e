/**
 * Open challenges and quick pairing. A challenge is a game created open without an invitation
 * (its DO seats players one by one and deals when full) plus a D1 row that lists it. Accepting
 * joins the game through the DO, so two players racing for the last seat get exactly one seat.
 */
import { Hono, type Context } from "hono";
import { appUrl, requireUser, type AppEnv, type User } from "./context";
import { parseOptions } from "./games";
import { resolveCardOption } from "./cards";
import { recordCardGames } from "../db/cards";
import { RULESET_IDS, type RulesetId } from "../engine/rulesets";
import { DEFAULT_DELAY_MS, STRENGTHS, type Strength } from "../game/computers";
import { refusalError } from "./codes";
import { CHALLENGE_DAYS, MAX_OPEN_CHALLENGES, closeChallenge, dueChallenges, openChallengesBy, getChallenge, insertChallenge, listOpen, openCount, type ChallengeRow } from "../db/challenges";
import { HttpError, notFound } from "../lib/errors";
import { randomId, randomToken, sha256Hex } from "../lib/crypto";
import { isDev, type Env } from "../lib/env";
import { json, query, signedIn } from "./input";
import { inTurn } from "../lobby/play-now-queue";

import { bool, ID, int, isObj, oneOf, str, type Obj } from "../lib/validate";
import { commitment } from "../engine/random";
import { withCardName } from "../lib/privacy";
import { withDefaults } from "./seat-defaults";

const DAY = 24 * 60 * 60 * 1000;
/** Days per move a challenge may ask for. */
export const CHALLENGE_PACES = [1, 2, 3, 5, 7, 10, 14] as const;

const room = (env: Env, id: string) => env.GAME.get(env.GAME.idFromName(id));

function challengeId(c: Context<AppEnv>): string {
  const id = c.req.param("id") ?? "";
  if (!ID.test(id)) throw notFound("No such challenge.");
  return id;
}

interface Posted {
  ruleset: RulesetId;
  daysPerMove: number;
  options: ReturnType<typeof parseOptions>["options"];
  seats: number;
  rated: boolean;
  computersAfterDays: number | null;
  computerStrength: Strength | null;
  seed?: string;
  /** `options.card` as posted: a built-in id or the id of a stored card (resolved when posted). */
  card?: unknown;
}

function parseChallenge(body: Obj, env: Env): Posted {
  const ruleset = oneOf(body, "ruleset", RULESET_IDS);
  const { options, seats, daysPerMove, card } = parseOptions(body, ruleset);
  if (!(CHALLENGE_PACES as readonly number[]).includes(daysPerMove)) throw new HttpError(400, "bad-field", `"daysPerMove" must be one of ${CHALLENGE_PACES.join(", ")}.`);
  const rated = bool(body, "rated", false);
  const computersAfterDays = body.computersAfterDays === undefined || body.computersAfterDays === null ? null : int(body, "computersAfterDays", 1, CHALLENGE_DAYS - 1);
  const computerStrength = computersAfterDays === null ? null : oneOf(body, "computerStrength", STRENGTHS, "medium");
  if (body.seed !== undefined && !isDev(env)) throw new HttpError(400, "bad-field", `"seed" may only be fixed in development.`);
  const seed = body.seed === undefined ? undefined : str(body, "seed", { min: 8, max: 100 });
  return { ruleset, daysPerMove, options, seats, rated, computersAfterDays, computerStrength, seed, card };
}

/** Posts a challenge: the open game in its DO, then the row that lists it. */
async function post(c: Context<AppEnv>, user: User, p: Posted): Promise<string> {
  const now = Date.now();
  if ((await openCount(c.env, user.id, now)) >= MAX_OPEN_CHALLENGES) {
    throw new HttpError(409, "challenge/limit", `You already have ${MAX_OPEN_CHALLENGES} open challenges. Cancel one or wait until it is taken.`);
  }
  // A stored card goes into the game's options as data, as for an invitation game.
  const chosen = await resolveCardOption(c.env, user.id, p.card);
  if (chosen.option !== undefined) p.options.card = chosen.option;
  const seed = p.seed ?? randomToken();
  const id = randomId();
  // Nobody ever sees this invitation: accepting a challenge goes through its row.
  const inviteHash = await sha256Hex(randomToken());
  const seats = p.seats;
  const a = await room(c.env, id).create({
    id, ruleset: p.ruleset, options: p.options, daysPerMove: p.daysPerMove, seats, rated: p.rated,
    creator: { userId: user.id, name: user.displayName }, inviteHash, seed, commitment: commitment(seed), appUrl: appUrl(c),
  });
  if (!a.ok) throw refusalError(a);
  const listed = await insertChallenge(c.env, {
    id, createdBy: user.id, ruleset: p.ruleset, daysPerMove: p.daysPerMove, options: JSON.stringify(p.options), rated: p.rated ? 1 : 0, seats, inviteHash,
    computersAfterDays: p.computersAfterDays, computerStrength: p.computerStrength, createdAt: now, expiresAt: now + CHALLENGE_DAYS * DAY,
  });
  if (!listed) {
    // The account was deleted meanwhile: nobody may find this game.
    await room(c.env, id).discardOpen();
    throw new HttpError(403, "account/deleted", "This account has been deleted; sign in again to play.");
  }
  if (chosen.storedId) await recordCardGames(c.env, chosen.storedId, [id]);
  return id;
}

/** Takes a seat in the challenge's game; closes the row when the game is full. Throws a clear refusal otherwise. */
async function take(env: Env, user: User, row: ChallengeRow | null): Promise<string> {
  const now = Date.now();
  if (!row) throw notFound("No such challenge.");
  if (row.createdBy === user.id) throw new HttpError(409, "challenge/own", "This is your own challenge: wait for someone to accept it.");
  if (row.status !== "open" || row.expiresAt <= now) {
    throw new HttpError(409, "challenge/closed", row.status === "cancelled" ? "This challenge was cancelled." : row.expiresAt <= now ? "This challenge has expired." : "This challenge has been taken.");
  }
  const a = await withDefaults(env, [user.id], row.id, async (d) => room(env, row.id).join({ userId: user.id, name: user.displayName }, row.inviteHash, d));
  if (!a.ok && a.code === "game/full") {
    await closeChallenge(env, row.id, "full", now);
    throw new HttpError(409, "challenge/taken", "Someone else took the last seat a moment ago.");
  }
  if (!a.ok && a.code === "not-found") {
    await closeChallenge(env, row.id, "cancelled", now);
    throw notFound("No such challenge.");
  }
  if (!a.ok) throw refusalError(a);
  if (a.value.status !== "open") await closeChallenge(env, row.id, "full", now);
  return row.id;
}

export const challenges = new Hono<AppEnv>()
  .post("/", signedIn, json((body, c) => parseChallenge(body, c.env)), async (c) => {
    const user = requireUser(c);
    const id = await post(c, user, c.req.valid("json"));
    return c.json({ id }, 201);
  })
  .get("/", signedIn, query((q) => ({ ruleset: q.ruleset === undefined || q.ruleset === "" ? undefined : oneOf({ ruleset: q.ruleset }, "ruleset", RULESET_IDS) })), async (c) => {
    const user = requireUser(c);
    const { ruleset } = c.req.valid("query");
    const listed = await listOpen(c.env, user.id, Date.now(), { ruleset });
    // A club's card is private: the list names it, the players of the game read it once seated.
    return c.json({ challenges: listed.map(({ inviteHash: _, ...l }) => ({ ...l, options: withCardName(l.options) })) });
  })
  /**
   * Joins the oldest open challenge of this ruleset for as many players as asked (`options`, as
   * for a new game: Royale's `players`) that someone else posted, or posts one for that many. A
   * request that does not say how many takes a seat at a table of any size, or posts the ruleset's usual.
   */
  .post("/play-now", signedIn, json((body) => {
    const ruleset = oneOf(body, "ruleset", RULESET_IDS);
    const anySize = (body.options as { players?: unknown } | undefined)?.players === undefined;
    return { ruleset, anySize, ...parseOptions({ options: body.options ?? {} }, ruleset) };
  }), async (c) => {
    const user = requireUser(c);
    const { ruleset, options, seats, anySize } = c.req.valid("json");
    // One request of this ruleset at a time: those who ask at the same moment are paired.
    const r = await inTurn(c.env, ruleset, async () => {
      for (const l of (await listOpen(c.env, user.id, Date.now(), { ruleset, others: true, limit: 20 })).filter((l) => anySize || l.seats === seats).slice(0, 5)) {
        try {
          return { id: await take(c.env, user, await getChallenge(c.env, l.id)), posted: false };
        } catch (e) {
          if (!(e instanceof HttpError) || e.status >= 500) throw e; // someone was quicker: try the next one
        }
      }
      return { id: await post(c, user, { ruleset, daysPerMove: 3, options, seats, rated: false, computersAfterDays: null, computerStrength: null }), posted: true };
    });
    return r.posted ? c.json({ gameId: r.id, challengeId: r.id, posted: true as const }, 201) : c.json({ gameId: r.id, challengeId: r.id, posted: false as const });
  })
  .post("/:id/accept", async (c) => {
    const user = requireUser(c);
    const id = challengeId(c);
    return c.json({ gameId: await take(c.env, user, await getChallenge(c.env, id)) });
  })
  /**
   * The poster of a challenge nobody has taken yet does not want to wait: computers take every free
   * seat now, as they would after `computersAfterDays` (strength: the challenge's, else `body.strength`,
   * else medium), and the game starts. Refused once another player has taken a seat (they joined a
   * table of people).
   */
  .post("/:id/computers", json((body) => ({ strength: body.strength === undefined ? undefined : oneOf(body, "strength", STRENGTHS) })), async (c) => {
    const user = requireUser(c);
    const id = challengeId(c);
    const row = await getChallenge(c.env, id);
    if (!row || row.createdBy !== user.id) throw notFound("No such challenge of yours.");
    if (row.status !== "open" || row.expiresAt <= Date.now()) throw new HttpError(409, "challenge/closed", "This challenge is no longer open.");
    const seen = (await room(c.env, id).get(user.id, null)) as { ok: boolean; value?: { players: { seat: number; userId: string | null }[] } };
    if (seen.ok && seen.value!.players.some((p) => p.seat !== 0 && p.userId)) {
      throw new HttpError(409, "challenge/joined", "Another player has already taken a seat: the game starts when the table is full.");
    }
    const a = await seatComputers(c.env, row, (row.computerStrength as Strength | null) ?? c.req.valid("json").strength ?? "medium", Date.now());
    if (!a.ok && a.code === "game/full") throw new HttpError(409, "challenge/taken", "Someone took the seat a moment ago: your game has started.");
    if (!a.ok) throw refusalError(a);
    return c.json({ gameId: id });
  })
  .delete("/:id", async (c) => {
    const user = requireUser(c);
    const id = challengeId(c);
    const row = await getChallenge(c.env, id);
    if (!row || row.createdBy !== user.id) throw notFound("No such challenge of yours.");
    if (row.status !== "open") throw new HttpError(409, "challenge/closed", "This challenge is no longer open.");
    const a = await room(c.env, id).discardOpen();
    if (!a.ok && a.code === "game/started") {
      await closeChallenge(c.env, id, "full", Date.now());
      throw new HttpError(409, "challenge/started", "All seats were taken and the game has started; it can no longer be cancelled.");
    }
    await closeChallenge(c.env, id, "cancelled", Date.now());
    return c.json({ ok: true });
  });

/** Calls off every open challenge a player posted (their account is being deleted): nobody waits for a seat that will not fill. */
export async function cancelChallengesOf(env: Env, userId: string): Promise<void> {
  for (const id of await openChallengesBy(env, userId)) {
    const a = await room(env, id).discardOpen();
    await closeChallenge(env, id, !a.ok && a.code === "game/started" ? "full" : "cancelled", Date.now());
  }
}

/**
 * Computers of `strength` take every free seat of the challenge's open game, which is dealt, and
 * the row is closed: "full", or "cancelled" when the game is gone. Returns the game's answer.
 */
async function seatComputers(env: Env, row: ChallengeRow, strength: Strength, now: number) {
  const a = await withDefaults(env, [], row.id, async (d) => room(env, row.id).addComputers(strength, DEFAULT_DELAY_MS, undefined, false, d));
  await closeChallenge(env, row.id, !a.ok && a.code === "not-found" ? "cancelled" : "full", now);
  return a;
}

/**
 * From the cron trigger (every 15 minutes): expired challenges are called off (their open game
 * removed); challenges that asked for computers after N days get them in every empty seat.
 */
export async function sweepChallenges(env: Env, now: number): Promise<{ expired: number; filled: number }> {
  let expired = 0, filled = 0;
  for (const row of await dueChallenges(env, now)) {
    try {
      if (row.expiresAt <= now) {
        const a = await room(env, row.id).discardOpen();
        const started = !a.ok && a.code === "game/started";
        await closeChallenge(env, row.id, started ? "full" : "expired", now);
        if (!started) expired++;
      } else {
        if ((await seatComputers(env, row, (row.computerStrength as Strength | null) ?? "medium", now)).ok) filled++;
      }
    } catch (e) {
      console.error(`challenge sweep ${row.id}: ${String(e)}`);
    }
  }
  return { expired, filled };
}
