/**
 * D1 tables of stored cards (docs/card-format.md): cards a player or a league typed in, private by
 * default. A game never reads these tables: it keeps a copy of the card it started with.
 */
import { sqliteTable, text, integer, index, primaryKey } from "drizzle-orm/sqlite-core";

export const cards = sqliteTable(
  "cards",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** The owner: a player (ownerUserId) or a league (leagueId, edited by its organisers). */
    ownerUserId: text("owner_user_id"),
    leagueId: text("league_id"),
    createdBy: text("created_by").notNull(),
    /** The validated card as JSON ({id, name, lines}, docs/card-format.md). */
    data: text("data").notNull(),
    /** The text it was typed as, when it was typed (kept so the editor shows it as written). */
    source: text("source"),
    /** SHA-256 of the read-only sharing link's token; null when not shared. */
    shareHash: text("share_hash"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("cards_owner").on(t.ownerUserId), index("cards_league").on(t.leagueId), index("cards_share").on(t.shareHash)],
);

/** Games started with a card (each keeps the version it started with in its options; playing gives no access to the card). */
export const cardGames = sqliteTable(
  "card_games",
  {
    cardId: text("card_id").notNull(),
    gameId: text("game_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.gameId] })],
);
