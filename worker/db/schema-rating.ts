/**
 * Ratings (Glicko-2, one per rule family) and each finished game's result per player.
 * Written by the game's Durable Object in the same D1 batch as the ledger, so all three are
 * posted together, exactly once per game.
 */
import { sqliteTable, text, integer, real, index, primaryKey } from "drizzle-orm/sqlite-core";

/** A player's current rating in a family ("siamese", "american", "chinese"); RD as of `updatedAt` (it grows while idle, worked out when read). */
export const ratings = sqliteTable(
  "ratings",
  {
    userId: text("user_id").notNull(),
    family: text("family").notNull(),
    rating: real("rating").notNull(),
    rd: real("rd").notNull(),
    vol: real("vol").notNull(),
    /** Rated games played; also the guard of a write (a change applies only to the count it was worked out from). */
    games: integer("games").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.family] }), index("ratings_board").on(t.family, t.rating)],
);

/** One row per rated game and player: the rating before and after (the history chart, the "+12" of the game-over sheet). */
export const ratingChanges = sqliteTable(
  "rating_changes",
  {
    gameId: text("game_id").notNull(),
    userId: text("user_id").notNull(),
    family: text("family").notNull(),
    before: real("before").notNull(),
    beforeRd: real("before_rd").notNull(),
    beforeVol: real("before_vol").notNull(),
    after: real("after").notNull(),
    afterRd: real("after_rd").notNull(),
    afterVol: real("after_vol").notNull(),
    /** The player's rated games in the family before this one. */
    gamesBefore: integer("games_before").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.userId] }), index("rating_changes_user").on(t.userId, t.at, t.family, t.after, t.gameId, t.before)],
);

/**
 * The pairs of players a rated game counted (worker/rating/result.ts): rated games between the same
 * two players count at most three times in seven days, so each counted pair is kept (userA < userB),
 * written in the same batch as the game's rating changes.
 */
export const ratingPairs = sqliteTable(
  "rating_pairs",
  {
    gameId: text("game_id").notNull(),
    userA: text("user_a").notNull(),
    userB: text("user_b").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.userA, t.userB] }), index("rating_pairs_pair").on(t.userA, t.userB, t.at)],
);

/** Every finished game, one row per seat: the player's total points and place (profiles, head-to-head, games lists). */
export const gameResults = sqliteTable(
  "game_results",
  {
    gameId: text("game_id").notNull(),
    seat: integer("seat").notNull(),
    userId: text("user_id").notNull(),
    ruleset: text("ruleset").notNull(),
    family: text("family").notNull(),
    /** The game's result reason ("mahjong", "wall", "abandoned", "match", …). */
    result: text("result").notNull(),
    points: integer("points").notNull(),
    /** 1 for the highest total; equal totals share a place. */
    place: integer("place").notNull(),
    /** This seat went Mah Jongg at least once. */
    mahjong: integer("mahjong", { mode: "boolean" }).notNull(),
    /** This seat alone had the highest total. */
    won: integer("won", { mode: "boolean" }).notNull().default(false),
    rated: integer("rated", { mode: "boolean" }).notNull(),
    endedAt: integer("ended_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.seat] }), index("game_results_user").on(t.userId, t.endedAt, t.points, t.mahjong, t.won)],
);

/**
 * A player's finished games counted once, so a profile reads one row instead of adding up every
 * game (a busy player has tens of thousands). Kept by a trigger on game_results (migration
 * 0009_stats_triggers): a result row is inserted once per game and seat, so each game counts once,
 * whichever code path inserts it.
 */
export const playerStats = sqliteTable("player_stats", {
  userId: text("user_id").primaryKey(),
  played: integer("played").notNull().default(0),
  won: integer("won").notNull().default(0),
  mahjongs: integer("mahjongs").notNull().default(0),
  points: integer("points").notNull().default(0),
});
