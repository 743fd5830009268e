/**
 * Development-only routes (ENVIRONMENT=development): the mail outbox, the demo seed, test and
 * benchmark hooks. In any other environment every path here is a plain 404.
 */
import { Hono, type Context } from "hono";
import { type AppEnv } from "./context";
import { signIn } from "./sign-in";
import { findOrCreateUser } from "../db/accounts";
import { seedDemo } from "../dev/seed";
import { outboxFor } from "../db/outbox";
import { isDev } from "../lib/env";
import { notFound } from "../lib/errors";
import { bool, email, ID, int, str } from "../lib/validate";
import { json, params, query } from "./input";
import { reply } from "./codes";

function room(c: Context<AppEnv>) {
  const id = c.req.param("id") ?? "";
  if (!ID.test(id)) throw notFound();
  return c.env.GAME.get(c.env.GAME.idFromName(id));
}

/** A bad game id is not found, before the body is read. */
const devGame = params((p) => {
  if (!ID.test(p.id ?? "")) throw notFound();
  return p;
});

export const dev = new Hono<AppEnv>()
  .use(async function developmentOnly(c, next) {
    if (!isDev(c.env)) throw notFound();
    await next();
  })
  /** Mail sent to an address, newest first, with the link it carries. */
  .get("/outbox", query((q) => ({ to: email({ to: q.to }, "to") })), async (c) => {
    const { to } = c.req.valid("query");
    return c.json({ messages: await outboxFor(c.env, to) });
  })
  /** Signs in without mail (benchmarks, demos). */
  .post("/session", json((body) => ({ email: email(body, "email") })), async (c) => {
    const address = c.req.valid("json").email;
    const userId = await findOrCreateUser(c.env, address);
    await signIn(c, userId);
    return c.json({ ok: true, userId });
  })
  /** The demo: ann@example.com and bob@example.com with a game in progress. Safe to call twice. */
  .post("/seed", async (c) => c.json(await seedDemo(c.env, new URL(c.req.url).origin)))
  /** Moves one game's clock forward (alarms then see the later time). */
  .post("/games/:id/clock", devGame, json((body) => ({ advanceMs: int(body, "advanceMs", 0, 400 * 24 * 3600 * 1000), fire: bool(body, "fire", true) })), async (c) => {
    const stub = room(c);
    const { advanceMs, fire } = c.req.valid("json");
    return reply(c, await stub.dev({ hook: "clock", advanceMs, fire }));
  })
  /** Makes the next N ledger writes of a game fail, to exercise the retries. */
  .post("/games/:id/faults", devGame, json((body) => ({ ledgerFailures: int(body, "ledgerFailures", 0, 100) })), async (c) => {
    return reply(c, await room(c).dev({ hook: "faults", ledgerFailures: c.req.valid("json").ledgerFailures }));
  })
  /** Benchmark baseline: one Durable Object storage write, nothing else. */
  .post("/noop/:id", async (c) => {
    const key = str({ k: c.req.param("id") }, "k", { max: 64, pattern: ID });
    return reply(c, await c.env.GAME.get(c.env.GAME.idFromName(`noop:${key}`)).dev({ hook: "noop" }));
  });
