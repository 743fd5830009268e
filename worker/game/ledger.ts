/**
 * A finished game's result posted to the D1 ledger (results and rating changes in one batch,
 * idempotent by game). The DO posts while `doc.ledger` is "pending" and its alarm tries again,
 * backing off, until D1 confirms.
 */
import type { Env } from "../lib/env";
import { postGame } from "../db/ratings";
import { abandoner, ratedWhy, wallShare } from "../rating/result";
import type { GameDoc } from "./store";
import { ratingsMoved } from "./table-ratings";
import { familyOf } from "../engine/rulesets";

/** Ledger retries back off: 5 s, 10 s, 20 s … up to an hour. */
export const ledgerRetryMs = (attempts: number) => Math.min(3_600_000, 5_000 * 2 ** Math.min(attempts, 10));

/** When (real time) a pending post is tried again; null when nothing is pending. */
export const ledgerRetryAt = (doc: GameDoc, now: number) => (doc.ledger === "pending" ? now + ledgerRetryMs(doc.ledgerAttempts) : null);

/** What the rating rules read of an abandoned game's record: its moves (who left) and events (how much of the wall was drawn). */
export interface GameRecordParts {
  moves: readonly { seat: number; move: { type: string } }[];
  events: readonly { type?: string; wall?: unknown; loose?: unknown }[];
}

export type LedgerChange = Pick<GameDoc, "ledger" | "ledgerAttempts" | "ratingChanges">;

/**
 * Posts the result of an ended game while `doc.ledger` is "pending" (null: nothing is pending).
 * Returns what the document records of it: posted (with each seat's rating change) or one attempt
 * more; the caller merges it into the document as it is by then. `record` reads the game's moves and events;
 * `fault` may throw first (development: a simulated failure).
 */
export async function postResult(env: Env, doc: GameDoc, record: () => GameRecordParts, endedAt: number, fault: () => void = () => {}): Promise<LedgerChange | null> {
  if (doc.ledger !== "pending") return null;
  try {
    fault();
    const result = doc.facts.result;
    const userIds = doc.players.map((p) => p?.userId ?? "");
    const reason = result?.reason ?? "void";
    const { moves, events } = reason === "abandoned" ? record() : { moves: [], events: [] };
    const decided = ratedWhy({
      rated: !!doc.rated,
      userIds,
      reason,
      abandoner: abandoner(moves),
      wallShare: wallShare(events),
      forfeit: !!doc.forfeited,
      mahjong: !!result?.lines.some((l) => l.reason.startsWith("mahjong")) || !!result?.mahjong?.some(Boolean),
    });
    // Ledger, results and rating changes in one D1 batch, each idempotent by game.
    const ratingChanges = await postGame(env, {
      gameId: doc.id, ruleset: doc.ruleset, userIds, lines: result?.lines ?? [], ...(result?.mahjong ? { mahjong: result.mahjong } : {}), ...doc.league, reason,
      rated: decided.rated, leftEarly: decided.rated ? decided.leftEarly : null, endedAt,
    });
    // The players whose rating moved: their other games keep it no more (table-ratings.ts); a failure here tries the whole post again.
    const moved = userIds.filter((id, seat) => id && ratingChanges[seat] !== null && ratingChanges[seat] !== undefined);
    if (moved.length) await ratingsMoved(env, doc.id, familyOf(doc.ruleset), moved);
    return { ledger: "posted", ledgerAttempts: doc.ledgerAttempts, ratingChanges };
  } catch (e) {
    console.error(`ledger post failed (attempt ${doc.ledgerAttempts + 1}): ${String(e)}`);
    return { ledger: doc.ledger, ledgerAttempts: doc.ledgerAttempts + 1, ratingChanges: doc.ratingChanges };
  }
}
