/**
 * American Mah Jongg (RULES §6) as a strategy object: 4 players × 1 hand × 1 American set, the
 * Charleston by correspondence (stages.ts), leak-free claim windows (window.ts over
 * game/claim-window.ts), jokers, concealed and dead hands, Mah Jongg in error, payments (scoring.ts).
 *
 * For the service: `toAct` lists every seat that must act (several during the Charleston or a
 * window); `closeWindow(state)` is what the Durable Object calls when a window's deadline
 * (option `windowHours`, default 12) passes; `timeout(state, seat)` plays an absent seat's part: in the
 * Charleston it passes the three rightmost non-joker tiles (courtesy: none), in a window it passes,
 * on its turn it discards the drawn tile (or its rightmost tile) and claims nothing.
 */
import type { GameEvent, Seat, Variant } from "../../api";
import type { CardModule } from "../../card/api";
import { cardOf } from "../../game/card-of";
import { isOpen } from "../../game/claim-window";
import { kindsOf } from "../../game/physical";
import { defineVariant, timeOutSilent } from "../../game/variant";
import { chooseAmerican } from "./bot";
import { checkOptions } from "../../options";
import { AMERICAN_HEAD, AMERICAN_OPTIONS } from "./head";
import { JOKER } from "../../tiles";
import { deal } from "./deal";
import { hints } from "./hints";
import { americanLineIds, ordered } from "./orders";
import { legalMoves, type Ctx } from "./moves";
import { clone, fail, step, type Step } from "./play";
import { finish } from "./scoring";
import { STAGES } from "./stages";
import type { AmericanState } from "./state";
import { viewFor } from "./view";
import { tilesOf } from "./tiles-of";

export type { AmericanState } from "./state";
export type { AmericanView } from "./view";

export { AMERICAN_OPTIONS } from "./head";

export function toAct(s: AmericanState): Seat[] {
  if (s.phase === "over") return [];
  if (s.phase === "charleston") return s.charleston!.choices.flatMap((c, seat) => (c === null ? [seat] : []));
  if (s.phase === "window") return s.window!.awaiting.slice();
  return [s.toAct];
}

export type AmericanRules = Variant<AmericanState> & {
  ctx(state: AmericanState): Ctx;
  /**
   * The claim window's deadline passed: every silent seat passes. It is the timeout ruling applied
   * to each seat in `silent`, in order, so the service records one {type:"timeout"} per silent seat
   * and verify replays it. Refused when no window is open.
   */
  closeWindow(state: AmericanState): Step & { silent?: Seat[] };
};

export function americanVariant(cards: CardModule): AmericanRules {
  const kinds = kindsOf("american");
  const ctx = (s: { options: AmericanState["options"] }): Ctx => ({ cards, card: cardOf(cards, s.options), kinds });
  const v: AmericanRules = defineVariant<AmericanState, AmericanRules>({
    ...AMERICAN_HEAD,
    ctx,
    newGame(options, seed) {
      const o = { ...options };
      checkOptions(AMERICAN_OPTIONS, o);
      ctx({ options: o });
      return deal(o, seed);
    },
    legalMoves: (s, seat) => legalMoves(ctx(s), s, seat),
    apply: (s, seat, move) => step(ctx(s), s, seat, move),
    viewFor: (s, seat) => viewFor(kinds, s, seat),
    tilesOf,
    toAct,
    result: (s) => s.result,
    hints: (s, seat) => hints(ctx(s), s, seat),
    ordered: (s, seat, orders, events, judge) => ordered(ctx(s), s, seat, orders, events, judge),
    orderTargets: (s) => americanLineIds(ctx(s)),
    /** A fresh clock for each Charleston pass, each claim window (its deadline windowHours) and each turn. */
    pace(s) {
      if (s.phase === "charleston") return { key: `charleston:${s.charleston!.stage}`, hours: null };
      if (s.phase === "window") return { key: `window:${s.turn}`, hours: s.options.windowHours ?? 12 };
      return { key: `turn:${s.turn}`, hours: null };
    },
    closeWindow(s) {
      if (s.phase !== "window" || !s.window || !isOpen(s.window)) return fail("window/none", "no claim window is open");
      return timeOutSilent(v.timeout, s, s.window.awaiting);
    },
    timeout(s, seat) {
      if (!toAct(s).includes(seat)) return fail("turn/not-awaited", "that player is not awaited");
      const events: GameEvent[] = [{ type: "timeout", seat }];
      const me = s.seats[seat]!;
      let r: Step;
      if (s.phase === "charleston") {
        const st = STAGES[s.charleston!.stage]!;
        const tiles = me.concealed.filter((id) => kinds[id] !== JOKER).slice(-3);
        r = step(ctx(s), s, seat, st.courtesy ? { type: "courtesy", tiles: [] } : { type: "pass", tiles, blind: 0 });
      } else if (s.phase === "window") {
        r = step(ctx(s), s, seat, { type: "pass" });
      } else {
        const tile = me.drawn !== null && me.concealed.includes(me.drawn) ? me.drawn : me.concealed.at(-1)!;
        r = step(ctx(s), s, seat, { type: "discard", tile });
      }
      if (!r.ok) return r;
      return { ok: true, state: r.state, events: [...events, ...r.events] };
    },
    abandon(s, seat) {
      const state = finish(ctx(s), clone(s), "abandoned", seat);
      return { ok: true, state, events: [{ type: "abandoned", seat }] };
    },
  }, "game", chooseAmerican);
  return v;
}
