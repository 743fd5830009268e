import type { GameRoom } from "../game/room";
import type { NotifyMessage } from "../notify/types";

/** Bindings and variables of the worker (wrangler.toml). */
export interface ServiceEnv {
  DB: D1Database;
  GAME: DurableObjectNamespace<GameRoom>;
  NOTIFY: Queue<NotifyMessage>;
  /** "development" enables the outbox, fixed seeds and the /api/dev routes; anything else is production. */
  ENVIRONMENT: string;
  COOKIE_SECRET: string;
  /** Public origin used in links (mail, invites); the request's origin when absent. */
  APP_URL?: string;
  MAIL_FROM?: string;
  /** Rate-limiting bindings ([[ratelimits]]): bursts of game creation and league invitations per account. */
  GAME_CREATE_LIMIT?: RateLimit;
  LEAGUE_INVITE_LIMIT?: RateLimit;
}

export type Env = ServiceEnv;

export const isDev = (env: Pick<Env, "ENVIRONMENT">) => env.ENVIRONMENT === "development";

declare global {
  namespace Cloudflare {
    // `env` from "cloudflare:workers" (tests) is this Env.
    interface Env extends ServiceEnv {}
  }
}
