/** Plain values the game DO exchanges with the API: what it is asked, and the typed result it answers. */
import type { GameOptions, Move, Orders, RulesetId } from "../engine/api";
import type { Player } from "./store";
import type { payload } from "./view";

/**
 * A value as it crosses RPC: the engine's `unknown` parts (views, events) become `any`, which RPC
 * types accept; everything else keeps its type.
 */
export type Wire<T> = unknown extends T
  ? // eslint-disable-next-line @typescript-eslint/no-explicit-any
    any
  : T extends readonly (infer U)[]
    ? Wire<U>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;

/** One seat's view of the game, as the DO sends it (worker/game/view.ts). */
export type GameView = Wire<ReturnType<typeof payload>>;

/**
 * Why the DO refused: a rule code (the engine's own codes, or one of these) and plain words.
 * worker/api/codes.ts maps each code to an HTTP status; the DO decides no status.
 */
export type RoomCode =
  | "not-found"
  | "game/exists"
  | "game/full"
  | "game/started"
  | "game/not-started"
  | "game/over"
  | "game/stale"
  | "game/not-running"
  | "game/seated"
  /** A join or computers that would deal without the default orders of someone seated meanwhile (start-orders.ts `unread`): the API reads them and asks again. */
  | "game/defaults"
  | "move/malformed"
  | "record/not-yet"
  | "review/not-yet"
  | "rate-limited";

export interface Refusal {
  ok: false;
  /** A RoomCode, or the engine's code of the rule a move or the deal broke. */
  code: string;
  message: string;
  /** A stale move: the current view, so the player sees what changed. */
  game?: object;
  /** Rate limited: seconds until the next try may pass. */
  retryAfter?: number;
  /** "game/defaults": the users whose default orders the call lacked. */
  users?: string[];
}

export type Result<T> = { ok: true; value: T } | Refusal;

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const refuse = (code: RoomCode | (string & {}), message: string, extra: Pick<Refusal, "game" | "retryAfter" | "users"> = {}): Refusal => ({ ok: false, code, message, ...extra });

export interface NewGame {
  id: string;
  ruleset: RulesetId;
  options: GameOptions;
  daysPerMove: number;
  seats: number;
  creator: Player;
  inviteHash: string;
  seed: string;
  commitment: string;
  appUrl: string;
  /** The invitation link, shown again to the seated players while seats are free. */
  inviteUrl?: string;
  /** League games: the ledger lines carry the league and season. */
  league?: { leagueId: string; seasonId: string };
  /** A rated game changes its players' ratings when it ends (see worker/rating/result.ts). */
  rated?: boolean;
  /** "Play again": the standing orders each player kept from the game before, by user id. */
  startOrders?: Record<string, Orders>;
}

export interface MoveBody {
  version: number;
  move: Move;
  idempotencyKey: string;
}
