/**
 * Standing orders, for every ruleset: a player's own rules for the turns that need no thought,
 * played by the engine at once (issues 26 and 35).
 *
 *   {type:"orders", claims, throws, targets?}
 *     claims   "ask"           every discard waits for the player, as without orders
 *              "mahjong-only"  a discard waits for the player only when they could declare Mah Jongg
 *                              with it: otherwise they pass at once, or in the Siamese turn draw
 *              "judged"        every discard is answered at once, claim or pass (or draw), as the
 *                              strong computer player answers it from the seat's own view; a seat
 *                              that could declare Mah Jongg with it is always asked
 *     throws   "none"          the player discards every tile themselves
 *              "unneeded"      a tile drawn from the wall that none of the target lines needs is
 *                              discarded at once
 *              "judged"        a tile drawn from the wall is discarded at once when the strong
 *                              computer player's choice from the seat's own view is that tile (or
 *                              one it rates exactly as good: bots/decide.ts) and no pinned line
 *                              needs it; otherwise the player is asked
 *              Either way never a joker, never a claimed, dealt or replacement tile, never while a
 *              Mah Jongg, a joker exchange, a kong or the Atomic choice is open to the player.
 *     targets  the lines the player pinned (card line ids as hints name them; Wright-Patterson: its
 *              hand list's ids); "unneeded" without any still open: the hints' best line per rack
 *   The legacy field `throwUnneeded` (true ≡ throws "unneeded", false ≡ "none") is accepted in place
 *   of `throws` (both at once, or neither, is refused), and a state stored with it reads the same
 *   (ordersOf): records and states made before `throws` replay and play on exactly. The orders
 *   move legalMoves offers, a seat's view and the state keep the new shape.
 *
 * DEFAULT_ORDERS (judged claims and throws) are what a player who never chose plays with; ASK_ORDERS
 * are none at all. normalizeOrders reads either shape (a stored default, an old state).
 *
 * The move is accepted at any time from a seated player while the game runs and is not a turn: it
 * neither passes the turn nor answers a window. It is one record entry, so verify replays it; the
 * moves the orders make are not record entries: replaying the record makes them again. They are
 * made through the variant's own rules, so their events are exactly those of the same moves by hand,
 * with one mark: the first event of each move a seat's orders played, when it is the seat's own
 * (its draw, discard, claim, answer…; a pass that shows no event of its own leaves no mark), carries
 * `byOrders: true`: one mark a move, where a move list reads it. viewEvent (./events.ts) strips the
 * mark from every view but that seat's own while the game runs (spectators and other seats never
 * see it; once the game is over every view is a spectator's, so nobody does). The stored log and
 * the published record keep it. A seat's orders are in its own view only (`orders`), and in every view
 * once the game is over (`ordersBySeat`).
 *
 * Judged orders decide only from what the seat may see: the variant's viewFor for that seat (with
 * its orders, as the service hands it to a computer player) and the seat's legal moves, given to
 * the ruleset's computer player at strength "strong" with a generator seeded from public facts (the
 * game's commitment, the seat, the wall and discards' sizes: judgeSeed), never from the state.
 */
import type { ApplyResult, CoreState, GameEvent, LegacyOrders, Move, Orders, RuleError, Seat, Variant } from "../api";
import type { Bot } from "../bots/common";
import { asGood, decideRated, type Ratings } from "../bots/decide";
import type { Kind } from "../tiles";

export const CLAIM_ORDERS: readonly Orders["claims"][] = ["ask", "mahjong-only", "judged"];
export const THROW_ORDERS: readonly Orders["throws"][] = ["none", "unneeded", "judged"];
/** What a player who has not chosen plays with: every decision the strong computer would make as surely, made at once. */
export const DEFAULT_ORDERS: Readonly<Orders> = Object.freeze({ claims: "judged", throws: "judged" });
/** No orders: every decision asked. */
export const ASK_ORDERS: Readonly<Orders> = Object.freeze({ claims: "ask", throws: "none" });

const FIELDS = new Set(["type", "claims", "throws", "throwUnneeded", "targets"]);
/** More pinned lines than any rack count needs; keeps a stored state small. */
export const MAX_TARGETS = 16;

type Refusal = { ok: false } & RuleError;
const fail = (code: string, message: string): Refusal => ({ ok: false, code, message });

/** claims and throws of either shape (the legacy `throwUnneeded` or `throws`), or a rule error. */
function readOrders(raw: Record<string, unknown>): Orders | Refusal {
  if (!CLAIM_ORDERS.includes(raw.claims as Orders["claims"]))
    return fail("orders/claims", `claims is "ask" (always ask me), "mahjong-only" (ask me only when I could declare Mah Jongg) or "judged" (answer every discard as the strong computer would, asking me when I could declare Mah Jongg)`);
  const legacy = raw.throwUnneeded !== undefined;
  if (legacy && raw.throws !== undefined) return fail("orders/throw", "give throws, not throws and throwUnneeded together");
  if (legacy) {
    if (typeof raw.throwUnneeded !== "boolean") return fail("orders/throw", "throwUnneeded is true (throw a drawn tile none of my lines needs) or false");
    return { claims: raw.claims as Orders["claims"], throws: raw.throwUnneeded ? "unneeded" : "none" };
  }
  if (!THROW_ORDERS.includes(raw.throws as Orders["throws"]))
    return fail("orders/throw", `throws is "none", "unneeded" (throw a drawn tile none of my lines needs) or "judged" (throw a drawn tile when the strong computer would)`);
  return { claims: raw.claims as Orders["claims"], throws: raw.throws as Orders["throws"] };
}

/**
 * Orders of either shape as the engine keeps them ({claims, throws, targets?}), or null when `raw`
 * is none or not orders at all (e.g. a stored default of another shape). For what the service stores.
 */
export function normalizeOrders(raw: unknown): Orders | null {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return null;
  const o = readOrders(raw as Record<string, unknown>);
  if ("ok" in o) return null;
  const t = (raw as { targets?: unknown }).targets;
  return Array.isArray(t) && t.every((x) => typeof x === "string") ? { ...o, targets: [...new Set(t as string[])] } : o;
}

/** The orders a move sets, or a rule error in plain words. `known`: the ids targets may name (absent: none). */
export function parseOrders(move: Move, known: ReadonlySet<string> | undefined): Orders | Refusal {
  const extra = Object.keys(move).filter((k) => !FIELDS.has(k));
  if (extra.length) return fail("orders/malformed", `standing orders have no field ${extra.join(", ")}`);
  const orders = readOrders(move);
  if ("ok" in orders || move.targets === undefined) return orders;
  const t = move.targets;
  if (!Array.isArray(t) || !t.every((x) => typeof x === "string")) return fail("orders/targets", "targets is a list of line names");
  if (t.length > MAX_TARGETS) return fail("orders/targets", `pin at most ${MAX_TARGETS} lines`);
  if (t.length && !known) return fail("orders/targets", "this game has no card lines to pin");
  const unknown = t.filter((x) => !known!.has(x));
  if (unknown.length) return fail("orders/targets", `there is no line ${unknown.map((x) => JSON.stringify(x)).join(", ")} to pin`);
  return { ...orders, targets: [...new Set(t as string[])] };
}

/** Orders as a state holds them, of either shape, read as {claims, throws, targets?} (the same object while it is of the new shape). */
const read = (o: Orders | LegacyOrders): Orders =>
  "throws" in o ? o : { claims: o.claims, throws: o.throwUnneeded ? "unneeded" : "none", ...(o.targets ? { targets: o.targets } : {}) };

export const ordersOf = (s: CoreState, seat: Seat): Orders | null => {
  const o = s.orders?.[seat];
  return o ? read(o) : null;
};

/** The orders move as legalMoves offers it: the seat's orders as they stand (else none: ASK_ORDERS). */
export function ordersMove(s: CoreState, seat: Seat): Move {
  const o = ordersOf(s, seat) ?? ASK_ORDERS;
  return { type: "orders", claims: o.claims, throws: o.throws, ...(o.targets ? { targets: o.targets.slice() } : {}) };
}

/** Sets `seat`'s orders: the state after it (no event: orders are private, and not a turn). */
export function setOrders<S extends CoreState>(s: S, seat: Seat, orders: Orders): S {
  const all = Array.from({ length: s.players }, (_, i) => (i === seat ? orders : (s.orders?.[i] ?? null)));
  return { ...s, orders: all };
}

/**
 * What the strong computer player makes of a seat's position: its move, and how it rated each
 * discard it weighed (bots/decide.ts). Asked by a variant's `ordered` hook for judged orders.
 */
export interface Judgement {
  move: Move;
  ratings: Ratings | null;
}
/** `legal`: the seat's legal moves when the caller already has them (exactly the variant's legalMoves there). */
export type Judge<S> = (state: S, seat: Seat, legal?: Move[]) => Judgement;

/**
 * The judge of judged orders for a variant: its computer player `bot` at strength "strong", given the
 * seat's view exactly as the service gives a computer seat (viewFor with the seat's orders) and the
 * seat's legal moves, with a generator seeded from public facts only (judgeSeed).
 */
export function judgeBy<S extends CoreState>(bot: Bot, v: Pick<Variant<S>, "viewFor" | "legalMoves" | "tilesOf">): Judge<S> {
  return (s, seat, legal) => decideRated(bot, viewWithOrders(v.viewFor(s, seat), s, seat), legal ?? v.legalMoves(s, seat), "strong", judgeSeed(v, s, seat));
}

/**
 * The seed of a judged decision: the game's public commitment, the seat and where the game stands in
 * public (which deal, the tiles left in the wall, the discards on the table), not the ply: the same
 * position is judged with the same dice however many record entries led to it (a duplicate-deal
 * benchmark gives its players the same; without tilesOf, the ply).
 */
export function judgeSeed<S extends CoreState>(v: Pick<Variant<S>, "tilesOf">, s: S, seat: Seat): string {
  const t = v.tilesOf?.(s);
  return `orders:${s.commitment}:${seat}:${t ? `${t.deal ?? 0}:${t.wall.length}:${t.discards.length}` : `ply ${s.ply}`}`;
}

/**
 * Judged throws: is the drawn tile (of kind `drawn`) the judge's choice, or one it rates exactly as
 * good? `kindOf` reads a tile id's kind.
 */
export function throwsDrawn(j: Judgement, drawn: Kind, kindOf: (id: number) => Kind | undefined): boolean {
  if (j.move.type !== "discard" || typeof j.move.tile !== "number") return false;
  const chosen = kindOf(j.move.tile);
  if (chosen === undefined) return false;
  return chosen === drawn || asGood(j.ratings?.get(chosen), j.ratings?.get(drawn));
}

/**
 * Judged claims: the judge's answer when it is one of `answers` (a claim or the seat's plain answer,
 * pass or draw), else `plain`: a judged seat is never left waiting for any reason but a Mah Jongg.
 */
export function judgedAnswer(j: Judgement, answers: readonly string[], plain: Move): Move {
  return answers.includes(j.move.type) ? j.move : plain;
}

/** A change the orders follow can never need more automatic moves than this (a whole hand is far fewer). */
const LIMIT = 10_000;

/** The events of `seat`'s move made by its orders, its own first event marked (one mark a move). */
function marked(events: GameEvent[], seat: Seat): GameEvent[] {
  if (events[0]?.seat !== seat) return events;
  const out = events.slice();
  out[0] = { ...events[0], byOrders: true };
  return out;
}

/**
 * After a change (`r`): while some seat in toAct is covered by its orders, play the move they make
 * through the variant's own rules (`apply`, not a record entry), and again after it. Returns the
 * state after them with all the events in order (each move's first event marked `byOrders`).
 */
export function followOrders<S extends CoreState>(v: Pick<Variant<S>, "apply" | "toAct" | "ordered">, r: ApplyResult<S>, judge?: Judge<S>): ApplyResult<S> {
  if (!r.ok || !v.ordered || !r.state.orders || r.state.phase === "over") return r;
  let state = r.state;
  let last: readonly GameEvent[] = r.events;
  let events: GameEvent[] | null = null; // copied only when a move is made
  for (let n = 0; state.phase !== "over"; n++) {
    let next: { seat: Seat; move: Move } | null = null;
    for (const seat of v.toAct(state)) {
      const o = ordersOf(state, seat);
      const move = o && v.ordered(state, seat, o, last, judge);
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
    (events ??= r.events.slice()).push(...marked(out.events, next.seat));
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
