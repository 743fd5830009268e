/**
 * Applying a Siamese move (RULES §3–4): validate, then change a copy. Bad input gets a rule error
 * with a stable code and changes nothing; `ply` is bumped by the caller.
 */
import type { GameEvent, Move, RuleError, Seat } from "../../api";
import { lineById, lineLabel } from "../../game/card-of";
import { ref, takeDeclared, takeKind } from "../../game/physical";
import { JOKER, tileName } from "../../tiles";
import { ATOMIC_RACK, atomicCard, badDeclaration, isAtomicRack, loose, mayDeclare, rackSource, sideOf } from "./atomic";
import { asGroup, completions, completionsWith, type Completion } from "./judge";
import { DRAW, groupsOf, isJokerId, isSharedMove, jokerFree, kindsOfIds, movable, type Ctx } from "./moves";
import { deadRefusal, emptyObjects, killRack, stopsAtDiscard, turnEnd } from "./racks";
import { finish } from "./scoring";
import type { Discard, Exposure, Rack, SeatState, SiameseState } from "./state";

export type Step = { ok: true; state: SiameseState; events: GameEvent[] } | ({ ok: false } & RuleError);

const fail = (code: string, message: string): Step => ({ ok: false, code, message });
const isInt = (v: unknown, lo: number, hi: number): v is number => Number.isInteger(v) && (v as number) >= lo && (v as number) <= hi;
const GROUP = ["", "single", "pair", "pung", "kong", "quint", "sextet"];
const FIELDS: Record<string, string[]> = {
  draw: [],
  claim: ["rack", "size", "jokers"],
  "claim-mahjong": ["rack", "line"],
  discard: ["tile"],
  mahjong: ["rack", "line"],
  joker: ["seat", "rack", "exposure"],
  "move-exposure": ["rack", "exposure", "to"],
  atomic: ["tiles"],
  "abandon-atomic": [],
};
/** Moves allowed in either phase of one's turn. */
const ANY_PHASE = new Set(["atomic", "abandon-atomic"]);

/**
 * A copy of `s` down to its exposures, written out like withSeats: a spread copy of a state got a
 * hidden class of its own (a game's first Atomic move or giving it up made one), and every function
 * made fast for the states it had seen was thrown away and made again when one came along.
 */
export function clone(s: SiameseState): SiameseState {
  const seats = s.seats.slice(); // (copied by slice, not map: see seatForTurn)
  for (let i = 0; i < seats.length; i++) seats[i] = seatClone(seats[i]!);
  const c = withSeats(s, seats);
  c.rng = [...s.rng] as SiameseState["rng"];
  c.wall = s.wall.slice();
  c.discards = s.discards.slice();
  return c;
}

function seatClone(p: SeatState): SeatState {
  const q = seatForTurn(p);
  for (const r of q.racks) for (let i = 0; i < r.exposures.length; i++) ownExposure(r, i);
  return q;
}

/**
 * An exposure, always made by this one literal: a spread copy of one gets a hidden class of its own
 * (and another for a copy of the copy), and a list of exposures of many classes makes every read of
 * them (listing moves, asking the card) go through the runtime's slow path. `killed` is there from
 * the start (undefined until the exposure kills its rack, so the stored JSON leaves it out as
 * before): adding it later (killRack) gave killed exposures a class of their own.
 */
function exposure(kind: Exposure["kind"], tiles: number[], claimed: number, from: Seat, turn: number, killed: true | undefined): Exposure {
  return { kind, tiles, claimed, from, turn, killed };
}
const copyExposure = (e: Exposure): Exposure => exposure(e.kind, e.tiles.slice(), e.claimed, e.from, e.turn, e.killed);

/**
 * The top level of `s` with `seats` in place of its own: the same keys in the same order. The state
 * every game is dealt with (./deal.ts, ./world.ts) is written out, a literal V8 copies far faster than
 * a spread of an object whose shape it has seen many versions of; any other (claim windows, standing
 * orders) is spread.
 */
function withSeats(s: SiameseState, seats: SeatState[]): SiameseState {
  if (s.window !== undefined || s.orders !== undefined || s.ordersEntries !== undefined) return { ...s, seats };
  return { ruleset: s.ruleset, options: s.options, commitment: s.commitment, seed: s.seed, rng: s.rng, ply: s.ply, players: s.players, die: s.die, wall: s.wall, seats, turn: s.turn, toAct: s.toAct, phase: s.phase, discards: s.discards, claimable: s.claimable, ended: s.ended, result: s.result };
}

/**
 * `p` with its concealed tiles `pool`, written out like withSeats, every field there whether set or
 * not, the Atomic fields after the others as they were added (./deal.ts deals seats of this shape):
 * a spread copy of a seat gets a hidden class of its own every time, and seats of a dozen classes
 * made every read of a seat slow; a seat that gained `atomic` or `atomicAbandoned` later got one of
 * its own too, and threw away the fast code of every function that met it (legalMoves, action, ...).
 * An unset field is undefined, which JSON leaves out: stored states are as before. (A seat with a
 * call preference, editions with claim windows, is spread: its fields came in an order of their own.)
 */
function withPool(p: SeatState, pool: number[]): SeatState {
  if (p.preference !== undefined) return { ...p, pool };
  return { pool, racks: p.racks, drawn: p.drawn, stopped: p.stopped, revealed: p.revealed, atomic: p.atomic, atomicAbandoned: p.atomicAbandoned };
}

/**
 * The copy `draw` and `discard` change: the top level, the seats list and the acting seat with its
 * new `pool`. The racks, the other seat and the rest are shared with `s`, so those two never change
 * them in place (they replace the wall and the discards instead of shifting or pushing).
 */
function shallow(s: SiameseState, seat: Seat, pool: number[]): SiameseState {
  const seats = s.seats.slice();
  seats[seat] = withPool(seats[seat]!, pool);
  return withSeats(s, seats);
}

/**
 * The copy the moves within a turn (claims, declarations, joker exchanges, moving an exposure) change:
 * the acting seat and `other` (a joker's owner; -1: none) copied down to their racks' lists of
 * exposures, the rest shared with `s`. Those moves change nothing else in place (the wall, the
 * discards, the generator and the other seats are only read; the game's end replaces top-level
 * fields); the exposures themselves are shared too, and the one exposure a move changes (a joker
 * exchanged out of it) is replaced by a copy first (`ownExposure`).
 */
function forTurn(s: SiameseState, seat: Seat, other: number): SiameseState {
  const seats = s.seats.slice();
  seats[seat] = seatForTurn(seats[seat]!);
  if (other !== seat && other >= 0 && other < seats.length) seats[other] = seatForTurn(seats[other]!);
  return withSeats(s, seats);
}

/**
 * `p` with its own pool, Atomic tiles, racks and lists of exposures (the exposures shared: see forTurn).
 * The lists are copied by `slice`, which keeps what V8 stores in a list (its "elements kind"); a `map`
 * made them lists of another kind once it was compiled, and code made fast for one kind is thrown
 * away when it meets the other. An empty list of exposures is made anew (emptyObjects: one read
 * from JSON is a list of small integers to V8, and the first exposure pushed into it threw code away).
 */
function seatForTurn(p: SeatState): SeatState {
  const racks = p.racks.slice();
  for (let i = 0; i < racks.length; i++) {
    const r = racks[i]!;
    racks[i] = { exposures: r.exposures.length ? r.exposures.slice() : emptyObjects(), mahjong: r.mahjong, dead: r.dead };
  }
  const q = withPool(p, p.pool.slice());
  q.racks = racks;
  if (p.atomic) q.atomic = p.atomic.slice();
  return q;
}

/** Exposure `i` of `r` (a rack copied by forTurn), replaced by a copy of its own that the caller may change. */
function ownExposure(r: Rack, i: number): Exposure {
  const e = r.exposures[i]!;
  return (r.exposures[i] = copyExposure(e));
}

/** `list` and `x` after it, in an array of exactly that size (a copy then a push allocates twice). */
function withOneMore<T>(list: readonly T[], x: T): T[] {
  const n = list.length;
  const out = new Array<T>(n + 1);
  for (let i = 0; i < n; i++) out[i] = list[i]!;
  out[n] = x;
  return out;
}

export function step(ctx: Ctx, state: SiameseState, seat: Seat, move: Move): Step {
  // an edition with claim windows answers their moves first (Royale with 3–4 players)
  const claims = ctx.edition.claims;
  if (claims !== undefined && claims.uses(state)) {
    const r = claims.step(ctx, state, seat, move);
    if (r !== null) return r;
  }
  if (!move || typeof move !== "object") return fail("move/unknown", `"${String((move as Move | null)?.type)}" is not a Siamese move`);
  // (the type read once: moves come in a dozen shapes, so every read of one of their fields takes the slow way)
  const type = move.type;
  if (typeof type !== "string" || !Object.hasOwn(FIELDS, type)) return fail("move/unknown", `"${String(type)}" is not a Siamese move`);
  const fields = FIELDS[type]!;
  // (its own keys as a list: a for-in over moves of a dozen shapes, asking each key whether it is its own, cost more)
  const keys = Object.keys(move);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (k !== "type" && !fields.includes(k)) {
      const extra = keys.filter((k) => k !== "type" && !fields.includes(k));
      return fail("move/malformed", `a ${type} move has no field ${extra.join(", ")}`);
    }
  }
  if (state.phase === "over") return fail("game/over", "the game is over");
  if (!isInt(seat, 0, state.players - 1)) return fail("seat/unknown", `there is no seat ${seat}`);
  if (state.toAct !== seat) return fail("turn/not-yours", "it is not your turn");
  const drawPhase = type === "draw" || type === "claim" || type === "claim-mahjong";
  if (ANY_PHASE.has(type)) return atomicStep(ctx, state, seat, move);
  if (drawPhase && state.phase !== "draw") return fail("turn/discard-first", "you have already drawn or claimed: discard to end your turn");
  if (!drawPhase && state.phase !== "discard") return fail("turn/draw-first", "draw a tile or claim the last discard first");
  const r = type === "draw" ? draw(ctx, state, seat) : type === "discard" ? discard(ctx, state, seat, move) : action(ctx, forTurn(state, seat, type === "joker" && isInt(move.seat, 0, state.players - 1) ? move.seat : -1), seat, move);
  return r.ok ? settle(ctx, r, seat) : r;
}

/**
 * The simulations' own step (./simulated.ts) for the two moves of almost every turn, a draw and a
 * discard: the same checks and the same state as `step`, made in `state` itself, which the caller
 * owns and never looks at again as it was (no copy of the seats, the wall or the discards, no event
 * but the discard's). null for any other move, or one `step` would refuse (the caller applies it
 * with `step`, which answers it), or an edition with claim windows. Never for a real game's state:
 * the service's states are shared by the record, the views and the events, and only `step` changes them.
 */
export function stepInPlace(ctx: Ctx, state: SiameseState, seat: Seat, move: Move): Extract<Step, { ok: true }> | null {
  // (only the shared moves of legalMoves, which the simulations' players return: well formed, their keys need no reading)
  if (!move || typeof move !== "object" || ctx.edition.claims !== undefined || state.toAct !== seat || !isSharedMove(move)) return null;
  if (move === DRAW) {
    if (state.phase !== "draw" || state.wall.length === 0) return null;
    const tile = state.wall.shift()!;
    const me = state.seats[seat]!;
    me.pool.push(tile);
    me.drawn = tile;
    state.claimable = null;
    state.phase = "discard";
    return { ok: true, state, events: NO_EVENTS };
  }
  if (state.phase !== "discard") return null;
  const r = discard(ctx, state, seat, move, true);
  return r.ok ? r : null;
}
const NO_EVENTS: GameEvent[] = Object.freeze([]) as unknown as GameEvent[];

function draw(ctx: Ctx, state: SiameseState, seat: Seat): Step {
  const tile = state.wall[0]!;
  const pool = state.seats[seat]!.pool.slice();
  pool.push(tile);
  const s = shallow(state, seat, pool);
  const me = s.seats[seat]!;
  s.wall = s.wall.slice(1);
  me.drawn = tile;
  s.claimable = null;
  s.phase = "discard";
  return { ok: true, state: s, events: [{ type: "draw", seat, wall: s.wall.length, secret: { tile: ref(ctx.kinds, tile) }, secretFor: seat }] };
}

/** Discards `move.tile` from a copy of `state` (one it may change in place with `own`: the timeout's). */
export function discard(ctx: Ctx, state: SiameseState, seat: Seat, move: Move, own = false): Step {
  const tile = move.tile;
  if (!isInt(tile, 0, ctx.kinds.length - 1)) return fail("discard/not-held", "you can only discard a tile you hold concealed");
  const at = state.seats[seat]!.pool.indexOf(tile);
  if (at < 0) return fail("discard/not-held", "you can only discard a tile you hold concealed");
  const s = own ? state : shallow(state, seat, state.seats[seat]!.pool.slice());
  const me = s.seats[seat]!;
  if (me.atomic?.includes(tile) && !swapAtomic(me, tile)) return fail("discard/atomic", "that tile is on your Atomic rack, and no drawn tile can take its place: discard a tile of rack 2");
  // the tile taken out of the (own) pool: the rest moved down and the last dropped (a splice makes an array of what it took)
  const pool = me.pool;
  for (let i = at; i < pool.length - 1; i++) pool[i] = pool[i + 1]!;
  pool.pop();
  me.drawn = null;
  const d = { seat, tile, turn: s.turn };
  // (an own state's list is its own too: timeout's clone copied it, the simulations' in-place step owns the state)
  if (own) s.discards.push(d);
  else s.discards = withOneMore(s.discards, d);
  s.turn++;
  const events: GameEvent[] = [{ type: "discard", seat, tile: ref(ctx.kinds, tile) }];
  // an edition with its own end (Royale) stops a player whose hands are all declared or dead, none declared too
  if (me.revealed || stopsAtDiscard(me.racks, ctx.edition.end !== undefined)) {
    me.stopped = true;
    events.push({ type: "stopped", seat });
  }
  // The next seat after this one (this one last) that has not stopped.
  let next = -1;
  for (let i = 0; i < s.seats.length && next < 0; i++) {
    const j = (seat + 1 + i) % s.players;
    if (!s.seats[j]!.stopped) next = j;
  }
  if (ctx.edition.end) {
    const end = ctx.edition.end(s.seats, s.wall.length === 0);
    if (end) return { ok: true, state: finish(ctx, s, end.reason, end.seat), events };
  }
  if (s.wall.length === 0) return { ok: true, state: finish(ctx, s, "wall", null), events };
  if (next < 0) return { ok: true, state: finish(ctx, s, "dead", null), events };
  // an edition with claim windows: any other player may claim the discard
  if (ctx.edition.claims?.uses(s)) return ctx.edition.claims.afterDiscard(ctx, s, d, events);
  s.toAct = next;
  s.claimable = s.toAct === seat || ctx.kinds[tile] === JOKER ? null : d;
  s.phase = "draw";
  return { ok: true, state: s, events };
}

/**
 * An Atomic player discards `tile` of the Atomic rack: the drawn tile takes its place (false when
 * there is none). Apart from discard, whose every other move needs none of this; the list copied by
 * slice, as seatForTurn copies it.
 */
function swapAtomic(me: SeatState, tile: number): boolean {
  const l = loose(me);
  if (l === null) return false;
  const a = me.atomic!.slice();
  a[a.indexOf(tile)] = l; // (an Atomic rack's 13 tiles are distinct)
  me.atomic = a.sort((x, y) => x - y);
  return true;
}

/**
 * The moves within a turn other than the draw and the discard, each kind a function of its own: a
 * compiled `action` of them all was large, made again whenever a rare kind (a joker exchange, a
 * moved exposure, a Mah Jongg) came along for the first time, and the making cost more than the moves.
 */
function action(ctx: Ctx, s: SiameseState, seat: Seat, move: Move): Step {
  const me = s.seats[seat]!;
  const rackNo = move.rack;
  if (!isInt(rackNo, 0, me.racks.length - 1)) return fail("rack/unknown", `there is no rack ${String(rackNo)}`);
  const type = move.type; // (read once: see step)
  if (type === "claim" || type === "claim-mahjong") {
    const d = s.claimable;
    if (!d || d.seat === seat) return fail("claim/nothing", "there is no discard you can claim");
    const closed = closedRack(me.racks[rackNo]!, rackNo);
    if (closed) return closed;
    return type === "claim" ? claim(ctx, s, seat, rackNo, d, move) : claimMahjong(ctx, s, seat, rackNo, d, move);
  }
  if (type === "mahjong") return mahjong(ctx, s, seat, rackNo, move);
  if (type === "joker") return joker(ctx, s, seat, rackNo, move);
  return moveExposure(ctx, s, seat, rackNo, move);
}

/** Claiming discard `d` for an exposure on open rack `rackNo`. */
function claim(ctx: Ctx, s: SiameseState, seat: Seat, rackNo: number, d: Discard, move: Move): Step {
  const me = s.seats[seat]!;
  const { kinds, cards, card } = ctx;
  const rack = me.racks[rackNo]!;
  const kind = kinds[d.tile]!;
  if (isAtomicRack(me, rackNo)) return fail("rack/atomic", ATOMIC_NO_EXPOSURE);
  const { size, jokers } = move;
  if (!isInt(size, 3, 6)) return fail("claim/size", "a discard can be claimed for a pung, kong, quint or sextet (3 to 6 tiles)");
  if (!isInt(jokers, 0, size - 1)) return fail("claim/jokers", `a ${GROUP[size]} has between 0 and ${size - 1} jokers beside the claimed tile`);
  const side = sideOf(me).slice();
  const real = takeKind(side, kinds, kind, size - 1 - jokers);
  const jk = takeKind(side, kinds, JOKER, jokers);
  if (!real || !jk) return fail("claim/tiles-missing", `you do not hold ${size - 1 - jokers} × ${tileName(kind)} and ${jokers} joker(s) for that ${GROUP[size]}${me.atomic ? " on rack 2" : ""}`);
  const group = { kind, size, jokers };
  const fit = cards.exposuresFit([...groupsOf(rack, kinds), group], card);
  const refused = deadRefusal(fit.ok ? null : fit.message, s.options.deadHands === "enforce", GROUP[size]!, rackNo);
  if (refused) return refused;
  me.pool = me.pool.filter((id) => !real.includes(id) && !jk.includes(id));
  me.drawn = null;
  const e = exposure(kind, [d.tile, ...real, ...jk], d.tile, d.seat, s.turn, undefined);
  rack.exposures.push(e);
  s.claimable = null;
  s.phase = "discard";
  const events: GameEvent[] = [{ type: "claim", seat, rack: rackNo, from: d.seat, tile: ref(kinds, d.tile), size, jokers, tiles: e.tiles.map((id) => ref(kinds, id)) }];
  if (!fit.ok) events.push(killRack(rack, e, fit.message, s.turn, seat, rackNo));
  return { ok: true, state: s, events };
}

/** Claiming discard `d` for Mah Jongg on open rack `rackNo`. */
function claimMahjong(ctx: Ctx, s: SiameseState, seat: Seat, rackNo: number, d: Discard, move: Move): Step {
  const me = s.seats[seat]!;
  const { kinds, cards, card } = ctx;
  const kind = kinds[d.tile]!;
  const line = lineArg(ctx, me, rackNo, move.line);
  if (typeof line !== "string") return line;
  const from = rackSource(card, me, rackNo);
  const c = completionsWith(cards, from.card, kindsOfIds(from.ids, kinds), groupsOf(me.racks[rackNo]!, kinds), kind, from.atomic).find((x) => x.line === line);
  if (!c) return fail("mahjong/not-complete", `${tileName(kind)} does not complete ${describeLine(ctx, line)} on rack ${rackNo + 1}`);
  s.claimable = null;
  s.phase = "discard";
  me.drawn = null;
  return declare(ctx, s, seat, rackNo, c, from.ids, d.tile, d.seat);
}

/** Declaring Mah Jongg on rack `rackNo` in the discard phase (under "enforce" one that is not complete is in error). */
function mahjong(ctx: Ctx, s: SiameseState, seat: Seat, rackNo: number, move: Move): Step {
  const me = s.seats[seat]!;
  const { kinds, cards, card } = ctx;
  const rack = me.racks[rackNo]!;
  const closed = closedRack(rack, rackNo);
  if (closed) return closed;
  const line = lineArg(ctx, me, rackNo, move.line);
  if (typeof line !== "string") return line;
  const from = rackSource(card, me, rackNo);
  const c = completions(cards, from.card, kindsOfIds(from.ids, kinds), groupsOf(rack, kinds), undefined, from.atomic).find((x) => x.line === line);
  if (c) return declare(ctx, s, seat, rackNo, c, from.ids, null, null);
  const message = `the tiles of rack ${rackNo + 1} do not make ${describeLine(ctx, line)}`;
  if (s.options.deadHands !== "enforce") return fail("mahjong/not-complete", message);
  return inError(ctx, s, seat, rackNo, line, message);
}

/** Exchanging a tile for a joker of exposure `move.exposure` on rack `rackNo` of seat `move.seat`. */
function joker(ctx: Ctx, s: SiameseState, seat: Seat, rackNo: number, move: Move): Step {
  const me = s.seats[seat]!;
  const kinds = ctx.kinds;
  const ownerNo = move.seat;
  if (!isInt(ownerNo, 0, s.players - 1)) return fail("seat/unknown", `there is no seat ${String(ownerNo)}`);
  const owner = s.seats[ownerNo]!;
  const r = owner.racks[rackNo]!;
  const shared = isInt(move.exposure, 0, r.exposures.length - 1) ? r.exposures[move.exposure]! : null;
  if (!shared) return fail("joker/no-exposure", `there is no exposure ${String(move.exposure)} on that rack`);
  // (the state before the move shares the exposure: the swap changes a copy)
  const e = ownExposure(r, move.exposure as number);
  if (!e.tiles.some((id) => isJokerId(kinds, id))) return fail("joker/none", "that exposure has no joker");
  if (!jokerFree(owner, r, e, kinds))
    return fail("joker/locked", r.mahjong ? "jokers in a declared Mah Jongg cannot be exchanged" : e.killed ? "jokers in the exposure that made a hand dead cannot be exchanged" : "that player's jokers can no longer be exchanged");
  const mine = takeKind(sideOf(me).slice(), kinds, e.kind, 1);
  if (!mine) return fail("joker/tile-missing", `you need a ${tileName(e.kind)}${me.atomic ? " on rack 2" : ""} to exchange for that joker`);
  me.pool.splice(me.pool.indexOf(mine[0]!), 1);
  const j = Math.min(...e.tiles.filter((id) => isJokerId(kinds, id)));
  e.tiles[e.tiles.indexOf(j)] = mine[0]!;
  me.pool.push(j);
  return { ok: true, state: s, events: [{ type: "joker", seat, owner: ownerNo, rack: rackNo, exposure: move.exposure, tile: ref(kinds, mine[0]!), joker: ref(kinds, j) }] };
}

/** Moving an exposure made this turn from rack `rackNo` to the seat's other rack `move.to`. */
function moveExposure(ctx: Ctx, s: SiameseState, seat: Seat, rackNo: number, move: Move): Step {
  const me = s.seats[seat]!;
  const rack = me.racks[rackNo]!;
  const e = isInt(move.exposure, 0, rack.exposures.length - 1) ? rack.exposures[move.exposure]! : null;
  if (!e) return fail("exposure/unknown", `there is no exposure ${String(move.exposure)} on rack ${rackNo + 1}`);
  const to = move.to;
  if (!isInt(to, 0, me.racks.length - 1) || to === rackNo) return fail("exposure/target", "an exposure can only move to your other rack");
  if (isAtomicRack(me, to)) return fail("rack/atomic", ATOMIC_NO_EXPOSURE);
  if (e.turn !== s.turn) return fail("exposure/settled", "an exposure can only be moved during the turn it was made");
  if (!movable(ctx, s, rack, e, me.racks[to]!, true)) return fail("exposure/not-movable", `that exposure cannot go to rack ${to + 1} (it must stay open and still fit a line)`);
  rack.exposures.splice(move.exposure as number, 1);
  me.racks[to]!.exposures.push(e);
  return { ok: true, state: s, events: [{ type: "move-exposure", seat, rack: rackNo, to, kind: e.kind }] };
}

/** The refusal of a move on a rack already declared or dead, or null. (The helpers of `action` are functions of their own, not closures made on every move.) */
const closedRack = (rack: Rack, rackNo: number): Step | null =>
  rack.mahjong ? fail("rack/declared", `rack ${rackNo + 1} is already declared`) : rack.dead ? fail("rack/dead", `rack ${rackNo + 1} is dead`) : null;

const ATOMIC_NO_EXPOSURE = "rack 1 holds your Atomic hand: it takes no exposure (give the Atomic hand up first)";

/** The card line a declaration names: Atomic lines on the Atomic rack only, and only those there. */
function lineArg(ctx: Ctx, me: SiameseState["seats"][number], rackNo: number, line: unknown): string | Step {
  const l = typeof line === "string" ? lineById(ctx.card, line) : undefined;
  if (!l) return fail("mahjong/no-line", `there is no line ${JSON.stringify(line)} on the card`);
  const atomic = isAtomicRack(me, rackNo);
  if (l.atomic && !atomic) return fail("mahjong/atomic", "an Atomic hand is declared right after the deal and lives on rack 1: it cannot be declared here");
  if (!l.atomic && atomic) return fail("mahjong/atomic-rack", "rack 1 holds your Atomic hand: only an Atomic line can be declared there (give the Atomic hand up first)");
  return l.id;
}

/** Going for the Atomic hand, or giving it up (either phase of one's turn). */
function atomicStep(ctx: Ctx, state: SiameseState, seat: Seat, move: Move): Step {
  const me = state.seats[seat]!;
  if (move.type === "abandon-atomic") {
    if (me.atomic === undefined) return fail("atomic/none", "you are not going for the Atomic hand");
    const s = clone(state);
    const p = s.seats[seat]!;
    p.atomic = undefined; // (not deleted: see withPool)
    p.atomicAbandoned = true;
    return { ok: true, state: s, events: [{ type: "atomic-abandoned", seat, rack: ATOMIC_RACK }] };
  }
  if (me.atomic !== undefined) return fail("atomic/already", "you are already going for the Atomic hand");
  if (!mayDeclare(ctx.card, state, seat))
    return fail("atomic/too-late", atomicCard(ctx.card) ? "the Atomic hand can only be declared on your first turn, before any exposure or discard" : "this card has no Atomic hand");
  const bad = badDeclaration(me, move.tiles);
  if (bad) return fail("atomic/tiles", bad);
  const s = clone(state);
  const tiles = (move.tiles as number[]).slice().sort((a, b) => a - b);
  s.seats[seat]!.atomic = tiles;
  return { ok: true, state: s, events: [{ type: "atomic", seat, rack: ATOMIC_RACK, secret: { tiles: tiles.map((id) => ref(ctx.kinds, id)) }, secretFor: seat }] };
}

export const describeLine = (ctx: Ctx, id: string) => {
  const l = lineById(ctx.card, id);
  return l ? `${lineLabel(ctx.card, id)} (${l.text})` : id;
};

/** Declares `rackNo` as completion `c`, its tiles taken from `source` (ids the rack may use: the whole pool, or one side of an Atomic player's). */
function declare(ctx: Ctx, s: SiameseState, seat: Seat, rackNo: number, c: Completion, source: readonly number[], claimed: number | null, from: Seat | null): Step {
  const me = s.seats[seat]!;
  const tiles = takeDeclared(source.slice(), ctx.kinds, c.fromPool, claimed);
  me.pool = me.pool.filter((id) => !tiles.includes(id));
  if (isAtomicRack(me, rackNo)) me.atomic = undefined; // the Atomic hand is exposed: the rest is rack 2's (not deleted: see withPool)
  me.racks[rackNo]!.mahjong = { line: c.line, value: c.value, jokerless: c.jokerless, turn: s.turn, tiles, groups: c.groups, claimed, from };
  const events: GameEvent[] = [{ type: "mahjong", seat, rack: rackNo, line: c.line, label: lineLabel(ctx.card, c.line), value: c.value, jokerless: c.jokerless, from, tiles: tiles.map((id) => ref(ctx.kinds, id)) }];
  // errorKillsBoth (siamese-mjm): the other hand was declared in error this very turn: two declared, one valid.
  if (ctx.edition.errorKillsBoth && me.racks.some((r) => r.dead?.reason === "error" && r.dead.turn === s.turn && r.dead.line !== undefined)) {
    const rack = me.racks[rackNo]!;
    rack.mahjong = { ...rack.mahjong!, void: true };
    rack.dead = { reason: "error", message: "Mah Jongg in error: both hands are dead", turn: s.turn };
    return mjmError(ctx, s, seat, events);
  }
  return { ok: true, state: s, events };
}

/**
 * Mah Jongg in error (deadHands "enforce"): the hand is dead. Ruling (both editions): "two Mah
 * Jonggs at the same time" means declared in the same turn, so only a declaration of this turn can
 * be caught by the error; one declared and verified on an earlier turn stands. errorKillsBoth (siamese-mjm) with a
 * valid declaration of this turn: both hands are dead, all is shown and the game ends at once (−100).
 */
function inError(ctx: Ctx, s: SiameseState, seat: Seat, rackNo: number, line: string, message: string): Step {
  const me = s.seats[seat]!;
  if (isAtomicRack(me, rackNo)) me.atomic = undefined; // a dead Atomic rack holds its tiles no more (not deleted: see withPool)
  me.racks[rackNo]!.dead = { reason: "error", message, turn: s.turn, line };
  const events: GameEvent[] = [{ type: "mahjong-error", seat, rack: rackNo, line, message }];
  const valid = me.racks.find((r) => r.mahjong && !r.mahjong.void && r.mahjong.turn === s.turn);
  if (ctx.edition.errorKillsBoth && valid) {
    valid.mahjong = { ...valid.mahjong!, void: true };
    valid.dead = { reason: "error", message: "Mah Jongg in error: both hands are dead", turn: s.turn };
    return mjmError(ctx, s, seat, events);
  }
  return { ok: true, state: s, events };
}

/** errorKillsBoth (siamese-mjm): a Mah Jongg in error makes both hands dead; the game ends at once (Ruling §4). */
function mjmError(ctx: Ctx, s: SiameseState, seat: Seat, events: GameEvent[]): Step {
  const me = s.seats[seat]!;
  me.revealed = true;
  me.stopped = true;
  events.push({ type: "revealed", seat, pool: me.pool.map((id) => ref(ctx.kinds, id)) });
  return { ok: true, state: finish(ctx, s, "dead", seat), events };
}

/** After a move inside a turn: two Mah Jonggs end the game; two dead hands (not by an error under siamese-mjm) end it too. */
function settle(ctx: Ctx, r: Extract<Step, { ok: true }>, seat: Seat): Step {
  const s = r.state;
  if (s.phase === "over") return r;
  if (ctx.edition.end) {
    const end = ctx.edition.end(s.seats, false);
    return end ? { ...r, state: finish(ctx, s, end.reason, end.seat) } : r;
  }
  const me = s.seats[seat]!;
  const end = turnEnd(me.racks);
  // (one call of finish for both ends: the compiled settle met either only after hundreds of games, and a call
  // never made before threw its code away)
  const reason = end === "mahjong" ? end : end === "dead" && !me.revealed ? end : null;
  return reason === null ? r : { ...r, state: finish(ctx, s, reason, seat) };
}
