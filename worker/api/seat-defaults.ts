/**
 * A call that may deal a game (a join, computers taking the empty seats) carries the default orders
 * of everyone who will then be seated, read from D1 by the API before the call (one query), so the
 * game's Durable Object reads no D1 itself. Someone seated meanwhile (the room answers
 * "game/defaults" naming them) is read and the call made again.
 */
import type { Env } from "../lib/env";
import { defaultOrdersRead } from "../db/orders";
import type { Defaults } from "../game/start-orders";

type Answer = { ok: true } | { ok: false; code: string; users?: string[] };

/** `call` with the defaults of `users` and of everyone the games index seats at `gameId` (null: none yet). */
export async function withDefaults<R extends Answer>(env: Env, users: string[], gameId: string | null, call: (defaults: Defaults) => Promise<R>): Promise<R> {
  let defaults: Defaults = await defaultOrdersRead(env, users, gameId);
  for (;;) {
    const r = await call(defaults);
    // Each read answers for every user asked (null: no such account), so each round seats someone new: it ends.
    if (r.ok || r.code !== "game/defaults" || !r.users?.length || defaults === null) return r;
    const more: Defaults = await defaultOrdersRead(env, r.users);
    defaults = more && { ...defaults, ...more };
  }
}
