/**
 * Standing orders set through the API are limited per seat and game (issue 38, 5): a few changes a
 * minute and a bounded number a day, so a script cannot fill the record with orders moves. Counted
 * from the game's own move record (real time); the orders a game starts with (Settings' default,
 * set by the room at the deal) count like any other.
 */
import { inWords, DAY, MINUTE } from "../lib/limits";
import { refuse, type Refusal } from "./room-support";
import type { GameStore } from "./store";

export const ORDERS_PER_MINUTE = 10;
export const ORDERS_PER_DAY = 60;

/** Null when `seat` may change its orders now; otherwise the plain refusal (429) and seconds until it may. */
export function ordersRefusal(store: Pick<GameStore, "ordersTimes">, seat: number, now: number): Refusal | null {
  for (const [limit, window, what] of [
    [ORDERS_PER_MINUTE, MINUTE, `You can change your orders ${ORDERS_PER_MINUTE} times a minute in one game.`],
    [ORDERS_PER_DAY, DAY, `You can change your orders ${ORDERS_PER_DAY} times a day in one game.`],
  ] as const) {
    const times = store.ordersTimes(seat, now - window, limit);
    if (times.length >= limit) {
      const retryAfter = Math.max(1, Math.ceil((times.at(-1)! + window - now) / 1000));
      return refuse("rate-limited", `${what} Your orders stay as they were; try again ${inWords(retryAfter)}.`, { retryAfter });
    }
  }
  return null;
}
