/**
 * Stored cards (worker/db/schema-cards.ts): who may read and edit them, listing, sharing, and the
 * games that use them. A card is private: visible to its owner, the members of its league and
 * whoever holds its sharing link (read-only). Playing a game with a card shows the version that
 * game keeps (in its options), never the stored card: no later edits, no games of one's own with it.
 */
import type { Env } from "../lib/env";
import type { Card } from "../engine/card/api";

type DB = Pick<Env, "DB">;

export interface CardRow {
  id: string;
  name: string;
  ownerUserId: string | null;
  leagueId: string | null;
  createdBy: string;
  data: string;
  source: string | null;
  shareHash: string | null;
  createdAt: number;
  updatedAt: number;
}

const COLS = `id, name, owner_user_id AS ownerUserId, league_id AS leagueId, created_by AS createdBy, data, source,
  share_hash AS shareHash, created_at AS createdAt, updated_at AS updatedAt`;

export const getCardRow = (env: DB, id: string) => env.DB.prepare(`SELECT ${COLS} FROM cards WHERE id = ?`).bind(id).first<CardRow>();

export async function insertCard(env: DB, r: Omit<CardRow, "shareHash">): Promise<void> {
  await env.DB.prepare(
    `INSERT INTO cards (id, name, owner_user_id, league_id, created_by, data, source, share_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?, ?)`,
  )
    .bind(r.id, r.name, r.ownerUserId, r.leagueId, r.createdBy, r.data, r.source, r.createdAt, r.updatedAt)
    .run();
}

export async function updateCard(env: DB, id: string, r: { name: string; data: string; source: string | null; updatedAt: number }): Promise<void> {
  await env.DB.prepare(`UPDATE cards SET name = ?, data = ?, source = ?, updated_at = ? WHERE id = ?`).bind(r.name, r.data, r.source, r.updatedAt, id).run();
}

export const setShareHash = (env: DB, id: string, hash: string | null) => env.DB.prepare(`UPDATE cards SET share_hash = ? WHERE id = ?`).bind(hash, id).run();

/** What a user may do with a card: "edit" (owner, or an organiser of the owning league), "read", or nothing. */
export async function accessOf(env: DB, row: CardRow, userId: string | undefined, shareHash?: string | null): Promise<"edit" | "read" | null> {
  if (userId && row.ownerUserId === userId) return "edit";
  if (userId && row.leagueId) {
    const m = await env.DB.prepare(`SELECT organiser FROM league_members WHERE league_id = ? AND user_id = ?`).bind(row.leagueId, userId).first<{ organiser: number }>();
    if (m) return m.organiser ? "edit" : "read";
  }
  if (shareHash && row.shareHash && shareHash === row.shareHash) return "read";
  return null;
}

export interface CardListItem {
  id: string;
  name: string;
  lines: number;
  leagueId: string | null;
  leagueName: string | null;
  mine: boolean;
  updatedAt: number;
}

/** My cards and my leagues' cards, newest first. Never anybody else's. */
export async function listCards(env: DB, userId: string): Promise<CardListItem[]> {
  const { results } = await env.DB.prepare(
    `SELECT c.id, c.name, c.data, c.league_id AS leagueId, l.name AS leagueName, c.owner_user_id AS owner, c.updated_at AS updatedAt
     FROM cards c LEFT JOIN leagues l ON l.id = c.league_id
     WHERE c.owner_user_id = ?1 OR c.league_id IN (SELECT league_id FROM league_members WHERE user_id = ?1)
     ORDER BY c.updated_at DESC LIMIT 200`,
  )
    .bind(userId)
    .all<{ id: string; name: string; data: string; leagueId: string | null; leagueName: string | null; owner: string | null; updatedAt: number }>();
  return results.map((r) => ({
    id: r.id,
    name: r.name,
    lines: (JSON.parse(r.data) as Card).lines.length,
    leagueId: r.leagueId,
    leagueName: r.leagueName,
    mine: r.owner === userId,
    updatedAt: r.updatedAt,
  }));
}

/** Which games were started with the card (their options keep the version they play). */
export async function recordCardGames(env: DB, cardId: string, gameIds: string[]): Promise<void> {
  if (!gameIds.length) return;
  await env.DB.batch(gameIds.map((g) => env.DB.prepare(`INSERT OR IGNORE INTO card_games (card_id, game_id) VALUES (?, ?)`).bind(cardId, g)));
}
