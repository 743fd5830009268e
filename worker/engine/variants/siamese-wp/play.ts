/**
 * Play of Wright-Patterson Siamese (RULES §5) over the Siamese turn: draw (or claim the last
 * discard), act, discard; one pool of concealed tiles per player across two racks. What differs
 * from `siamese` are the ruleset's parts, each its own module: the tiles and deal (deal.ts), the
 * hand judge (mahjong.ts: what a hand is, its value, which claims are allowed, dead hands), the
 * scoring (scoring.ts) and the match of games (state.ts; each game dealt and scored in games.ts).
 * What it shares with `siamese` (the dead-hand rules, when a player stops or a game ends, the
 * timeout's tile) is called from variants/siamese/racks.ts.
 *
 * Moves (plain JSON; legalMoves, moves.ts, lists exactly what apply accepts):
 *   draw phase   {type:"draw"}                          draw from the wall (flowers laid out and replaced)
 *                {type:"claim", rack, set}              set "pung" | "kong": the last discard onto `rack`
 *                {type:"chow", rack, start}             a chow from the last discard (only when it completes
 *                                                       the hand: the rack must then be declared this turn)
 *                {type:"claim-mahjong", rack}           the last discard completes `rack`: declared at once
 *   discard phase {type:"discard", tile}                ends the turn
 *                {type:"mahjong", rack}                 declare `rack` (the engine lays out its best hand)
 *                {type:"kong", rack, kind}              four concealed tiles laid out as a kong, replaced
 *
 * Rulings (beside those of README.md):
 * - A kong is laid out from four concealed tiles or claimed; a claimed pung is not promoted to a kong.
 * - Mah Jongg is offered only when the tiles make a hand, under either deadHands setting (a
 *   declaration in error cannot happen here); `enforce` accepts exposures that kill a hand.
 * - A player with one hand declared and the other dead stops; a game ends when a player has
 *   declared two Mah Jonggs, has both hands dead, both players have stopped, or the live wall is
 *   used up after a discard.
 * - Timeout: the drawn tile is discarded (after drawing, if the turn had not begun); a rack that
 *   must be declared after a chow is declared.
 * - Abandon: the game in play ends with the abandoning player's both hands dead (the Double/Triple
 *   Limit) and the match ends with it (any pot returned).
 */
import type { GameEvent, Move, RuleError, Seat } from "../../api";
import { ref } from "../../game/physical";
import { isSuited, numberOf, suitOf, type Kind } from "../../tiles";
import { deadRefusal, killRack, stopsAtDiscard, timeoutTile, turnEnd } from "../siamese/racks";
import { drawReplacement, receive, type Replacement } from "./deal";
import { checkBouquets, endGame, flowerEvents } from "./games";
import type { WpJudge } from "./judge";
import { clone, open, setsOf, type WpExposure, type WpRack, type WpSeatState, type WpState } from "./state";
import { kindsOfIds, WP_KINDS, wpTileName } from "./tiles";

export type Step = { ok: true; state: WpState; events: GameEvent[] } | ({ ok: false } & RuleError);

const K = WP_KINDS;
const fail = (code: string, message: string): Step => ({ ok: false, code, message });
const isInt = (v: unknown, lo: number, hi: number): v is number => Number.isInteger(v) && (v as number) >= lo && (v as number) <= hi;
const FIELDS: Record<string, string[]> = { draw: [], claim: ["rack", "set"], chow: ["rack", "start"], "claim-mahjong": ["rack"], discard: ["tile"], mahjong: ["rack"], kong: ["rack", "kind"] };
const DRAW_PHASE = new Set(["draw", "claim", "chow", "claim-mahjong"]);

/** The hand laid out for a declaration: the tiles of `source` (claimed tile first) the hand uses, and the hand. */
function layOut(judge: WpJudge, source: number[], rack: WpRack, claimed: number | null) {
  const exposed = setsOf(rack);
  const kongs = exposed.filter((e) => e.type === "kong").length;
  const size = 14 + kongs - exposed.reduce((n, e) => n + (e.type === "kong" ? 4 : 3), 0);
  const best = judge.best(kindsOfIds(source), exposed);
  if (!best) return null;
  // Put unused tiles aside one at a time while the same hand stays complete (the claimed tile stays).
  const tiles = source.slice();
  for (let i = tiles.length - 1; i >= 0 && tiles.length > size; i--) {
    if (tiles[i] === claimed) continue;
    const rest = tiles.filter((_, j) => j !== i);
    if (judge.makes(best.hand, kindsOfIds(rest), exposed)) tiles.splice(i, 1);
  }
  const m = judge.isMahJongg(kindsOfIds(tiles), exposed);
  return m && tiles.length === size ? { tiles, m } : null;
}

function declare(judge: WpJudge, s: WpState, seat: Seat, rackNo: number, claimed: number | null, from: Seat | null, events: GameEvent[]): Step | null {
  const me = s.seats[seat]!;
  const rack = me.racks[rackNo]!;
  const source = claimed === null ? me.pool.slice() : [claimed, ...me.pool];
  const got = layOut(judge, source, rack, claimed);
  if (!got) return null;
  const { tiles, m } = got;
  me.pool = me.pool.filter((id) => !tiles.includes(id));
  rack.mahjong = { hand: m.hand.id, name: m.hand.name, limit: m.limit, points: m.points, turn: s.turn, tiles, claimed, from };
  delete me.mustDeclare;
  s.mahjongs.push({ seat, rack: rackNo, hand: m.hand.id, turn: s.turn });
  events.push({ type: "mahjong", seat, rack: rackNo, hand: m.hand.id, label: m.hand.name, limit: m.limit, value: m.points, from, tiles: tiles.map((id) => ref(K, id)) });
  return { ok: true, state: s, events };
}

/** A replacement for a kong (then for any flower it brings). False when nothing is left to draw from. */
function replaceKong(s: WpState, seat: Seat, events: GameEvent[]): boolean {
  const me = s.seats[seat]!;
  const r = drawReplacement(s);
  if (!r) return false;
  const log: Replacement[] = [{ seat, flower: null, tile: r.tile, from: r.from }];
  me.drawn = receive(me, seat, r.tile, s, log);
  flowerEvents(log, 0, s, events);
  checkBouquets(s, seat, events);
  return me.drawn !== null;
}

const chowTiles = (pool: number[], start: Kind, discard: Kind): number[] | null => {
  const out: number[] = [];
  for (const k of [start, start + 1, start + 2]) {
    if (k === discard) continue;
    const id = pool.find((t) => K[t] === k && !out.includes(t));
    if (id === undefined) return null;
    out.push(id);
  }
  return out;
};

export function step(judge: WpJudge, state: WpState, seat: Seat, move: Move): Step {
  if (!move || typeof move !== "object" || typeof move.type !== "string" || !(move.type in FIELDS))
    return fail("move/unknown", `"${String((move as Move | null)?.type)}" is not a Wright-Patterson move`);
  const fields = FIELDS[move.type]!;
  const extra = Object.keys(move).filter((k) => k !== "type" && !fields.includes(k));
  if (extra.length) return fail("move/malformed", `a ${move.type} move has no field ${extra.join(", ")}`);
  if (state.phase === "over") return fail("game/over", "the match is over");
  if (!isInt(seat, 0, state.players - 1)) return fail("seat/unknown", `there is no seat ${seat}`);
  if (state.toAct !== seat) return fail("turn/not-yours", "it is not your turn");
  const drawPhase = DRAW_PHASE.has(move.type);
  if (drawPhase && state.phase !== "draw") return fail("turn/discard-first", "you have already drawn or claimed: discard to end your turn");
  if (!drawPhase && state.phase !== "discard") return fail("turn/draw-first", "draw a tile or claim the last discard first");
  const s = clone(state);
  const me = s.seats[seat]!;
  const events: GameEvent[] = [];
  const enforce = s.options.deadHands === "enforce";

  if (move.type === "draw") {
    const tile = s.wall.shift();
    if (tile === undefined) return fail("wall/empty", "the wall is used up");
    s.claimable = null;
    s.phase = "discard";
    const log: Replacement[] = [];
    events.push({ type: "draw", seat, wall: s.wall.length, secret: { tile: ref(K, tile) }, secretFor: seat });
    me.drawn = receive(me, seat, tile, s, log);
    flowerEvents(log, 0, s, events);
    checkBouquets(s, seat, events);
    if (me.drawn === null) return endGame(judge, s, "wall", null, events);
    return settle(judge, s, seat, events);
  }

  if (move.type === "discard") {
    const tile = move.tile;
    if (me.mustDeclare !== undefined) return fail("chow/declare", `a chow is claimed only to go Mah Jongg: declare rack ${me.mustDeclare + 1}`);
    if (!isInt(tile, 0, K.length - 1) || !me.pool.includes(tile)) return fail("discard/not-held", "you can only discard a tile you hold concealed");
    me.pool.splice(me.pool.indexOf(tile), 1);
    me.drawn = null;
    const d = { seat, tile, turn: s.turn };
    s.discards.push(d);
    s.turn++;
    events.push({ type: "discard", seat, tile: ref(K, tile) });
    if (!me.stopped && stopsAtDiscard(me.racks)) {
      me.stopped = true;
      events.push({ type: "stopped", seat });
    }
    if (s.wall.length === 0) return endGame(judge, s, s.mahjongs.length ? "mahjong" : "wall", null, events);
    const other = 1 - seat;
    if (s.seats[other]!.stopped && me.stopped) return endGame(judge, s, "mahjong", null, events);
    s.toAct = s.seats[other]!.stopped ? seat : other;
    s.claimable = s.toAct === seat ? null : d;
    s.phase = "draw";
    return { ok: true, state: s, events };
  }

  const rackNo = move.rack;
  if (!isInt(rackNo, 0, me.racks.length - 1)) return fail("rack/unknown", `there is no rack ${String(rackNo)}`);
  const rack = me.racks[rackNo]!;
  if (rack.mahjong) return fail("rack/declared", `rack ${rackNo + 1} is already declared`);
  if (rack.dead) return fail("rack/dead", `rack ${rackNo + 1} is dead`);
  if (me.mustDeclare !== undefined && me.mustDeclare !== rackNo) return fail("chow/declare", `a chow is claimed only to go Mah Jongg: declare rack ${me.mustDeclare + 1}`);

  if (move.type === "mahjong") {
    const r = declare(judge, s, seat, rackNo, null, null, events);
    if (!r) return fail("mahjong/not-complete", `the tiles of rack ${rackNo + 1} do not make a hand of the list`);
    return settle(judge, s, seat, events);
  }

  /** Lays out `e` on the rack: refused (prevent) or the rack dead (enforce) when no hand of the list can take it. */
  const expose = (e: WpExposure, take: number[]): Step | null => {
    const reason = judge.deadReason([...setsOf(rack), { type: e.type, kind: e.kind, ...(e.concealed ? { concealed: true } : {}) }]);
    const refused = deadRefusal(reason, enforce, e.type, rackNo);
    if (refused) return refused;
    me.pool = me.pool.filter((id) => !take.includes(id));
    rack.exposures.push(e);
    if (reason !== null) events.push(killRack(rack, e, reason, s.turn, seat, rackNo));
    return null;
  };

  if (move.type === "kong") {
    const kind = move.kind;
    const ids = me.pool.filter((id) => K[id] === kind);
    if (!isInt(kind, 0, K.length) || ids.length !== 4) return fail("kong/tiles-missing", "a kong is laid out from four concealed tiles of one kind");
    const bad = expose({ type: "kong", kind, tiles: ids, claimed: null, from: null, turn: s.turn, concealed: true }, ids);
    if (bad) return bad;
    events.push({ type: "wp-kong", seat, rack: rackNo, tiles: ids.map((id) => ref(K, id)) });
    if (!replaceKong(s, seat, events)) return endGame(judge, s, "wall", null, events);
    return settle(judge, s, seat, events);
  }

  // claims of the last discard
  const d = s.claimable;
  if (!d || d.seat === seat) return fail("claim/nothing", "there is no discard you can claim");
  const kind = K[d.tile]!;
  const take = () => {
    s.claimable = null;
    s.phase = "discard";
    me.drawn = null;
  };
  if (move.type === "claim-mahjong") {
    const racks = me.racks.map((r) => ({ exposed: setsOf(r), open: open(r) }));
    if (!judge.claimsAllowed(kindsOfIds(me.pool), racks, kind).some((c) => c.type === "mahjong" && c.rack === rackNo))
      return fail("mahjong/not-complete", `${wpTileName(kind)} does not complete a hand on rack ${rackNo + 1}`);
    take();
    if (!declare(judge, s, seat, rackNo, d.tile, d.seat, events)) return fail("mahjong/not-complete", `${wpTileName(kind)} does not complete a hand on rack ${rackNo + 1}`);
    return settle(judge, s, seat, events);
  }
  if (move.type === "chow") {
    const start = move.start;
    if (!isInt(start, 0, 26) || !isSuited(kind) || suitOf(start) !== suitOf(kind) || numberOf(start) > 7 || kind < start || kind > start + 2)
      return fail("chow/not-a-run", `a chow with ${wpTileName(kind)} is a run of three of its suit`);
    const tiles = chowTiles(me.pool, start, kind);
    if (!tiles) return fail("chow/tiles-missing", `you do not hold the other two tiles of that chow`);
    if (!judge.chowClaimAllowed(kindsOfIds(me.pool), { exposed: setsOf(rack), open: true }, kind, start))
      return fail("chow/not-mahjong", "a chow may be claimed only when it completes the hand (Mah Jongg)");
    take();
    const bad = expose({ type: "chow", kind: start, tiles: [d.tile, ...tiles], claimed: d.tile, from: d.seat, turn: s.turn }, tiles);
    if (bad) return bad;
    me.mustDeclare = rackNo;
    events.push({ type: "claim", seat, rack: rackNo, from: d.seat, set: "chow", tile: ref(K, d.tile), tiles: [d.tile, ...tiles].map((id) => ref(K, id)) });
    return { ok: true, state: s, events };
  }
  // claim a pung or kong
  const set = move.set;
  if (set !== "pung" && set !== "kong") return fail("claim/set", `a discard is claimed for a "pung" or a "kong" (a chow only to go Mah Jongg)`);
  const need = set === "pung" ? 2 : 3;
  const ids = me.pool.filter((id) => K[id] === kind).slice(0, need);
  if (ids.length < need) return fail("claim/tiles-missing", `you do not hold ${need} × ${wpTileName(kind)} for that ${set}`);
  take();
  const bad = expose({ type: set, kind, tiles: [d.tile, ...ids], claimed: d.tile, from: d.seat, turn: s.turn }, ids);
  if (bad) return bad;
  events.push({ type: "claim", seat, rack: rackNo, from: d.seat, set, tile: ref(K, d.tile), tiles: [d.tile, ...ids].map((id) => ref(K, id)) });
  if (set === "kong" && !replaceKong(s, seat, events)) return endGame(judge, s, "wall", null, events);
  return settle(judge, s, seat, events);
}

/** After a move inside a turn: two Mah Jonggs end the game, and so do two dead hands. */
function settle(judge: WpJudge, s: WpState, seat: Seat, events: GameEvent[]): Step {
  const end = turnEnd(s.seats[seat]!.racks);
  return end ? endGame(judge, s, end, seat, events) : { ok: true, state: s, events };
}

/** The timeout ruling: draw if the turn has not begun, then discard the tile received last (or declare a chow's rack). */
export function timeout(judge: WpJudge, s: WpState, seat: Seat): Step {
  if (s.toAct !== seat) return fail("turn/not-yours", "it is not that player's turn");
  const events: GameEvent[] = [{ type: "timeout", seat }];
  let state = s;
  if (s.phase === "draw") {
    const r = step(judge, s, seat, { type: "draw" });
    if (!r.ok) return r;
    events.push(...r.events);
    state = r.state;
    if (state.phase !== "discard" || state.toAct !== seat || state.game !== s.game) return { ok: true, state, events };
  }
  const me = state.seats[seat]!;
  const move: Move = me.mustDeclare !== undefined ? { type: "mahjong", rack: me.mustDeclare } : { type: "discard", tile: timeoutTile(me.drawn, me.pool) };
  const r = step(judge, state, seat, move);
  if (!r.ok) return r;
  return { ok: true, state: r.state, events: [...events, ...r.events] };
}

export function abandon(judge: WpJudge, s: WpState, seat: Seat): Step {
  const events: GameEvent[] = [{ type: "abandoned", seat }];
  return endGame(judge, clone(s), "dead", seat, events, true);
}

export type { WpSeatState };
