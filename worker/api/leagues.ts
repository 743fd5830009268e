/**
 * Leagues: create, invite and join, seasons with their schedules, standings and the ledger (JSON
 * and CSV), and the organiser tools. Only organisers manage (403); a private league is 404 to
 * anyone who is not a member. Every organiser action is logged with who and when.
 */
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { appUrl, requireUser, type AppEnv, type User } from "./context";
import { DAY } from "../game/clock";
import { refused } from "./codes";
import type { GameOptions } from "../engine/api";
import { parseOptions as parseGameOptions, RULESET_IDS } from "../engine/rulesets";
import { randomId, randomToken, sha256Hex } from "../lib/crypto";
import { HttpError, notFound } from "../lib/errors";
import { mailStatus, sendMail } from "../notify/mail";
import { withCardName } from "../lib/privacy";
import { LIMITS } from "../lib/limits";
import { burst, count, inviteMailCounters } from "./limits";
import { bool, email, ID, int, isObj, oneOf, str, type Obj } from "../lib/validate";
import { json, params, query, signedIn } from "./input";
import * as db from "../db/leagues";
import { seasonStandings } from "../db/standings";
import { namesOf } from "../db/accounts";
import { byesOf } from "../league/schedule";
import { createSeason, replaceInSeason } from "../league/seasons";
import { rank } from "../league/standings";
import { toCsv } from "../league/csv";
import { resolveCardOption } from "./cards";
import { serviceNow } from "../lib/service-clock";
import { STRENGTHS } from "../game/computers";
import { computerStrengthOf } from "../table/names";

/** What anyone is told of a league that is not there for them (never whether a private one exists). */
const NO_LEAGUE = "No such league. The link may be cut short or mistyped; a private league opens only for its members.";
const NO_INVITATION = "No such league, or the invitation is not valid: the link may be cut short or mistyped. Ask the organiser to send it again.";
const NAME = { max: 80, pattern: /^[^\u0000-\u001f<>]+$/, what: "plain text" };

/** The league's invitation token: derived from a secret, so organisers can always show the link again. */
const inviteToken = async (c: Context<AppEnv>, leagueId: string) => (await sha256Hex(`league-invite:${c.env.COOKIE_SECRET}:${leagueId}`)).slice(0, 43);
const inviteUrl = async (c: Context<AppEnv>, leagueId: string) => `${appUrl(c)}/leagues/${leagueId}/join?invite=${await inviteToken(c, leagueId)}`;

function pathId(c: Context<AppEnv>, name: string, what: string) {
  const id = c.req.param(name) ?? "";
  if (!ID.test(id)) throw notFound(`No such ${what}.`);
  return id;
}

/** The league if the caller may see it: public, or they are a member. Otherwise 404. */
async function visible(c: Context<AppEnv>) {
  const league = await db.getLeague(c.env, pathId(c, "id", "league"));
  const user = c.get("user");
  const me = await db.membership(c.env, league?.id ?? "", user?.id);
  if (!league || (league.visibility === "private" && !me)) throw notFound(NO_LEAGUE);
  return { league, me, user };
}

/** A season's options as the caller may read them: members read its card, anyone else its name (issue 38, 2). */
const shownOptions = (stored: string, member: unknown): GameOptions => (member ? (JSON.parse(stored) as GameOptions) : withCardName(JSON.parse(stored) as GameOptions));

/** The strength of a season's computer fill-ins, read from its games' seats; null: a season with byes. */
const fillOf = (games: db.SeasonGame[]) => computerStrengthOf(games.flatMap((g) => g.players).find((p) => p.computer)?.userId ?? "");

/** The league if the caller organises it: 404 as above, 403 for anyone else, 409 once archived. */
async function managed(c: Context<AppEnv>) {
  const user = requireUser(c);
  const { league, me } = await visible(c);
  if (!me?.organiser) throw new HttpError(403, "league/not-organiser", "Only the league's organisers can do this.");
  if (league.status === "archived") throw new HttpError(409, "league/archived", "The league is archived; nothing can change any more.");
  return { league, user };
}

/** Only organisers go further (404, 403, 409 as `managed` says); the handler finds the league and the caller in `c.var.organising`. */
const organiser: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("organising", await managed(c));
  await next();
};

/** Path ids are checked before the body: a bad one is simply not found. */
const leagueParams = params((p) => {
  if (!ID.test(p.id ?? "")) throw notFound(NO_LEAGUE);
  if (p.userId !== undefined && !ID.test(p.userId)) throw notFound("No such member.");
  if (p.gameId !== undefined && !ID.test(p.gameId)) throw notFound("No such game.");
  if (p.sid !== undefined && !ID.test(p.sid)) throw notFound("No such season.");
  return p;
});

const seasonQuery = query((q) => {
  if (q.season !== undefined && !ID.test(q.season)) throw notFound("No such season.");
  return { season: q.season };
});

async function season(c: Context<AppEnv>, leagueId: string, id?: string) {
  const s = id ? await db.getSeason(c.env, leagueId, id) : (await db.seasonsOf(c.env, leagueId))[0];
  if (!s) throw notFound("No such season.");
  return s;
}

/** A season's game with its players' names, as the organiser log names it. */
const seasonGame = async (c: Context<AppEnv>, seasonId: string, gameId: string) => (await db.seasonGames(c.env, seasonId)).find((x) => x.gameId === gameId);
/** "round 2 (Ann – Bob)". */
const gameWords = (g: { round: number; players: { name: string }[] } | undefined) => (g ? `round ${g.round + 1} (${g.players.map((p) => p.name).join(" – ")})` : "a game");

/**
 * The schedule's games with whose turn it is in each game in play (`toPlay`: the players whose clock
 * runs, each with their deadline, whether it has passed, and the end of their vacation if they are
 * away), and `late` when one of them is past their deadline. Organisers learn it for every game, a
 * member for their own games, anyone else for none. The players' vacations go no further.
 */
function withTurns(games: db.SeasonGame[], viewer: string | undefined, organiser: boolean, now: number) {
  return games.map(({ turns, players, ...g }) => {
    const mayKnow = organiser || (!!viewer && players.some((p) => p.userId === viewer));
    const toPlay =
      mayKnow && turns && g.status === "started" && g.gameStatus === "active"
        ? players.flatMap((p) => {
            const deadline = turns[p.seat];
            return typeof deadline === "number" ? [{ seat: p.seat, userId: p.userId, name: p.name, deadline, late: deadline < now, awayUntil: p.awayUntil && p.awayUntil > now ? p.awayUntil : null }] : [];
          })
        : [];
    return { ...g, players: players.map((p) => ({ seat: p.seat, userId: p.userId, name: p.name, ...(p.computer ? { computer: true as const } : {}) })), toPlay, late: toPlay.some((t) => t.late) };
  });
}

const log = (c: Context<AppEnv>, leagueId: string, actor: User, action: string, detail: string, at: { seasonId?: string; gameId?: string } = {}) =>
  db.logAction(c.env, { leagueId, actorId: actor.id, action, detail, at: Date.now(), ...at });

function parseSeason(body: Obj) {
  const ruleset = oneOf(body, "ruleset", RULESET_IDS);
  const o = body.options === undefined ? {} : body.options;
  if (!isObj(o)) throw new HttpError(400, "bad-field", `"options" must be an object.`);
  // read once: the options and the seats at each table (Royale for three: tables of three)
  const parsed = parseGameOptions(ruleset, o);
  if (!parsed.ok) throw new HttpError(400, "bad-field", parsed.message);
  const { options, seats } = parsed;
  let startsAt = Date.now();
  if (body.startsAt !== undefined) {
    const t = typeof body.startsAt === "number" ? body.startsAt : typeof body.startsAt === "string" ? Date.parse(body.startsAt) : NaN;
    if (!Number.isFinite(t) || t < startsAt - 366 * DAY || t > startsAt + 366 * DAY) throw new HttpError(400, "bad-field", `"startsAt" must be a date within a year, e.g. "2026-12-01T18:00:00Z".`);
    startsAt = t;
  }
  // Computer fill-ins: a computer of this strength takes the seats the members leave empty (tables of 3-4 only).
  const fill = bool(body, "fillWithComputer", false);
  if (fill && seats < 3) throw new HttpError(400, "bad-field", `"fillWithComputer" is for tables of 3 or 4: this ruleset seats ${seats}, so nobody sits out for want of a seat.`);
  if (!fill && body.computerStrength !== undefined) throw new HttpError(400, "bad-field", `"computerStrength" goes with "fillWithComputer": true (the computer that fills the empty seats).`);
  const computerStrength = fill ? oneOf(body, "computerStrength", STRENGTHS, "strong") : null;
  return {
    name: body.name === undefined ? "Season" : str(body, "name", NAME),
    ruleset,
    options,
    seats,
    daysPerMove: body.daysPerMove === undefined ? 3 : int(body, "daysPerMove", 1, 14),
    format: oneOf(body, "format", ["single", "double"] as const, "single"),
    mode: oneOf(body, "mode", ["concurrent", "rounds"] as const, "concurrent"),
    startsAt,
    roundDays: body.roundDays === undefined ? 7 : int(body, "roundDays", 1, 60),
    rounds: body.rounds === undefined ? undefined : int(body, "rounds", 1, 100),
    computerStrength,
    card: o.card,
  };
}

async function standingsOf(c: Context<AppEnv>, seasonId: string) {
  const { players, totals } = await seasonStandings(c.env, seasonId);
  const rows = rank(players, totals);
  // A replaced player keeps the games they finished: show their name too.
  const unnamed = rows.filter((r) => r.name === r.userId).map((r) => r.userId);
  if (unnamed.length) {
    for (const u of await namesOf(c.env, unnamed)) rows.find((r) => r.userId === u.id)!.name = u.name;
  }
  return rows;
}

const csv = (c: Context<AppEnv>, file: string, body: string) =>
  c.body(body, 200, { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${file}"` });

const parseLeague = (body: Obj) => ({
  name: str(body, "name", NAME),
  visibility: oneOf(body, "visibility", ["public", "private"] as const, "private"),
  play: bool(body, "play", true),
});

const parseJoin = (body: Obj) => ({ invite: str(body, "invite", { max: 100, pattern: /^[A-Za-z0-9_-]{20,100}$/, what: "the invitation token from the link" }) });

const parseRole = (body: Obj) => ({ organiser: body.organiser === undefined ? undefined : bool(body, "organiser", false), plays: body.plays === undefined ? undefined : bool(body, "plays", true) });

const parseReplace = (body: Obj) => ({
  from: str(body, "from", { max: 64, pattern: ID, what: "a player's id" }),
  to: str(body, "to", { max: 64, pattern: ID, what: "a member's id" }),
});

export const leagues = new Hono<AppEnv>()
  .post("/", signedIn, json(parseLeague), async (c) => {
    const user = requireUser(c);
    const { name, visibility, play } = c.req.valid("json");
    const id = randomId();
    await db.createLeague(c.env, { id, name, visibility, inviteHash: await sha256Hex(await inviteToken(c, id)), createdBy: user.id, createdAt: Date.now() }, play);
    await log(c, id, user, "league-created", `Created the league "${name}" (${visibility}).`);
    return c.json({ id, name, visibility, inviteUrl: await inviteUrl(c, id) }, 201);
  })
  .get("/", async (c) => c.json({ leagues: await db.listLeagues(c.env, requireUser(c).id) }))
  .get("/:id", async (c) => {
    const { league, me, user } = await visible(c);
    // the service's clock: real time, except where a development clock moved the games' clocks ahead
    const now = serviceNow(c.env);
    const [members, seasons, log, invitations] = await Promise.all([db.members(c.env, league.id), db.seasonsOf(c.env, league.id), db.logOf(c.env, league.id), me?.organiser ? db.invitationsOf(c.env, league.id) : null]);
    const withGames = await Promise.all(
      seasons.map(async (s) => {
        const [games, players] = await Promise.all([db.seasonGames(c.env, s.id), db.seasonPlayers(c.env, s.id)]);
        const byes = byesOf(s.rounds, games, players).map((round) => round.map((p) => ({ userId: p.userId, name: p.name })));
        return { ...s, options: shownOptions(s.options, me), players, games: withTurns(games, me ? user?.id : undefined, !!me?.organiser, now), byes, computerStrength: fillOf(games) };
      }),
    );
    return c.json({
      league: { id: league.id, name: league.name, visibility: league.visibility, status: league.status, createdAt: league.createdAt },
      me: { member: !!me, organiser: !!me?.organiser, plays: !!me?.plays },
      inviteUrl: me?.organiser ? await inviteUrl(c, league.id) : null,
      members,
      seasons: withGames,
      // the time the games' `late` was judged at: the page counts days left or late from it
      now,
      log,
      // Organisers only: that an invitation went out and whether it was used, with a masked address.
      ...(invitations ? { invitations } : {}),
    });
  })
  // The join page: the league's name and who invites you, to the holder of a valid link only.
  .get("/:id/invitation", signedIn, leagueParams, query((q) => parseJoin(q)), async (c) => {
    const user = requireUser(c);
    const id = pathId(c, "id", "league");
    const league = await db.getLeague(c.env, id);
    if (!league || (await sha256Hex(c.req.valid("query").invite)) !== league.inviteHash) throw notFound(NO_INVITATION);
    const [who, me, members, removal] = await Promise.all([db.invitationFor(c.env, id, user.email), db.membership(c.env, id, user.id), db.members(c.env, id), db.removalOf(c.env, id, user.id, user.email)]);
    // removed: the organisers removed them and have not invited them again, so the link will not let them in
    return c.json({ id, name: league.name, status: league.status, members: members.length, member: !!me, ...(!me && removal && !removal.invitedSince ? { removed: true } : {}), ...who });
  })
  .post("/:id/join", signedIn, leagueParams, json(parseJoin), async (c) => {
    const user = requireUser(c);
    const id = pathId(c, "id", "league");
    const token = c.req.valid("json").invite;
    const league = await db.getLeague(c.env, id);
    if (!league || (await sha256Hex(token)) !== league.inviteHash) throw notFound(NO_INVITATION);
    if (league.status === "archived") throw new HttpError(409, "league/archived", "The league is archived; nobody can join any more.");
    // someone the organisers removed comes back by the link only once they have been invited again by mail
    const removal = await db.removalOf(c.env, id, user.id, user.email);
    if (removal && !removal.invitedSince) throw new HttpError(403, "league/removed", "The organisers removed you from this league. Ask one of them to invite you again.");
    await db.addMember(c.env, id, user.id, Date.now());
    if (removal) await db.forgetRemoval(c.env, id, user.id);
    return c.json({ id, name: league.name, member: true });
  })
  .post("/:id/invites", organiser, json((body) => ({ email: email(body, "email") })), async (c) => {
    const { league, user } = c.var.organising!;
    const to = c.req.valid("json").email;
    // Limits first: a refused invitation sends nothing and logs nothing.
    await burst(c.env, c.env.LEAGUE_INVITE_LIMIT, `league-invites:${user.id}`, LIMITS.leagueInvitesPerMinute, "You have sent many league invitations in the last minute.");
    await count(c.env, await inviteMailCounters(user.id, to));
    const link = await inviteUrl(c, league.id);
    // Fixed subject; the organiser's name appears once, quoted, in the body.
    const mail = await sendMail(c.env, {
      to,
      subject: "An invitation to a Mah Jongg league",
      text: `"${user.displayName}" invites you to play in the Mah Jongg by post league "${league.name}". Open this link to join:\n\n${link}\n\nIf you do not know the sender, ignore this message.`,
      link,
    });
    await db.addInvitation(c.env, { leagueId: league.id, email: to, invitedBy: user.id, sentAt: Date.now(), mail: mailStatus(mail) });
    await log(c, league.id, user, "invited", "Sent an invitation by mail.");
    return c.json({ ok: true, mail: mailStatus(mail) });
  })
  .post("/:id/members/:userId", organiser, leagueParams, json(parseRole), async (c) => {
    const { league, user } = c.var.organising!;
    const userId = pathId(c, "userId", "member");
    const role = c.req.valid("json");
    if (role.organiser === false && userId === user.id) throw new HttpError(422, "league/last-organiser", "Make someone else an organiser and let them remove you.");
    if (!(await db.setMemberRole(c.env, league.id, userId, role))) throw notFound("No such member.");
    const members = await db.members(c.env, league.id);
    // the log is read by the organisers: the member's name and their part in words
    const part = [
      role.organiser === undefined ? null : role.organiser ? "an organiser" : "not an organiser",
      role.plays === undefined ? null : role.plays ? "plays in new seasons" : "does not play in new seasons",
    ].filter(Boolean);
    await log(c, league.id, user, "member-role", `${members.find((m) => m.userId === userId)?.name ?? "A member"}: ${part.join(", ") || "unchanged"}.`);
    return c.json({ members });
  })
  // Removing a member: refused (nothing changes) while they have games not over in a running season,
  // or when they are the last organiser. Their results, standings and old games stay as they are.
  .post("/:id/members/:userId/remove", organiser, leagueParams, async (c) => {
    const { league, user } = c.var.organising!;
    const userId = pathId(c, "userId", "member");
    const member = (await db.members(c.env, league.id)).find((m) => m.userId === userId);
    if (!member) throw notFound("No such member.");
    const open = await db.unfinishedBySeason(c.env, league.id, userId);
    if (open.length) {
      const games = open.reduce((n, s) => n + s.games, 0);
      const seasons = open.map((s) => s.season).join(" and ");
      throw new HttpError(409, "league/member-has-games", `${member.name} still has ${games} unfinished game${games === 1 ? "" : "s"} in ${seasons}: replace ${member.name} in ${games === 1 ? "it" : "them"}, or declare ${games === 1 ? "it" : "them"} forfeited, first.`);
    }
    if (!(await db.removeMember(c.env, league.id, userId, user.id, Date.now())))
      throw new HttpError(422, "league/last-organiser", `${member.name} is the league's only organiser. Make another member an organiser first.`);
    await log(c, league.id, user, "member-removed", `Removed ${member.name} from the league; their results stay in the standings.`);
    return c.json({ members: await db.members(c.env, league.id) });
  })
  .post("/:id/seasons", organiser, json(parseSeason), async (c) => {
    const { league, user } = c.var.organising!;
    const p = c.req.valid("json");
    // The season's games all keep the card as it is now (a stored card becomes its data).
    const chosen = await resolveCardOption(c.env, user.id, p.card);
    if (chosen.option !== undefined) p.options.card = chosen.option;
    const { card: _card, ...input } = p;
    const created = await createSeason(c.env, league, { ...input, cardStoredId: chosen.storedId, appUrl: appUrl(c) }, user);
    return c.json(created, 201);
  })
  .get("/:id/seasons/:sid", async (c) => {
    const { league, me, user } = await visible(c);
    const s = await season(c, league.id, pathId(c, "sid", "season"));
    const raw = await db.seasonGames(c.env, s.id);
    const games = withTurns(raw, me ? user?.id : undefined, !!me?.organiser, serviceNow(c.env));
    return c.json({ ...s, options: shownOptions(s.options, me), players: await db.seasonPlayers(c.env, s.id), games, computerStrength: fillOf(raw) });
  })
  .get("/:id/standings", seasonQuery, async (c) => {
    const { league } = await visible(c);
    const s = await season(c, league.id, c.req.valid("query").season);
    return c.json({ league: { id: league.id, name: league.name }, season: { id: s.id, name: s.name, status: s.status }, standings: await standingsOf(c, s.id) });
  })
  .get("/:id/standings.csv", seasonQuery, async (c) => {
    const { league } = await visible(c);
    const s = await season(c, league.id, c.req.valid("query").season);
    const rows = await standingsOf(c, s.id);
    return csv(c, `standings-${s.id}.csv`, toCsv(
      ["rank", "player", "points", "played", "mahjongs", "wall_games", "forfeits", "head_to_head", "sonneborn_berger"],
      rows.map((r) => [r.rank, r.name, r.points, r.played, r.mahjongs, r.wallGames, r.forfeits, r.headToHead, r.sonnebornBerger]),
    ));
  })
  .get("/:id/ledger", seasonQuery, async (c) => {
    const { league } = await visible(c);
    const s = await season(c, league.id, c.req.valid("query").season);
    const [entries, totals] = await Promise.all([db.ledgerLines(c.env, s.id), db.ledgerTotals(c.env, s.id)]);
    return c.json({ season: { id: s.id, name: s.name }, entries, totals });
  })
  .get("/:id/ledger.csv", seasonQuery, async (c) => {
    const { league } = await visible(c);
    const s = await season(c, league.id, c.req.valid("query").season);
    const entries = await db.ledgerLines(c.env, s.id);
    return csv(c, `ledger-${s.id}.csv`, toCsv(
      ["game", "round", "seat", "player", "reason", "points", "detail", "posted_at"],
      entries.map((e) => [e.gameId, e.round === null ? null : e.round + 1, e.seat, e.name ?? e.userId, e.reason, e.points, e.detail, new Date(e.createdAt).toISOString()]),
    ));
  })
  .post("/:id/games/:gameId/extend", organiser, leagueParams, json((body) => ({ days: int(body, "days", 1, 30) })), async (c) => {
    const { league, user } = c.var.organising!;
    const gameId = pathId(c, "gameId", "game");
    const { days } = c.req.valid("json");
    const g = await db.leagueGame(c.env, league.id, gameId);
    if (!g) throw notFound("No such game in this league.");
    const a = await c.env.GAME.get(c.env.GAME.idFromName(gameId)).extendDeadline(days * DAY);
    if (!a.ok) return refused(c, a);
    await log(c, league.id, user, "deadline-extended", `Gave ${gameWords(await seasonGame(c, g.seasonId, gameId))} ${days} more day${days === 1 ? "" : "s"} to move.`, { seasonId: g.seasonId, gameId });
    return c.json(a.value);
  })
  .post("/:id/games/:gameId/forfeit", organiser, leagueParams, json((body) => ({ userId: str(body, "userId", { max: 64, pattern: ID, what: "a player's id" }) })), async (c) => {
    const { league, user } = c.var.organising!;
    const gameId = pathId(c, "gameId", "game");
    const player = c.req.valid("json").userId;
    const g = await db.leagueGame(c.env, league.id, gameId);
    if (!g) throw notFound("No such game in this league.");
    const a = await c.env.GAME.get(c.env.GAME.idFromName(gameId)).forfeit(player);
    if (!a.ok) return refused(c, a);
    // the game's own players carry the names: one read names both the player and the game
    const sg = await seasonGame(c, g.seasonId, gameId);
    const name = sg?.players.find((p) => p.userId === player)?.name ?? "A player";
    await log(c, league.id, user, "forfeit", `Declared that ${name} forfeits ${gameWords(sg)}.`, { seasonId: g.seasonId, gameId });
    return c.json(a.value);
  })
  .post("/:id/seasons/:sid/replace", organiser, leagueParams, json(parseReplace), async (c) => {
    const { league, user } = c.var.organising!;
    const s = await season(c, league.id, pathId(c, "sid", "season"));
    if (s.status !== "running") throw new HttpError(409, "season/ended", "The season has ended.");
    const { from, to } = c.req.valid("json");
    const r = await replaceInSeason(c.env, s, from, to, user);
    if ("refused" in r) return refused(c, r.refused);
    return c.json({ games: r.games });
  })
  .post("/:id/seasons/:sid/end", async (c) => {
    const { league, user } = await managed(c);
    const s = await season(c, league.id, pathId(c, "sid", "season"));
    if (s.status !== "running") throw new HttpError(409, "season/ended", "The season has already ended.");
    await db.endSeason(c.env, s.id, Date.now());
    await log(c, league.id, user, "season-ended", `Ended ${s.name}; games not yet started are cancelled, games in play still count.`, { seasonId: s.id });
    return c.json({ ok: true });
  })
  .post("/:id/archive", async (c) => {
    const { league, user } = await managed(c);
    if ((await db.seasonsOf(c.env, league.id)).some((s) => s.status === "running")) throw new HttpError(409, "league/season-running", "End the running season first.");
    await db.setLeagueStatus(c.env, league.id, "archived");
    await log(c, league.id, user, "archived", "Archived the league.");
    return c.json({ ok: true });
  });
