/**
 * "Play now" requests for one ruleset take their turn one at a time (one instance per ruleset).
 * D1 has no transaction across a request's reads and writes, so twelve players asking at once all
 * found no open challenge and all posted one. Here each waits for the one before it to finish:
 * the second then finds the first's challenge and joins it. It holds nothing but the queue in
 * memory; a turn that is never given back (a request that died) ends after LEASE_MS.
 */
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../lib/env";

/** Far longer than a turn takes (a few D1 queries and one game call). */
export const LEASE_MS = 10_000;

export class PlayNowQueue extends DurableObject<Env> {
  private tail: Promise<void> = Promise.resolve();
  private turns = new Map<string, () => void>();

  /** Resolves when it is the caller's turn, with the token that gives it back (`leave`). */
  async enter(): Promise<string> {
    let done!: () => void;
    const finished = new Promise<void>((r) => (done = r));
    const before = this.tail;
    this.tail = before.then(() => finished);
    await before;
    const token = crypto.randomUUID();
    const lease = setTimeout(() => this.leave(token), LEASE_MS);
    this.turns.set(token, () => {
      clearTimeout(lease);
      done();
    });
    return token;
  }

  /** Ends the caller's turn: the next one in the queue goes. */
  leave(token: string): void {
    this.turns.get(token)?.();
    this.turns.delete(token);
  }
}

/** Runs `turn` when it is this request's turn among the "play now" requests for `ruleset`. */
export async function inTurn<T>(env: Env, ruleset: string, turn: () => Promise<T>): Promise<T> {
  const queue = env.PLAY_NOW.get(env.PLAY_NOW.idFromName(ruleset));
  const token = await queue.enter();
  try {
    return await turn();
  } finally {
    await queue.leave(token);
  }
}
