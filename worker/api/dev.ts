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
import { databaseBytes } from "../db/size";
import { isDev } from "../lib/env";
import { notFound } from "../lib/errors";
import { bool, email, ID, int, str } from "../lib/validate";
import { json, params, query } from "./input";
import { reply } from "./codes";
import { meterSnapshot, meterStart, meterStop } from "../lib/meter";
import { gameClockMoved } from "../lib/service-clock";

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
  .post("/games/:id/clock", devGame, json((body) => ({ advanceMs: int(body, "advanceMs", 0, 400 * 24 * 3600 * 1000), fire: bool(body, "fire", true), ring: bool(body, "ring", false) })), async (c) => {
    const stub = room(c);
    const { advanceMs, fire, ring } = c.req.valid("json");
    const moved = await stub.dev({ hook: "clock", advanceMs, fire, ring });
    // The service's clock keeps up (lib/service-clock.ts): a session proof lasts minutes of the game's time.
    if (moved.ok) gameClockMoved(c.env, advanceMs);
    return reply(c, moved);
  })
  /**
   * What the platform bills, counted from now on (lib/meter.ts; `npm run bench:cost`): the
   * notification service's and the index's waits may be shortened (`mergeWindowMs`, `noticeBatchMs`, `indexBatchMs`) and pushes
   * sent to a sink (`pushSink`).
   */
  .post("/meter", json((body) => ({
    mergeWindowMs: body.mergeWindowMs === undefined ? undefined : int(body, "mergeWindowMs", 0, 600_000),
    noticeBatchMs: body.noticeBatchMs === undefined ? undefined : int(body, "noticeBatchMs", 0, 60_000),
    indexBatchMs: body.indexBatchMs === undefined ? undefined : int(body, "indexBatchMs", 0, 60_000),
    pushSink: bool(body, "pushSink", false),
  })), (c) => {
    meterStart(c.req.valid("json"));
    return c.json({ ok: true });
  })
  /** The counts so far, the notices each user still has on their way, D1's size now (`?detail=1`: per query). */
  .get("/meter", async (c) => c.json({ ...meterSnapshot(c.req.query("detail") === "1"), d1Bytes: await databaseBytes(c.env) }))
  .delete("/meter", (c) => {
    meterStop();
    return c.json({ ok: true });
  })
  /** The game leaves memory, as an idle Durable Object does between check-ins hours apart (its next request reads it again). */
  .post("/games/:id/evict", devGame, async (c) => {
    // The object resets itself: the call fails by design.
    await room(c).dev({ hook: "evict" }).catch(() => null);
    return c.json({ ok: true });
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
