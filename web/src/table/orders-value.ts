/**
 * Your standing orders in a game as the table reads and sets them (the engine's {type:"orders"}
 * move), and the pins on hint lines that name your target lines. Small: the game page's first
 * script carries it; the orders panel itself (Orders.tsx) loads later.
 */
import { createContext } from "preact";
import type { Move } from "../../../worker/engine/api";
import type { GameInfo } from "../api";

export interface OrdersValue {
  claims: "ask" | "mahjong-only";
  throwUnneeded: boolean;
  targets?: string[];
}

export const NO_ORDERS: OrdersValue = { claims: "ask", throwUnneeded: false };

/** Your orders in this game, as your own view carries them (none: the game asks you every time). The engine's {claims, throws} read as this form's throwing box. */
export const ordersIn = (game: GameInfo): OrdersValue => {
  const o = (game.view as { orders?: (Omit<OrdersValue, "throwUnneeded"> & { throws?: string; throwUnneeded?: boolean }) | null } | null)?.orders;
  return o ? { claims: o.claims, throwUnneeded: o.throws === undefined ? !!o.throwUnneeded : o.throws !== "none", ...(o.targets ? { targets: o.targets } : {}) } : NO_ORDERS;
};

/** The orders move that sets `next`. */
export const ordersMove = (next: OrdersValue): Move => ({ type: "orders", claims: next.claims, throwUnneeded: next.throwUnneeded, ...(next.targets?.length ? { targets: next.targets } : {}) });

/** Pins on the hint lines: which are pinned, and a tap to pin or unpin one (absent: hints without pins). */
export interface Pins {
  pinned: readonly string[];
  busy: boolean;
  toggle: (line: string) => void;
}
export const PinsContext = createContext<Pins | null>(null);

/** The pins of a running game you play; null otherwise. */
export function pinsFor(game: GameInfo, seat: number, busy: boolean, onMove: (m: Move) => void): Pins | null {
  if (game.status !== "active" || seat < 0) return null;
  const value = ordersIn(game);
  const pinned = value.targets ?? [];
  return { pinned, busy, toggle: (line) => onMove(ordersMove({ ...value, targets: pinned.includes(line) ? pinned.filter((x) => x !== line) : [...pinned, line] })) };
}
