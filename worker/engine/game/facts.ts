/**
 * What follows from a state (api.ts Facts), asked of its variant once: the engine's entry hands
 * them out with every change, so the service never asks again after a move.
 */
import type { ApplyResult, CoreState, Facts, Pace, Variant } from "../api";

/** An ended game's pace: nobody is timed. */
const OVER: Pace = { key: "", hours: null };

export function factsOf<S extends CoreState>(v: Variant<S>, state: S): Facts {
  const result = v.result(state);
  return result !== null ? { result, toAct: [], pace: OVER } : { result: null, toAct: v.toAct(state), pace: v.pace(state) };
}

/** A change with the facts of the state it made; a refusal as it is. */
export function withFacts<S extends CoreState, Also>(v: Variant<S>, r: ApplyResult<S, Also>): ApplyResult<S, Also & Facts> {
  return r.ok ? { ...r, ...factsOf(v, r.state) } : r;
}
