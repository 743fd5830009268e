import { sql } from "drizzle-orm";
/**
 * D1 tables of the service: accounts, sign-in, the games index and the ledger.
 * The game itself (engine state, event log, chat) lives in its Durable Object, not here.
 * Times are epoch milliseconds.
 */
import { sqliteTable, text, integer, index, uniqueIndex, primaryKey } from "drizzle-orm/sqlite-core";

export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  displayName: text("display_name").notNull(),
  /** IANA time zone, e.g. "Europe/Paris". */
  timezone: text("timezone").notNull().default("UTC"),
  /** Vacation: whole days taken in `vacationYear` (at most 14 a year) and when the current one ends. */
  vacationYear: integer("vacation_year").notNull().default(0),
  vacationDays: integer("vacation_days").notNull().default(0),
  vacationUntil: integer("vacation_until").notNull().default(0),
  createdAt: integer("created_at").notNull(),
  /** When the player first saved a display name and time zone; null until then (the app asks on first visit). */
  welcomedAt: integer("welcomed_at"),
  /**
   * Standing orders every new game of theirs starts with, as JSON `{claims, throws}` (or the older
   * `{claims, throwUnneeded}`), as chosen in Settings; null: never chosen, the default orders apply (db/orders.ts).
   */
  defaultOrders: text("default_orders"),
  /** When the player dismissed the first game's line about the orders playing for them; null: not yet. */
  ordersNotedAt: integer("orders_noted_at"),
  /** How the tables are drawn and played for this player on every device (Settings, the table's tools): larger tiles; a command line for typed moves. */
  largeTiles: integer("large_tiles", { mode: "boolean" }).notNull().default(false),
  playByTyping: integer("play_by_typing", { mode: "boolean" }).notNull().default(false),
  /**
   * The player's ledger totals (GET /api/me's `totals`): the points of all their lines and the games
   * those lines are from, kept by a trigger on each new line (migration 0024), so that a page asking
   * who is signed in reads one row, not every line the player ever had.
   */
  ledgerPoints: integer("ledger_points").notNull().default(0),
  ledgerGames: integer("ledger_games").notNull().default(0),
  /**
   * The player's web push devices as the notice's flush needs them (JSON array of {id, endpoint, p256dh,
   * auth, device, enabled}; null: none), so that a notice reads its recipient and their devices in one row.
   * A copy: push_subscriptions stays the truth, and triggers on it (migration 0030) rewrite this on every
   * change there (subscribe, unsubscribe, a device switched off, a device the push service refused, account deletion).
   */
  pushDevices: text("push_devices"),
});

/** Opaque session ids; only their SHA-256 is stored, the id itself travels in a signed cookie. */
export const sessions = sqliteTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: text("user_id").notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    /** What the owner reads in Settings: the browser ("Chrome on Android"), how it signed in ("link", "code", "passkey"), when last seen (null: at creation). */
    browser: text("browser"),
    via: text("via"),
    lastSeenAt: integer("last_seen_at"),
    /**
     * The user as every request sees it (db/accounts.ts `User`), copied from `users` when the session
     * opens and kept the same by a trigger on every change there (migration 0022): a request reads this
     * one row, not the session joined to the user (two rows billed).
     */
    email: text("email"),
    displayName: text("display_name"),
    timezone: text("timezone"),
    vacationUntil: integer("vacation_until"),
  },
  (t) => [index("sessions_user").on(t.userId)],
);

/**
 * Sign-in requests: the mailed link's token and, beside it, a six-digit code for the page that
 * asked (found by `requestHash`, the id that page holds). Both stored hashed; each single use, 15
 * minutes; the code takes at most five tries.
 */
export const loginTokens = sqliteTable(
  "login_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    email: text("email").notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    createdAt: integer("created_at").notNull(),
    requestHash: text("request_hash"),
    codeHash: text("code_hash"),
    codeTries: integer("code_tries").notNull().default(0),
    codeUsedAt: integer("code_used_at"),
  },
  (t) => [uniqueIndex("login_tokens_request").on(t.requestHash)],
);

/** Fixed-window counters for rate limits ("signin:addr:ann@example.com", "signin:ip:…"). */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: integer("window_start").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** Mail as sent. In development it is readable at GET /api/dev/outbox. */
export const outbox = sqliteTable(
  "outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    link: text("link"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("outbox_to").on(t.to, t.id)],
);

/** The games index, kept up to date by each game's Durable Object (which owns the truth). */
export const games = sqliteTable(
  "games",
  {
    id: text("id").primaryKey(),
    ruleset: text("ruleset").notNull(),
    /** "open" (waiting for players), "active", "ended". */
    status: text("status").notNull(),
    seats: integer("seats").notNull(),
    createdBy: text("created_by").notNull(),
    inviteHash: text("invite_hash").notNull(),
    daysPerMove: integer("days_per_move").notNull(),
    /** The Durable Object's version when this row was written; older writes never overwrite newer ones. */
    version: integer("version").notNull().default(0),
    /** Earliest deadline of the seats to act; null when nobody's clock runs. */
    deadline: integer("deadline"),
    /**
     * Whose turn it is, by seat: a JSON array of each seat's deadline while its clock runs, else null.
     * Kept here, in the row a move writes anyway, so that a turn passed writes no seat's row; the games
     * list reads it (game_players' to_act and deadline only for a row written before this column).
     */
    turns: text("turns"),
    /** Result reason once ended ("mahjong", "wall", "dead", "abandoned"). */
    result: text("result"),
    /** A rated game changes its players' ratings when it ends. */
    rated: integer("rated", { mode: "boolean" }).notNull().default(false),
    /** Moves recorded so far (the players' and those played for an absent one): "move 12" in the games list. */
    moves: integer("moves").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    /** When the game was dealt ("started" in the games list); null before the deal, and for games dealt before it was kept. */
    startedAt: integer("started_at"),
  },
  // No index beside the id: every query reaches a game by its id (through its players, challenge or
  // league game), and the (status, deadline) index that was here, read by none, was written again at
  // each turn (D1 bills each index entry written as a row).
);

/** Who sits where; `toAct` marks the seats whose turn it is (their clock runs). */
export const gamePlayers = sqliteTable(
  "game_players",
  {
    gameId: text("game_id").notNull(),
    seat: integer("seat").notNull(),
    userId: text("user_id").notNull(),
    toAct: integer("to_act", { mode: "boolean" }).notNull().default(false),
    deadline: integer("deadline"),
    /**
     * The game is open or active (a copy of games.status, kept by triggers: migration
     * 0009_stats_triggers), so a player's current games are found without reading every game
     * they ever played.
     */
    active: integer("active", { mode: "boolean" }).notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.seat] }),
    index("game_players_user").on(t.userId),
    index("game_players_active").on(t.userId).where(sql`active = 1`),
  ],
);

/**
 * The ledger: the engine's result lines, one row per player, game and reason. The unique key
 * makes posting a game's result idempotent, so a game never counts twice in anyone's totals.
 *
 * Written cheaply (migrations/0031): `id` is the rowid, numbered max + 1 (no AUTOINCREMENT, whose
 * sqlite_sequence row D1 counts as 2 rows read and 1 written on every insert, even one the unique
 * key turns away; lines are never deleted, so a number is never given twice), and the season index
 * holds league lines only (every query on it asks for one season), so a line of a game outside a
 * league writes its row, the unique key and the player's index, and no season entry.
 */
export const ledger = sqliteTable(
  "ledger",
  {
    id: integer("id").primaryKey(),
    gameId: text("game_id").notNull(),
    seat: integer("seat").notNull(),
    userId: text("user_id").notNull(),
    reason: text("reason").notNull(),
    points: integer("points").notNull(),
    detail: text("detail").notNull(),
    ruleset: text("ruleset").notNull(),
    leagueId: text("league_id"),
    seasonId: text("season_id"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("ledger_game_seat_reason").on(t.gameId, t.seat, t.reason), index("ledger_user").on(t.userId), index("ledger_season").on(t.seasonId, t.gameId).where(sql`season_id IS NOT NULL`)],
);
