/**
 * A Siamese edition as data. `siameseVariant(edition)` (./index.ts) builds the ruleset from one of
 * these records; the deal, the hints (best N hands), scoring and the rule code read it instead of
 * asking for a ruleset id.
 *
 * Adding an edition:
 *   1. Write its head (name, family, players, racks, sets, options: ./head.ts, or its own folder's
 *      head.ts) and list it in HEADS (engine/rulesets.ts): its id joins `RulesetId` from there; add
 *      it to `SiameseState["ruleset"]` (./state.ts).
 *   2. Write its record here (or beside its own parts, e.g. variants/royale/), its list fields
 *      `fromHead(head)`, and register `siameseVariant(record, cardModule)` with its head and computer
 *      player in engine/registry.ts. The ruleset list for the service and the web app comes from
 *      the heads.
 *   3. Only what the record cannot say needs parts of its own: another tile set needs its kinds in
 *      tiles.ts (`tileSet`), another list of hands needs its card; a rule no field covers becomes a new
 *      field here (with the value of the existing editions), never an `id ===` test in rule code.
 *   A ruleset whose hands are not lines of an American card (Wright-Patterson: a hand list, chows,
 *   flowers, a match of games) is no edition but a Variant of its own (variants/siamese-wp/); what
 *   it shares with these (racks over one pool, the dead-hand rules) it calls from ./racks.ts.
 *
 * Royale, for instance, is `{ players: 2, racks: 4, sets: 2, hand: 55, ... }`: the deal gives each
 * player 55 tiles from 2 × 152 and East a 56th, the hints look for the best 4 hands of the pool.
 */
import type { GameEvent, GameOptions, GameResult, Move, Pace, RuleError, RulesetId, Seat } from "../../api";
import type { Card } from "../../card/api";
import type { OptionsSchema } from "../../options";
import type { TileSetName } from "../../tiles";
import type { RulesetHead } from "../../head";
import { SIAMESE_HEAD, SIAMESE_MJM_HEAD } from "./head";
import type { CardCtx } from "./moves";
import type { Discard, SeatState, SiameseState } from "./state";

/** A step of Siamese rule code (./play.ts): the state after it and its events, or a rule error. */
export type ClaimStep = { ok: true; state: SiameseState; events: GameEvent[] } | ({ ok: false } & RuleError);

/**
 * Claims by any player through claim windows (Royale with 3–4 players): when `uses(state)`, a
 * discard opens a window (phase "window") instead of handing the next player the claim-or-draw of
 * the Siamese turn, and the edition answers the window's moves. The Siamese code asks the hook
 * only where `uses` holds, so a game without it (2 players) plays exactly as before.
 */
export interface ClaimRules {
  uses(s: SiameseState): boolean;
  /** After a discard that leaves the game going (the discard in `d`, already counted in `s.turn`): open the window, or hand the turn on. */
  afterDiscard(ctx: CardCtx & { edition: SiameseEdition }, s: SiameseState, d: Discard, events: GameEvent[]): ClaimStep;
  /** The moves of windows (answers, call preferences): their step, or null for an ordinary Siamese move. */
  step(ctx: CardCtx & { edition: SiameseEdition }, s: SiameseState, seat: Seat, move: Move): ClaimStep | null;
  /** Every move `seat` may make now (the Siamese moves of its turn, window answers, call preferences). */
  legalMoves(ctx: CardCtx & { edition: SiameseEdition }, s: SiameseState, seat: Seat): Move[];
  /** What the view adds: the open window as `seat` may see it, and that seat's call preference. */
  view(ctx: CardCtx & { edition: SiameseEdition }, s: SiameseState, seat: Seat | null): Record<string, unknown>;
  /** The service's clocks: a fresh one for each window (its deadline) and each turn. */
  pace(s: SiameseState): Pace;
}

export interface SiameseEdition {
  id: RulesetId;
  /** Name and one-line description as the ruleset list shows them. */
  name: string;
  description: string;
  /** The name in lists ("Siamese"), and its label in the New Game and New Season forms. */
  short: string;
  choice: string;
  seasonChoice: string;
  /** The options the edition takes (default: deadHands, card, hints). */
  options?: OptionsSchema;
  /** Tiles dealt: `sets` copies of this tile set (game/physical.ts `kindsOf(tileSet, sets)`). */
  tileSet: TileSetName;
  sets: number;
  players: number;
  /** Racks (hands) per player, sharing one pool of concealed tiles. */
  racks: number;
  /** Tiles each player is dealt (four at a time, East first); East then draws one more. */
  hand: number;
  /**
   * Mah Jongg in error while another hand of the same player was declared validly this turn: true,
   * both hands are dead, every tile is shown and the game ends at once (MahJong Masters); false, only
   * the hand in error is dead.
   */
  errorKillsBoth: boolean;
  /**
   * Both hands dead (or the game abandoned): `times` × the value of the opponent's Mah Jongg (the
   * lowest value on the card if none), or a `fixed` sum.
   */
  bothDead: { times: number } | { fixed: number };
  /**
   * The numbers of players `options.players` may choose (default `players`); absent: always
   * `players` (Siamese). With `setsPerPlayer` the wall holds one full set per player.
   */
  playerChoices?: readonly number[];
  setsPerPlayer?: boolean;
  /** The edition's own scoring of a finished game (absent: the Siamese score, ./scoring.ts). */
  result?(card: Card, seats: readonly SeatState[], reason: GameResult["reason"], seat: Seat | null): GameResult;
  /**
   * The edition's own game end, asked after every move of a turn (`wallEmpty` false) and after the
   * discard (absent: the Siamese end, two Mah Jonggs or both hands dead, in ./play.ts). With it, a
   * player whose every hand is declared or dead stops at their discard.
   */
  end?(seats: readonly SeatState[], wallEmpty: boolean): { reason: GameResult["reason"]; seat: Seat | null } | null;
  /** Claims by any player through claim windows (absent: the Siamese claim-or-draw of the next player). */
  claims?: ClaimRules;
}

/** Players and sets of a game of this edition with these options (Siamese: always its record's). */
export function tableOf(ed: SiameseEdition, options: GameOptions): { players: number; sets: number } {
  if (!ed.playerChoices) return { players: ed.players, sets: ed.sets };
  const players = options.players ?? ed.players;
  if (!ed.playerChoices.includes(players)) throw new Error(`${ed.short} is played by ${ed.playerChoices.join(", ").replace(/, (\d+)$/, " or $1")} players, not ${String(players)}`);
  return { players, sets: ed.setsPerPlayer ? players : ed.sets };
}

/** The fields of an edition record its head (./head.ts) says: name, options, players, racks, tiles. */
export const fromHead = (h: RulesetHead<RulesetId>) => ({
  id: h.id,
  name: h.name,
  description: h.description,
  short: h.short,
  choice: h.choice,
  seasonChoice: h.seasonChoice,
  options: h.optionsSchema,
  tileSet: h.tileSet,
  sets: h.sets,
  players: h.players,
  racks: h.handsPerPlayer,
});

export const SIAMESE: SiameseEdition & { id: SiameseState["ruleset"] } = {
  ...fromHead(SIAMESE_HEAD),
  id: "siamese",
  hand: 27,
  errorKillsBoth: false,
  bothDead: { times: 4 },
};

export const SIAMESE_MJM: SiameseEdition & { id: SiameseState["ruleset"] } = {
  ...SIAMESE,
  ...fromHead(SIAMESE_MJM_HEAD),
  id: "siamese-mjm",
  errorKillsBoth: true,
  bothDead: { fixed: 100 },
};

/** The editions a ruleset id names directly (others, e.g. royale, are passed as records). */
export const EDITIONS: Record<"siamese" | "siamese-mjm", SiameseEdition> = { siamese: SIAMESE, "siamese-mjm": SIAMESE_MJM };
