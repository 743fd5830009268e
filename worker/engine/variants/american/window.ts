/**
 * Claim windows in the American game (RULES §6 with game/claim-window.ts): after each discard the
 * live players other than the discarder may call it (a discarded joker never). The window closes
 * when every asked seat answered or at the deadline; then Mah Jongg beats an exposure, then the seat
 * next in turn after the discarder. A call for Mah Jongg in error (deadHands "enforce") kills the
 * caller and the next call is considered. Without a call the next live player draws automatically.
 */
import type { GameEvent, Seat } from "../../api";
import { isOpen, openWindow, ranked, turnOrderAfter } from "../../game/claim-window";
import { lineLabel } from "../../game/card-of";
import { ref, takeDeclared, takeKind } from "../../game/physical";
import { JOKER, tileName } from "../../tiles";
import { completionsWith, type Completion } from "../siamese/judge";
import { concealedKinds, groupsOf, type Ctx } from "./moves";
import { finish } from "./scoring";
import type { AmericanState, Call, Exposure } from "./state";

export type Out = { state: AmericanState; events: GameEvent[] };

const rank = (c: Call) => (c.type === "call-mahjong" ? 2 : 1);

/** The best Mah Jongg the claimed tile gives `seat` (for preference "mahjong"), or null. */
function autoMahjong(ctx: Ctx, s: AmericanState, seat: Seat, tile: number): Call | null {
  const me = s.seats[seat]!;
  const all = completionsWith(ctx.cards, ctx.card, concealedKinds(me, ctx.kinds), groupsOf(me, ctx.kinds), ctx.kinds[tile]!);
  const best = all.sort((a, b) => b.value * (b.jokerless ? 2 : 1) - a.value * (a.jokerless ? 2 : 1))[0];
  return best ? { type: "call-mahjong", line: best.line } : null;
}

export function openAfterDiscard(ctx: Ctx, s: AmericanState, discarder: Seat, tile: number, events: GameEvent[]): Out {
  const eligible = ctx.kinds[tile] === JOKER ? [] : s.seats.flatMap((p, i) => (i !== discarder && !p.dead ? [i] : []));
  s.window = openWindow<Call>({ players: s.players, discarder, tile, eligible, preferences: s.seats.map((p) => p.preference) });
  s.phase = "window";
  if (isOpen(s.window)) events.push({ type: "window", seat: null, discarder, tile: ref(ctx.kinds, tile), awaiting: s.window.awaiting.slice() });
  return settle(ctx, s, events);
}

/** If the window is closed: carry out the winning call, or move on to the next player's draw. */
export function settle(ctx: Ctx, s: AmericanState, events: GameEvent[]): Out {
  const w = s.window!;
  if (isOpen(w)) return { state: s, events };
  s.window = null;
  const { kinds } = ctx;
  for (const { seat, call } of ranked(w, rank, (seat) => autoMahjong(ctx, s, seat, w.tile))) {
    const me = s.seats[seat]!;
    if (me.dead) continue; // killed by an earlier call for Mah Jongg in error in this window
    if (call.type === "call-mahjong") {
      const c = completionsWith(ctx.cards, ctx.card, concealedKinds(me, kinds), groupsOf(me, kinds), kinds[w.tile]!).find((x) => x.line === call.line);
      if (c) {
        takeDiscard(s, w.tile);
        declare(ctx, s, seat, c, w.tile, w.discarder, events);
        return { state: finish(ctx, s, "mahjong", seat), events };
      }
      const message = `${tileName(kinds[w.tile]!)} does not complete ${lineLabel(ctx.card, call.line)}`;
      if (inError(ctx, s, seat, call.line, message, events)) return { state: s, events };
      continue;
    }
    const real = takeKind(me.concealed, kinds, kinds[w.tile]!, call.size - 1 - call.jokers)!;
    const jokers = takeKind(me.concealed, kinds, JOKER, call.jokers)!;
    takeDiscard(s, w.tile);
    const e: Exposure = { kind: kinds[w.tile]!, tiles: [w.tile, ...real, ...jokers], claimed: w.tile, from: w.discarder, turn: s.turn };
    me.exposures.push(e);
    events.push({ type: "claim", seat, from: w.discarder, tile: ref(kinds, w.tile), size: call.size, jokers: call.jokers, tiles: e.tiles.map((id) => ref(kinds, id)) });
    const fit = ctx.cards.exposuresFit(groupsOf(me, kinds), ctx.card);
    if (!fit.ok) {
      e.killed = true;
      me.dead = { reason: "exposure", message: fit.message, turn: s.turn };
      events.push({ type: "dead", seat, message: fit.message });
      return nextTurn(ctx, s, seat, events);
    }
    s.toAct = seat;
    s.phase = "discard";
    s.began = { from: w.discarder, redeemed: false };
    me.drawn = null;
    return { state: s, events };
  }
  // a window someone was asked in says how it ended (a claim says so by itself)
  if (w.asked.length) events.push({ type: "window-closed", seat: null, discarder: w.discarder, tile: ref(kinds, w.tile), claimed: false, expired: w.expired });
  return nextTurn(ctx, s, w.discarder, events);
}

const takeDiscard = (s: AmericanState, tile: number) => {
  s.discards = s.discards.filter((d) => d.tile !== tile);
};

/** The next live player after `after` draws; the wall running out ends the game. */
export function nextTurn(ctx: Ctx, s: AmericanState, after: Seat, events: GameEvent[]): Out {
  const next = [...turnOrderAfter(after, s.players), after].find((i) => !s.seats[i]!.dead);
  if (next === undefined) return { state: finish(ctx, s, "dead", null), events };
  if (s.wall.length === 0) return { state: finish(ctx, s, "wall", null), events };
  const tile = s.wall[0]!;
  s.wall = s.wall.slice(1);
  const me = s.seats[next]!;
  me.concealed.push(tile);
  me.drawn = tile;
  s.toAct = next;
  s.phase = "discard";
  s.began = { from: null, redeemed: false };
  events.push({ type: "draw", seat: next, wall: s.wall.length, secret: { tile: ref(ctx.kinds, tile) }, secretFor: next });
  return { state: s, events };
}

export function declare(ctx: Ctx, s: AmericanState, seat: Seat, c: Completion, claimed: number | null, from: Seat | null, events: GameEvent[]): void {
  const me = s.seats[seat]!;
  const tiles = takeDeclared(me.concealed, ctx.kinds, c.fromPool, claimed);
  me.mahjong = { line: c.line, value: c.value, jokerless: c.jokerless, tiles, groups: c.groups, claimed, from };
  me.drawn = null;
  events.push({ type: "mahjong", seat, line: c.line, label: lineLabel(ctx.card, c.line), value: c.value, jokerless: c.jokerless, from, selfDrawn: from === null, tiles: tiles.map((id) => ref(ctx.kinds, id)) });
}

/**
 * Mah Jongg in error (deadHands "enforce", RULES §6): the first and second players to err are dead
 * (hand thrown in face up) and the others play on; a third error makes the game void.
 * Returns true when the game is over.
 */
export function inError(ctx: Ctx, s: AmericanState, seat: Seat, line: string, message: string, events: GameEvent[]): boolean {
  const me = s.seats[seat]!;
  const before = s.seats.filter((p) => p.dead?.reason === "error").length;
  me.dead = { reason: "error", message, turn: s.turn, line };
  me.revealed = true;
  me.drawn = null;
  events.push({ type: "mahjong-error", seat, line, message, concealed: me.concealed.map((id) => ref(ctx.kinds, id)) });
  if (before >= 2) {
    finish(ctx, s, "void", seat);
    return true;
  }
  return false;
}
