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
 *
 * A "choice" is a decision a person really had to make: a move chosen among two or more legal
 * answers (the orders move and a claim window's call preference aside). A draw with nothing else
 * to do, or a pass that is the only answer, is a move but no choice.
 */
import type { ApplyResult, GameEvent, GameOptions, Move, Orders as EngineOrders, RulesetId, Seat } from "../worker/engine/api";
import { apply, chooseMove, closeWindow, DEFAULT_ORDERS, legalMoves, newGame, paceOf, result, toAct, viewFor, type GameState } from "../worker/engine/index";
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

/** A standing orders move; `null` plays as today without orders (every decision asked). */
export type Orders = (Move & { type: "orders" } & EngineOrders) | null;
/** Issue #26's quick orders: Mah Jongg claims only, a drawn tile none of the lines needs thrown. */
export const QUICK_ORDERS: Orders = { type: "orders", claims: "mahjong-only", throws: "unneeded" };
/** The product's default (issue #35): claims and throws judged as the strong computer would. */
export const JUDGED_ORDERS: Orders = { type: "orders", ...DEFAULT_ORDERS };

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
  /** Of those, the ones with two or more legal answers (see the header): the choices people made. */
  choices: number;
  /** Moves played by the engine under standing orders. */
  byOrders: number;
  /** Claim windows closed by their deadline with answers missing. */
  deadlines: number;
  /** Hours the American Charleston took (0 for a game without one). */
  charlestonHours: number;
}

/** Moves standing orders played in a change: each marks its first event `byOrders` (engine/game/orders.ts). */
export const movesByOrders = (events: readonly GameEvent[]): number => events.filter((e) => e.byOrders).length;

/** Answers that are no choice: the orders move, and a claim window's call preference (set once, not an answer). */
const NOT_ANSWERS = new Set(["orders", "preference"]);

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
  const out: PacedGame = { hours: 0, waits: 0, decisions: 0, choices: 0, byOrders: 0, deadlines: 0, charlestonHours: 0 };
  // A change (a move, or a window closed at its deadline), and the moves orders made after it.
  const change = (made: (st: GameState) => ApplyResult<GameState>, what: string) => {
    const r = made(s);
    if (!r.ok) throw new Error(`${seed}: ${what} at ply ${s.ply} refused: ${r.code}: ${r.message}`);
    out.byOrders += movesByOrders(r.events);
    s = r.state;
  };
  // Orders are given once, right after the deal, by every seat (the engine accepts them at any time;
  // they are not a decision, and the orders move has no events of its own).
  if (o.orders)
    for (let seat = 0; seat < s.players; seat++) {
      const r = apply(s, seat, o.orders);
      if (!r.ok) throw new Error(`${seed}: orders refused: ${r.message}`);
      out.byOrders += movesByOrders(r.events);
      s = r.state;
    }
  const step = (seat: Seat, move: Move, answers: number) => {
    change((st) => apply(st, seat, move), `seat ${seat} ${JSON.stringify(move)}`);
    out.decisions++;
    if (answers > 1) out.choices++;
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
    if (s.phase === "charleston") out.charlestonHours = t;
    // The seat checks in and makes every decision waiting for it.
    while (result(s) === null && toAct(s).includes(seat)) {
      const legal = legalMoves(s, seat).filter((m) => m.type !== "orders");
      step(seat, decide(s, seat, legal), legal.filter((m) => !NOT_ANSWERS.has(m.type)).length);
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
