/**
 * The `chinese-ming` variant (RULES §7) as a strategy object: 4 players × 1 hand × 1 Chinese set,
 * played as a MATCH of hands from 2,010 points each (option length: one hand, one round, or all of it). Moves: ./moves.ts; scoring: ./scoring.ts;
 * the course of the match: ./hand-end.ts.
 *
 * Timeout ruling: a seat asked in a claim window passes; the player to discard discards the tile
 * they drew (or, after a pung, their highest tile). Abandon: the match ends at once (./hand-end.ts).
 */
import type { GameEvent, Seat, Variant } from "../../api";
import { isAsked, isOpen } from "../../game/claim-window";
import { defineVariant } from "../../game/variant";
import { chooseChinese } from "./bot";
import { checkOptions } from "../../options";
import { CHINESE_MING_HEAD, CHINESE_OPTIONS } from "./head";
import { paceOf } from "./pace";
import { commitment, seedRng } from "../../random";
import { dealHand } from "./deal";
import { finishMatch } from "./hand-end";
import { legalMoves } from "./moves";
import { ordered } from "./orders";
import { clone, discard, step, type Step } from "./play";
import { START_POINTS, type ChineseState } from "./state";
import { viewFor } from "./view";
import { tilesOf } from "./tiles-of";

export type { ChineseState } from "./state";
export type { ChineseView } from "./view";

export { CHINESE_OPTIONS } from "./head";

export type ChineseRules = Variant<ChineseState> & {
  /** The claim window's deadline (option windowHours, default 12) passed: every silent seat passes, one timeout each. */
  closeWindow(state: ChineseState): Step & { silent?: Seat[] };
};

export const chineseMing: ChineseRules = defineVariant<ChineseState, ChineseRules>({
  ...CHINESE_MING_HEAD,
  newGame(options, seed) {
    // Options of other rulesets (deadHands, card, hints, jokerlessDiscard) mean nothing here and are dropped.
    const o = options ?? {};
    checkOptions(CHINESE_OPTIONS, o);
    // No length (a game or record from before the option): the whole match, written in so the rules read it plainly.
    const kept = { ...(o.windowHours === undefined ? {} : { windowHours: o.windowHours }), length: o.length ?? "match" };
    const rng = seedRng(seed);
    const hand = dealHand(rng, 0, 0, 0, []);
    return {
      ruleset: "chinese-ming",
      options: kept,
      commitment: commitment(seed),
      seed,
      rng,
      ply: 0,
      players: 4,
      points: [START_POINTS, START_POINTS, START_POINTS, START_POINTS],
      preferences: ["ask", "ask", "ask", "ask"],
      hand,
      hands: [],
      phase: "play",
      ended: null,
      result: null,
    };
  },
  legalMoves,
  apply: step,
  ordered,
  pace: (s) => (s.phase === "over" ? { key: "", hours: null } : paceOf(s)),
  viewFor,
  tilesOf,
  toAct(s) {
    if (s.phase === "over") return [];
    return s.hand.phase === "window" ? (s.hand.window?.awaiting.slice() ?? []) : [s.hand.toAct];
  },
  result: (s) => s.result,
  timeout(s, seat) {
    const h = s.hand;
    const events: GameEvent[] = [{ type: "timeout", seat }];
    if (h.phase === "window") {
      if (!h.window || !isAsked(h.window, seat)) return { ok: false, code: "turn/not-yours", message: "that player is not awaited" };
      const r = step(s, seat, { type: "pass" });
      return r.ok ? { ...r, events: [...events, ...r.events] } : r;
    }
    if (h.toAct !== seat) return { ok: false, code: "turn/not-yours", message: "it is not that player's turn" };
    const me = h.seats[seat]!;
    const tile = me.drawn !== null && me.concealed.includes(me.drawn) ? me.drawn : Math.max(...me.concealed);
    const r = discard(clone(s), seat, tile);
    return r.ok ? { ...r, events: [...events, ...r.events] } : r;
  },
  closeWindow(s) {
    const w = s.phase === "play" && s.hand.phase === "window" ? s.hand.window : null;
    if (!w || !isOpen(w)) return { ok: false, code: "window/none", message: "no claim window is open" };
    let state = s;
    const events: GameEvent[] = [];
    const silent = w.awaiting.slice();
    for (const seat of silent) {
      const r = chineseMing.timeout(state, seat);
      if (!r.ok) return r;
      state = r.state;
      events.push(...r.events);
    }
    return { ok: true, state, events, silent };
  },
  abandon(s, seat: Seat) {
    const state = clone(s);
    const events: GameEvent[] = [{ type: "abandoned", seat }];
    finishMatch(state, "abandoned", seat, events);
    return { ok: true, state, events };
  },
}, "match", chooseChinese);
