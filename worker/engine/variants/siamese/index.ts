/**
 * The Siamese editions as strategy objects, each built by `siameseVariant` from its edition record
 * (./edition.ts): `siamese` (RULES §3) and `siamese-mjm` (RULES §4) are both 2 players × 2 racks ×
 * 1 American set and differ only in Mah Jongg in error and the both-dead penalty, which are fields of
 * the record. A new edition is a new record (see ./edition.ts for how to add one), not a copy.
 * The Atomic hand (lines flagged `atomic`) lives on rack 1: see ./atomic.ts.
 */
import type { GameEvent, Variant } from "../../api";
import type { CardModule } from "../../card/api";
import { cardOf } from "../../game/card-of";
import { kindsOf } from "../../game/physical";
import { familyOf } from "../../rulesets";
import type { Bot } from "../../bots/common";
import { defineVariant, timeOutSilent } from "../../game/variant";
import { chooseSiamese } from "./bot";
import { checkOptions } from "../../options";
import { sideOf } from "./atomic";
import { deal } from "./deal";
import { EDITIONS, tableOf, type SiameseEdition } from "./edition";
import { SIAMESE_OPTIONS } from "./head";
import { legalMoves, type Ctx } from "./moves";
import { discard, step, clone } from "./play";
import { hints } from "./hints";
import { cardLineIds, ordered } from "./orders";
import { finish } from "./scoring";
import { timeoutTile, turnPace } from "./racks";
import type { SiameseState } from "./state";
import { viewFor } from "./view";
import { tilesOf } from "./tiles-of";

export type { SiameseState } from "./state";
export { EDITIONS, SIAMESE, SIAMESE_MJM, tableOf, type SiameseEdition } from "./edition";

export { SIAMESE_OPTIONS } from "./head";

/**
 * The ruleset of one Siamese edition: `edition` is its record (or the id of a registered one). Every
 * part (deal, moves, hints, scoring) reads players, racks, sets, hand size and the edition's rulings
 * from the record through `ctx(state).edition`. `bot`: its computer player, which judges for judged
 * standing orders (Royale's answers claim windows too).
 */
export function siameseVariant(edition: SiameseEdition | keyof typeof EDITIONS, cards: CardModule, bot: Bot = chooseSiamese): Variant<SiameseState> & { ctx(state: SiameseState): Ctx; edition: SiameseEdition } {
  const ed = typeof edition === "string" ? EDITIONS[edition] : edition;
  const id = ed.id;
  // States share their options object from ply to ply (options never change in a game): one Ctx per options object.
  const ctxs = new WeakMap<SiameseState["options"], Ctx>();
  const ctx = (s: { options: SiameseState["options"] }): Ctx => {
    let c = ctxs.get(s.options);
    // the tiles of the sets this game is played with (an edition may have one set per player)
    if (!c) ctxs.set(s.options, (c = { edition: ed, cards, card: cardOf(cards, s.options), kinds: kindsOf(ed.tileSet, tableOf(ed, s.options).sets) }));
    return c;
  };
  const schema = ed.options ?? SIAMESE_OPTIONS;
  // Claim windows (Royale with 3–4 players) through the record's hook; a game without them never asks it.
  const claims = ed.claims;
  const windows = (s: SiameseState) => claims !== undefined && claims.uses(s);
  const v: Variant<SiameseState> & { ctx(state: SiameseState): Ctx; edition: SiameseEdition } = defineVariant<SiameseState, Variant<SiameseState> & { ctx(state: SiameseState): Ctx; edition: SiameseEdition }>({
    id,
    name: ed.name,
    short: ed.short,
    choice: ed.choice,
    seasonChoice: ed.seasonChoice,
    family: familyOf(id),
    description: ed.description,
    edition: ed,
    players: ed.players,
    handsPerPlayer: ed.racks,
    sets: ed.sets,
    tileSet: ed.tileSet,
    optionsSchema: schema,
    hintsIn: "device",
    ctx,
    newGame(options, seed) {
      const opts = { ...options };
      checkOptions(schema, opts);
      ctx({ options: opts }); // an unknown or invalid card fails here, before any game exists
      return deal(ed, opts, seed);
    },
    legalMoves: claims ? (s, seat) => (windows(s) ? claims.legalMoves(ctx(s), s, seat) : legalMoves(ctx(s), s, seat)) : (s, seat) => legalMoves(ctx(s), s, seat),
    apply: (s, seat, move) => step(ctx(s), s, seat, move),
    viewFor: claims ? (s, seat) => (windows(s) ? { ...viewFor(ctx(s).kinds, s, seat), ...claims.view(ctx(s), s, seat) } : viewFor(ctx(s).kinds, s, seat)) : (s, seat) => viewFor(ctx(s).kinds, s, seat),
    tilesOf: (s) => tilesOf(s, tableOf(ed, s.options).sets),
    toAct: (s) => (s.phase === "over" ? [] : s.phase === "window" ? s.window!.awaiting.slice() : [s.toAct]),
    result: (s) => s.result,
    hints: (s, seat) => hints(ctx(s), s, seat),
    ordered: (s, seat, orders, events, judge) => ordered(ctx(s), s, seat, orders, events, judge),
    orderTargets: (s) => cardLineIds(ctx(s)),
    // a turn's clock runs over its several moves: never a fresh clock; with claim windows (Royale 3–4) one for each window and each turn
    pace: claims ? (s) => (windows(s) ? claims.pace(s) : turnPace()) : turnPace,
    // the claim window's deadline passed: every silent seat passes, one timeout each (as verify replays them)
    ...(claims && {
      closeWindow(s: SiameseState) {
        if (s.phase !== "window" || !s.window || s.window.awaiting.length === 0) return { ok: false as const, code: "window/none", message: "no claim window is open" };
        return timeOutSilent(v.timeout, s, s.window.awaiting);
      },
    }),
    timeout(s, seat) {
      if (s.phase === "window") {
        // in a claim window, running out of time is a pass
        if (!s.window!.awaiting.includes(seat)) return { ok: false, code: "turn/not-awaited", message: "that player is not awaited" };
        const r = step(ctx(s), s, seat, { type: "pass" });
        return r.ok ? { ok: true, state: r.state, events: [{ type: "timeout", seat }, ...r.events] } : r;
      }
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
      const tile = timeoutTile(me.drawn, side);
      const r = discard(c, clone(state), seat, { type: "discard", tile });
      if (!r.ok) return r;
      return { ok: true, state: r.state, events: [...events, ...r.events] };
    },
    abandon(s, seat) {
      const state = finish(ctx(s), clone(s), "abandoned", seat);
      if (state.window) state.window = null;
      return { ok: true, state, events: [{ type: "abandoned", seat }] };
    },
  }, "game", bot);
  return v;
}
