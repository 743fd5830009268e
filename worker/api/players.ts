/** Public profiles and leaderboards: display names and results only, never an email address. */
import { Hono } from "hono";
import type { AppEnv } from "./context";
import { ID } from "../lib/validate";
import { HttpError, notFound } from "../lib/errors";
import { gamesListOf, leaderboard, profileOf } from "../db/profiles";
import { FAMILIES, type Family } from "../rating/result";

const userIdOf = (raw: string | undefined) => {
  if (!raw || !ID.test(raw)) throw notFound("No such player.");
  return raw;
};

export const players = new Hono<AppEnv>()
  .get("/players/:userId", async (c) => {
    const vs = c.req.query("vs");
    if (vs !== undefined && !ID.test(vs)) throw new HttpError(400, "bad-field", `"vs" must be a player id.`);
    const p = await profileOf(c.env, userIdOf(c.req.param("userId")), vs ?? null);
    if (!p) throw notFound("No such player.");
    return c.json(p);
  })
  .get("/players/:userId/games", async (c) => {
    const before = c.req.query("before");
    if (before !== undefined && !/^\d{1,15}$/.test(before)) throw new HttpError(400, "bad-field", `"before" must be a time in milliseconds.`);
    return c.json({ games: await gamesListOf(c.env, userIdOf(c.req.param("userId")), 50, before ? Number(before) : undefined) });
  })
  .get("/leaderboard", async (c) => {
    const family = c.req.query("family") ?? "siamese";
    if (!FAMILIES.includes(family as Family)) throw new HttpError(400, "bad-field", `"family" must be one of ${FAMILIES.join(", ")}.`);
    return c.json({ family, players: await leaderboard(c.env, family as Family) });
  });
