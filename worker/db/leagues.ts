/** D1 queries of leagues: membership, seasons, scheduled games, the organiser log, the ledger of a season (standings: standings.ts). */
import { maskEmail, maskEmailsIn } from "../lib/privacy";
import type { Env } from "../lib/env";
import { indexSeatName, isComputerUserId } from "../table/names";

type DB = Pick<Env, "DB">;

export interface LeagueRow {
  id: string;
  name: string;
  visibility: "public" | "private";
  inviteHash: string;
  status: "active" | "archived";
  createdBy: string;
  createdAt: number;
}

export interface Membership {
  organiser: boolean;
  plays: boolean;
}

export interface SeasonRow {
  id: string;
  leagueId: string;
  name: string;
  ruleset: string;
  options: string;
  daysPerMove: number;
  format: "single" | "double";
  mode: "concurrent" | "rounds";
  startsAt: number;
  roundDays: number;
  rounds: number;
  status: "running" | "ended";
  createdAt: number;
  endedAt: number | null;
}

export interface NewSeasonGame {
  gameId: string;
  round: number;
  tableNo: number;
  startsAt: number;
  /** User ids by seat. */
  seats: string[];
}

const LEAGUE_COLS = "id, name, visibility, invite_hash AS inviteHash, status, created_by AS createdBy, created_at AS createdAt";
const SEASON_COLS = `id, league_id AS leagueId, name, ruleset, options, days_per_move AS daysPerMove, format, mode, starts_at AS startsAt,
  round_days AS roundDays, rounds, status, created_at AS createdAt, ended_at AS endedAt`;

export async function createLeague(env: DB, l: Omit<LeagueRow, "status">, plays: boolean): Promise<void> {
  await env.DB.batch([
    env.DB.prepare("INSERT INTO leagues (id, name, visibility, invite_hash, status, created_by, created_at) VALUES (?, ?, ?, ?, 'active', ?, ?)").bind(
      l.id, l.name, l.visibility, l.inviteHash, l.createdBy, l.createdAt,
    ),
    env.DB.prepare("INSERT INTO league_members (league_id, user_id, organiser, plays, joined_at) VALUES (?, ?, 1, ?, ?)").bind(l.id, l.createdBy, plays ? 1 : 0, l.createdAt),
  ]);
}

export const getLeague = (env: DB, id: string) => env.DB.prepare(`SELECT ${LEAGUE_COLS} FROM leagues WHERE id = ?`).bind(id).first<LeagueRow>();

export async function membership(env: DB, leagueId: string, userId: string | undefined): Promise<Membership | null> {
  if (!userId) return null;
  const m = await env.DB.prepare("SELECT organiser, plays FROM league_members WHERE league_id = ? AND user_id = ?").bind(leagueId, userId).first<{ organiser: number; plays: number }>();
  return m ? { organiser: !!m.organiser, plays: !!m.plays } : null;
}

export async function members(env: DB, leagueId: string) {
  const { results } = await env.DB.prepare(
    `SELECT m.user_id AS userId, u.display_name AS name, m.organiser, m.plays, m.joined_at AS joinedAt
     FROM league_members m JOIN users u ON u.id = m.user_id WHERE m.league_id = ? ORDER BY m.joined_at, u.display_name`,
  )
    .bind(leagueId)
    .all<{ userId: string; name: string; organiser: number; plays: number; joinedAt: number }>();
  return results.map((m) => ({ ...m, organiser: !!m.organiser, plays: !!m.plays }));
}

/** The leagues I belong to, then public ones I could look at. */
export async function listLeagues(env: DB, userId: string) {
  const { results } = await env.DB.prepare(
    `SELECT l.id, l.name, l.visibility, l.status, m.organiser AS organiser, (m.user_id IS NOT NULL) AS member,
            (SELECT COUNT(*) FROM league_members x WHERE x.league_id = l.id) AS members
     FROM leagues l LEFT JOIN league_members m ON m.league_id = l.id AND m.user_id = ?1
     WHERE m.user_id IS NOT NULL OR (l.visibility = 'public' AND l.status = 'active')
     ORDER BY member DESC, l.created_at DESC LIMIT 200`,
  )
    .bind(userId)
    .all<{ id: string; name: string; visibility: string; status: string; organiser: number | null; member: number; members: number }>();
  return results.map((r) => ({ ...r, organiser: !!r.organiser, member: !!r.member }));
}

/** Adds a member (no-op if already one). True when they were new. */
export async function addMember(env: DB, leagueId: string, userId: string, now: number): Promise<boolean> {
  const r = await env.DB.prepare("INSERT INTO league_members (league_id, user_id, organiser, plays, joined_at) VALUES (?, ?, 0, 1, ?) ON CONFLICT DO NOTHING")
    .bind(leagueId, userId, now)
    .run();
  return r.meta.changes > 0;
}

/**
 * The member's games not over in the league's running seasons, counted by season (scheduled ones and
 * started ones): while there are any, the member cannot be removed.
 */
export async function unfinishedBySeason(env: DB, leagueId: string, userId: string) {
  const { results } = await env.DB.prepare(
    `SELECT s.name AS season, COUNT(*) AS games FROM seasons s
     JOIN league_game_players p ON p.season_id = s.id AND p.user_id = ?
     JOIN league_games lg ON lg.game_id = p.game_id LEFT JOIN games g ON g.id = lg.game_id
     WHERE s.league_id = ? AND s.status = 'running' AND lg.status IN ('scheduled', 'started') AND COALESCE(g.status, '') <> 'ended'
     GROUP BY s.id ORDER BY s.created_at`,
  )
    .bind(userId, leagueId)
    .all<{ season: string; games: number }>();
  return results;
}

/**
 * Removes a member, unless they are the league's only organiser (false then, and nothing changes).
 * Seasons, games, standings and the ledger keep them; only the membership goes, and the removal is
 * kept so that the league's link does not let them in again until they are invited anew.
 */
export async function removeMember(env: DB, leagueId: string, userId: string, by: string, now: number): Promise<boolean> {
  const r = await env.DB.prepare(
    `DELETE FROM league_members WHERE league_id = ?1 AND user_id = ?2
       AND (organiser = 0 OR EXISTS (SELECT 1 FROM league_members o WHERE o.league_id = ?1 AND o.user_id <> ?2 AND o.organiser = 1))`,
  )
    .bind(leagueId, userId)
    .run();
  if (r.meta.changes === 0) return false;
  await env.DB.prepare(
    "INSERT INTO league_removals (league_id, user_id, removed_by, removed_at) VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET removed_by = excluded.removed_by, removed_at = excluded.removed_at",
  )
    .bind(leagueId, userId, by, now)
    .run();
  return true;
}

/** A removed member's removal, and whether an invitation has been mailed to them since (then the link lets them in again); null: never removed. */
export async function removalOf(env: DB, leagueId: string, userId: string, email: string): Promise<{ invitedSince: boolean } | null> {
  const r = await env.DB.prepare(
    `SELECT EXISTS (SELECT 1 FROM league_invitations i WHERE i.league_id = r.league_id AND i.email = ? AND i.sent_at >= r.removed_at) AS invitedSince
     FROM league_removals r WHERE r.league_id = ? AND r.user_id = ?`,
  )
    .bind(email, leagueId, userId)
    .first<{ invitedSince: number }>();
  return r ? { invitedSince: !!r.invitedSince } : null;
}

/** A removed member invited again has joined: the removal is done with. */
export async function forgetRemoval(env: DB, leagueId: string, userId: string) {
  await env.DB.prepare("DELETE FROM league_removals WHERE league_id = ? AND user_id = ?").bind(leagueId, userId).run();
}

export async function setMemberRole(env: DB, leagueId: string, userId: string, role: Partial<Membership>): Promise<boolean> {
  const r = await env.DB.prepare("UPDATE league_members SET organiser = COALESCE(?, organiser), plays = COALESCE(?, plays) WHERE league_id = ? AND user_id = ?")
    .bind(role.organiser === undefined ? null : role.organiser ? 1 : 0, role.plays === undefined ? null : role.plays ? 1 : 0, leagueId, userId)
    .run();
  return r.meta.changes > 0;
}

export async function setLeagueStatus(env: DB, leagueId: string, status: LeagueRow["status"]) {
  await env.DB.prepare("UPDATE leagues SET status = ? WHERE id = ?").bind(status, leagueId).run();
}

export async function seasonsOf(env: DB, leagueId: string): Promise<SeasonRow[]> {
  const { results } = await env.DB.prepare(`SELECT ${SEASON_COLS} FROM seasons WHERE league_id = ? ORDER BY created_at DESC`).bind(leagueId).all<SeasonRow>();
  return results;
}

export const getSeason = (env: DB, leagueId: string, seasonId: string) =>
  env.DB.prepare(`SELECT ${SEASON_COLS} FROM seasons WHERE league_id = ? AND id = ?`).bind(leagueId, seasonId).first<SeasonRow>();

/** The season, its players in schedule order and every scheduled game with its seats, in one transaction. */
export async function insertSeason(env: DB, s: Omit<SeasonRow, "status" | "endedAt">, players: string[], games: NewSeasonGame[]): Promise<void> {
  const stmts = [
    env.DB.prepare(
      `INSERT INTO seasons (id, league_id, name, ruleset, options, days_per_move, format, mode, starts_at, round_days, rounds, status, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'running', ?)`,
    ).bind(s.id, s.leagueId, s.name, s.ruleset, s.options, s.daysPerMove, s.format, s.mode, s.startsAt, s.roundDays, s.rounds, s.createdAt),
    ...players.map((userId, position) => env.DB.prepare("INSERT INTO season_players (season_id, user_id, position) VALUES (?, ?, ?)").bind(s.id, userId, position)),
    ...games.flatMap((g) => [
      env.DB.prepare("INSERT INTO league_games (game_id, league_id, season_id, round, table_no, starts_at, status) VALUES (?, ?, ?, ?, ?, ?, 'scheduled')").bind(
        g.gameId, s.leagueId, s.id, g.round, g.tableNo, g.startsAt,
      ),
      ...g.seats.map((userId, seat) => env.DB.prepare("INSERT INTO league_game_players (game_id, seat, user_id, season_id) VALUES (?, ?, ?, ?)").bind(g.gameId, seat, userId, s.id)),
    ]),
  ];
  await env.DB.batch(stmts);
}

export async function seasonPlayers(env: DB, seasonId: string) {
  const { results } = await env.DB.prepare(
    "SELECT p.user_id AS userId, u.display_name AS name, p.position FROM season_players p JOIN users u ON u.id = p.user_id WHERE p.season_id = ? ORDER BY p.position",
  )
    .bind(seasonId)
    .all<{ userId: string; name: string; position: number }>();
  return results;
}

export interface SeasonGame {
  gameId: string;
  round: number;
  tableNo: number;
  startsAt: number;
  status: "scheduled" | "started" | "cancelled";
  /** From the games index once started: "active" or "ended". */
  gameStatus: string | null;
  result: string | null;
  deadline: number | null;
  /** Each seat's deadline while its clock runs, else null (games.turns); null for a game not dealt or an old row. */
  turns: (number | null)[] | null;
  /** `awayUntil`: the end of the player's vacation (0 or past: not away; null for a computer); `computer`: a computer fill-in's seat (its name says its strength, "Computer (strong)"). */
  players: { seat: number; userId: string; name: string; awayUntil: number | null; computer?: true }[];
}

/**
 * A game's seats by seat order; a computer fill-in's seat (no account) named as the table names it.
 * A seat whose account is gone is left out, as the join on users always did.
 */
function seatsOf(json: string): SeasonGame["players"] {
  const seats = JSON.parse(json) as { seat: number; userId: string; name: string | null; awayUntil: number | null }[];
  return seats
    .flatMap((p) => (isComputerUserId(p.userId) ? [{ ...p, name: indexSeatName({ userId: p.userId, name: "" }), computer: true as const }] : p.name === null ? [] : [{ ...p, name: p.name }]))
    .sort((a, b) => a.seat - b.seat);
}

export async function seasonGames(env: DB, seasonId: string): Promise<SeasonGame[]> {
  const { results } = await env.DB.prepare(
    `SELECT lg.game_id AS gameId, lg.round, lg.table_no AS tableNo, lg.starts_at AS startsAt, lg.status, g.status AS gameStatus, g.result, g.deadline, g.turns,
            (SELECT json_group_array(json_object('seat', p.seat, 'userId', p.user_id, 'name', u.display_name, 'awayUntil', u.vacation_until))
               FROM league_game_players p LEFT JOIN users u ON u.id = p.user_id WHERE p.game_id = lg.game_id) AS players
     FROM league_games lg LEFT JOIN games g ON g.id = lg.game_id
     WHERE lg.season_id = ? ORDER BY lg.round, lg.table_no`,
  )
    .bind(seasonId)
    .all<Omit<SeasonGame, "players" | "turns"> & { players: string; turns: string | null }>();
  // whose turn and the players' vacations come in the rows the schedule reads anyway (no query per game)
  return results.map((r) => ({ ...r, turns: r.turns ? (JSON.parse(r.turns) as (number | null)[]) : null, players: seatsOf(r.players) }));
}

export interface DueGame {
  gameId: string;
  leagueId: string;
  leagueName: string;
  seasonId: string;
  seasonName: string;
  round: number;
  ruleset: string;
  options: string;
  daysPerMove: number;
  players: SeasonGame["players"];
}

/** Scheduled games whose start time has come, in running seasons of active leagues. */
export async function dueGames(env: DB, now: number, limit = 50): Promise<DueGame[]> {
  const { results } = await env.DB.prepare(
    `SELECT lg.game_id AS gameId, lg.league_id AS leagueId, l.name AS leagueName, s.id AS seasonId, s.name AS seasonName, lg.round,
            s.ruleset, s.options, s.days_per_move AS daysPerMove,
            (SELECT json_group_array(json_object('seat', p.seat, 'userId', p.user_id, 'name', u.display_name))
               FROM league_game_players p LEFT JOIN users u ON u.id = p.user_id WHERE p.game_id = lg.game_id) AS players
     FROM league_games lg JOIN seasons s ON s.id = lg.season_id JOIN leagues l ON l.id = lg.league_id
     WHERE lg.status = 'scheduled' AND lg.starts_at <= ? AND s.status = 'running' AND l.status = 'active'
     ORDER BY lg.starts_at, lg.round, lg.table_no LIMIT ?`,
  )
    .bind(now, limit)
    .all<Omit<DueGame, "players"> & { players: string }>();
  return results.map((r) => ({ ...r, players: seatsOf(r.players) }));
}

/** Marks a game started; false if someone else (a concurrent sweep) already did. */
export async function markStarted(env: DB, gameId: string): Promise<boolean> {
  const r = await env.DB.prepare("UPDATE league_games SET status = 'started' WHERE game_id = ? AND status = 'scheduled'").bind(gameId).run();
  return r.meta.changes > 0;
}

export async function leagueGame(env: DB, leagueId: string, gameId: string) {
  return env.DB.prepare("SELECT game_id AS gameId, season_id AS seasonId, status FROM league_games WHERE league_id = ? AND game_id = ?")
    .bind(leagueId, gameId)
    .first<{ gameId: string; seasonId: string; status: SeasonGame["status"] }>();
}

/** Games of the season not yet over in which `userId` sits: scheduled ones and started ones. */
export async function openGamesOf(env: DB, seasonId: string, userId: string) {
  const { results } = await env.DB.prepare(
    `SELECT lg.game_id AS gameId, lg.status FROM league_game_players p JOIN league_games lg ON lg.game_id = p.game_id
     LEFT JOIN games g ON g.id = lg.game_id
     WHERE p.season_id = ? AND p.user_id = ? AND lg.status IN ('scheduled', 'started') AND COALESCE(g.status, '') <> 'ended'`,
  )
    .bind(seasonId, userId)
    .all<{ gameId: string; status: SeasonGame["status"] }>();
  return results;
}

/** The newcomer takes the leaver's place in the season's list and in the given games. */
export async function replaceInSeason(env: DB, seasonId: string, from: string, to: string, gameIds: string[]) {
  await env.DB.batch([
    env.DB.prepare("UPDATE season_players SET user_id = ? WHERE season_id = ? AND user_id = ?").bind(to, seasonId, from),
    ...gameIds.map((id) => env.DB.prepare("UPDATE league_game_players SET user_id = ? WHERE game_id = ? AND user_id = ?").bind(to, id, from)),
  ]);
}

export async function endSeason(env: DB, seasonId: string, now: number) {
  await env.DB.batch([
    env.DB.prepare("UPDATE seasons SET status = 'ended', ended_at = ? WHERE id = ?").bind(now, seasonId),
    env.DB.prepare("UPDATE league_games SET status = 'cancelled' WHERE season_id = ? AND status = 'scheduled'").bind(seasonId),
  ]);
}

export interface LogEntry {
  leagueId: string;
  seasonId?: string | null;
  gameId?: string | null;
  actorId: string;
  action: string;
  detail: string;
  at: number;
}

export async function logAction(env: DB, e: LogEntry) {
  await env.DB.prepare("INSERT INTO league_log (league_id, season_id, game_id, actor_id, action, detail, at) VALUES (?, ?, ?, ?, ?, ?, ?)")
    .bind(e.leagueId, e.seasonId ?? null, e.gameId ?? null, e.actorId, e.action, e.detail, e.at)
    .run();
}

/** Records an invitation mail (the address is kept to tell whether it was used, never shown). */
export async function addInvitation(env: DB, i: { leagueId: string; email: string; invitedBy: string; sentAt: number; mail: "sent" | "retrying" | "refused" }) {
  await env.DB.prepare("INSERT INTO league_invitations (league_id, email, masked, invited_by, sent_at, mail) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(i.leagueId, i.email, maskEmail(i.email), i.invitedBy, i.sentAt, i.mail)
    .run();
}

/**
 * What the join page shows someone holding the league's link: who mailed this address the link
 * (the latest invitation to it), else null; and the organisers' names.
 */
export async function invitationFor(env: DB, leagueId: string, email: string) {
  const [sender, organisers] = await env.DB.batch<{ name: string }>([
    env.DB.prepare(
      "SELECT u.display_name AS name FROM league_invitations i JOIN users u ON u.id = i.invited_by WHERE i.league_id = ? AND i.email = ? ORDER BY i.id DESC LIMIT 1",
    ).bind(leagueId, email),
    env.DB.prepare("SELECT u.display_name AS name FROM league_members m JOIN users u ON u.id = m.user_id WHERE m.league_id = ? AND m.organiser = 1 ORDER BY m.joined_at").bind(leagueId),
  ]);
  return { invitedBy: sender!.results[0]?.name ?? null, organisers: organisers!.results.map((r) => r.name) };
}

/** For organisers: each invitation with a masked address, who sent it, and whether the address has joined. */
export async function invitationsOf(env: DB, leagueId: string, limit = 200) {
  const { results } = await env.DB.prepare(
    `SELECT i.id, i.masked AS "to", i.sent_at AS sentAt, i.mail, u.display_name AS invitedBy,
            EXISTS (SELECT 1 FROM league_members m JOIN users j ON j.id = m.user_id WHERE m.league_id = i.league_id AND j.email = i.email) AS used
     FROM league_invitations i LEFT JOIN users u ON u.id = i.invited_by WHERE i.league_id = ? ORDER BY i.id DESC LIMIT ?`,
  )
    .bind(leagueId, limit)
    .all<{ id: number; to: string; sentAt: number; mail: string; invitedBy: string | null; used: number }>();
  return results.map((r) => ({ ...r, used: !!r.used }));
}

export async function logOf(env: DB, leagueId: string, limit = 200) {
  const { results } = await env.DB.prepare(
    `SELECT g.id, g.season_id AS seasonId, g.game_id AS gameId, g.actor_id AS actorId, u.display_name AS actor, g.action, g.detail, g.at
     FROM league_log g LEFT JOIN users u ON u.id = g.actor_id WHERE g.league_id = ? ORDER BY g.id DESC LIMIT ?`,
  )
    .bind(leagueId, limit)
    .all<{ id: number; seasonId: string | null; gameId: string | null; actorId: string; actor: string | null; action: string; detail: string; at: number }>();
  // No address in any answer: lines written before invitations were logged without one are masked.
  return results.map((r) => ({ ...r, detail: maskEmailsIn(r.detail) }));
}

/** The season's ledger lines, oldest first, with the player's name and the round. */
export async function ledgerLines(env: DB, seasonId: string) {
  const { results } = await env.DB.prepare(
    `SELECT l.id, l.game_id AS gameId, lg.round, l.seat, l.user_id AS userId, u.display_name AS name, l.reason, l.points, l.detail, l.created_at AS createdAt
     FROM ledger l LEFT JOIN league_games lg ON lg.game_id = l.game_id LEFT JOIN users u ON u.id = l.user_id
     WHERE l.season_id = ? ORDER BY l.id`,
  )
    .bind(seasonId)
    .all<{ id: number; gameId: string; round: number | null; seat: number; userId: string; name: string | null; reason: string; points: number; detail: string; createdAt: number }>();
  // a computer fill-in's lines (no account) name it as the table does
  return results.map((r) => (r.name === null && isComputerUserId(r.userId) ? { ...r, name: indexSeatName({ userId: r.userId, name: "" }) } : r));
}

/** Totals per player recomputed straight from the ledger entries (the check on the standings). */
export async function ledgerTotals(env: DB, seasonId: string) {
  const { results } = await env.DB.prepare("SELECT user_id AS userId, SUM(points) AS points FROM ledger WHERE season_id = ? GROUP BY user_id")
    .bind(seasonId)
    .all<{ userId: string; points: number }>();
  return results;
}

export async function leagueName(env: DB, id: string): Promise<string | null> {
  return (await env.DB.prepare(`SELECT name FROM leagues WHERE id = ?`).bind(id).first<{ name: string }>())?.name ?? null;
}
