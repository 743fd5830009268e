/** A player's default standing orders (Settings): what each of their new games starts with. */
import type { Env } from "../lib/env";
import type { LegacyOrders } from "../engine/api";

/** What a default may hold: the claims and throwing orders (pinned lines belong to one game's card). */
export type DefaultOrders = Pick<LegacyOrders, "claims" | "throwUnneeded">;

const parse = (raw: string | null): DefaultOrders | null => {
  if (!raw) return null;
  try {
    const o = JSON.parse(raw) as DefaultOrders;
    return { claims: o.claims, throwUnneeded: o.throwUnneeded };
  } catch {
    return null;
  }
};

export async function defaultOrdersOf(env: Env, userId: string): Promise<DefaultOrders | null> {
  const row = await env.DB.prepare("SELECT default_orders AS o FROM users WHERE id = ?").bind(userId).first<{ o: string | null }>();
  return parse(row?.o ?? null);
}

/** The defaults of these players, by user id (players without any are left out). */
export async function defaultOrdersFor(env: Env, userIds: string[]): Promise<Map<string, DefaultOrders>> {
  if (!userIds.length) return new Map();
  const { results } = await env.DB.prepare(`SELECT id, default_orders AS o FROM users WHERE id IN (${userIds.map(() => "?").join(", ")}) AND default_orders IS NOT NULL`)
    .bind(...userIds)
    .all<{ id: string; o: string | null }>();
  return new Map(results.flatMap((r) => (parse(r.o) ? [[r.id, parse(r.o)!] as const] : [])));
}

export async function saveDefaultOrders(env: Env, userId: string, orders: DefaultOrders | null): Promise<void> {
  await env.DB.prepare("UPDATE users SET default_orders = ? WHERE id = ?").bind(orders ? JSON.stringify(orders) : null, userId).run();
}
