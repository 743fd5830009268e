/**
 * D1 tables of correspondence leagues (docs/leagues.md). Users, games and the ledger live in
 * schema.ts; these refer to them by id. Times are epoch milliseconds.
 */
import { sqliteTable, text, integer, index, primaryKey } from "drizzle-orm/sqlite-core";

export const leagues = sqliteTable("leagues", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  /** "public" (anyone may look) or "private" (members only; others get 404). */
  visibility: text("visibility").notNull(),
  /** SHA-256 of the invitation token of the league's link. */
  inviteHash: text("invite_hash").notNull(),
  /** "active" or "archived" (read-only). */
  status: text("status").notNull().default("active"),
  createdBy: text("created_by").notNull(),
  createdAt: integer("created_at").notNull(),
});

export const leagueMembers = sqliteTable(
  "league_members",
  {
    leagueId: text("league_id").notNull(),
    userId: text("user_id").notNull(),
    organiser: integer("organiser", { mode: "boolean" }).notNull().default(false),
    /** Plays in new seasons (an organiser may only organise). */
    plays: integer("plays", { mode: "boolean" }).notNull().default(true),
    joinedAt: integer("joined_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.leagueId, t.userId] }), index("league_members_user").on(t.userId)],
);

export const seasons = sqliteTable(
  "seasons",
  {
    id: text("id").primaryKey(),
    leagueId: text("league_id").notNull(),
    name: text("name").notNull(),
    ruleset: text("ruleset").notNull(),
    /** Game options as JSON (card, deadHands, hints, ...). */
    options: text("options").notNull(),
    daysPerMove: integer("days_per_move").notNull(),
    /** "single" or "double". */
    format: text("format").notNull(),
    /** "concurrent" (all games start at once) or "rounds" (a round's games start on its date). */
    mode: text("mode").notNull(),
    startsAt: integer("starts_at").notNull(),
    roundDays: integer("round_days").notNull(),
    rounds: integer("rounds").notNull(),
    /** "running" or "ended". */
    status: text("status").notNull().default("running"),
    createdAt: integer("created_at").notNull(),
    endedAt: integer("ended_at"),
  },
  (t) => [index("seasons_league").on(t.leagueId)],
);

/** The season's players in schedule order (member number = position). */
export const seasonPlayers = sqliteTable(
  "season_players",
  {
    seasonId: text("season_id").notNull(),
    userId: text("user_id").notNull(),
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.seasonId, t.userId] })],
);

/** Every scheduled game of a season; the game itself exists (a Durable Object) once started. */
export const leagueGames = sqliteTable(
  "league_games",
  {
    gameId: text("game_id").primaryKey(),
    leagueId: text("league_id").notNull(),
    seasonId: text("season_id").notNull(),
    round: integer("round").notNull(),
    tableNo: integer("table_no").notNull(),
    startsAt: integer("starts_at").notNull(),
    /** "scheduled", "started" or "cancelled" (season ended before it started). */
    status: text("status").notNull().default("scheduled"),
  },
  (t) => [index("league_games_due").on(t.status, t.startsAt), index("league_games_season").on(t.seasonId, t.round)],
);

/** Who sits where in a league game (seat 0 is East); follows replacements. */
export const leagueGamePlayers = sqliteTable(
  "league_game_players",
  {
    gameId: text("game_id").notNull(),
    seat: integer("seat").notNull(),
    userId: text("user_id").notNull(),
    seasonId: text("season_id").notNull(),
    /** The seat's ledger points in this game so far (the sum of its lines; kept by a trigger on the ledger). */
    points: integer("points").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.seat] }), index("league_game_players_season").on(t.seasonId, t.userId)],
);

/**
 * A season's standings as results arrive, one row per player with a result: the sums the table
 * shows, and Sonneborn-Berger doubled (Σ over opponents of the doubled game score against them ×
 * their points), so reading the standings adds up nothing. Kept by a trigger on the ledger
 * (migrations/0014_season_totals.sql), so every path that writes the ledger keeps it right.
 */
export const seasonTotals = sqliteTable(
  "season_totals",
  {
    seasonId: text("season_id").notNull(),
    userId: text("user_id").notNull(),
    points: integer("points").notNull().default(0),
    played: integer("played").notNull().default(0),
    /** A double Mah Jongg counts two. */
    mahjongs: integer("mahjongs").notNull().default(0),
    wallGames: integer("wall_games").notNull().default(0),
    forfeits: integer("forfeits").notNull().default(0),
    sonnebornBerger2: integer("sonneborn_berger2").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.seasonId, t.userId] }), index("season_totals_points").on(t.seasonId, t.points)],
);

/**
 * Per season and ordered pair of players who met: the doubled game score of the first against the
 * second over their games (2 a win on ledger points, 1 level, 0 behind). Head-to-head reads it for
 * players level on points; the trigger uses it to keep Sonneborn-Berger.
 */
export const seasonPairs = sqliteTable(
  "season_pairs",
  {
    seasonId: text("season_id").notNull(),
    userId: text("user_id").notNull(),
    opponentId: text("opponent_id").notNull(),
    score2: integer("score2").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.seasonId, t.userId, t.opponentId] })],
);

/** Organiser actions: who did what, when. Shown on the league page. */
export const leagueLog = sqliteTable(
  "league_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leagueId: text("league_id").notNull(),
    seasonId: text("season_id"),
    gameId: text("game_id"),
    actorId: text("actor_id").notNull(),
    action: text("action").notNull(),
    detail: text("detail").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [index("league_log_league").on(t.leagueId, t.id)],
);

/**
 * Members an organiser removed (POST /api/leagues/:id/members/:userId/remove): the league's link lets
 * them in again only once an organiser has mailed them a new invitation (sent after `removedAt`).
 * The row goes when they join again.
 */
export const leagueRemovals = sqliteTable(
  "league_removals",
  {
    leagueId: text("league_id").notNull(),
    userId: text("user_id").notNull(),
    removedBy: text("removed_by").notNull(),
    removedAt: integer("removed_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.leagueId, t.userId] })],
);
