/**
 * The service's clock, on which a session proof's few minutes are measured (api/session-proof.ts).
 * In production it is real time. In development, tests and benchmarks move a game's clock ahead by
 * hours between check-ins (POST /api/dev/games/:id/clock, game/dev-hooks.ts); the service's clock
 * jumps with every such move of any game, so it has run at least as far as each game's clock since
 * any moment: what lasts five minutes never outlives a check-in twelve modelled hours later because
 * a few real seconds passed (with several games moved at once it lapses sooner, never later).
 *
 * Module state, as the meter's: one isolate holds the Worker and its Durable Objects under wrangler
 * dev and in the tests. A restart sets it back to real time; whatever was stamped ahead of the clock
 * is then refused by its reader, never taken as lasting longer.
 */
import { isDev, type Env } from "./env";

let aheadMs = 0;

/** Now on the service's clock (`real`: real time). */
export function serviceNow(env: Pick<Env, "ENVIRONMENT">, real = Date.now()): number {
  return isDev(env) ? real + aheadMs : real;
}

/** A game's clock jumped `ms` ahead (development): the service's clock jumps with it. */
export function gameClockMoved(env: Pick<Env, "ENVIRONMENT">, ms: number): void {
  if (isDev(env) && ms > 0) aheadMs += ms;
}
