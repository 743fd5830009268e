/**
 * League invitations sent by mail. The address is kept only to tell the organisers whether the
 * invitation was used (the invited address joined); no answer ever shows it, only `masked`.
 */
import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";

export const leagueInvitations = sqliteTable(
  "league_invitations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leagueId: text("league_id").notNull(),
    /** Lower-cased address; never returned by the API. */
    email: text("email").notNull(),
    /** What organisers see: "a•••@example.org". */
    masked: text("masked").notNull(),
    invitedBy: text("invited_by").notNull(),
    sentAt: integer("sent_at").notNull(),
    /** "sent"; "retrying" when the transport refused it at first (the queue retries it); "refused": the address was refused for good. */
    mail: text("mail").notNull(),
  },
  (t) => [index("league_invitations_league").on(t.leagueId, t.id)],
);
