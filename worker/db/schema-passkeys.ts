/** Passkeys (WebAuthn credentials) and the challenges of their ceremonies. */
import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";

/** A player's passkeys: several per account, each named by its owner; removed with the account. */
export const passkeys = sqliteTable(
  "passkeys",
  {
    /** The credential id, base64url, as the authenticator made it. */
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    name: text("name").notNull(),
    /** COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    /** The authenticator's signature counter as last seen (0 for authenticators that keep none). */
    counter: integer("counter").notNull().default(0),
    /** JSON array of transports ("internal", "hybrid", …), handed back to the browser as hints. */
    transports: text("transports"),
    backedUp: integer("backed_up", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at").notNull(),
    lastUsedAt: integer("last_used_at"),
  },
  (t) => [index("passkeys_user").on(t.userId)],
);

/**
 * Challenges handed to the browser for one ceremony: "register" (a signed-in `userId` adding a
 * passkey) or "signin" (anyone). Each is taken out (deleted) by the answer that carries it, so it
 * serves once; expired ones are swept when new ones are made.
 */
export const webauthnChallenges = sqliteTable(
  "webauthn_challenges",
  {
    challenge: text("challenge").primaryKey(),
    kind: text("kind").notNull(),
    userId: text("user_id"),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("webauthn_challenges_expiry").on(t.expiresAt)],
);
