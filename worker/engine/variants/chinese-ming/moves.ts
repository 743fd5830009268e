/**
 * The chinese-ming move vocabulary. Every move is plain JSON; legalMoves(state, seat) lists exactly
 * the moves apply accepts. Drawing is not a move: when a claim window closes with no call the next
 * player draws at once, and flowers are laid out and replaced as they come. Instead of drawing, the
 * next player may take the last discard (answer "take" in the window).
 *
 * Your turn (phase "discard", you hold 14, kongs counted as three):
 *   {type:"discard", tile}        discard tile id `tile`; opens a claim window for the others
 *   {type:"kong", kind}           lay out a natural kong of four concealed `kind`, or add the fourth
 *                                 `kind` to your exposed pung; then draw a replacement from the loose end
 *   {type:"woo"}                  declare Woo on your own tile (after a draw or a replacement)
 * Claim window (phase "window", you are asked):
 *   {type:"pass"}                 do not call (answers stay secret until the window closes; re-answer freely)
 *   {type:"pung"} / {type:"kong"} take the discard with two / three of it from your concealed tiles;
 *                                 a kong also with your exposed pung of it (an exposed pung is not dead)
 *   {type:"woo"}                  take the discard to complete your hand
 *   {type:"take"}                 the next player only: take the discard into your concealed hand
 *                                 instead of drawing, no pair needed; it counts as drawn (Ruling §7).
 *                                 Not once play has reached the dead wall (the hand is then a draw).
 * Any time, any seat:
 *   {type:"preference", call}     "ask" (asked in every window), "mahjong" (never asked: the engine
 *                                 calls Woo for you when the discard completes your hand), "never"
 */
import type { Move, Seat } from "../../api";
import { CALL_PREFERENCES, isAsked } from "../../game/claim-window";
import { countOf } from "../../game/physical";
import { KINDS } from "./deal";
import { DEAD_WALL, type Call, type ChineseState, type HandSeat } from "./state";
import { completes, concealedKinds } from "./woo";

/** An exposed pung of `kind` that the fourth tile may turn into a kong (RULES §7: an exposed pung is not dead). */
export const exposedPung = (me: HandSeat, kind: number) => me.melds.find((m) => m.kind === kind && m.tiles.length === 3 && !m.natural);

/**
 * Calls `me` could make on a discard of `tile`; `next` = `me` is the next player in turn and the
 * live wall is not used up, so may take the discard instead of drawing.
 */
export function possibleCalls(me: HandSeat, tile: number, next = false): Call[] {
  const k = KINDS[tile]!;
  const n = countOf(me.concealed, KINDS, k);
  const out: Call[] = [];
  if (completes([...concealedKinds(me), k])) out.push({ type: "woo" });
  if (n >= 2) out.push({ type: "pung" });
  if (n >= 3 || exposedPung(me, k)) out.push({ type: "kong" });
  if (next) out.push({ type: "take" });
  return out;
}

/** May `seat` take the window's discard instead of drawing: the next player in turn, live wall left. */
export const mayTake = (s: ChineseState, seat: Seat) => {
  const w = s.hand.window;
  return !!w && seat === (w.discarder + 1) % 4 && s.hand.wall.length > DEAD_WALL;
};

/** Kinds `me` may kong on their turn: four concealed, or the fourth tile of an exposed pung. */
export function kongKinds(me: HandSeat): number[] {
  const out = new Set<number>();
  for (const id of me.concealed) {
    const k = KINDS[id]!;
    if (countOf(me.concealed, KINDS, k) === 4) out.add(k);
    if (me.melds.some((m) => m.kind === k && m.tiles.length === 3)) out.add(k);
  }
  return [...out].sort((a, b) => a - b);
}

/** Woo on your own tile: not straight after a pung (a Woo on a discard is called in the window); a taken discard counts as drawn. */
export const canSelfWoo = (s: ChineseState, me: HandSeat) => s.hand.lastTile !== "claim" && completes(concealedKinds(me));

export function legalMoves(s: ChineseState, seat: Seat): Move[] {
  if (s.phase === "over" || !Number.isInteger(seat) || seat < 0 || seat >= s.players) return [];
  const out: Move[] = [];
  const h = s.hand;
  const me = h.seats[seat]!;
  if (h.phase === "window" && h.window && isAsked(h.window, seat)) {
    out.push({ type: "pass" });
    for (const c of possibleCalls(me, h.window.tile, mayTake(s, seat))) out.push({ type: c.type });
  }
  if (h.phase === "discard" && h.toAct === seat) {
    for (const tile of me.concealed) out.push({ type: "discard", tile });
    for (const kind of kongKinds(me)) out.push({ type: "kong", kind });
    if (canSelfWoo(s, me)) out.push({ type: "woo" });
  }
  for (const call of CALL_PREFERENCES) if (call !== s.preferences[seat]) out.push({ type: "preference", call });
  return out;
}
