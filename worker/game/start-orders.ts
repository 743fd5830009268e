/**
 * The standing orders a game starts with (pure; the room reads the players' defaults from D1 and
 * plays what this returns as each person seat's first orders move, a record entry like any move).
 *
 * Each person seat starts with the orders its player kept from the game "Play again" was asked
 * from (GameDoc.startOrders), else its player's default (Settings; the default orders when they
 * never chose). Computer seats never get orders. Orders that ask every time are the game's own
 * behaviour without orders: no move is recorded for them.
 */
import type { Move, Orders, Seat } from "../engine/api";
import { normalizeOrders, type GameState } from "./engine";
import type { GameDoc } from "./store";

type Start = Pick<Orders, "claims" | "throws"> & { targets?: readonly string[] };

const asks = (o: Start) => o.claims === "ask" && o.throws === "none" && !o.targets?.length;

/** The orders move that sets `o`. */
const moveOf = (o: Start): Move => ({ type: "orders", claims: o.claims, throws: o.throws, ...(o.targets?.length ? { targets: [...o.targets] } : {}) });

/**
 * Each person seat's first orders move, in seat order, with a second try without pinned lines (a
 * kept pin the new game's lines do not know is dropped rather than the orders lost).
 */
export function startingOrders(doc: GameDoc, defaults: ReadonlyMap<string, Start>): { seat: Seat; moves: Move[] }[] {
  return doc.players.flatMap((p, seat) => {
    if (!p || p.computer) return [];
    const o = doc.startOrders?.[p.userId] ?? defaults.get(p.userId);
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
