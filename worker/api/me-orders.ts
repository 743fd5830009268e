/**
 * The standing orders part of GET/PUT /api/me: the orders each new game starts with (the player's
 * choice, else the default orders), and the first game's line about them.
 *
 * PUT takes `orders` as `{claims, throws}` or the older `{claims, throwUnneeded}` (true: throws
 * "unneeded", false: "none"); null, as before, is "no orders": ask me every time, kept as a choice.
 * `ordersNoted: true` dismisses the first game's line for good.
 */
import type { Env } from "../lib/env";
import { badRequest } from "../lib/errors";
import { isObj, type Obj } from "../lib/validate";
import { ASK_ORDERS, parseOrders } from "../engine/game/orders";
import { markOrdersNoted, saveDefaultOrders, type DefaultOrders } from "../db/orders";

/** `orders` of PUT /api/me (undefined: not asked to change), read by the engine's own rules for the orders move. */
export function ordersField(body: Obj): DefaultOrders | undefined {
  const o = body.orders;
  if (o === undefined) return undefined;
  if (o === null) return { claims: ASK_ORDERS.claims, throws: ASK_ORDERS.throws };
  // Pinned lines belong to one game's card, never to the orders for new games.
  if (!isObj(o) || "type" in o || "targets" in o) throw badRequest("bad-field", `"orders" must be {claims, throws} (or the older {claims, throwUnneeded}) or null.`);
  const read = parseOrders({ ...o, type: "orders" }, undefined);
  if ("ok" in read) throw badRequest("bad-field", `"orders": ${read.message}.`);
  return { claims: read.claims, throws: read.throws };
}

/** `ordersNoted` of PUT /api/me: only `true` (the line, once dismissed, stays so). */
export function ordersNotedField(body: Obj): true | undefined {
  if (body.ordersNoted === undefined) return undefined;
  if (body.ordersNoted !== true) throw badRequest("bad-field", `"ordersNoted" can only be true.`);
  return true;
}

/** Saves what PUT /api/me asked about orders (a player who chose orders has found where they are: the line is not needed). */
export async function saveOrdersSettings(env: Env, userId: string, asked: { orders?: DefaultOrders; ordersNoted?: true }): Promise<void> {
  if (asked.orders) await saveDefaultOrders(env, userId, asked.orders);
  if (asked.orders || asked.ordersNoted) await markOrdersNoted(env, userId);
}

/** The profile's orders fields. */
export function ordersProfileOf(s: { orders: DefaultOrders; chosen: boolean; noted: boolean }) {
  return {
    /** The standing orders each new game starts with: the player's choice, else the default orders (never null). */
    orders: s.orders,
    /** Whether `orders` is the player's own choice (false: the default, which follows the service's). */
    ordersChosen: s.chosen,
    /** Whether the player dismissed the first game's line about what the orders play for them. */
    ordersNoted: s.noted,
  };
}
