/**
 * One simulation for every ruleset (as boardgame.io's Simulate plays any game): a player chooses
 * moves until the game ends, and on every step the engine's promises are checked through its
 * public contract only — every tile in exactly one place (the variant's `tilesOf`), no view and no
 * event shows a tile hidden from its viewer, every chosen move applies, `ply` counts the moves.
 * Used by the tests, `npm run cli -- simulate`, the benchmarks and each ruleset's simulated player
 * (variants/<folder>/simulated.ts). Pure: no clock, no Math.random. Over a Variant or Rules only:
 * a ruleset by its id is ../simulate.ts (which goes through the engine's entry).
 *
 *   simulate(variant, options, seed, { player, check })   any Variant (e.g. with a test card)
 */
import type { ApplyResult, CoreState, GameEvent, GameOptions, GameRecord, GameResult, Move, RulesetId, Seat, TilePlaces, Variant } from "../api";
import { viewEvent } from "./events";
import { verifyWith, type Verdict } from "./verify";
import { nextInt, seedRng, type RngState } from "../random";

/** An error meaning the engine broke a rule it promises to keep (not a bad argument). */
export class InvariantError extends Error {}
export const must = (ok: boolean, what: string) => {
  if (!ok) throw new InvariantError(what);
};

/** The contract a simulation plays through: a Variant, or the engine's public functions for a ruleset. */
export interface Rules<S extends CoreState = CoreState> {
  id: RulesetId;
  newGame(options: GameOptions, seed: string): S;
  legalMoves(state: S, seat: Seat): Move[];
  apply(state: S, seat: Seat, move: Move): ApplyResult<S>;
  viewFor(state: S, seat: Seat | null): unknown;
  toAct(state: S): Seat[];
  timeout(state: S, seat: Seat): ApplyResult<S>;
  abandon(state: S, seat: Seat): ApplyResult<S>;
  result(state: S): GameResult | null;
  tilesOf?(state: S): TilePlaces | null;
  verify(record: GameRecord): Verdict<S>;
  players: number;
}

/** Rules made for each Variant object, once (a simulation of many games asks for them per game). */
const RULES_OF = new WeakMap<Variant<CoreState>, Rules<CoreState>>();

/** A Variant object (e.g. one built with a test card) as Rules. */
export function rulesOfVariant<S extends CoreState>(v: Variant<S>): Rules<S> {
  let r = RULES_OF.get(v as unknown as Variant<CoreState>) as Rules<S> | undefined;
  if (!r) RULES_OF.set(v as unknown as Variant<CoreState>, (r = newRules(v)) as unknown as Rules<CoreState>);
  return r;
}

function newRules<S extends CoreState>(v: Variant<S>): Rules<S> {
  return {
    id: v.id,
    players: v.players,
    newGame: (o, seed) => v.newGame(o, seed),
    legalMoves: (s, seat) => v.legalMoves(s, seat),
    apply: (s, seat, m) => v.apply(s, seat, m),
    viewFor: (s, seat) => v.viewFor(s, seat),
    toAct: (s) => v.toAct(s),
    timeout: (s, seat) => v.timeout(s, seat),
    abandon: (s, seat) => v.abandon(s, seat),
    result: (s) => v.result(s),
    tilesOf: v.tilesOf ? (s) => v.tilesOf!(s) : undefined,
    verify: (record) => verifyWith(v, record),
  };
}

/**
 * Who plays: for a state with `acting` seats to act, the seat that moves and its move. A move
 * `{type:"timeout"}` plays the timeout ruling for that seat, as the service records it.
 */
export type Player<S extends CoreState = CoreState> = (state: S, acting: Seat[]) => { seat: Seat; move: Move };
/** A player for one game, made from the game's seed (each keeps its own seeded generator). */
export type PlayerFor<S extends CoreState = CoreState> = (rules: Rules<S>, seed: string) => Player<S>;

/** Any acting seat, any legal move, at random (never standing orders: a simulation sets them itself). */
export const randomPlayer: PlayerFor = (rules, seed) => {
  const rng = seedRng(`random-player:${seed}`);
  return (s, acting) => {
    const seat = acting[nextInt(rng, acting.length)]!;
    const moves = rules.legalMoves(s, seat).filter((m) => m.type !== "orders");
    if (moves.length === 0) throw new InvariantError(`seat ${seat} is to act and has no legal move`);
    return { seat, move: moves[nextInt(rng, moves.length)]! };
  };
};

export interface SimulateOptions<S extends CoreState> {
  /** Who plays (default: random legal moves). */
  player?: PlayerFor<S>;
  /** Check the invariants on every step: tiles (tilesOf), views and events leak-free, ply. */
  check?: boolean;
  /** Check the views (default: with check). */
  views?: boolean;
  /** Check the events (default: with check). */
  events?: boolean;
  /** More checks of the variant's own, on every checked step (e.g. how many tiles each seat holds). */
  invariants?: (state: S) => void;
  /** Called before every move with the state and the move about to be played (e.g. to try refused moves). */
  beforeMove?: (state: S, seat: Seat, move: Move) => void;
  /** Stop after this many moves even if the game is not over (default: 100,000 means the game does not end). */
  maxMoves?: number;
  /** Stop when this many moves were played, without failing (e.g. the first hands of a long match). */
  stopAfter?: number;
}

export interface Simulation<S extends CoreState> {
  state: S;
  record: GameRecord;
  /** Moves chosen by the player. */
  steps: number;
}

/** Plays one game from `seed` to its end (or `stopAfter` moves); throws an InvariantError naming the seed on the first broken promise. */
export function simulate<S extends CoreState>(rules: Rules<S> | Variant<S>, options: GameOptions, seed: string, o: SimulateOptions<S> = {}): Simulation<S> {
  const r = ("verify" in rules ? rules : rulesOfVariant(rules)) as Rules<S>;
  const fail = (what: string) => new InvariantError(`seed ${seed}: ${what}`);
  const wrap = (f: () => void) => {
    try {
      f();
    } catch (e) {
      if (e instanceof InvariantError && !e.message.startsWith("seed ")) throw fail(e.message);
      throw e;
    }
  };
  let s = r.newGame(options, seed);
  const player = (o.player ?? (randomPlayer as unknown as PlayerFor<S>))(r, seed);
  const moves: GameRecord["moves"] = [];
  const views = o.check && o.views !== false;
  const events = o.check && o.events !== false;
  const seats = [...Array.from({ length: r.players }, (_, i) => i), null];
  // The places of the state checked last (the state before the next move, for its events).
  let places: TilePlaces | null = null;
  const checkState = (st: S) =>
    wrap(() => {
      places = checkTiles(r, st);
      if (views && places && r.result(st) === null) for (const seat of seats) checkLeaks(`the view for ${seatName(seat)}`, r.viewFor(st, seat), hiddenFrom(places, seat));
      o.invariants?.(st);
    });
  let steps = 0;
  const limit = o.maxMoves ?? 100_000;
  while (r.result(s) === null && (o.stopAfter === undefined || moves.length < o.stopAfter)) {
    if (o.check) checkState(s);
    const acting = r.toAct(s);
    if (acting.length === 0) throw fail(`nobody is to act and the game is not over (ply ${s.ply})`);
    const { seat, move } = player(s, acting);
    o.beforeMove?.(s, seat, move);
    const type = move.type;
    const out = type === "timeout" ? r.timeout(s, seat) : type === "abandon" ? r.abandon(s, seat) : r.apply(s, seat, move);
    if (!out.ok) throw fail(`move ${JSON.stringify(move)} by seat ${seat} refused: ${out.code}: ${out.message}`);
    if (events && places && out.events.length && r.result(out.state) === null) wrap(() => checkEvents(r.players, places!, r.tilesOf!(out.state), out.events));
    moves.push({ seat, move });
    s = out.state;
    if (s.ply !== moves.length) throw fail(`ply ${s.ply} after ${moves.length} moves`);
    if (++steps > limit) throw fail("the game does not end");
  }
  if (o.check) checkState(s);
  return { state: s, steps, record: { ruleset: s.ruleset, options: s.options, seed, commitment: s.commitment, moves } };
}

const seatName = (seat: Seat | null) => (seat === null ? "a spectator" : `seat ${seat}`);

/** Every tile id 0..total-1 in exactly one place; returns the places (null when the variant has no tilesOf). */
export function checkTiles<S extends CoreState>(r: Rules<S>, s: S): TilePlaces | null {
  const places = r.tilesOf?.(s) ?? null;
  if (!places) return null;
  // where[id] = 1 + index in `names` (a place's name is only needed in a failure message)
  const where = new Uint16Array(places.total);
  const names: string[] = [];
  let found = 0;
  const put = (ids: readonly number[], place: string) => {
    const at = names.push(place);
    for (const id of ids) {
      if (!(id >= 0 && id < places.total && Number.isInteger(id))) throw new InvariantError(`tile ${id} in ${place} is not a tile of the set`);
      if (where[id] !== 0) throw new InvariantError(`tile ${id} is both in ${names[where[id]! - 1]} and in ${place}`);
      where[id] = at;
      found++;
    }
  };
  put(places.wall, "the wall");
  places.seats.forEach((p, seat) => {
    put(p.concealed, `seat ${seat}'s concealed tiles`);
    put(p.open, `seat ${seat}'s open tiles`);
  });
  put(places.discards, "the discards");
  must(found === places.total, `${found} tiles instead of ${places.total}`);
  // the game's own count (an edition may let its options choose how many play)
  const players = (s as { players?: number }).players ?? r.players;
  must(places.seats.length === players, `${places.seats.length} seats of tiles for ${players} players`);
  return places;
}

/** The tile ids `seat` may not see, marked 1: the wall and every other seat's concealed tiles. */
export function hiddenFrom(places: TilePlaces, seat: Seat | null): Uint8Array {
  const hidden = new Uint8Array(places.total);
  for (const id of places.wall) hidden[id] = 1;
  places.seats.forEach((p, i) => {
    if (i !== seat) for (const id of p.concealed) hidden[id] = 1;
  });
  return hidden;
}

/** Keys under which a bare number is a tile id (elsewhere numbers are kinds, counts, points...). */
const TILE_KEYS = new Set(["tile", "tiles", "ids", "drawn"]);

/**
 * No tile id marked in `hidden` anywhere in `x`: as a tile ({id, kind}), or as a number under a key
 * that names tiles (tile, tiles, ids, drawn; finished hands shown as kinds are not ids); and no
 * seed, generator or wall (the deal can be recomputed from them; "wall" may be a count, not a list).
 */
export function checkLeaks(what: string, x: unknown, hidden: Uint8Array): void {
  const walk = (y: unknown, key: string): void => {
    if (typeof y === "number") {
      if (hidden[y] === 1 && TILE_KEYS.has(key)) throw new InvariantError(`${what} shows hidden tile ${y} (as "${key}")`);
      return;
    }
    if (y === null || typeof y !== "object") return;
    if (Array.isArray(y)) {
      if (typeof y[0] === "number" && !TILE_KEYS.has(key)) return; // kinds, counts, points
      for (let i = 0; i < y.length; i++) {
        const z = y[i];
        if (typeof z === "number") {
          if (hidden[z] === 1 && TILE_KEYS.has(key)) throw new InvariantError(`${what} shows hidden tile ${z} (as "${key}")`);
        } else if (z !== null && typeof z === "object") walk(z, key);
      }
      return;
    }
    const obj = y as Record<string, unknown>;
    if (typeof obj.id === "number" && typeof obj.kind === "number" && hidden[obj.id] === 1) throw new InvariantError(`${what} shows hidden tile ${obj.id}`);
    for (const k in obj) {
      const z = obj[k];
      if ((k === "seed" || k === "rng" || k === "wall") && !(k === "wall" && !Array.isArray(z))) throw new InvariantError(`${what} shows "${k}"`);
      if (z !== null && (typeof z === "object" || typeof z === "number")) walk(z, k);
    }
  };
  walk(x, "");
}

/**
 * Every event as each seat (and a spectator) sees it shows no tile hidden from that viewer both
 * before and after the move (a tile that moves from one hidden place to another stays secret; one
 * that was or becomes public may be named). Ending the game shows every tile. `a` and `b` are the
 * places before and after (tilesOf).
 */
export function checkEvents(players: number, a: TilePlaces, b: TilePlaces | null, events: GameEvent[]): void {
  if (!events.length || !b) return;
  for (let seat = -1; seat < players; seat++) {
    const viewer = seat < 0 ? null : seat;
    if (a.deal !== b.deal) {
      // The move ended a hand and dealt the next: its events name tiles of two deals, which no one set of
      // places describes. Then only the secrets are checked: each reaches its owner alone.
      for (const e of events) must(viewEvent(e, viewer).secret === undefined || (viewer !== null && e.secretFor === viewer), `event ${e.type} shows its secret to ${seatName(viewer)}`);
      continue;
    }
    const hidden = hiddenFrom(a, viewer);
    const later = hiddenFrom(b, viewer);
    for (let id = 0; id < hidden.length; id++) hidden[id]! &= later[id]!;
    // a discarded tile was on the table for all to see, wherever it went next within the change
    // (standing orders may take it into a concealed hand at once: Chinese, the left player's discard)
    for (const e of events) if (e.type === "discard" && typeof (e.tile as { id?: unknown } | undefined)?.id === "number") hidden[(e.tile as { id: number }).id] = 0;
    for (const e of events) checkLeaks(`event ${e.type} seen by ${seatName(viewer)}`, viewEvent(e, viewer), hidden);
  }
}

/** verify(record) must replay the simulated record to the same state. */
export function checkReplay<S extends CoreState>(r: Rules<S>, sim: Simulation<S>): void {
  const v = r.verify(sim.record);
  if (!v.ok) throw new InvariantError(`seed ${sim.record.seed}: the record does not verify: ${v.code}: ${v.message}`);
  must(JSON.stringify(v.state) === JSON.stringify(sim.state), `seed ${sim.record.seed}: the record replays to another state`);
}

export type { RngState };
