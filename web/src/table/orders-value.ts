/**
 * Your standing orders in a game as the table reads and sets them (the engine's {type:"orders"}
 * move), and the pins on hint lines that name your target lines. Small: the game page's first
 * script carries it; the orders panel itself (Orders.tsx) loads later.
 */
import type { Move } from "../../../worker/engine/api";
import type { GameInfo } from "../api";

export interface OrdersValue {
  claims: "ask" | "mahjong-only" | "judged";
  throws: "none" | "unneeded" | "judged";
  targets?: string[];
}

/** No orders: the game asks you every time. */
export const NO_ORDERS: OrdersValue = { claims: "ask", throws: "none" };

/** Orders as a view or Settings carry them, either shape (the older `throwUnneeded` is throws "unneeded" or "none"). */
export function readOrders(raw: unknown): OrdersValue {
  if (!raw || typeof raw !== "object") return NO_ORDERS;
  const o = raw as { claims?: OrdersValue["claims"]; throws?: OrdersValue["throws"]; throwUnneeded?: boolean; targets?: string[] };
  return { claims: o.claims ?? "ask", throws: o.throws ?? (o.throwUnneeded ? "unneeded" : "none"), ...(o.targets ? { targets: o.targets } : {}) };
}

/** Do these orders play anything for you? */
export const ordersOn = (o: OrdersValue) => o.claims !== "ask" || o.throws !== "none";

const CLAIM_WORDS = { judged: "claims as the strong computer would", "mahjong-only": "ask me only for Mah Jongg", ask: "ask me on every discard" } as const;
const THROW_WORDS = { judged: "throws as the strong computer would", unneeded: "throw draws I don't need", none: "" } as const;

/** An orders move in words (the move list, buttons). */
export function ordersWords(m: unknown): string {
  const o = readOrders(m);
  return `Standing orders: ${CLAIM_WORDS[o.claims]}${THROW_WORDS[o.throws] ? `, ${THROW_WORDS[o.throws]}` : ""}`;
}

/** Your orders in this game, as your own view carries them (none: the game asks you every time). */
export const ordersIn = (game: GameInfo): OrdersValue => readOrders((game.view as { orders?: unknown } | null)?.orders);

/** The orders move that sets `next`. */
export const ordersMove = (next: OrdersValue): Move => ({ type: "orders", claims: next.claims, throws: next.throws, ...(next.targets?.length ? { targets: next.targets } : {}) });
