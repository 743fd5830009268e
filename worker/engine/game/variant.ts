/**
 * What every variant shares, added once: one record entry = one ply, a move that ends the game
 * carries its result (event "end"), and the guards of `timeout` and `abandon`. A variant's own
 * `apply`, `timeout` and `abandon` do the rules only; `defineVariant` wraps them.
 */
import type { ApplyResult, CoreState, GameEvent, Seat, Variant } from "../api";

const isOver = (s: CoreState) => s.phase === "over";

/** The ply after one record entry, and the "end" event when the entry ended the game (unless the variant already emitted it). */
export function bump<S extends CoreState>(r: ApplyResult<S>): ApplyResult<S> {
  if (!r.ok) return r;
  const state = { ...r.state, ply: r.state.ply + 1 };
  const events: GameEvent[] = isOver(state) && !r.events.some((e) => e.type === "end") ? [...r.events, { type: "end", seat: null, result: (state as { result?: unknown }).result ?? null }] : r.events;
  return { ok: true, state, events };
}

/** `noun` names the end in refusals: "the game is over" or (a match of hands) "the match is over". */
export function defineVariant<S extends CoreState, V extends Variant<S>>(parts: V, noun: "game" | "match" = "game"): V {
  const over = (): ApplyResult<S> => ({ ok: false, code: "game/over", message: `the ${noun} is over` });
  return {
    ...parts,
    apply: (s: S, seat: Seat, move) => bump(parts.apply(s, seat, move)),
    timeout: (s: S, seat: Seat) => (isOver(s) ? over() : bump(parts.timeout(s, seat))),
    abandon(s: S, seat: Seat) {
      if (isOver(s)) return over();
      if (!Number.isInteger(seat) || seat < 0 || seat >= s.players) return { ok: false, code: "seat/unknown", message: `there is no seat ${seat}` };
      return bump(parts.abandon(s, seat));
    },
  };
}
