/** Confirmation links for changes to one's own account (a new email address, deleting the account); stored hashed. */
import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";

export const accountTokens = sqliteTable(
  "account_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id").notNull(),
    /** "email" (confirm a new address) or "delete" (confirm deleting the account). */
    kind: text("kind").notNull(),
    /** The new address, for "email". */
    email: text("email"),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("account_tokens_user").on(t.userId)],
);
