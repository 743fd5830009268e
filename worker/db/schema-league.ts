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
  },
  (t) => [primaryKey({ columns: [t.gameId, t.seat] }), index("league_game_players_season").on(t.seasonId, t.userId)],
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
