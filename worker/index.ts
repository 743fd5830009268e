/** The worker: the API under /api (static web app otherwise), the game Durable Object, queue and cron. */
import { app } from "./api/app";
import type { Env } from "./lib/env";
import { handleNotifyBatch } from "./notify/consumer";
import { runCron } from "./notify/cron";
import { devMail } from "./api/notifications";
import { sweepLeagues } from "./league/start";
import { appUrlOf } from "./notify/deliver";
import { misconfigured } from "./lib/config";
import { sweepChallenges } from "./api/challenges";
import { metered, meteredBatch, pushSink, routeOf, workerRequest } from "./lib/meter";
import { depsNow } from "./notify/deps";
import { gamePage, isGamePage } from "./web/game-page";

export { GameRoom } from "./game/room";
export { PlayNowQueue } from "./lobby/play-now-queue";
export type { AppType } from "./api/app";

/** Development only (lib/meter.ts): what a request costs is counted, the development routes' own aside. */
// What the platform bills as a Worker request: the API, and a game's page, which the worker answers first (it draws the
// player's table into it, worker/web/game-page.tsx; wrangler.toml run_worker_first); other pages are static assets, not billed.
const billed = (path: string) => (path.startsWith("/api/") && !path.startsWith("/api/dev/")) || path.startsWith("/game/");

export default {
  fetch: (req, raw, ctx) => {
    const url = new URL(req.url);
    const path = url.pathname;
    const env = billed(path) ? metered(raw) : raw;
    if (billed(path)) workerRequest(routeOf(req.method, url));
    const page = isGamePage(req, url);
    return misconfigured(env, page) ?? (path === "/dev/mail" ? devMail.fetch(req, env, ctx) : page ? gamePage(req, env, ctx) : app.fetch(req, env, ctx));
  },
  queue: (batch, raw) => {
    const env = metered(raw);
    return meteredBatch(batch, (b) => handleNotifyBatch(b, env, { ...depsNow(), ...(pushSink() ? { fetcher: pushSink() } : {}) }));
  },
  scheduled: async (event, raw) => {
    const env = metered(raw);
    workerRequest("cron");
    await runCron(event, env);
    await sweepLeagues(env, event.scheduledTime, appUrlOf(env));
    await sweepChallenges(env, event.scheduledTime);
  },
} satisfies ExportedHandler<Env, unknown>;
