/**
 * The Siamese variants as strategy objects: `siamese` (RULES §3) and `siamese-mjm` (RULES §4)
 * differ only in Mah Jongg in error and the both-dead penalty, which the rules code asks by id.
 * Both are 2 players × 2 racks × 1 American set.
 * The Atomic hand (lines flagged `atomic`) lives on rack 1: see ./atomic.ts.
 */
import type { GameEvent, Seat, Variant } from "../../api";
import type { CardModule } from "../../card/api";
import { cardOf } from "../../game/card-of";
import { kindsOf } from "../../game/physical";
import { sideOf } from "./atomic";
import { deal } from "./deal";
import { legalMoves, type Ctx } from "./moves";
import { discard, step, clone, type Step } from "./play";
import { finish } from "./scoring";
import type { SiameseState } from "./state";
import { viewFor } from "./view";
import { tilesOf } from "./tiles-of";

export type { SiameseState } from "./state";

/** One record entry = one ply; a move that ends the game also reports the result. Every Step's state is a fresh copy, so ply is set in place. */
function bump(r: Step): Step {
  if (!r.ok) return r;
  const state = r.state;
  state.ply++;
  const events = state.phase === "over" && !r.events.some((e) => e.type === "end") ? [...r.events, { type: "end", seat: null, result: state.result }] : r.events;
  return { ok: true, state, events };
}

export function siameseVariant(id: SiameseState["ruleset"], cards: CardModule): Variant<SiameseState> & { ctx(state: SiameseState): Ctx } {
  const kinds = kindsOf("american");
  // States share their options object from ply to ply (options never change in a game): one Ctx per options object.
  const ctxs = new WeakMap<SiameseState["options"], Ctx>();
  const ctx = (s: { options: SiameseState["options"] }): Ctx => {
    let c = ctxs.get(s.options);
    if (!c) ctxs.set(s.options, (c = { cards, card: cardOf(cards, s.options), kinds }));
    return c;
  };
  return {
    id,
    players: 2,
    handsPerPlayer: 2,
    sets: 1,
    ctx,
    newGame(options, seed) {
      const opts = { ...options };
      if (opts.deadHands !== undefined && opts.deadHands !== "prevent" && opts.deadHands !== "enforce") throw new Error(`deadHands must be "prevent" or "enforce"`);
      ctx({ options: opts }); // an unknown or invalid card fails here, before any game exists
      return deal(id, opts, seed);
    },
    legalMoves: (s, seat) => legalMoves(ctx(s), s, seat),
    apply: (s, seat, move) => bump(step(ctx(s), s, seat, move)),
    viewFor: (s, seat) => viewFor(kinds, s, seat),
    tilesOf,
    toAct: (s) => (s.phase === "over" ? [] : [s.toAct]),
    result: (s) => s.result,
    timeout(s, seat) {
      if (s.phase === "over") return { ok: false, code: "game/over", message: "the game is over" };
      if (s.toAct !== seat) return { ok: false, code: "turn/not-yours", message: "it is not that player's turn" };
      const c = ctx(s);
      const events: GameEvent[] = [{ type: "timeout", seat }];
      let state = s;
      if (s.phase === "draw") {
        const r = step(c, s, seat, { type: "draw" });
        if (!r.ok) return r;
        events.push(...r.events);
        state = r.state;
      }
      // the drawn tile, else the highest tile of rack 2's side (an Atomic rack keeps its tiles)
      const me = state.seats[seat]!;
      const rest = sideOf(me);
      const side = rest.length ? rest : me.pool;
      const tile = me.drawn !== null && side.includes(me.drawn) ? me.drawn : Math.max(...side);
      const r = discard(c, clone(state), seat, { type: "discard", tile });
      if (!r.ok) return r;
      return bump({ ok: true, state: r.state, events: [...events, ...r.events] });
    },
    abandon(s, seat: Seat) {
      if (s.phase === "over") return { ok: false, code: "game/over", message: "the game is over" };
      if (!Number.isInteger(seat) || seat < 0 || seat >= s.players) return { ok: false, code: "seat/unknown", message: `there is no seat ${seat}` };
      const state = finish(ctx(s), clone(s), "abandoned", seat);
      return bump({ ok: true, state, events: [{ type: "abandoned", seat }] });
    },
  };
}
