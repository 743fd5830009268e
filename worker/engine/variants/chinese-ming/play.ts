/**
 * Applying a chinese-ming move (RULES §7 "Play"): validate, then change a copy. Bad input gets a
 * rule error with a stable code and changes nothing; `ply` is bumped by the caller.
 *
 * A discard opens the shared leak-free claim window (worker/engine/game/claim-window.ts). At close
 * Woo beats pung and kong, which beat the next player's take; two Woos go to the seat next in turn
 * after the discarder; a pung or kong skips the players between (they lose their turns) and play
 * continues from the caller's right. A take puts the discard into the next player's concealed hand
 * as if drawn. With no call the next player draws, unless play has reached the dead wall: a drawn hand.
 */
import type { GameEvent, Move, RuleError, Seat } from "../../api";
import { answer, CALL_PREFERENCES, isAsked, isOpen, openWindow, ranked, type CallPreference } from "../../game/claim-window";
import { ref, takeKind } from "../../game/physical";
import { drawTile, KINDS } from "./deal";
import { endHand } from "./hand-end";
import { canSelfWoo, exposedPung, kongKinds, mayTake, possibleCalls } from "./moves";
import { DEAD_WALL, type Call, type ChineseState, type Meld } from "./state";
import { completes, concealedKinds } from "./woo";
import { chineseTileName } from "./words";

export type Step = { ok: true; state: ChineseState; events: GameEvent[] } | ({ ok: false } & RuleError);

const fail = (code: string, message: string): Step => ({ ok: false, code, message });
const FIELDS: Record<string, string[]> = { discard: ["tile"], kong: ["kind"], woo: [], pass: [], pung: [], take: [], preference: ["call"] };
const RANK = (c: Call) => (c.type === "woo" ? 3 : c.type === "take" ? 1 : 2);

/** The copy a move changes. The hand's wall and discards are shared with `s`: a move replaces them, never changes them. */
export function clone(s: ChineseState): ChineseState {
  const h = s.hand;
  return {
    ...s,
    rng: [...s.rng] as ChineseState["rng"],
    points: s.points.slice(),
    preferences: s.preferences.slice(),
    hand: {
      ...h,
      seats: h.seats.map((p) => ({ ...p, concealed: p.concealed.slice(), flowers: p.flowers.slice(), melds: p.melds.map((m) => ({ ...m, tiles: m.tiles.slice() })) })),
    },
  };
}

export function step(state: ChineseState, seat: Seat, move: Move): Step {
  if (!move || typeof move !== "object" || typeof move.type !== "string" || !(move.type in FIELDS))
    return fail("move/unknown", `"${String((move as Move | null)?.type)}" is not a move of this game (discard, kong, woo, pung, take, pass, preference)`);
  const extra = Object.keys(move).filter((k) => k !== "type" && !FIELDS[move.type]!.includes(k));
  if (extra.length) return fail("move/malformed", `a ${move.type} move has no field ${extra.join(", ")}`);
  if (state.phase === "over") return fail("game/over", "the match is over");
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.players) return fail("seat/unknown", `there is no seat ${seat}`);
  if (move.type === "preference") return preference(state, seat, move.call);
  const h = state.hand;
  if (h.phase === "window") {
    if (move.type === "discard") return fail("turn/not-yours", "it is not your turn: the last discard may still be called");
    if (!h.window || !isAsked(h.window, seat)) return fail("claim/not-asked", "you are not asked to call this discard");
    if ("kind" in move) return fail("move/malformed", "a kong of a discard names no kind: it is the discard's");
    return call(state, seat, move.type === "pass" ? null : ({ type: move.type } as Call));
  }
  if (h.toAct !== seat) return fail("turn/not-yours", "it is not your turn");
  if (move.type === "pass" || move.type === "pung" || move.type === "take") return fail("claim/nothing", "there is no discard to call");
  const s = clone(state);
  if (move.type === "discard") return discard(s, seat, move.tile);
  if (move.type === "kong") return kong(s, seat, move.kind);
  const me = s.hand.seats[seat]!;
  if (!canSelfWoo(s, me)) return fail("woo/not-complete", s.hand.lastTile === "claim" ? "a Woo on a discard is called in the claim window, not after a pung" : "your tiles are not four sets and one pair");
  const events: GameEvent[] = [{ type: "woo", seat, from: null, loose: s.hand.lastTile === "loose", ...(s.hand.lastTile === "taken" ? { taken: true } : {}) }];
  endHand(s, seat, null, events);
  return { ok: true, state: s, events };
}

function preference(state: ChineseState, seat: Seat, value: unknown): Step {
  if (!CALL_PREFERENCES.includes(value as CallPreference)) return fail("preference/unknown", `a call preference is one of ${CALL_PREFERENCES.join(", ")}`);
  if (state.preferences[seat] === value) return fail("preference/unchanged", `your call preference is already "${value}"`);
  const s = clone(state);
  s.preferences[seat] = value as CallPreference;
  // Takes effect from the next claim window: who is asked in an open one never changes.
  return { ok: true, state: s, events: [{ type: "preference", seat, call: value }] };
}

export function discard(s: ChineseState, seat: Seat, tile: unknown): Step {
  const h = s.hand;
  const me = h.seats[seat]!;
  if (!Number.isInteger(tile) || !me.concealed.includes(tile as number)) return fail("discard/not-held", "you can only discard a tile you hold concealed");
  me.concealed.splice(me.concealed.indexOf(tile as number), 1);
  me.drawn = null;
  h.discards = [...h.discards, { seat, tile: tile as number }];
  const events: GameEvent[] = [{ type: "discard", seat, tile: ref(KINDS, tile as number) }];
  // Everyone else may call: who is asked depends only on call preferences, never on the tiles held.
  h.window = openWindow<Call>({ players: 4, discarder: seat, tile: tile as number, eligible: [0, 1, 2, 3].filter((x) => x !== seat), preferences: s.preferences });
  h.phase = "window";
  if (isOpen(h.window)) {
    events.push({ type: "window", seat: null, awaiting: h.window.awaiting.slice() });
    return { ok: true, state: s, events };
  }
  resolve(s, events);
  return { ok: true, state: s, events };
}

function call(state: ChineseState, seat: Seat, c: Call | null): Step {
  const w = state.hand.window!;
  if (c && !possibleCalls(state.hand.seats[seat]!, w.tile, mayTake(state, seat)).some((x) => x.type === c.type)) {
    const what = chineseTileName(KINDS[w.tile]!);
    return fail(
      "claim/not-allowed",
      c.type === "woo"
        ? `${what} does not complete your hand`
        : c.type === "take"
          ? seat === (w.discarder + 1) % 4
            ? "play has reached the dead wall: the last discard can no longer be taken instead of drawing"
            : "only the next player in turn may take the last discard instead of drawing"
          : c.type === "pung"
            ? `you need two ${what} concealed to pung that discard`
            : `you need three ${what} concealed, or an exposed pung of it, to kong that discard`,
    );
  }
  const window = answer(w, seat, c);
  const events: GameEvent[] = [{ type: "answer", seat, secret: { call: c ? c.type : "pass" }, secretFor: seat }];
  // while others are still awaited only the window changes (the calls are resolved on the last answer)
  if (isOpen(window)) return { ok: true, state: { ...state, hand: { ...state.hand, window } }, events };
  const s = clone(state);
  s.hand.window = window;
  resolve(s, events);
  return { ok: true, state: s, events };
}

/** The window has closed: the best call takes the discard, or the next player draws. */
export function resolve(s: ChineseState, events: GameEvent[]): void {
  const h = s.hand;
  const w = h.window!;
  const auto = (seat: Seat): Call | null => (completes([...concealedKinds(h.seats[seat]!), KINDS[w.tile]!]) ? { type: "woo" } : null);
  const best = ranked(w, RANK, auto)[0];
  h.window = null;
  h.phase = "discard";
  events.push({ type: "window-closed", seat: null, expired: w.expired });
  if (!best) {
    const next = (w.discarder + 1) % 4;
    h.toAct = next;
    if (h.wall.length <= DEAD_WALL) {
      events.push({ type: "drawn-hand", seat: null, wall: h.wall.length });
      return endHand(s, null, null, events);
    }
    return drawTile(h, next, "wall", events);
  }
  const me = h.seats[best.seat]!;
  h.discards = h.discards.slice(0, -1);
  h.toAct = best.seat;
  const kind = KINDS[w.tile]!;
  if (best.call.type === "take") {
    // Ruling §7: taken in one's own turn instead of drawing, it counts as drawn (sets made with it stay natural).
    me.concealed.push(w.tile);
    me.drawn = w.tile;
    h.lastTile = "taken";
    h.taken = (h.taken ?? 0) + 1;
    events.push({ type: "take", seat: best.seat, from: w.discarder, tile: ref(KINDS, w.tile) });
    return;
  }
  if (best.call.type === "woo") {
    me.concealed.push(w.tile);
    events.push({ type: "woo", seat: best.seat, from: w.discarder, tile: ref(KINDS, w.tile) });
    return endHand(s, best.seat, w.discarder, events);
  }
  const pung = best.call.type === "kong" ? exposedPung(me, kind) : undefined;
  if (pung) {
    // An exposed pung is not dead (§7): the fourth tile, discarded, makes it an exposed kong.
    pung.tiles.push(w.tile);
    me.drawn = null;
    h.lastTile = "claim";
    h.taken = (h.taken ?? 0) + 1;
    events.push({ type: "kong", seat: best.seat, from: w.discarder, added: true, tile: ref(KINDS, w.tile), tiles: pung.tiles.map((id) => ref(KINDS, id)) });
    return drawTile(h, best.seat, "loose", events);
  }
  const size = best.call.type === "kong" ? 4 : 3;
  const own = takeKind(me.concealed, KINDS, kind, size - 1)!;
  const meld: Meld = { kind, tiles: [w.tile, ...own], claimed: w.tile, from: w.discarder, natural: false };
  me.melds.push(meld);
  me.drawn = null;
  h.lastTile = "claim";
  events.push({ type: best.call.type, seat: best.seat, from: w.discarder, tile: ref(KINDS, w.tile), tiles: meld.tiles.map((id) => ref(KINDS, id)) });
  if (size === 4) drawTile(h, best.seat, "loose", events);
}

function kong(s: ChineseState, seat: Seat, kind: unknown): Step {
  const h = s.hand;
  const me = h.seats[seat]!;
  if (!kongKinds(me).includes(kind as number)) return fail("kong/tiles-missing", "a kong needs four of a kind concealed, or the fourth tile of your exposed pung");
  const k = kind as number;
  const pung = me.melds.find((m) => m.kind === k && m.tiles.length === 3);
  const events: GameEvent[] = [];
  if (pung) {
    pung.tiles.push(...takeKind(me.concealed, KINDS, k, 1)!);
    events.push({ type: "kong", seat, from: null, added: true, tiles: pung.tiles.map((id) => ref(KINDS, id)) });
  } else {
    const tiles = takeKind(me.concealed, KINDS, k, 4)!;
    me.melds.push({ kind: k, tiles, claimed: null, from: null, natural: true });
    events.push({ type: "kong", seat, from: null, natural: true, tiles: tiles.map((id) => ref(KINDS, id)) });
  }
  me.drawn = null;
  drawTile(h, seat, "loose", events);
  return { ok: true, state: s, events };
}
