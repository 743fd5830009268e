/** Plain values the game DO exchanges with the API, and small helpers that keep the DO class thin. */
import type { GameOptions, Move, RulesetId } from "../engine/api";
import type { IndexRow } from "../db/games";
import { deadlineOf } from "./clock";
import type { GameDoc, Player } from "./store";

/** An HTTP answer decided inside the DO; the API sends it as is. */
export interface Answer {
  status: 200 | 403 | 404 | 409 | 422 | 429;
  // Plain JSON data; `any` because RPC types cannot see through the engine's `unknown` views.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  /** The body already written as JSON text (a move's answer: written once, stored for a retry and sent as is). */
  json?: string;
}

export const answer = (body: unknown): Answer => ({ status: 200, body });
export const answerJson = (json: string, status: Answer["status"] = 200): Answer => ({ status, body: null, json });
export const refusal = (status: Answer["status"], code: string, message: string, extra: object = {}): Answer => ({
  status,
  body: { code, message, ...extra },
});

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
}

export interface MoveBody {
  version: number;
  move: Move;
  idempotencyKey: string;
}

export function indexRow(doc: GameDoc, resultReason: string | null): IndexRow {
  return {
    id: doc.id,
    ruleset: doc.ruleset,
    status: doc.status,
    seats: doc.seats,
    createdBy: doc.players[0]!.userId,
    inviteHash: doc.inviteHash,
    daysPerMove: doc.daysPerMove,
    version: doc.version,
    result: resultReason,
    rated: !!doc.rated,
    createdAt: doc.createdAt,
    players: doc.players.flatMap((p, seat) => {
      if (!p) return [];
      const clock = doc.clocks.find((c) => c.seat === seat);
      return [{ seat, userId: p.userId, toAct: !!clock, deadline: clock ? deadlineOf(clock) : null }];
    }),
  };
}

/** Ledger retries back off: 5 s, 10 s, 20 s … up to an hour. */
export const ledgerRetryMs = (attempts: number) => Math.min(3_600_000, 5_000 * 2 ** Math.min(attempts, 10));
