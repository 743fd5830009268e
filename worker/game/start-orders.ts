/**
 * The standing orders a game starts with (pure; the API reads the players' defaults from D1 before
 * a call that may deal, and first-orders.ts plays what this returns as each person seat's first
 * orders move, a record entry like any move).
 *
 * Each person seat starts with the orders its player kept from the game "Play again" was asked
 * from (GameDoc.startOrders), else its player's default (Settings; the default orders when they
 * never chose). Computer seats never get orders. Orders that ask every time are the game's own
 * behaviour without orders: no move is recorded for them.
 */
import type { Move, Orders, Seat } from "../engine/api";
import { normalizeOrders, type GameState } from "./engine";
import type { GameDoc } from "./store";
import { refuse, type Refusal } from "./room-support";

type Start = Pick<Orders, "claims" | "throws"> & { targets?: readonly string[] };

/**
 * The players' default orders as the API read them before the call, by user id (null for a user
 * with none: no such account); null when the read failed (the game then starts without them: a
 * player's choice is never guessed).
 */
export type Defaults = Readonly<Record<string, Start | null>> | null;

/**
 * A change that deals (`doc` active, nothing played yet) for person seats whose defaults the API
 * did not read (one seated meanwhile): refused, so the API reads theirs and asks again.
 */
export function unread(doc: GameDoc, defaults: Defaults): Refusal | null {
  if (doc.status !== "active" || defaults === null) return null;
  const missing = doc.players.flatMap((p) => (p && !p.computer && !Object.hasOwn(defaults, p.userId) ? [p.userId] : []));
  return missing.length ? refuse("game/defaults", "The players' default orders are needed to deal.", { users: missing }) : null;
}

const asks = (o: Start) => o.claims === "ask" && o.throws === "none" && !o.targets?.length;

/** The orders move that sets `o`. */
const moveOf = (o: Start): Move => ({ type: "orders", claims: o.claims, throws: o.throws, ...(o.targets?.length ? { targets: [...o.targets] } : {}) });

/**
 * Each person seat's first orders move, in seat order, with a second try without pinned lines (a
 * kept pin the new game's lines do not know is dropped rather than the orders lost).
 */
export function startingOrders(doc: GameDoc, defaults: Defaults): { seat: Seat; moves: Move[] }[] {
  return doc.players.flatMap((p, seat) => {
    if (!p || p.computer) return [];
    const o = doc.startOrders?.[p.userId] ?? defaults?.[p.userId];
    if (!o || asks(o)) return [];
    return [{ seat, moves: o.targets?.length ? [moveOf(o), moveOf({ claims: o.claims, throws: o.throws })] : [moveOf(o)] }];
  });
}

/**
 * "Play again": the orders each person kept at the end of this game, by user id, for the new game
 * to start with. A seat that never had orders in it is left out (the new game gives it its player's default).
 */
export function ordersKept(doc: GameDoc, state: GameState | null): Record<string, Orders> {
  const kept: Record<string, Orders> = {};
  doc.players.forEach((p, seat) => {
    const o = p && !p.computer ? normalizeOrders(state?.orders?.[seat] ?? null) : null;
    if (p && o) kept[p.userId] = o;
  });
  return kept;
}
