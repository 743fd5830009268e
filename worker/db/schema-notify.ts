/**
 * D1 tables of the notification service (issue 4). Users, games and sessions live in
 * schema.ts; these tables refer to users by id only, so the two files stay independent.
 */
import { sqliteTable, text, integer, index, primaryKey, uniqueIndex } from "drizzle-orm/sqlite-core";

/** One row per player who changed anything; a player without a row has the defaults (notify/settings.ts). */
export const notifySettings = sqliteTable("notify_settings", {
  userId: text("user_id").primaryKey(),
  /** "each" (an email per event, merged over a few minutes), "digest" (one a day) or "off". */
  email: text("email").notNull().default("each"),
  /** Master switch for web push; each device can also be switched off (pushSubscriptions.enabled). */
  push: integer("push", { mode: "boolean" }).notNull().default(true),
  /** JSON array of the events the player wants to hear about. */
  events: text("events").notNull(),
  /** Quiet hours, "HH:MM" local time; both null = none. Only the final reminder passes them. */
  quietStart: text("quiet_start"),
  quietEnd: text("quiet_end"),
  /** IANA time zone for quiet hours and the digest; null = the zone of the account (users.timezone). */
  timezone: text("timezone"),
  /** Local hour (0-23) at which the daily digest goes out. */
  digestHour: integer("digest_hour").notNull().default(8),
  /** Local date ("YYYY-MM-DD") of the last digest sent: at most one a day. */
  digestSentOn: text("digest_sent_on"),
  updatedAt: integer("updated_at").notNull(),
});

/**
 * Web push subscriptions: many devices per player. Removed when the push service answers 404/410.
 * The truth; a copy of each player's rows is kept on their users row (users.push_devices) by triggers
 * (migration 0030), which a notice reads with its recipient (db/notify.ts recipient).
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id").notNull(),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** A name the player recognises ("Firefox on Linux"). */
    device: text("device").notNull().default(""),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("push_subscriptions_endpoint").on(t.endpoint), index("push_subscriptions_user").on(t.userId)],
);

/**
 * Events waiting to be merged: several events for one player within a few minutes become one
 * message. A row is sent (and deleted) when its player's window closes.
 *
 * Kept by its key alone, a player's rows by due time (migrations/0028: WITHOUT ROWID, which the
 * schema here cannot say): the window open and the rows due are read along the key, and a row
 * held writes one row, not a row and an index entry (D1 counts each as a row written). The cron
 * sweep's look for overdue rows reads the whole table, a few minutes' events and the night's quiet
 * hours, every quarter hour, as it did.
 */
export const notifyPending = sqliteTable(
  "notify_pending",
  {
    userId: text("user_id").notNull(),
    /** Epoch ms at which the merge window of this player's batch closes. */
    dueAt: integer("due_at").notNull(),
    /** Numbers a player's rows in the order they came: the time held (ms) × 1000 + its place in what came together (db/notify.ts). */
    id: integer("id").notNull(),
    gameId: text("game_id").notNull(),
    /** The queue message as JSON (type, text, url, at, ...). */
    body: text("body").notNull(),
    /** Which channels still owe this event: "email", "push" or "email,push". */
    channels: text("channels").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.dueAt, t.id] })],
);

/** What was sent (or deliberately not sent, and why): the answer to "why did I (not) get mail?". */
export const notifySent = sqliteTable(
  "notify_sent",
  {
    // Rows in the order written, without AUTOINCREMENT's sequence row read and written per insert.
    id: integer("id").primaryKey(),
    userId: text("user_id").notNull(),
    /** "email" | "push" | "email,push" (one message both ways: one row) | "digest" | "skip" */
    channel: text("channel").notNull(),
    /** Event types covered, comma separated. */
    kinds: text("kinds").notNull(),
    gameIds: text("game_ids").notNull(),
    /** Subject or title sent, or the reason it was skipped ("live", "quiet-hours", ...). */
    detail: text("detail").notNull(),
    sentAt: integer("sent_at").notNull(),
  },
  // No index: nothing in the service reads this log (an operator asks it by hand), and an index entry is a D1 row written with every notice.
);

/** Messages that exhausted their retries and arrived on the dead-letter queue: never silently lost. */
export const notifyDead = sqliteTable("notify_dead", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** The queue message as JSON. */
  body: text("body").notNull(),
  attempts: integer("attempts").notNull(),
  queue: text("queue").notNull(),
  receivedAt: integer("received_at").notNull(),
});
