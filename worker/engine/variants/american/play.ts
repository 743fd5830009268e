/**
 * Applying an American move (RULES §6): validate, then change a copy. Bad input gets a rule error
 * with a stable code and changes nothing; `ply` is bumped by the caller.
 */
import type { GameEvent, Move, RuleError, Seat } from "../../api";
import { lineById, lineLabel } from "../../game/card-of";
import { answer, CALL_PREFERENCES, isAsked, isOpen, type CallPreference } from "../../game/claim-window";
import { ref, takeKind } from "../../game/physical";
import { JOKER, tileName } from "../../tiles";
import { completions, completionsWith } from "../siamese/judge";
import { concealedKinds, groupsOf, jokerFree, MAX_CALL, type Ctx } from "./moves";
import { resolveStage, STAGES } from "./stages";
import type { AmericanState, Call } from "./state";
import { declare, inError, nextTurn, openAfterDiscard, settle } from "./window";
import { finish } from "./scoring";

export type Step = { ok: true; state: AmericanState; events: GameEvent[] } | ({ ok: false } & RuleError);

export const fail = (code: string, message: string): Step => ({ ok: false, code, message });
const isInt = (v: unknown, lo: number, hi: number): v is number => Number.isInteger(v) && (v as number) >= lo && (v as number) <= hi;
const GROUP = ["", "single", "pair", "pung", "kong", "quint", "sextet"];
const FIELDS: Record<string, string[]> = {
  preference: ["call"],
  pass: ["tiles", "blind"],
  stop: [],
  courtesy: ["tiles"],
  discard: ["tile"],
  mahjong: ["line"],
  joker: ["seat", "exposure"],
  "call-pass": [],
  call: ["size", "jokers"],
  "call-mahjong": ["line"],
};

/**
 * The copy a move changes. The wall, the discards and the generator are shared with `s`: no move
 * changes them in place (a draw and a discard replace the list; the generator is the deal's).
 */
export function clone(s: AmericanState): AmericanState {
  return {
    ...s,
    began: { ...s.began },
    charleston: s.charleston && { ...s.charleston, choices: s.charleston.choices.slice() },
    window: s.window && { ...s.window },
    seats: s.seats.map((p) => ({ ...p, concealed: p.concealed.slice(), exposures: p.exposures.map((e) => ({ ...e, tiles: e.tiles.slice() })) })),
  };
}

export function step(ctx: Ctx, state: AmericanState, seat: Seat, move: Move): Step {
  const type = move && typeof move === "object" && typeof move.type === "string" ? (move.type === "pass" && state.phase === "window" ? "call-pass" : move.type) : null;
  if (type === null || !(type in FIELDS)) return fail("move/unknown", `"${String((move as Move | null)?.type)}" is not an American move`);
  const extra = Object.keys(move).filter((k) => k !== "type" && !FIELDS[type]!.includes(k));
  if (extra.length) return fail("move/malformed", `a ${move.type} move has no field ${extra.join(", ")}`);
  if (state.phase === "over") return fail("game/over", "the game is over");
  if (!isInt(seat, 0, state.players - 1)) return fail("seat/unknown", `there is no seat ${seat}`);
  if (type === "preference") {
    if (!CALL_PREFERENCES.includes(move.call as CallPreference)) return fail("preference/unknown", `a call preference is one of ${CALL_PREFERENCES.join(", ")}`);
    const s = clone(state);
    s.seats[seat]!.preference = move.call as CallPreference;
    return { ok: true, state: s, events: [] };
  }
  if (state.phase === "charleston") return charleston(ctx, state, seat, move, type);
  if (state.phase === "window") return windowAnswer(ctx, state, seat, move, type);
  return turn(ctx, state, seat, move, type);
}

function charleston(ctx: Ctx, state: AmericanState, seat: Seat, move: Move, type: string): Step {
  const st = STAGES[state.charleston!.stage]!;
  const me = state.seats[seat]!;
  const tilesArg = (max: number): number[] | Step => {
    const t = move.tiles;
    if (!Array.isArray(t) || t.length > max || !t.every((id) => isInt(id, 0, ctx.kinds.length - 1)) || new Set(t).size !== t.length)
      return fail("pass/tiles", `choose up to ${max} different tiles by id`);
    if (!t.every((id) => me.concealed.includes(id))) return fail("pass/not-held", "you can only pass tiles you hold");
    if (t.some((id) => ctx.kinds[id] === JOKER)) return fail("pass/joker", "jokers may never be passed");
    return t as number[];
  };
  let choice: NonNullable<AmericanState["charleston"]>["choices"][number];
  if (type === "stop") {
    if (!st.stop) return fail("charleston/no-stop", "the Charleston may only be stopped after the first Charleston, instead of the second one's first pass");
    choice = { stop: true };
  } else if (type === "courtesy") {
    if (!st.courtesy) return fail("charleston/stage", `this is the ${st.name}, not the courtesy pass`);
    const t = tilesArg(3);
    if (!Array.isArray(t)) return t;
    choice = { courtesy: t };
  } else if (type === "pass") {
    if (st.courtesy) return fail("charleston/stage", "this is the courtesy pass: choose 0 to 3 tiles for the player across");
    const blind = move.blind;
    if (!isInt(blind, 0, 3)) return fail("pass/blind", "blind is how many received tiles you pass on unseen, 0 to 3");
    if (blind > 0 && !st.blind) return fail("pass/no-blind", "a blind pass is allowed only on the first left and the last right");
    const t = tilesArg(3);
    if (!Array.isArray(t)) return t;
    if (t.length !== 3 - blind) return fail("pass/count", `pass exactly three tiles: ${3 - blind} of your own${blind ? ` and ${blind} blind` : ""}`);
    choice = { pass: { tiles: t, blind } };
  } else return fail("charleston/only", `during the Charleston you choose tiles to pass (${st.name})`);
  const s = clone(state);
  const ch = s.charleston!;
  ch.choices[seat] = choice;
  const events: GameEvent[] = [{ type: "charleston-chosen", seat, stage: st.id }];
  if (ch.choices.every((c) => c !== null)) events.push(...resolveStage(ctx.kinds, s));
  return { ok: true, state: s, events };
}

function windowAnswer(ctx: Ctx, state: AmericanState, seat: Seat, move: Move, type: string): Step {
  const w = state.window!;
  if (!isAsked(w, seat)) return fail("window/not-asked", seat === w.discarder ? "others may call your discard now" : "you are not asked in this claim window (see your call preference)");
  const me = state.seats[seat]!;
  const { kinds, cards, card } = ctx;
  const kind = kinds[w.tile]!;
  let call: Call | null = null;
  if (type === "call") {
    const { size, jokers } = move;
    if (!isInt(size, 3, MAX_CALL)) return fail("claim/size", "a discard can be called for a pung, kong or quint (3 to 5 tiles), or for Mah Jongg");
    if (!isInt(jokers, 0, size - 1)) return fail("claim/jokers", `a ${GROUP[size]} has between 0 and ${size - 1} jokers beside the called tile`);
    const pool = me.concealed.slice();
    if (!takeKind(pool, kinds, kind, size - 1 - jokers) || !takeKind(pool, kinds, JOKER, jokers))
      return fail("claim/tiles-missing", `you do not hold ${size - 1 - jokers} × ${tileName(kind)} and ${jokers} joker(s) for that ${GROUP[size]}`);
    const fit = cards.exposuresFit([...groupsOf(me, kinds), { kind, size, jokers }], card);
    if (!fit.ok && state.options.deadHands !== "enforce") return fail("hand/dead", `${fit.message}: that ${GROUP[size]} would make your hand dead`);
    call = { type: "call", size, jokers };
  } else if (type === "call-mahjong") {
    const line = lineArg(ctx, move.line);
    if (typeof line !== "string") return line;
    const ok = completionsWith(cards, card, concealedKinds(me, kinds), groupsOf(me, kinds), kind).some((c) => c.line === line);
    if (!ok && state.options.deadHands !== "enforce") return fail("mahjong/not-complete", `${tileName(kind)} does not complete ${lineLabel(card, line)}`);
    call = { type: "call-mahjong", line };
  } else if (type !== "call-pass") return fail("window/only", "a claim window is open: pass, or call the discard");
  const w2 = answer(state.window!, seat, call);
  // while others are still awaited only the window changes (it closes, and the calls are carried out, on the last answer)
  if (isOpen(w2)) return { ok: true, state: { ...state, window: w2 }, events: [{ type: "window-answered", seat }] };
  const s = clone(state);
  s.window = w2;
  const r = settle(ctx, s, [{ type: "window-answered", seat }]);
  return { ok: true, state: r.state, events: r.events };
}

function turn(ctx: Ctx, state: AmericanState, seat: Seat, move: Move, type: string): Step {
  if (["call", "call-mahjong", "call-pass"].includes(type) || (type === "pass" && !("tiles" in move)))
    return fail("claim/closed", "no discard can be called now: once the next player has drawn, the last discard is gone");
  if (state.toAct !== seat) return fail("turn/not-yours", "it is not your turn");
  const { kinds, cards, card } = ctx;
  const me = state.seats[seat]!;
  if (type === "discard") {
    const tile = move.tile;
    if (!isInt(tile, 0, kinds.length - 1) || !me.concealed.includes(tile)) return fail("discard/not-held", "you can only discard a tile you hold concealed");
    const s = clone(state);
    const p = s.seats[seat]!;
    p.concealed.splice(p.concealed.indexOf(tile), 1);
    p.drawn = null;
    s.discards = [...s.discards, { seat, tile, turn: s.turn }];
    s.turn++;
    const r = openAfterDiscard(ctx, s, seat, tile, [{ type: "discard", seat, tile: ref(kinds, tile) }]);
    return { ok: true, ...r };
  }
  if (type === "mahjong") {
    const line = lineArg(ctx, move.line);
    if (typeof line !== "string") return line;
    const c = completions(cards, card, concealedKinds(me, kinds), groupsOf(me, kinds)).find((x) => x.line === line);
    const s = clone(state);
    const events: GameEvent[] = [];
    if (c) {
      const from = s.began.from !== null && !s.began.redeemed ? s.began.from : null;
      declare(ctx, s, seat, c, null, from, events);
      return { ok: true, state: finish(ctx, s, "mahjong", seat), events };
    }
    const message = `your tiles do not make ${lineLabel(card, line)} (${lineById(card, line)!.text})`;
    if (s.options.deadHands !== "enforce") return fail("mahjong/not-complete", message);
    if (inError(ctx, s, seat, line, message, events)) return { ok: true, state: s, events };
    return { ok: true, ...nextTurn(ctx, s, seat, events) };
  }
  if (type === "joker") {
    if (!isInt(move.seat, 0, state.players - 1)) return fail("seat/unknown", `there is no seat ${String(move.seat)}`);
    const owner = state.seats[move.seat]!;
    if (!isInt(move.exposure, 0, owner.exposures.length - 1)) return fail("joker/no-exposure", `there is no exposure ${String(move.exposure)} of that player`);
    const e = owner.exposures[move.exposure]!;
    if (!e.tiles.some((id) => kinds[id] === JOKER)) return fail("joker/none", "that exposure has no joker");
    if (!jokerFree(owner, e, kinds)) return fail("joker/locked", e.killed ? "jokers in the exposure that made a hand dead cannot be redeemed" : "that player's jokers can no longer be redeemed");
    const s = clone(state);
    const p = s.seats[seat]!;
    const mine = takeKind(p.concealed, kinds, e.kind, 1);
    if (!mine) return fail("joker/tile-missing", `you need a ${tileName(e.kind)} to redeem that joker`);
    const ex = s.seats[move.seat]!.exposures[move.exposure]!;
    const j = Math.min(...ex.tiles.filter((id) => kinds[id] === JOKER));
    ex.tiles[ex.tiles.indexOf(j)] = mine[0]!;
    p.concealed.push(j);
    s.began.redeemed = true;
    return { ok: true, state: s, events: [{ type: "joker", seat, owner: move.seat, exposure: move.exposure, tile: ref(kinds, mine[0]!), joker: ref(kinds, j) }] };
  }
  return fail("turn/discard-phase", "on your turn: discard, declare Mah Jongg or redeem a joker");
}

function lineArg(ctx: Ctx, line: unknown): string | Step {
  const l = typeof line === "string" ? lineById(ctx.card, line) : undefined;
  if (!l) return fail("mahjong/no-line", `there is no line ${JSON.stringify(line)} on the card`);
  if (l.atomic) return fail("mahjong/atomic", "the Atomic hand is a Siamese hand");
  return l.id;
}
