/**
 * Standing orders, for every ruleset: a player's own rules for the turns that need no thought,
 * played by the engine at once (issue 26).
 *
 *   {type:"orders", claims, throwUnneeded, targets?}
 *     claims         "ask" (every discard waits for the player, as without orders) or
 *                    "mahjong-only" (a discard waits for the player only when they could declare
 *                    Mah Jongg with it: otherwise they pass at once, or in the Siamese turn draw)
 *     throwUnneeded  a tile drawn from the wall that none of the target lines needs is discarded
 *                    at once (never a joker, never while a Mah Jongg, a joker exchange or any other
 *                    choice than the discard is open to the player)
 *     targets        the lines the player pinned (card line ids as hints name them; Wright-Patterson:
 *                    its hand list's ids); absent or none still open: the hints' best line per rack
 *
 * The move is accepted at any time from a seated player while the game runs and is not a turn: it
 * neither passes the turn nor answers a window. It is one record entry, so verify replays it; the
 * moves the orders make are not record entries: replaying the record makes them again. They are
 * made through the variant's own rules, so their events are exactly those of the same moves by hand.
 * A seat's orders are in its own view only (`orders`), and in every view once the game is over
 * (`ordersBySeat`).
 */
import type { ApplyResult, CoreState, GameEvent, Move, Orders, RuleError, Seat, Variant } from "../api";

export const CLAIM_ORDERS: readonly Orders["claims"][] = ["ask", "mahjong-only"];
const FIELDS = new Set(["type", "claims", "throwUnneeded", "targets"]);
/** More pinned lines than any rack count needs; keeps a stored state small. */
export const MAX_TARGETS = 16;

const fail = (code: string, message: string): { ok: false } & RuleError => ({ ok: false, code, message });

/** The orders a move sets, or a rule error in plain words. `known`: the ids targets may name (absent: none). */
export function parseOrders(move: Move, known: ReadonlySet<string> | undefined): Orders | ({ ok: false } & RuleError) {
  const extra = Object.keys(move).filter((k) => !FIELDS.has(k));
  if (extra.length) return fail("orders/malformed", `standing orders have no field ${extra.join(", ")}`);
  if (!CLAIM_ORDERS.includes(move.claims as Orders["claims"])) return fail("orders/claims", `claims is "ask" (always ask me) or "mahjong-only" (ask me only when I could declare Mah Jongg)`);
  if (typeof move.throwUnneeded !== "boolean") return fail("orders/throw", "throwUnneeded is true (throw a drawn tile none of my lines needs) or false");
  const orders: Orders = { claims: move.claims as Orders["claims"], throwUnneeded: move.throwUnneeded };
  if (move.targets === undefined) return orders;
  const t = move.targets;
  if (!Array.isArray(t) || !t.every((x) => typeof x === "string")) return fail("orders/targets", "targets is a list of line names");
  if (t.length > MAX_TARGETS) return fail("orders/targets", `pin at most ${MAX_TARGETS} lines`);
  if (t.length && !known) return fail("orders/targets", "this game has no card lines to pin");
  const unknown = t.filter((x) => !known!.has(x));
  if (unknown.length) return fail("orders/targets", `there is no line ${unknown.map((x) => JSON.stringify(x)).join(", ")} to pin`);
  return { ...orders, targets: [...new Set(t as string[])] };
}

export const ordersOf = (s: CoreState, seat: Seat): Orders | null => s.orders?.[seat] ?? null;

/** The orders move as legalMoves offers it: the seat's orders as they stand (else none: "ask", no throwing). */
export function ordersMove(s: CoreState, seat: Seat): Move {
  const o = ordersOf(s, seat);
  return { type: "orders", claims: o?.claims ?? "ask", throwUnneeded: o?.throwUnneeded ?? false, ...(o?.targets ? { targets: o.targets.slice() } : {}) };
}

/** Sets `seat`'s orders: the state after it (no event: orders are private, and not a turn). */
export function setOrders<S extends CoreState>(s: S, seat: Seat, orders: Orders): S {
  const all = Array.from({ length: s.players }, (_, i) => (i === seat ? orders : (s.orders?.[i] ?? null)));
  return { ...s, orders: all };
}

/** A change the orders follow can never need more automatic moves than this (a whole hand is far fewer). */
const LIMIT = 10_000;

/**
 * After a change (`r`): while some seat in toAct is covered by its orders, play the move they make
 * through the variant's own rules (`apply`, not a record entry), and again after it. Returns the
 * state after them with all the events in order.
 */
export function followOrders<S extends CoreState>(v: Pick<Variant<S>, "apply" | "toAct" | "ordered">, r: ApplyResult<S>): ApplyResult<S> {
  if (!r.ok || !v.ordered || !r.state.orders || r.state.phase === "over") return r;
  let state = r.state;
  let last: readonly GameEvent[] = r.events;
  let events: GameEvent[] | null = null; // copied only when a move is made
  for (let n = 0; state.phase !== "over"; n++) {
    let next: { seat: Seat; move: Move } | null = null;
    for (const seat of v.toAct(state)) {
      const o = ordersOf(state, seat);
      const move = o && v.ordered(state, seat, o, last);
      if (move) {
        next = { seat, move };
        break;
      }
    }
    if (!next) break;
    if (n >= LIMIT) throw new Error(`standing orders keep playing (ply ${state.ply})`);
    const out = v.apply(state, next.seat, next.move);
    if (!out.ok) throw new Error(`standing orders made a move the rules refuse: ${JSON.stringify(next.move)} by seat ${next.seat}: ${out.code}: ${out.message}`);
    state = out.state;
    last = out.events;
    (events ??= r.events.slice()).push(...out.events);
  }
  return events ? { ok: true, state, events } : r;
}

/** Did the change whose events these are give `seat` the tile `tile` straight from the wall (a draw, not a replacement)? */
export const drewFromWall = (events: readonly GameEvent[], seat: Seat, tile: number): boolean =>
  events.some((e) => e.type === "draw" && e.seat === seat && !e.loose && (e.secret?.tile as { id?: number } | undefined)?.id === tile);

/** A view with the orders its viewer may see: its own, and everyone's once the game is over. */
export function viewWithOrders(view: unknown, s: CoreState, seat: Seat | null): unknown {
  if (view === null || typeof view !== "object" || Array.isArray(view)) return view;
  const own = seat !== null && Number.isInteger(seat) && seat >= 0 && seat < s.players ? ordersOf(s, seat) : null;
  const out: Record<string, unknown> = { ...(view as Record<string, unknown>), orders: own };
  if (s.phase === "over") out.ordersBySeat = Array.from({ length: s.players }, (_, i) => ordersOf(s, i));
  return out;
}
