/**
 * Leagues: create, invite and join, seasons with their schedules, standings and the ledger (JSON
 * and CSV), and the organiser tools. Only organisers manage (403); a private league is 404 to
 * anyone who is not a member. Every organiser action is logged with who and when.
 */
import { Hono, type Context } from "hono";
import { appUrl, requireUser, type AppEnv, type User } from "./context";
import * as engine from "../game/engine";
import { DAY } from "../game/clock";
import { refused } from "./codes";
import type { GameOptions } from "../engine/api";
import { parseOptions as parseGameOptions } from "../engine/index";
import { randomId, randomToken, sha256Hex } from "../lib/crypto";
import { HttpError, notFound } from "../lib/errors";
import { sendMail } from "../lib/mail";
import { burst, count, inviteMailCounters, LIMITS } from "../lib/limits";
import { bool, email, ID, int, isObj, oneOf, readJson, str, type Obj } from "../lib/validate";
import { seedRng, shuffle } from "../engine/random";
import * as db from "../db/leagues";
import { schedule, ScheduleError } from "../league/schedule";
import { rank } from "../league/standings";
import { toCsv } from "../league/csv";
import { sweepLeagues } from "../league/start";
import { recordCardGames } from "../db/cards";
import { resolveCardOption } from "./cards";

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
  if (!league || (league.visibility === "private" && !me)) throw notFound("No such league.");
  return { league, me, user };
}

/** The league if the caller organises it: 404 as above, 403 for anyone else, 409 once archived. */
async function managed(c: Context<AppEnv>) {
  const user = requireUser(c);
  const { league, me } = await visible(c);
  if (!me?.organiser) throw new HttpError(403, "league/not-organiser", "Only the league's organisers can do this.");
  if (league.status === "archived") throw new HttpError(409, "league/archived", "The league is archived; nothing can change any more.");
  return { league, user };
}

async function season(c: Context<AppEnv>, leagueId: string, id?: string) {
  const s = id ? await db.getSeason(c.env, leagueId, id) : (await db.seasonsOf(c.env, leagueId))[0];
  if (!s) throw notFound("No such season.");
  return s;
}

const seasonParam = (c: Context<AppEnv>) => {
  const q = c.req.query("season");
  if (q !== undefined && !ID.test(q)) throw notFound("No such season.");
  return q;
};

const log = (c: Context<AppEnv>, leagueId: string, actor: User, action: string, detail: string, at: { seasonId?: string; gameId?: string } = {}) =>
  db.logAction(c.env, { leagueId, actorId: actor.id, action, detail, at: Date.now(), ...at });

function parseSeason(body: Obj) {
  const ruleset = oneOf(body, "ruleset", engine.playable());
  const o = body.options === undefined ? {} : body.options;
  if (!isObj(o)) throw new HttpError(400, "bad-field", `"options" must be an object.`);
  const parsed = parseGameOptions(ruleset, o);
  if (!parsed.ok) throw new HttpError(400, "bad-field", parsed.message);
  const options = parsed.options;
  let startsAt = Date.now();
  if (body.startsAt !== undefined) {
    const t = typeof body.startsAt === "number" ? body.startsAt : typeof body.startsAt === "string" ? Date.parse(body.startsAt) : NaN;
    if (!Number.isFinite(t) || t < startsAt - 366 * DAY || t > startsAt + 366 * DAY) throw new HttpError(400, "bad-field", `"startsAt" must be a date within a year, e.g. "2026-12-01T18:00:00Z".`);
    startsAt = t;
  }
  return {
    name: body.name === undefined ? "Season" : str(body, "name", NAME),
    ruleset,
    options,
    daysPerMove: body.daysPerMove === undefined ? 3 : int(body, "daysPerMove", 1, 14),
    format: oneOf(body, "format", ["single", "double"] as const, "single"),
    mode: oneOf(body, "mode", ["concurrent", "rounds"] as const, "concurrent"),
    startsAt,
    roundDays: body.roundDays === undefined ? 7 : int(body, "roundDays", 1, 60),
    rounds: body.rounds === undefined ? undefined : int(body, "rounds", 1, 100),
    card: o.card,
  };
}

async function standingsOf(c: Context<AppEnv>, seasonId: string) {
  const [players, totals] = await Promise.all([db.seasonPlayers(c.env, seasonId), db.seasonTotals(c.env, seasonId)]);
  const rows = rank(players, totals);
  // A replaced player keeps the games they finished: show their name too.
  const unnamed = rows.filter((r) => r.name === r.userId).map((r) => r.userId);
  if (unnamed.length) {
    const { results } = await c.env.DB.prepare(`SELECT id, display_name AS name FROM users WHERE id IN (${unnamed.map(() => "?").join(",")})`).bind(...unnamed).all<{ id: string; name: string }>();
    for (const u of results) rows.find((r) => r.userId === u.id)!.name = u.name;
  }
  return rows;
}

const csv = (c: Context<AppEnv>, file: string, body: string) =>
  c.body(body, 200, { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${file}"` });

export const leagues = new Hono<AppEnv>()
  .post("/", async (c) => {
    const user = requireUser(c);
    const body = await readJson(c);
    const id = randomId();
    const name = str(body, "name", NAME);
    const visibility = oneOf(body, "visibility", ["public", "private"] as const, "private");
    await db.createLeague(c.env, { id, name, visibility, inviteHash: await sha256Hex(await inviteToken(c, id)), createdBy: user.id, createdAt: Date.now() }, bool(body, "play", true));
    await log(c, id, user, "league-created", `Created the league "${name}" (${visibility}).`);
    return c.json({ id, name, visibility, inviteUrl: await inviteUrl(c, id) }, 201);
  })
  .get("/", async (c) => c.json({ leagues: await db.listLeagues(c.env, requireUser(c).id) }))
  .get("/:id", async (c) => {
    const { league, me } = await visible(c);
    const [members, seasons, log, invitations] = await Promise.all([db.members(c.env, league.id), db.seasonsOf(c.env, league.id), db.logOf(c.env, league.id), me?.organiser ? db.invitationsOf(c.env, league.id) : null]);
    const withGames = await Promise.all(
      seasons.map(async (s) => {
        const [games, players] = await Promise.all([db.seasonGames(c.env, s.id), db.seasonPlayers(c.env, s.id)]);
        const byes = Array.from({ length: s.rounds }, (_, r) => {
          const playing = new Set(games.filter((g) => g.round === r).flatMap((g) => g.players.map((p) => p.userId)));
          return players.filter((p) => !playing.has(p.userId)).map((p) => ({ userId: p.userId, name: p.name }));
        });
        return { ...s, options: JSON.parse(s.options) as GameOptions, players, games, byes };
      }),
    );
    return c.json({
      league: { id: league.id, name: league.name, visibility: league.visibility, status: league.status, createdAt: league.createdAt },
      me: { member: !!me, organiser: !!me?.organiser, plays: !!me?.plays },
      inviteUrl: me?.organiser ? await inviteUrl(c, league.id) : null,
      members,
      seasons: withGames,
      log,
      // Organisers only: that an invitation went out and whether it was used, with a masked address.
      ...(invitations ? { invitations } : {}),
    });
  })
  .post("/:id/join", async (c) => {
    const user = requireUser(c);
    const id = pathId(c, "id", "league");
    const token = str(await readJson(c), "invite", { max: 100, pattern: /^[A-Za-z0-9_-]{20,100}$/, what: "the invitation token from the link" });
    const league = await db.getLeague(c.env, id);
    if (!league || (await sha256Hex(token)) !== league.inviteHash) throw notFound("No such league, or the invitation is not valid.");
    if (league.status === "archived") throw new HttpError(409, "league/archived", "The league is archived; nobody can join any more.");
    await db.addMember(c.env, id, user.id, Date.now());
    return c.json({ id, name: league.name, member: true });
  })
  .post("/:id/invites", async (c) => {
    const { league, user } = await managed(c);
    const to = email(await readJson(c), "email");
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
    await db.addInvitation(c.env, { leagueId: league.id, email: to, invitedBy: user.id, sentAt: Date.now(), mail: mail.sent ? "sent" : "retrying" });
    await log(c, league.id, user, "invited", "Sent an invitation by mail.");
    return c.json({ ok: true, mail: mail.sent ? "sent" : "retrying" });
  })
  .post("/:id/members/:userId", async (c) => {
    const { league, user } = await managed(c);
    const userId = pathId(c, "userId", "member");
    const body = await readJson(c);
    const role = { organiser: body.organiser === undefined ? undefined : bool(body, "organiser", false), plays: body.plays === undefined ? undefined : bool(body, "plays", true) };
    if (role.organiser === false && userId === user.id) throw new HttpError(422, "league/last-organiser", "Make someone else an organiser and let them remove you.");
    if (!(await db.setMemberRole(c.env, league.id, userId, role))) throw notFound("No such member.");
    await log(c, league.id, user, "member-role", `Member ${userId}: ${JSON.stringify(role)}.`);
    return c.json({ members: await db.members(c.env, league.id) });
  })
  .post("/:id/seasons", async (c) => {
    const { league, user } = await managed(c);
    const p = parseSeason(await readJson(c));
    // The season's games all keep the card as it is now (a stored card becomes its data).
    const chosen = await resolveCardOption(c.env, user.id, p.card);
    if (chosen.option !== undefined) p.options.card = chosen.option;
    const trial = engine.newGame(p.ruleset, p.options, randomToken());
    if (!trial.ok) throw new HttpError(422, trial.code, trial.message);
    const players = (await db.members(c.env, league.id)).filter((m) => m.plays);
    const order = shuffle(seedRng(randomToken()), players.map((m) => m.userId));
    const id = randomId();
    let plan;
    try {
      plan = schedule({ members: order.length, players: engine.seatsOf(p.ruleset), format: p.format, rounds: p.rounds, seed: id });
    } catch (e) {
      if (e instanceof ScheduleError) throw new HttpError(422, "season/schedule", `Cannot schedule this season: ${e.message}.`);
      throw e;
    }
    const games = plan.games.map((g) => ({
      gameId: randomId(),
      round: g.round,
      tableNo: g.table,
      startsAt: p.mode === "concurrent" ? p.startsAt : p.startsAt + g.round * p.roundDays * DAY,
      seats: g.seats.map((m) => order[m]!),
    }));
    await db.insertSeason(c.env, { id, leagueId: league.id, name: p.name, ruleset: p.ruleset, options: JSON.stringify(p.options), daysPerMove: p.daysPerMove, format: p.format, mode: p.mode, startsAt: p.startsAt, roundDays: p.roundDays, rounds: plan.rounds, createdAt: Date.now() }, order, games);
    if (chosen.storedId) await recordCardGames(c.env, chosen.storedId, games.map((g) => g.gameId));
    await log(c, league.id, user, "season-created", `Created ${p.name}: ${p.ruleset}, ${p.format} round robin, ${p.mode}, ${order.length} players, ${plan.rounds} rounds, ${games.length} games.`, { seasonId: id });
    // Games due now start at once; later rounds are started by the cron sweep.
    await sweepLeagues(c.env, Date.now(), appUrl(c));
    return c.json({ id, rounds: plan.rounds, games: games.length, players: order.length }, 201);
  })
  .get("/:id/seasons/:sid", async (c) => {
    const { league } = await visible(c);
    const s = await season(c, league.id, pathId(c, "sid", "season"));
    return c.json({ ...s, options: JSON.parse(s.options) as GameOptions, players: await db.seasonPlayers(c.env, s.id), games: await db.seasonGames(c.env, s.id) });
  })
  .get("/:id/standings", async (c) => {
    const { league } = await visible(c);
    const s = await season(c, league.id, seasonParam(c));
    return c.json({ league: { id: league.id, name: league.name }, season: { id: s.id, name: s.name, status: s.status }, standings: await standingsOf(c, s.id) });
  })
  .get("/:id/standings.csv", async (c) => {
    const { league } = await visible(c);
    const s = await season(c, league.id, seasonParam(c));
    const rows = await standingsOf(c, s.id);
    return csv(c, `standings-${s.id}.csv`, toCsv(
      ["rank", "player", "points", "played", "mahjongs", "wall_games", "forfeits", "head_to_head", "sonneborn_berger"],
      rows.map((r) => [r.rank, r.name, r.points, r.played, r.mahjongs, r.wallGames, r.forfeits, r.headToHead, r.sonnebornBerger]),
    ));
  })
  .get("/:id/ledger", async (c) => {
    const { league } = await visible(c);
    const s = await season(c, league.id, seasonParam(c));
    const [entries, totals] = await Promise.all([db.ledgerLines(c.env, s.id), db.ledgerTotals(c.env, s.id)]);
    return c.json({ season: { id: s.id, name: s.name }, entries, totals });
  })
  .get("/:id/ledger.csv", async (c) => {
    const { league } = await visible(c);
    const s = await season(c, league.id, seasonParam(c));
    const entries = await db.ledgerLines(c.env, s.id);
    return csv(c, `ledger-${s.id}.csv`, toCsv(
      ["game", "round", "seat", "player", "reason", "points", "detail", "posted_at"],
      entries.map((e) => [e.gameId, e.round === null ? null : e.round + 1, e.seat, e.name ?? e.userId, e.reason, e.points, e.detail, new Date(e.createdAt).toISOString()]),
    ));
  })
  .post("/:id/games/:gameId/extend", async (c) => {
    const { league, user } = await managed(c);
    const gameId = pathId(c, "gameId", "game");
    const days = int(await readJson(c), "days", 1, 30);
    const g = await db.leagueGame(c.env, league.id, gameId);
    if (!g) throw notFound("No such game in this league.");
    const a = await c.env.GAME.get(c.env.GAME.idFromName(gameId)).extendDeadline(days * DAY);
    if (!a.ok) return refused(c, a);
    await log(c, league.id, user, "deadline-extended", `Extended the deadline of game ${gameId} by ${days} day${days === 1 ? "" : "s"}.`, { seasonId: g.seasonId, gameId });
    return c.json(a.value);
  })
  .post("/:id/games/:gameId/forfeit", async (c) => {
    const { league, user } = await managed(c);
    const gameId = pathId(c, "gameId", "game");
    const player = str(await readJson(c), "userId", { max: 64, pattern: ID, what: "a player's id" });
    const g = await db.leagueGame(c.env, league.id, gameId);
    if (!g) throw notFound("No such game in this league.");
    const a = await c.env.GAME.get(c.env.GAME.idFromName(gameId)).forfeit(player);
    if (!a.ok) return refused(c, a);
    await log(c, league.id, user, "forfeit", `Declared that player ${player} forfeits game ${gameId}.`, { seasonId: g.seasonId, gameId });
    return c.json(a.value);
  })
  .post("/:id/seasons/:sid/replace", async (c) => {
    const { league, user } = await managed(c);
    const s = await season(c, league.id, pathId(c, "sid", "season"));
    if (s.status !== "running") throw new HttpError(409, "season/ended", "The season has ended.");
    const body = await readJson(c);
    const from = str(body, "from", { max: 64, pattern: ID, what: "a player's id" });
    const to = str(body, "to", { max: 64, pattern: ID, what: "a member's id" });
    const players = await db.seasonPlayers(c.env, s.id);
    if (!players.some((p) => p.userId === from)) throw new HttpError(422, "season/not-a-player", "That player does not play in this season.");
    if (players.some((p) => p.userId === to)) throw new HttpError(422, "season/already-playing", "The newcomer already plays in this season.");
    const newcomer = (await db.members(c.env, league.id)).find((m) => m.userId === to);
    if (!newcomer) throw new HttpError(422, "league/not-a-member", "The newcomer must join the league first (send them the invitation link).");
    const open = await db.openGamesOf(c.env, s.id, from);
    for (const g of open.filter((g) => g.status === "started")) {
      const a = await c.env.GAME.get(c.env.GAME.idFromName(g.gameId)).replacePlayer(from, { userId: to, name: newcomer.name });
      if (!a.ok && a.code !== "game/over") return refused(c, a);
    }
    await db.replaceInSeason(c.env, s.id, from, to, open.map((g) => g.gameId));
    const leaver = players.find((p) => p.userId === from)!.name;
    await log(c, league.id, user, "player-replaced", `${newcomer.name} takes over from ${leaver} in ${s.name} (${open.length} game${open.length === 1 ? "" : "s"}).`, { seasonId: s.id });
    return c.json({ games: open.map((g) => g.gameId) });
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
