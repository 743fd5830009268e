/**
 * A player's standing orders for new games (Settings), and whether they have read the first game's
 * line about them. `users.default_orders` holds the player's choice as JSON (either shape the engine
 * reads: `{claims, throws}`, or the older `{claims, throwUnneeded}`); NULL means they never chose,
 * and then every new game of theirs starts with the product's default orders (DEFAULT_ORDERS).
 * "Ask me every time" is a choice like any other, stored as such.
 */
import type { Env } from "../lib/env";
import type { Orders } from "../engine/api";
import { DEFAULT_ORDERS, normalizeOrders } from "../engine/index";

/** What a default may hold: the claims and throwing orders (pinned lines belong to one game's card). */
export type DefaultOrders = Pick<Orders, "claims" | "throws">;

/** A stored choice, or null when there is none (NULL, or a value no longer readable: then the default applies). */
function chosen(raw: string | null): DefaultOrders | null {
  if (!raw) return null;
  try {
    const o = normalizeOrders(JSON.parse(raw));
    return o ? { claims: o.claims, throws: o.throws } : null;
  } catch {
    return null;
  }
}

const orDefault = (o: DefaultOrders | null): DefaultOrders => o ?? { claims: DEFAULT_ORDERS.claims, throws: DEFAULT_ORDERS.throws };

/**
 * The player's orders for new games, whether they chose them, and whether they dismissed the first
 * game's line, from their row in `users` (`default_orders`, `orders_noted_at`), as GET /api/me reads it with the profile.
 */
export function ordersSettingsFrom(o: string | null, n: number | null): { orders: DefaultOrders; chosen: boolean; noted: boolean } {
  const own = chosen(o);
  return { orders: orDefault(own), chosen: own !== null, noted: n != null };
}

/**
 * The orders each player's new game starts with, by user id (their choice, else the default; null:
 * no such account), for `userIds` and for everyone seated at `gameId` as the games index has them
 * (written before a join is answered): one query, asked by the API before a call that may deal.
 */
export async function defaultOrdersFor(env: Env, userIds: string[], gameId: string | null = null): Promise<Record<string, DefaultOrders | null>> {
  const asked = [...userIds.map(() => "SELECT ? AS id"), ...(gameId === null ? [] : ["SELECT user_id AS id FROM game_players WHERE game_id = ?"])];
  if (!asked.length) return {};
  const { results } = await env.DB.prepare(`SELECT a.id, u.default_orders AS o, u.id IS NOT NULL AS known FROM (${asked.join(" UNION ")}) a LEFT JOIN users u ON u.id = a.id`)
    .bind(...userIds, ...(gameId === null ? [] : [gameId]))
    .all<{ id: string; o: string | null; known: number }>();
  return Object.fromEntries(results.map((r) => [r.id, r.known ? orDefault(chosen(r.o)) : null] as const));
}

/** `defaultOrdersFor`, or null when D1 fails (logged): the game then starts without defaults, no choice guessed. */
export const defaultOrdersRead = (env: Env, userIds: string[], gameId: string | null = null) =>
  defaultOrdersFor(env, userIds, gameId).catch((e: unknown) => (console.error("default orders not read", e), null));

export async function saveDefaultOrders(env: Env, userId: string, orders: DefaultOrders): Promise<void> {
  await env.DB.prepare("UPDATE users SET default_orders = ? WHERE id = ?").bind(JSON.stringify({ claims: orders.claims, throws: orders.throws }), userId).run();
}

/** The player has read the first game's line about their orders (kept once: it survives their devices). */
export async function markOrdersNoted(env: Env, userId: string, now = Date.now()): Promise<void> {
  await env.DB.prepare("UPDATE users SET orders_noted_at = COALESCE(orders_noted_at, ?) WHERE id = ?").bind(now, userId).run();
}
