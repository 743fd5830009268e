/**
 * The engine's public contract. Everything outside worker/engine (the Durable Object, the API,
 * the web app, the CLI) uses only what this file and worker/engine/index.ts export.
 *
 * A game is P players (seats 0..P-1, seat 0 is East) each holding H hands (racks), dealt from
 * S tile sets: American 4×1×1, Siamese 2×2×1, Royale 2×4×2. Variants are strategy objects over
 * one core (see Variant below). All values here are plain JSON.
 */
import type { Hints } from "./game/hints";
import type { Judge } from "./game/orders";
import type { OptionsSchema } from "./options";
import type { RngState } from "./random";
import type { RulesetHead } from "./head";
import type { RulesetId } from "./rulesets";

export type { OptionField, OptionsSchema, RulesetOption } from "./options";

export type Seat = number;
/** A ruleset's id and the rating its games change (one per family): both from the heads' registry (./rulesets.ts). */
export type { RatingFamily, RulesetId } from "./rulesets";

export interface GameOptions {
  /** RULES §3 Ruling: refuse dead-making moves (friendly) or accept and declare dead (tournament). */
  deadHands?: "prevent" | "enforce";
  /** Id of a built-in card ("sample-2026"), or a card object loaded as data by a league. */
  card?: string | unknown;
  /** Hints (closest card lines) may be shown; false in tournament games. */
  hints?: boolean;
  /** American: jokerless win on a discard — "each-3x" (our ruling) or "discarder-3x" (literal). */
  jokerlessDiscard?: "each-3x" | "discarder-3x";
  /** Four-player variants: hours a claim window stays open before silence counts as a pass (default 12). */
  windowHours?: number;
  /** Wright-Patterson Siamese: games in the match (1–8, default 4). */
  games?: number;
  /** Royale: 2, 3 or 4 players (default 2); rulesets with a fixed table ignore it. */
  players?: number;
  /** Chinese (Ming): one hand, the East round, or the whole match (new games: "round"; stored without it: "match"). */
  length?: "hand" | "round" | "match";
}

/** A move is a value. Every move legalMoves returns is JSON that apply accepts as is. */
export interface Move {
  type: string;
  [field: string]: unknown;
}

/** Rule errors are values with a stable code ("claim/not-allowed") and a message a player understands. */
export interface RuleError {
  code: string;
  message: string;
}

/**
 * Something that happened. `seat` is who did it (null for the game itself). Public fields are
 * seen by everyone; `secret` (e.g. the tile drawn) only by `secretFor`. viewEvent strips it.
 */
export interface GameEvent {
  type: string;
  seat: Seat | null;
  /**
   * The first event of a move `seat`'s standing orders played for it (game/orders.ts). viewEvent keeps
   * it only for `seat` itself: another seat or a spectator never learns a move was automatic.
   */
  byOrders?: true;
  [field: string]: unknown;
  secret?: Record<string, unknown>;
  secretFor?: Seat;
}

/** A change: the new state and its events, or a rule error. `Also`: what the success carries besides (see Applied). */
export type ApplyResult<S, Also = unknown> = ({ ok: true; state: S; events: GameEvent[] } & Also) | ({ ok: false } & RuleError);

/**
 * What follows from a state, worked out once by the engine beside the state it made: the result
 * once the game is over (else null), the seats that must act now (none once over) and how the
 * service times them (see paceOf in engine/index.ts; key "" and no hours once over).
 */
export interface Facts {
  result: GameResult | null;
  toAct: Seat[];
  pace: Pace;
}

/** A change through the engine's entry (apply, timeout, abandon, closeWindow): the new state, its events and its facts. */
export type Applied<S> = ApplyResult<S, Facts>;

/** One line of a result, posted to the ledger: per player, per game, per reason. */
export interface ResultLine {
  seat: Seat;
  points: number;
  /** Stable reason code, e.g. "mahjong/first", "mahjong/second", "discarder/second", "wall", "dead/both". */
  reason: string;
  /** Plain words: "First Mah Jongg: 2468 line 3, jokerless (2 × 25)". */
  detail: string;
}

export interface GameResult {
  reason: "mahjong" | "wall" | "dead" | "abandoned" | "void" | "match";
  /** Total points per seat (sum of that seat's lines). */
  totals: number[];
  lines: ResultLine[];
  /**
   * Per seat: went Mah Jongg at least once in the game. Set where the lines do not say so (a
   * Chinese match pays each seat one line for the whole match); otherwise a line whose reason
   * starts with "mahjong" does.
   */
  mahjong?: boolean[];
}

/** Everything needed to re-deal and re-play a game; published (with the seed) when it ends. */
export interface GameRecord {
  ruleset: RulesetId;
  options: GameOptions;
  seed: string;
  commitment: string;
  moves: { seat: Seat; move: Move }[];
}

/**
 * A player's standing orders (game/orders.ts), set by the move {type:"orders", claims, throws, targets?}
 * at any time and played by the engine at once after every change.
 *   claims  "ask": every discard waits for the player; "mahjong-only": a discard the player could not
 *           declare Mah Jongg with is passed (or, in the Siamese turn, a draw); "judged": every
 *           discard is answered at once, claim or pass, as the strong computer player would answer
 *           it from the seat's own view; a seat that could declare Mah Jongg is always asked.
 *   throws  "none"; "unneeded": a tile drawn from the wall that none of the target lines needs is
 *           discarded at once; "judged": a tile drawn from the wall is discarded at once when the
 *           strong computer player's choice is that tile (or one it rates exactly as good) and no
 *           pinned line needs it.
 *   targets card line ids as hints name them (Wright-Patterson: ids of its hand list; Chinese: none).
 * The move's legacy field `throwUnneeded` (true ≡ throws "unneeded", false ≡ "none") is still
 * accepted, and states stored with it read as the same orders (normalizeOrders).
 */
export interface Orders {
  claims: "ask" | "mahjong-only" | "judged";
  throws: "none" | "unneeded" | "judged";
  targets?: string[];
}

/** Standing orders as states and records made before `throws` hold them (read as throws "unneeded" or "none"). */
export interface LegacyOrders {
  claims: "ask" | "mahjong-only";
  throwUnneeded: boolean;
  targets?: string[];
}

/** State common to every variant; variants extend it. Plain JSON, stored by the Durable Object. */
export interface CoreState {
  ruleset: RulesetId;
  options: GameOptions;
  /** sha256(seed); the seed itself is kept in `seed` and only revealed (viewFor) once the game ended. */
  commitment: string;
  seed: string;
  rng: RngState;
  /** Number of moves applied; a record of length `ply` replays to this state. */
  ply: number;
  players: number;
  /** "over" once the game (or match) has ended; the other phases are the variant's. */
  phase: string;
  /**
   * Each seat's standing orders (absent or null: none, the game asks the player every time). A state
   * stored before orders took `throws` holds the legacy shape: read them through ordersOf (game/orders.ts).
   */
  orders?: (Orders | LegacyOrders | null)[];
  /** How many of the `ply` record entries were orders moves (absent: none); views leave them out of their `ply`. */
  ordersEntries?: number;
}

/** How the service times the seats to act (see paceOf in engine/index.ts). */
export interface Pace {
  key: string;
  hours: number | null;
}

/**
 * A ruleset as a strategy object. Build one with `defineVariant` (engine/game/variant.ts), which
 * adds what every variant shares: `ply` and the `end` event after each move, and the guards of
 * `timeout` and `abandon` (game over, unknown seat). The engine's entry (engine/index.ts) only
 * dispatches to these members. Its head (./head.ts: name, sizes, family, options) is the one its
 * folder writes and ./rulesets.ts lists.
 */
export interface Variant<S extends CoreState = CoreState> extends RulesetHead<RulesetId> {
  /** Closest lines per rack for `seat` (absent: this ruleset has no hints). Asked only while hints are on and the game runs. */
  hints?(state: S, seat: Seat): Hints | null;
  /**
   * Rulesets with claim windows: the window's deadline (option windowHours) passed. The silent seats
   * pass, one {type:"timeout"} each in `silent` (verify replays them as timeouts).
   */
  closeWindow?(state: S): ApplyResult<S> & { silent?: Seat[] };
  /** When a fresh clock is due (`key` changes) and a claim window's deadline in hours (see paceOf in engine/index.ts). */
  pace(state: S): Pace;
  newGame(options: GameOptions, seed: string): S;
  legalMoves(state: S, seat: Seat): Move[];
  apply(state: S, seat: Seat, move: Move): ApplyResult<S>;
  /** What `seat` may see (null = spectator / after the end for everyone). Never another seat's concealed tiles nor the wall order. */
  viewFor(state: S, seat: Seat | null): unknown;
  /** Seats that must act now (whose clock runs). Empty when the game is over. */
  toAct(state: S): Seat[];
  /** The timeout ruling: play `seat`'s turn for them (draw, discard the drawn tile, claim nothing). */
  timeout(state: S, seat: Seat): ApplyResult<S>;
  /** End the game as abandoned by `seat` (three timeouts in a row): scored as if both hands were dead. */
  abandon(state: S, seat: Seat): ApplyResult<S>;
  result(state: S): GameResult | null;
  /**
   * Standing orders (game/orders.ts): the move `seat`'s orders make now, or null to ask the player.
   * `events` are those of the change just made (a wall draw shows there). Asked only for seats in
   * toAct; it must decide from the seat's orders, public facts and, where the orders say so, whether
   * the seat could declare Mah Jongg or needs the tile it just drew; judged orders decide as the
   * strong computer player does from the seat's own view (viewFor), never from the state.
   */
  ordered?(state: S, seat: Seat, orders: Orders, events: readonly GameEvent[], judge?: Judge<S>): Move | null;
  /** The target ids `targets` may name (card lines, or a hand list's ids); absent: none may be named. */
  orderTargets?(state: S): ReadonlySet<string>;
  /** Every tile id of the game and where it is: the wall, each seat's concealed and open tiles, the discards (for tests and simulations). */
  tilesOf?(state: S): TilePlaces;
}

/**
 * Where every tile of a game is (tilesOf). Together the lists hold each tile id of the ruleset's
 * sets exactly once. `wall` and a seat's `concealed` are hidden from everyone else (a hand thrown in
 * face up counts as open); `open` (exposures, declared hands, flowers) and `discards` are public.
 */
export interface TilePlaces {
  /** Number of tile ids in the game: the ids are 0..total-1. */
  total: number;
  wall: number[];
  seats: { concealed: number[]; open: number[] }[];
  discards: number[];
  /** Which deal the places belong to, for variants that deal again within a game (a match of hands). */
  deal?: number;
}
