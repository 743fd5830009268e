/**
 * The check-in model of `npm run bench:pace` (issue #26 §5), pure: no clock, no Math.random.
 *
 * Each person checks in at random moments, a Poisson process with a mean gap of `meanHours`
 * (12: twice a day), drawn from a seeded generator, one sequence per seat. At a check-in a seat
 * makes every decision waiting for it (while the engine lists it in `toAct`), chosen by the
 * medium computer player from its own view. A claim window closes at its deadline (the pace's
 * `hours` after it opened: the game's windowHours) if answers are still missing. Between check-ins
 * nothing happens: calendar time only moves from one check-in or deadline to the next. Clock
 * timeouts never happen (players check in far more often than a turn's days).
 *
 * A "wait" is one seat being asked to decide: each time a seat joins the set of seats the game
 * waits for (`toAct`). A seat's several decisions in a row (draw, then discard) are one wait; a
 * claim window asking three seats is three waits, however long each takes.
 */
import type { ApplyResult, GameOptions, Move, RulesetId, Seat } from "../worker/engine/api";
import { apply, chooseMove, closeWindow, legalMoves, newGame, paceOf, result, toAct, viewFor, type GameState } from "../worker/engine/index";
import { nextU32, seedRng, type RngState } from "../worker/engine/random";

/** A number in (0, 1] from the generator. */
const unit = (rng: RngState) => (nextU32(rng) + 1) / 2 ** 32;

/** A gap of a Poisson process with this mean: exponentially distributed. */
export const exponential = (rng: RngState, mean: number) => -mean * Math.log(unit(rng));

/** Each seat's check-in times, from one seeded generator per seat. */
export class CheckIns {
  private readonly rngs: RngState[];
  private readonly at: number[];
  constructor(seed: string, seats: number, readonly meanHours = 12) {
    this.rngs = Array.from({ length: seats }, (_, i) => seedRng(`check-ins:${seed}:${i}`));
    this.at = this.rngs.map((r) => exponential(r, meanHours));
  }
  /** The seat's first check-in strictly after `t` (hours); the sequence only moves forward. */
  nextAfter(seat: Seat, t: number): number {
    while (this.at[seat]! <= t) this.at[seat]! += exponential(this.rngs[seat]!, this.meanHours);
    return this.at[seat]!;
  }
}

/** Standing orders as issue #26 names them; `null` plays as today (every decision asked). */
export type Orders = { type: "orders"; claims: "ask" | "mahjong-only"; throwUnneeded: boolean; targets?: string[] } | null;
export const QUICK_ORDERS: Orders = { type: "orders", claims: "mahjong-only", throwUnneeded: true };

/** Who decides for a seat at its check-in (the bench: the medium computer player). */
export type Decide = (s: GameState, seat: Seat, legal: Move[]) => Move;
export const medium =
  (seed: string): Decide =>
  (s, seat, legal) =>
    chooseMove(s.ruleset, viewFor(s, seat), legal, "medium", `${seed}:${s.ply}:${seat}`);

export interface PacedGame {
  /** Hours from the deal to the end. */
  hours: number;
  /** Seats asked to decide (see the header). */
  waits: number;
  /** Moves chosen by a person at a check-in (the orders move itself not counted). */
  decisions: number;
  /** Moves played by the engine under standing orders. */
  byOrders: number;
  /** Claim windows closed by their deadline with answers missing. */
  deadlines: number;
}

/** The state as it would be with nobody on orders (the engine then plays no move by itself). */
const withoutOrders = (s: GameState): GameState => ({ ...s, orders: undefined });

/** An event as the same move by hand makes it (the mark of a move by orders aside). */
const unmarked = (e: unknown) => {
  const { byOrders: _, ...rest } = e as Record<string, unknown>;
  return JSON.stringify(rest);
};
const sameEvents = (a: readonly unknown[], b: readonly unknown[]) => a.length <= b.length && a.every((e, i) => unmarked(e) === unmarked(b[i]));

/**
 * How many moves the engine played by itself under standing orders in one change. The engine makes
 * them through the ruleset's own rules, so their events are those of the same moves made by hand,
 * following the change's own events, and no record entry says so. `bare` is the change made with
 * nobody on orders (its state and events); the events past those are split into moves by finding,
 * each time, the legal move of a seat to act whose events come next.
 */
export function movesByOrders(bare: { state: GameState; events: readonly unknown[] }, events: readonly unknown[], seed: string): number {
  let t = bare.state;
  let rest = events.slice(bare.events.length);
  let n = 0;
  next: while (rest.length) {
    for (const seat of toAct(t))
      for (const m of legalMoves(t, seat)) {
        if (m.type === "orders") continue;
        const q = apply(t, seat, m);
        if (q.ok && q.events.length && sameEvents(q.events, rest)) {
          t = withoutOrders(q.state);
          rest = rest.slice(q.events.length);
          n++;
          continue next;
        }
      }
    throw new Error(`${seed}: events no legal move accounts for at ply ${t.ply}: ${JSON.stringify(rest[0]).slice(0, 200)}`);
  }
  return n;
}

export interface PaceOptions {
  orders?: Orders;
  meanHours?: number;
  decide?: Decide;
  /** Give up after this many decisions (a game that does not end is a bug). */
  maxDecisions?: number;
}

/** Plays one game under the check-in model from `seed`: its calendar hours, waits and moves. */
export function playByCheckIns(ruleset: RulesetId, options: GameOptions, seed: string, o: PaceOptions = {}): PacedGame {
  const g = newGame(ruleset, options, seed);
  if (!g.ok) throw new Error(`${seed}: ${g.message}`);
  let s = g.state;
  const decide = o.decide ?? medium(seed);
  const out: PacedGame = { hours: 0, waits: 0, decisions: 0, byOrders: 0, deadlines: 0 };
  // A change (a move, or a window closed at its deadline), and the moves orders made after it.
  // Made with nobody on orders, the change itself shows which of its events are its own.
  const change = (made: (st: GameState) => ApplyResult<GameState>, what: string) => {
    const r = made(s);
    if (!r.ok) throw new Error(`${seed}: ${what} at ply ${s.ply} refused: ${r.code}: ${r.message}`);
    if (o.orders) {
      const bare = made(withoutOrders(s));
      if (!bare.ok) throw new Error(`${seed}: ${what} refused without orders: ${bare.message}`);
      out.byOrders += movesByOrders(bare, r.events, seed);
    }
    s = r.state;
  };
  // Orders are given once, right after the deal, by every seat (the engine accepts them at any time;
  // they are not a decision, and the orders move has no events of its own).
  if (o.orders)
    for (let seat = 0; seat < s.players; seat++) {
      const r = apply(s, seat, o.orders);
      if (!r.ok) throw new Error(`${seed}: orders refused: ${r.message}`);
      out.byOrders += movesByOrders({ state: withoutOrders(s), events: [] }, r.events, seed);
      s = r.state;
    }
  const step = (seat: Seat, move: Move) => {
    change((st) => apply(st, seat, move), `seat ${seat} ${JSON.stringify(move)}`);
    out.decisions++;
  };
  const checkIns = new CheckIns(seed, s.players, o.meanHours ?? 12);
  let t = 0;
  let awaited = new Set<Seat>();
  let windowKey = "";
  let deadline: number | null = null;
  const max = o.maxDecisions ?? 200_000;
  const watchWindow = () => {
    const p = paceOf(s);
    if (p.hours === null) deadline = null;
    else if (p.key !== windowKey) (windowKey = p.key), (deadline = t + p.hours);
  };
  watchWindow();
  while (result(s) === null) {
    const acting = toAct(s);
    if (!acting.length) throw new Error(`${seed}: nobody is to act at ply ${s.ply}`);
    for (const seat of acting) if (!awaited.has(seat)) out.waits++;
    awaited = new Set(acting);
    let seat = acting[0]!;
    let when = checkIns.nextAfter(seat, t);
    for (const other of acting.slice(1)) {
      const at = checkIns.nextAfter(other, t);
      if (at < when) (seat = other), (when = at);
    }
    if (deadline !== null && deadline <= when) {
      t = deadline;
      change(closeWindow, "the window's deadline passed: closing it");
      out.deadlines++;
      watchWindow();
      continue;
    }
    t = when;
    // The seat checks in and makes every decision waiting for it.
    while (result(s) === null && toAct(s).includes(seat)) {
      const legal = legalMoves(s, seat).filter((m) => m.type !== "orders");
      step(seat, decide(s, seat, legal));
      watchWindow();
      if (out.decisions > max) throw new Error(`${seed}: the game does not end after ${max} decisions`);
    }
  }
  out.hours = t;
  return out;
}

/** The median of a list of numbers (the mean of the middle two for an even count). */
export function median(xs: readonly number[]): number {
  if (!xs.length) return NaN;
  const a = [...xs].sort((x, y) => x - y);
  const m = a.length >> 1;
  return a.length % 2 ? a[m]! : (a[m - 1]! + a[m]!) / 2;
}
