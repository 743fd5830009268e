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

export { GameRoom } from "./game/room";
export { PlayNowQueue } from "./lobby/play-now-queue";
export type { AppType } from "./api/app";

export default {
  fetch: (req, env, ctx) => misconfigured(env) ?? (new URL(req.url).pathname === "/dev/mail" ? devMail.fetch(req, env, ctx) : app.fetch(req, env, ctx)),
  queue: (batch, env) => handleNotifyBatch(batch, env),
  scheduled: async (event, env) => {
    await runCron(event, env);
    await sweepLeagues(env, event.scheduledTime, appUrlOf(env));
    await sweepChallenges(env, event.scheduledTime);
  },
} satisfies ExportedHandler<Env, unknown>;
