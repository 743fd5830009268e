/** What the notification service takes from outside: the clock, the mail transport, push and the queue. Tests pass their own. */
import type { Env } from "../lib/env";
import { mailTransport, type MailTransport } from "./email/transport";
import type { FlushMessage, HeldRow } from "./types";
import type { TurnNow } from "../table/turn";
import type { Fetcher } from "./webpush";
import { meterTempo } from "../lib/meter";

/** Queue delays are capped by the platform at 12 hours; a longer wait is re-scheduled on arrival. */
const MAX_DELAY_S = 12 * 3600;

export interface NotifyDeps {
  now: () => number;
  transport: (env: Env) => MailTransport;
  fetcher?: Fetcher;
  /** The merge window, when not decide.ts's MERGE_WINDOW_MS (a benchmark's shorter one, development only). */
  mergeWindowMs?: number;
  /** Puts a flush message for this player on the queue, to arrive after `delaySeconds`; `held`: the rows it carries (types.ts FlushMessage). */
  scheduleFlush: (env: Env, userId: string, delaySeconds: number, held?: HeldRow[]) => Promise<void>;
  /** The game as it is now for this player (the game's Durable Object answers): checked against before a notice goes out. */
  turnOf: (env: Env, gameId: string, userId: string) => Promise<TurnNow>;
}

export const defaultDeps: NotifyDeps = {
  now: () => Date.now(),
  transport: mailTransport,
  scheduleFlush: async (env, userId, delaySeconds, held) => {
    const flush: FlushMessage = held?.length ? { type: "flush", userId, held } : { type: "flush", userId };
    await (env.NOTIFY as unknown as Queue<FlushMessage>).send(flush, { contentType: "json", delaySeconds: Math.max(0, Math.min(MAX_DELAY_S, delaySeconds)) });
  },
  turnOf: async (env, gameId, userId) => env.GAME.get(env.GAME.idFromName(gameId)).turnOf(userId),
};

/** The dependencies as they are now: the merge window a benchmark may have shortened (development only, lib/meter.ts). */
export function depsNow(): NotifyDeps {
  const { mergeWindowMs } = meterTempo();
  return mergeWindowMs === undefined ? defaultDeps : { ...defaultDeps, mergeWindowMs };
}
