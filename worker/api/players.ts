/** Public profiles and leaderboards: display names and results only, never an email address. */
import { Hono } from "hono";
import type { AppEnv } from "./context";
import { ID } from "../lib/validate";
import { query } from "./input";
import { HttpError, notFound } from "../lib/errors";
import { gamesListOf, leaderboard, profileOf } from "../db/profiles";
import { FAMILIES, isFamily } from "../engine/rulesets";

const userIdOf = (raw: string | undefined) => {
  if (!raw || !ID.test(raw)) throw notFound("No such player.");
  return raw;
};

export const players = new Hono<AppEnv>()
  .get("/players/:userId", query((q) => {
    if (q.vs !== undefined && !ID.test(q.vs)) throw new HttpError(400, "bad-field", `"vs" must be a player id.`);
    return { vs: q.vs ?? null };
  }), async (c) => {
    const p = await profileOf(c.env, userIdOf(c.req.param("userId")), c.req.valid("query").vs);
    if (!p) throw notFound("No such player.");
    return c.json(p);
  })
  .get("/players/:userId/games", query((q) => {
    if (q.before !== undefined && !/^\d{1,15}$/.test(q.before)) throw new HttpError(400, "bad-field", `"before" must be a time in milliseconds.`);
    return { before: q.before ? Number(q.before) : undefined };
  }), async (c) => {
    return c.json({ games: await gamesListOf(c.env, userIdOf(c.req.param("userId")), 50, c.req.valid("query").before) });
  })
  .get("/leaderboard", query((q) => {
    // the first family is the default
    const family = q.family ?? FAMILIES[0];
    if (!isFamily(family)) throw new HttpError(400, "bad-field", `"family" must be one of ${FAMILIES.join(", ")}.`);
    return { family };
  }), async (c) => {
    const { family } = c.req.valid("query");
    return c.json({ family, players: await leaderboard(c.env, family) });
  });
