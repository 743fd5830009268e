/**
 * Royale's claim windows in play (3–4 players; rulings in ./RULINGS.md, pieces in ./claims.ts): the
 * hook the Siamese factory asks (`ClaimRules`, siamese/edition.ts). After each discard a window opens
 * for every other player still playing (none for a joker); the asked players answer
 *
 *   {type:"pass"}
 *   {type:"call", rack, size, jokers}          the discard for an exposure of `size` on `rack`
 *   {type:"call-mahjong", rack, line, hands?}  the discard completes `rack` as card `line`; `hands`
 *                                              (default 1): hands declared in that turn, the claimed
 *                                              one included (the others are declared at once)
 *
 * and any player may set {type:"preference", call} ("ask" | "mahjong" | "never") at any time, from
 * the next window on. Answers are checked when given and stay secret until the window closes
 * (everyone asked answered, or the deadline: silence is a pass). Then the claims are carried out best
 * first (a claim declaring two or more hands, then the nearest in turn, whatever the claim) through the Siamese claim code: the claimant
 * discards next and play goes on to their right. A Mah Jongg claim in error (deadHands "enforce")
 * kills the rack it named and the next claim is considered. Nobody claims: the next player to the
 * right who is still playing draws (the Siamese draw phase, with nothing to claim).
 */
import type { GameEvent, Move, Seat } from "../../api";
import { answer, CALL_PREFERENCES, isAsked, isOpen, windowView, type CallPreference } from "../../game/claim-window";
import { lineById } from "../../game/card-of";
import { ref } from "../../game/physical";
import { JOKER } from "../../tiles";
import { isAtomicRack, rackSource } from "../siamese/atomic";
import type { ClaimRules, ClaimStep } from "../siamese/edition";
import { asGroup, completions } from "../siamese/judge";
import { kindsOfIds, legalMoves as siameseMoves, open, type Ctx } from "../siamese/moves";
import { clone, step as siameseStep } from "../siamese/play";
import { finish } from "../siamese/scoring";
import type { Discard, SiameseState, WindowCall } from "../siamese/state";
import { nextInTurn, openRoyaleWindow, usesWindow, windowClaims } from "./claims";

const fail = (code: string, message: string): ClaimStep => ({ ok: false, code, message });
const isInt = (v: unknown, lo: number, hi: number): v is number => Number.isInteger(v) && (v as number) >= lo && (v as number) <= hi;
const FIELDS: Record<string, string[]> = { pass: [], call: ["rack", "size", "jokers"], "call-mahjong": ["rack", "line", "hands"], preference: ["call"] };
const PASS: Move = Object.freeze({ type: "pass" });

/** The state as the Siamese claim code sees it: `seat`'s turn to claim `d` or draw. */
const claimState = (s: SiameseState, seat: Seat, d: Discard): SiameseState => ({ ...s, window: null, toAct: seat, phase: "draw", claimable: d });

/** The discard the open window is about (the last one made). */
const discardOf = (s: SiameseState): Discard => s.discards[s.discards.length - 1]!;

/** The first open rack of `seat` complete as it stands, and its line (null: none). */
function completeRack(ctx: Ctx, s: SiameseState, seat: Seat): { rack: number; line: string } | null {
  const me = s.seats[seat]!;
  for (let rack = 0; rack < me.racks.length; rack++) {
    const r = me.racks[rack]!;
    if (!open(r)) continue;
    const from = rackSource(ctx.card, me, rack);
    const groups = from.atomic ? [] : r.exposures.map((e) => asGroup(e, ctx.kinds));
    const c = completions(ctx.cards, from.card, kindsOfIds(from.ids, ctx.kinds), groups, undefined, from.atomic)[0];
    if (c) return { rack, line: c.line };
  }
  return null;
}

/** Declares up to `n` more of `seat`'s racks that are complete (after a claimed Mah Jongg, in the same turn); how many it could. */
function declareMore(ctx: Ctx, s: SiameseState, seat: Seat, n: number): { state: SiameseState; events: GameEvent[]; declared: number } {
  let state = s;
  const events: GameEvent[] = [];
  let declared = 0;
  while (declared < n && state.phase !== "over") {
    const m = completeRack(ctx, state, seat);
    if (!m) break;
    const r = siameseStep(ctx, state, seat, { type: "mahjong", rack: m.rack, line: m.line });
    if (!r.ok) break;
    state = r.state;
    events.push(...r.events);
    declared++;
  }
  return { state, events, declared };
}

/** The Siamese claim move a call stands for. */
const claimMove = (c: WindowCall): Move =>
  c.type === "call" ? { type: "claim", rack: c.rack, size: c.size, jokers: c.jokers } : { type: "claim-mahjong", rack: c.rack, line: c.line };

/** For preference "mahjong": `seat`'s best Mah Jongg with the discard (highest card value), or null. */
function autoCall(ctx: Ctx, s: SiameseState, seat: Seat, d: Discard): WindowCall | null {
  let best: WindowCall | null = null;
  let value = -1;
  for (const m of siameseMoves(ctx, claimState(s, seat, d), seat)) {
    if (m.type !== "claim-mahjong") continue;
    const v = lineById(ctx.card, m.line as string)?.value ?? 0;
    if (v > value) (value = v), (best = { type: "call-mahjong", rack: m.rack as number, line: m.line as string });
  }
  return best;
}

/** Opens the window after discard `d` (the Siamese discard has counted the turn and found the game going on). */
function afterDiscard(ctx: Ctx, s: SiameseState, d: Discard, events: GameEvent[]): ClaimStep {
  const w = openRoyaleWindow({
    players: s.players,
    discarder: d.seat,
    tile: d.tile,
    joker: ctx.kinds[d.tile] === JOKER,
    stopped: s.seats.map((p) => p.stopped),
    preferences: s.seats.map((p) => p.preference ?? "ask"),
  });
  s.window = w;
  s.phase = "window";
  s.toAct = d.seat;
  s.claimable = null;
  if (isOpen(w)) events.push({ type: "window", seat: null, discarder: d.seat, tile: ref(ctx.kinds, d.tile), awaiting: w.awaiting.slice() });
  return settle(ctx, s, events);
}

/** If the window is closed: carry out the best claim that stands, or hand the turn to the next player to the right. */
function settle(ctx: Ctx, s: SiameseState, events: GameEvent[]): ClaimStep {
  const w = s.window!;
  if (isOpen(w)) return { ok: true, state: s, events };
  const d = discardOf(s);
  let cur: SiameseState = { ...s, window: null };
  for (const { seat, call } of windowClaims(w, (seat) => autoCall(ctx, cur, seat, d))) {
    const r = siameseStep(ctx, claimState(cur, seat, d), seat, claimMove(call));
    if (r.ok) {
      events.push(...r.events);
      if (call.type !== "call-mahjong" || (call.hands ?? 1) < 2) return { ok: true, state: r.state, events };
      const more = declareMore(ctx, r.state, seat, call.hands! - 1);
      events.push(...more.events);
      return { ok: true, state: more.state, events };
    }
    if (call.type === "call-mahjong" && r.code === "mahjong/not-complete") {
      // Mah Jongg in error (only "enforce" accepts such a claim): that rack is dead, the next claim is considered
      cur = clone(cur);
      const me = cur.seats[seat]!;
      if (isAtomicRack(me, call.rack)) delete me.atomic;
      me.racks[call.rack]!.dead = { reason: "error", message: r.message, turn: cur.turn, line: call.line };
      events.push({ type: "mahjong-error", seat, rack: call.rack, line: call.line, message: r.message });
      const end = ctx.edition.end?.(cur.seats, false);
      if (end) return { ok: true, state: finish(ctx, cur, end.reason, end.seat), events };
    }
    // no other refusal can happen here: each call was checked when it was answered
  }
  // a window someone was asked in says how it ended (a claim says so by itself)
  if (w.asked.length) events.push({ type: "window-closed", seat: null, discarder: w.discarder, tile: ref(ctx.kinds, w.tile), claimed: false, expired: w.expired });
  const next = nextInTurn(w.discarder, cur.players, cur.seats.map((p) => p.stopped));
  if (next === null) return { ok: true, state: finish(ctx, cur, "dead", null), events };
  cur.toAct = next;
  cur.phase = "draw";
  cur.claimable = null;
  return { ok: true, state: cur, events };
}

/** An answer in the open window, checked against the Siamese claim code as if it were the answering seat's turn. */
function answerStep(ctx: Ctx, s: SiameseState, seat: Seat, move: Move, type: string): ClaimStep {
  const w = s.window!;
  if (!isAsked(w, seat))
    return fail("window/not-asked", seat === w.discarder ? "the others may claim your discard now" : "you are not asked in this claim window (see your call preference)");
  const d = discardOf(s);
  const enforce = s.options.deadHands === "enforce";
  let call: WindowCall | null = null;
  if (type === "call") {
    const r = siameseStep(ctx, claimState(s, seat, d), seat, { type: "claim", rack: move.rack, size: move.size, jokers: move.jokers });
    if (!r.ok) return r;
    call = { type: "call", rack: move.rack as number, size: move.size as number, jokers: move.jokers as number };
  } else if (type === "call-mahjong") {
    const racks = s.seats[seat]!.racks.length;
    const hands = move.hands ?? 1;
    if (!isInt(hands, 1, racks)) return fail("claim/hands", `hands is how many hands you declare in this turn, the claimed one included: 1 to ${racks}`);
    const r = siameseStep(ctx, claimState(s, seat, d), seat, { type: "claim-mahjong", rack: move.rack, line: move.line });
    if (!r.ok && !(enforce && r.code === "mahjong/not-complete")) return r;
    if (hands > 1 && (!r.ok || declareMore(ctx, r.state, seat, hands - 1).declared < hands - 1))
      return fail("claim/hands", `with that tile you cannot declare ${hands} hands at once`);
    call = { type: "call-mahjong", rack: move.rack as number, line: move.line as string, ...(hands > 1 ? { hands } : {}) };
  } else if (type !== "pass") return fail("window/only", "a claim window is open: pass, or call the discard");
  const next: SiameseState = { ...s, window: answer(w, seat, call) };
  return settle(ctx, next, [{ type: "window-answered", seat }]);
}

export const ROYALE_CLAIMS: ClaimRules = {
  uses: (s) => usesWindow(s.players),
  afterDiscard,

  step(ctx, s, seat, move) {
    const type = move && typeof move === "object" && typeof move.type === "string" ? move.type : null;
    if (s.phase === "over" || !isInt(seat, 0, s.players - 1)) return null; // the Siamese refusals
    if (type === null || !(type in FIELDS)) {
      // every other move is the Siamese code's; while a window is open there is none
      if (s.phase !== "window") return null;
      return fail(isAsked(s.window!, seat) ? "window/only" : "window/not-asked", "a claim window is open: the other players may claim the last discard");
    }
    const extra = Object.keys(move).filter((k) => k !== "type" && !FIELDS[type]!.includes(k));
    if (extra.length) return fail("move/malformed", `a ${type} move has no field ${extra.join(", ")}`);
    if (type === "preference") {
      if (!CALL_PREFERENCES.includes(move.call as CallPreference)) return fail("preference/unknown", `a call preference is one of ${CALL_PREFERENCES.join(", ")}`);
      const state = clone(s);
      state.seats[seat]!.preference = move.call as CallPreference;
      return { ok: true, state, events: [] };
    }
    if (s.phase !== "window") return fail("claim/closed", "no discard can be claimed now: a claim window is open only right after a discard");
    return answerStep(ctx, s, seat, move, type);
  },

  legalMoves(ctx, s, seat) {
    if (s.phase === "over" || !isInt(seat, 0, s.players - 1)) return [];
    const me = s.seats[seat]!;
    const prefs: Move[] = CALL_PREFERENCES.filter((p) => p !== (me.preference ?? "ask")).map((call) => ({ type: "preference", call }));
    if (s.phase !== "window") return [...siameseMoves(ctx, s, seat), ...prefs];
    if (!isAsked(s.window!, seat)) return prefs;
    const d = discardOf(s);
    const tmp = claimState(s, seat, d);
    const out: Move[] = [PASS];
    const named = new Set<string>();
    for (const m of siameseMoves(ctx, tmp, seat)) {
      if (m.type === "claim") out.push({ type: "call", rack: m.rack, size: m.size, jokers: m.jokers });
      else if (m.type === "claim-mahjong") {
        out.push({ type: "call-mahjong", rack: m.rack, line: m.line });
        named.add(`${m.rack} ${m.line}`);
        // more hands complete with it: the same claim declaring them too
        const r = siameseStep(ctx, tmp, seat, m);
        if (r.ok) {
          const more = declareMore(ctx, r.state, seat, me.racks.length - 1).declared;
          for (let hands = 2; hands <= 1 + more; hands++) out.push({ type: "call-mahjong", rack: m.rack, line: m.line, hands });
        }
      }
    }
    // under "enforce" any line of an open rack may be claimed (a wrong one is Mah Jongg in error)
    if (s.options.deadHands === "enforce")
      me.racks.forEach((r, rack) => {
        if (!open(r)) return;
        const atomic = isAtomicRack(me, rack);
        for (const l of ctx.card.lines) if (!!l.atomic === atomic && !named.has(`${rack} ${l.id}`)) out.push({ type: "call-mahjong", rack, line: l.id });
      });
    return [...out, ...prefs];
  },

  view(ctx, s, seat) {
    const w = s.window;
    return {
      window: w ? { ...windowView(w, seat), tile: ref(ctx.kinds, w.tile), hours: s.options.windowHours ?? 12 } : null,
      preference: seat === null ? null : (s.seats[seat]?.preference ?? "ask"),
    };
  },

  pace: (s) => (s.phase === "window" ? { key: `window:${s.turn}`, hours: s.options.windowHours ?? 12 } : { key: `turn:${s.turn}`, hours: null }),
};
