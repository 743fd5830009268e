/**
 * What every variant shares, added once: one record entry = one ply, a move that ends the game
 * carries its result (event "end"), and the guards of `timeout` and `abandon`. A variant's own
 * `apply`, `timeout` and `abandon` do the rules only; `defineVariant` wraps them.
 */
import type { ApplyResult, CoreState, GameEvent, Move, Seat, Variant } from "../api";
import type { Bot } from "../bots/common";
import { followOrders, judgeBy, parseOrders, setOrders, viewWithOrders } from "./orders";

const isOver = (s: CoreState) => s.phase === "over";

/**
 * The ply after one record entry, and the "end" event when the entry ended the game (unless the
 * variant already emitted it). A variant's rules return a state they made for this entry, so its
 * ply is set in place (no second copy of the state on every move); only when they hand back the
 * state they were given (`before`), which the caller still holds, is it copied first.
 */
export function bump<S extends CoreState>(r: ApplyResult<S>, before: S): ApplyResult<S> {
  if (!r.ok) return r;
  const state = r.state === before ? { ...r.state } : r.state;
  state.ply++;
  const events: GameEvent[] = isOver(state) && !r.events.some((e) => e.type === "end") ? [...r.events, { type: "end", seat: null, result: (state as { result?: unknown }).result ?? null }] : r.events;
  return { ok: true, state, events };
}

/**
 * `noun` names the end in refusals: "the game is over" or (a match of hands) "the match is over".
 * Standing orders (./orders.ts) are added here once: the {type:"orders"} move, and after every move
 * and timeout the moves the seats' orders make (the variant's `ordered` hook says which). `bot`: the
 * ruleset's computer player, which judges for judged orders from the seat's view (without one,
 * judged orders ask).
 */
export function defineVariant<S extends CoreState, V extends Variant<S>>(parts: V, noun: "game" | "match" = "game", bot?: Bot): V {
  const over = (): ApplyResult<S> => ({ ok: false, code: "game/over", message: `the ${noun} is over` });
  const judge = bot && judgeBy<S>(bot, parts);
  const follow = (r: ApplyResult<S>) => followOrders(parts, r, judge);
  const orders = (s: S, seat: Seat, move: Move): ApplyResult<S> => {
    if (isOver(s)) return over();
    if (!Number.isInteger(seat) || seat < 0 || seat >= s.players) return { ok: false, code: "seat/unknown", message: `there is no seat ${seat}` };
    const o = parseOrders(move, parts.orderTargets?.(s));
    if ("ok" in o) return o;
    // counted apart, so a view's `ply` never tells the others that a seat changed its orders
    return { ok: true, state: { ...setOrders(s, seat, o), ordersEntries: (s.ordersEntries ?? 0) + 1 }, events: [] };
  };
  return {
    ...parts,
    apply: (s: S, seat: Seat, move) => bump(follow(move?.type === "orders" ? orders(s, seat, move) : parts.apply(s, seat, move)), s),
    viewFor: (s: S, seat: Seat | null) => viewWithOrders(parts.viewFor(s, seat), s, seat),
    timeout: (s: S, seat: Seat) => (isOver(s) ? over() : bump(follow(parts.timeout(s, seat)), s)),
    abandon(s: S, seat: Seat) {
      if (isOver(s)) return over();
      if (!Number.isInteger(seat) || seat < 0 || seat >= s.players) return { ok: false, code: "seat/unknown", message: `there is no seat ${seat}` };
      return bump(parts.abandon(s, seat), s);
    },
  };
}

/**
 * A claim window's deadline passed: each seat still awaited (`silent`) times out in turn, one
 * timeout each, as verify replays them; the first refusal stops it and changes nothing.
 */
export function timeOutSilent<S>(timeout: (s: S, seat: Seat) => ApplyResult<S>, s: S, silent: readonly Seat[]): ApplyResult<S> & { silent?: Seat[] } {
  const seats = silent.slice(); // (the awaited list of the state before, whatever the timeouts do)
  let state = s;
  const events: GameEvent[] = [];
  for (const seat of seats) {
    const r = timeout(state, seat);
    if (!r.ok) return r;
    state = r.state;
    events.push(...r.events);
  }
  return { ok: true, state, events, silent: seats };
}
