/**
 * The engine's public entry: pure functions over plain-JSON state. No clock, no Math.random,
 * nothing from Cloudflare, Hono or Drizzle. Contract types live in ./api.
 *
 *   newGame(ruleset, options, seed)  → {ok, state} | rule error
 *   legalMoves(state, seat)           every move apply accepts, as JSON (vocabulary: variants/siamese/moves.ts),
 *                                     and last the seat's standing orders (game/orders.ts)
 *   apply(state, seat, move)          → {ok:true, state, events, result, toAct, pace} | {ok:false, code, message};
 *                                     then the moves the seats' standing orders cover are played at once
 *                                     (their events follow), so toAct lists only seats that must decide.
 *                                     timeout, abandon and closeWindow answer alike: what follows from
 *                                     the change (api.ts Facts) comes with it, worked out once
 *   viewFor(state, seat|null)         what a seat (or a spectator) may see
 *   viewEvent(event, seat|null)       an event as that seat may see it (a move its own standing orders
 *                                     played carries `byOrders: true`, for that seat only)
 *   DEFAULT_ORDERS, ASK_ORDERS, CLAIM_ORDERS, THROW_ORDERS, normalizeOrders
 *                                     standing orders' values (game/orders.ts); normalizeOrders reads
 *                                     either shape ({claims, throws} or the legacy {claims, throwUnneeded})
 *   toAct(state) / result(state)      whose clock runs / the ledger lines once over (else null)
 *   factsOf(state)                    result, toAct and pace of a state at once (a state read back from storage)
 *   timeout(state, seat)              the absent player's turn played for them (draw, discard it)
 *   abandon(state, seat)              ends the game, the absent player scored as both hands dead
 *   verify(record)                    re-deal from the seed, check the commitment, replay every move
 *   describeEvent(event, names, ruleset?) plain words
 *   hints(state, seat)                closest lines per rack
 *   closeWindow(state) / paceOf(state) claim-window deadline passed / how the service times the seats
 *   rulesets, HEADS, headOf           ids, names, players, rating family, options for the UI (from ./rulesets, the heads)
 *   familyOf(ruleset)                 the rating family a ruleset's games change
 *   parseOptions(ruleset, raw)        posted options checked once, in the service's words → {options, seats}
 *   seatsOf(ruleset, options)         seats of a game with these options
 *
 * Every function dispatches to the state's Variant (./api.ts); none asks which ruleset it is.
 */
import type { Applied, ApplyResult, Facts, GameEvent, GameOptions, GameRecord, GameResult, Move, Pace, RuleError, RulesetId, Seat, Variant } from "./api";
import { CardError } from "./game/card-of";
import { factsOf as factsWith, withFacts } from "./game/facts";
import { hintsAllowed, type Hints } from "./game/hints";
import { ordersMove } from "./game/orders";
export { ASK_ORDERS, CLAIM_ORDERS, DEFAULT_ORDERS, normalizeOrders, THROW_ORDERS } from "./game/orders";
import { verifyWith, type Verdict } from "./game/verify";
import { VARIANTS, type GameState } from "./registry";

export type * from "./api";
export type { SiameseState, SiameseEdition } from "./variants/siamese";
export type { SiameseView } from "./variants/siamese/view";
export type { AmericanState, AmericanView } from "./variants/american";
export type { ChineseState, ChineseView } from "./variants/chinese-ming";
export type { CallPreference } from "./game/claim-window";
export type { Hints, LineHint, RackHint } from "./variants/siamese/hints";
export type { TileRef } from "./game/physical";
export type { Verdict } from "./game/verify";
export { viewEvent } from "./game/events";
export { describeEvent } from "./describe";
export { bestHands, bestTwoHands, builtinCards, exposuresFit, match, tilesAway, validateCard } from "./card";
export { chooseMove, STRENGTHS, type Strength } from "./bots";
export { familyOf, headOf, isRulesetId, parseOptions, rulesets, seatsOf, FAMILIES, FAMILY_NAMES, HEADS, type ParsedGameOptions, type RulesetHead, type RulesetInfo } from "./rulesets";

export type { GameState } from "./registry";

const variantOf = (state: { ruleset: RulesetId }) => {
  const v = VARIANTS[state.ruleset];
  if (!v) throw new Error(`no engine for ruleset "${state.ruleset}"`);
  return v;
};

export function newGame(ruleset: RulesetId, options: GameOptions, seed: string): { ok: true; state: GameState } | ({ ok: false } & RuleError) {
  const v = VARIANTS[ruleset];
  if (!v) return { ok: false, code: "game/ruleset", message: `unknown ruleset "${ruleset}" (playable: ${Object.keys(VARIANTS).join(", ")})` };
  if (typeof seed !== "string" || seed.length < 8) return { ok: false, code: "game/seed", message: "the seed must be a string of at least 8 characters" };
  try {
    return { ok: true, state: v.newGame(options ?? {}, seed) };
  } catch (e) {
    if (e instanceof CardError || e instanceof Error) return { ok: false, code: "game/options", message: e.message };
    throw e;
  }
}

/**
 * Every move `seat` may make now. When it has any, the last is its standing orders as they stand
 * ({type:"orders", ...}, game/orders.ts): accepted at any time, never a turn; tables show it as
 * orders and computer players never choose it.
 */
export function legalMoves(state: GameState, seat: Seat): Move[] {
  const moves = variantOf(state).legalMoves(state, seat);
  return moves.length && state.phase !== "over" ? [...moves, ordersMove(state, seat)] : moves;
}
/** A change made by the state's variant, with the facts of the state it made (game/facts.ts). */
const changed = (state: GameState, change: (v: Variant<GameState>) => ApplyResult<GameState>): Applied<GameState> => {
  const v = variantOf(state);
  return withFacts(v, change(v));
};
export const apply = (state: GameState, seat: Seat, move: Move): Applied<GameState> => changed(state, (v) => v.apply(state, seat, move));
export const viewFor = (state: GameState, seat: Seat | null) => variantOf(state).viewFor(state, seat);
export const toAct = (state: GameState): Seat[] => variantOf(state).toAct(state);
export const result = (state: GameState): GameResult | null => variantOf(state).result(state);
export const timeout = (state: GameState, seat: Seat): Applied<GameState> => changed(state, (v) => v.timeout(state, seat));
export const abandon = (state: GameState, seat: Seat): Applied<GameState> => changed(state, (v) => v.abandon(state, seat));
export const tilesOf = (state: GameState) => variantOf(state).tilesOf?.(state) ?? null;
export const verify = (record: GameRecord): Verdict<GameState> => verifyWith(VARIANTS[record?.ruleset], record);

/**
 * Closest lines per rack for `seat`; null when the ruleset has none, the game's options turn hints
 * off, it plays tournament rules (deadHands "enforce": no help towards a hand that may be dead) or
 * it is over.
 */
/**
 * Whether a game with these options shows hints at all: not when they are turned off, nor under
 * dead hands enforced (tournament play). The web table asks this too, where it works hints out on
 * the player's own device.
 */
export { hintsAllowed };

export function hints(state: GameState, seat: Seat): Hints | null {
  const v = variantOf(state);
  if (!v.hints || !hintsAllowed(state.options) || state.phase === "over") return null;
  return v.hints(state, seat);
}

/**
 * Rulesets with claim windows: the window's deadline (option windowHours) passed. The silent seats
 * pass; record one {type:"timeout"} per seat in `silent` (verify replays them as timeouts).
 */
export function closeWindow(state: GameState): ApplyResult<GameState, Facts & { silent?: Seat[] }> {
  const v = variantOf(state);
  if (!v.closeWindow) return { ok: false, code: "window/none", message: "this game has no claim windows" };
  return withFacts<GameState, { silent?: Seat[] }>(v, v.closeWindow(state));
}

/**
 * How the service times the seats to act. `key` changes whenever a fresh clock is due for every
 * seat to act (American: each Charleston pass, each claim window, each turn; other rulesets: never,
 * a turn's clock runs over its several moves). `hours` is set while a claim window is open: its
 * deadline (option windowHours), after which silence is a pass (timeout).
 */
export const paceOf = (state: GameState): Pace => variantOf(state).pace(state);

/** result, toAct and pace at once, as apply hands them out: for a state the caller did not get from a change (one read back from storage). */
export const factsOf = (state: GameState): Facts => factsWith(variantOf(state), state);

/** A record of a game from its moves (the service keeps `moves`; this packs them with the deal). */
export const recordOf = (state: GameState, moves: { seat: Seat; move: Move }[]): GameRecord => ({
  ruleset: state.ruleset,
  options: state.options,
  seed: state.seed,
  commitment: state.commitment,
  moves,
});

export type { GameEvent };
