/**
 * Open challenges (issue 14): a public listing of games created open, without an invitation.
 * The game itself (who sits where, when it deals) is the game's Durable Object and the games
 * index; this row only says the game is offered to anyone, until it is full, cancelled or expired.
 */
import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";

export const challenges = sqliteTable(
  "challenges",
  {
    /** The game's id. */
    id: text("id").primaryKey(),
    createdBy: text("created_by").notNull(),
    ruleset: text("ruleset").notNull(),
    daysPerMove: integer("days_per_move").notNull(),
    /** The game options as JSON (dead hands, card, hints). */
    options: text("options").notNull(),
    rated: integer("rated", { mode: "boolean" }).notNull().default(false),
    seats: integer("seats").notNull(),
    /** sha256 of the game's invitation token, which is never shown: accepting goes through this row. */
    inviteHash: text("invite_hash").notNull(),
    /** "open", "full", "cancelled" or "expired". */
    status: text("status").notNull().default("open"),
    /** Empty seats are given to computer players this many days after posting (null: never). */
    computersAfterDays: integer("computers_after_days"),
    computerStrength: text("computer_strength"),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    closedAt: integer("closed_at"),
  },
  (t) => [index("challenges_open").on(t.status, t.ruleset, t.createdAt), index("challenges_by").on(t.createdBy, t.status)],
);
