/**
 * The simulation (./game/simulate.ts) for a ruleset named by its id, through the engine's public
 * functions (the variants the service plays, with the built-in cards):
 *
 *   simulate("american", options, seed)                   the engine's own rules, a random player
 *   simulate(variant, options, seed, { player, check })   any Variant (e.g. with a test card)
 */
import type { CoreState, GameOptions, RulesetId, Variant } from "./api";
import * as engine from "./index";
import { simulate as simulateRules, type Rules, type SimulateOptions, type Simulation } from "./game/simulate";
import { headOf } from "./rulesets";

export * from "./game/simulate";

/** The engine's public functions for `ruleset` (the variants the service plays, with the built-in cards). */
export function rulesOf(ruleset: RulesetId): Rules<engine.GameState> {
  const head = headOf(ruleset);
  return {
    id: ruleset,
    players: head.players,
    newGame(options, seed) {
      const r = engine.newGame(ruleset, options, seed);
      if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
      return r.state;
    },
    legalMoves: engine.legalMoves,
    apply: engine.apply,
    viewFor: engine.viewFor,
    toAct: engine.toAct,
    timeout: engine.timeout,
    abandon: engine.abandon,
    result: engine.result,
    tilesOf: engine.tilesOf,
    verify: engine.verify,
  };
}

/** Plays one game from `seed` to its end (or `stopAfter` moves); throws an InvariantError naming the seed on the first broken promise. */
export function simulate(ruleset: RulesetId, options: GameOptions, seed: string, o?: SimulateOptions<engine.GameState>): Simulation<engine.GameState>;
export function simulate<S extends CoreState>(rules: Rules<S> | Variant<S>, options: GameOptions, seed: string, o?: SimulateOptions<S>): Simulation<S>;
export function simulate<S extends CoreState>(rules: Rules<S> | Variant<S> | RulesetId, options: GameOptions, seed: string, o: SimulateOptions<S> = {}): Simulation<S> {
  return simulateRules((typeof rules === "string" ? rulesOf(rules) : rules) as Rules<S>, options, seed, o);
}
