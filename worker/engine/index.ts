/**
 * The engine's public entry: pure functions over plain-JSON state. No clock, no Math.random,
 * nothing from Cloudflare, Hono or Drizzle. Contract types live in ./api.
 *
 *   newGame(ruleset, options, seed)  → {ok, state} | rule error
 *   legalMoves(state, seat)           every move apply accepts, as JSON (vocabulary: variants/siamese/moves.ts)
 *   apply(state, seat, move)          → {ok:true, state, events} | {ok:false, code, message}
 *   viewFor(state, seat|null)         what a seat (or a spectator) may see
 *   viewEvent(event, seat|null)       an event as that seat may see it
 *   toAct(state) / result(state)      whose clock runs / the ledger lines once over (else null)
 *   timeout(state, seat)              the absent player's turn played for them (draw, discard it)
 *   abandon(state, seat)              ends the game, the absent player scored as both hands dead
 *   verify(record)                    re-deal from the seed, check the commitment, replay every move
 *   describeEvent(event, names, ruleset?) plain words
 *   hints(state, seat)                closest lines per rack
 *   rulesets                          ids, names, players, options for the UI
 */
import type { ApplyResult, GameEvent, GameOptions, GameRecord, GameResult, Move, RuleError, RulesetId, Seat, Variant } from "./api";
import { cardModule } from "./card";
import { CardError } from "./game/card-of";
import { verifyWith, type Verdict } from "./game/verify";
import { siameseVariant, type SiameseState } from "./variants/siamese";
import { hints as siameseHints, type Hints } from "./variants/siamese/hints";
import { americanVariant, type AmericanState } from "./variants/american";
import { hints as americanHints } from "./variants/american/hints";
import { chineseMing, type ChineseState } from "./variants/chinese-ming";
import { paceOf as chinesePace } from "./variants/chinese-ming/pace";

export type * from "./api";
export type { SiameseState } from "./variants/siamese";
export type { SiameseView } from "./variants/siamese/view";
export type { AmericanState, AmericanView } from "./variants/american";
export type { ChineseState, ChineseView } from "./variants/chinese-ming";
export type { CallPreference } from "./game/claim-window";
export type { Hints, LineHint, RackHint } from "./variants/siamese/hints";
export type { TileRef } from "./game/physical";
export type { Verdict } from "./game/verify";
export { viewEvent } from "./game/events";
export { describeEvent } from "./describe";
export { bestTwoHands, builtinCards, exposuresFit, match, tilesAway, validateCard } from "./card";
export { chooseMove, STRENGTHS, type Strength } from "./bots";

/** Every game state the engine stores (more variants join this union). */
export type GameState = SiameseState | AmericanState | ChineseState;

const siamese = siameseVariant("siamese", cardModule);
const siameseMjm = siameseVariant("siamese-mjm", cardModule);
const american = americanVariant(cardModule);
// Each variant only ever receives states of its own ruleset (variantOf looks it up by state.ruleset).
const VARIANTS = { siamese, "siamese-mjm": siameseMjm, american, "chinese-ming": chineseMing } as unknown as Partial<Record<RulesetId, Variant<GameState> & { ctx: typeof siamese.ctx }>>;

export interface RulesetOption {
  key: keyof GameOptions;
  label: string;
  description: string;
  values: { value: unknown; label: string }[];
  default: unknown;
}

export interface RulesetInfo {
  id: RulesetId;
  name: string;
  players: number;
  handsPerPlayer: number;
  sets: number;
  description: string;
  options: RulesetOption[];
  /**
   * Where a table gets its hints: "view" from `hints()` in every game view the service sends, or
   * "device" worked out on the player's own device from the tiles in their view (Siamese, whose
   * tables do that with the card matcher, so the service need not work them out on every move).
   */
  hintsIn: "view" | "device";
}

const siameseOptions: RulesetOption[] = [
  {
    key: "deadHands",
    label: "Dead hands",
    description: "Friendly play refuses a move that would make a hand dead and says why; tournament play accepts it and the hand is dead.",
    values: [
      { value: "prevent", label: "Prevent (friendly)" },
      { value: "enforce", label: "Enforce (tournament)" },
    ],
    default: "prevent",
  },
  {
    key: "card",
    label: "Card",
    description: "The card of hands played.",
    values: Object.keys(cardModule.builtinCards).map((id) => ({ value: id, label: cardModule.builtinCards[id]!.name })),
    default: "sample-2026",
  },
  {
    key: "hints",
    label: "Hints",
    description: "Show the closest card lines for each rack.",
    values: [
      { value: true, label: "On" },
      { value: false, label: "Off" },
    ],
    default: true,
  },
];

const americanOptions: RulesetOption[] = [
  ...siameseOptions,
  {
    key: "jokerlessDiscard",
    label: "Jokerless on a discard",
    description: "A jokerless hand won on a discard pays three times: by each of the three (our ruling), or by the discarder only (the literal reading).",
    values: [
      { value: "each-3x", label: "Each pays 3×" },
      { value: "discarder-3x", label: "Discarder pays 3×" },
    ],
    default: "each-3x",
  },
  {
    key: "windowHours",
    label: "Claim window",
    description: "How long the other players may call a discard; after that silence is a pass.",
    values: [1, 4, 12, 24].map((h) => ({ value: h, label: `${h} hour${h === 1 ? "" : "s"}` })),
    default: 12,
  },
];

export const rulesets: RulesetInfo[] = [
  {
    id: "siamese",
    name: "Siamese Mah Jongg",
    players: 2,
    handsPerPlayer: 2,
    sets: 1,
    description: "Two players, two racks each, American tiles and card; as played by its creator.",
    options: siameseOptions,
    hintsIn: "device",
  },
  {
    id: "siamese-mjm",
    name: "Siamese Mah Jongg (MahJong Masters)",
    players: 2,
    handsPerPlayer: 2,
    sets: 1,
    description: "The official MahJong Masters rules: Mah Jongg in error kills both hands; both hands dead costs 100.",
    options: siameseOptions,
    hintsIn: "device",
  },
  {
    id: "american",
    name: "American Mah Jongg",
    players: 4,
    handsPerPlayer: 1,
    sets: 1,
    description: "Four players, one hand each, American tiles and card; Charleston, claim windows and call preferences for play by correspondence.",
    options: americanOptions,
    hintsIn: "view",
  },
  {
    id: "chinese-ming",
    name: "Chinese Mah Jongg (Ming family rules)",
    players: 4,
    handsPerPlayer: 1,
    sets: 1,
    description: "Four players, Chinese tiles with flowers, no chows; a match of at least 16 hands from 2,010 points each, the Jong paying and paid double, no limit.",
    options: americanOptions.filter((o) => o.key === "windowHours"),
    hintsIn: "view",
  },
];

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

export const legalMoves = (state: GameState, seat: Seat): Move[] => variantOf(state).legalMoves(state, seat);
export const apply = (state: GameState, seat: Seat, move: Move): ApplyResult<GameState> => variantOf(state).apply(state, seat, move);
export const viewFor = (state: GameState, seat: Seat | null) => variantOf(state).viewFor(state, seat);
export const toAct = (state: GameState): Seat[] => variantOf(state).toAct(state);
export const result = (state: GameState): GameResult | null => variantOf(state).result(state);
export const timeout = (state: GameState, seat: Seat): ApplyResult<GameState> => variantOf(state).timeout(state, seat);
export const abandon = (state: GameState, seat: Seat): ApplyResult<GameState> => variantOf(state).abandon(state, seat);
export const tilesOf = (state: GameState) => variantOf(state).tilesOf?.(state) ?? null;
export const verify = (record: GameRecord): Verdict<GameState> => verifyWith(VARIANTS[record?.ruleset], record);

/** Closest lines per rack for `seat`; null when the game's options turn hints off or it is over. */
export function hints(state: GameState, seat: Seat): Hints | null {
  if (state.options.hints === false || state.phase === "over" || state.ruleset === "chinese-ming") return null;
  if (state.ruleset === "american") return americanHints(american.ctx(state), state, seat);
  const v = variantOf(state);
  return siameseHints(v.ctx(state), state, seat);
}

/**
 * Four-player variants: the claim window's deadline (option windowHours) passed. The silent seats
 * pass; record one {type:"timeout"} per seat in `silent` (verify replays them as timeouts).
 */
export function closeWindow(state: GameState): (ApplyResult<GameState> & { silent?: Seat[] }) {
  if (state.ruleset === "chinese-ming") return chineseMing.closeWindow(state);
  if (state.ruleset !== "american") return { ok: false, code: "window/none", message: "this game has no claim windows" };
  return american.closeWindow(state);
}

/**
 * How the service times the seats to act. `key` changes whenever a fresh clock is due for every
 * seat to act (American: each Charleston pass, each claim window, each turn; other rulesets: never,
 * a turn's clock runs over its several moves). `hours` is set while a claim window is open: its
 * deadline (option windowHours), after which silence is a pass (timeout).
 */
export function paceOf(state: GameState): { key: string; hours: number | null } {
  if (state.ruleset === "chinese-ming") return state.phase === "over" ? { key: "", hours: null } : chinesePace(state);
  if (state.ruleset !== "american") return { key: "", hours: null };
  if (state.phase === "charleston") return { key: `charleston:${state.charleston!.stage}`, hours: null };
  if (state.phase === "window") return { key: `window:${state.turn}`, hours: state.options.windowHours ?? 12 };
  return { key: `turn:${state.turn}`, hours: null };
}

/** A record of a game from its moves (the service keeps `moves`; this packs them with the deal). */
export const recordOf = (state: GameState, moves: { seat: Seat; move: Move }[]): GameRecord => ({
  ruleset: state.ruleset,
  options: state.options,
  seed: state.seed,
  commitment: state.commitment,
  moves,
});

export type { GameEvent };
