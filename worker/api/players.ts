/** Public profiles and leaderboards: display names and results only, never an email address. */
import { Hono } from "hono";
import type { AppEnv } from "./context";
import { ID } from "../lib/validate";
import { query } from "./input";
import { HttpError, notFound } from "../lib/errors";
import { gamesListOf, leaderboard, profileOf, ratingsIn } from "../db/profiles";
import { FAMILIES, familyOf, isFamily, isRulesetId } from "../engine/rulesets";

const userIdOf = (raw: string | undefined) => {
  if (!raw || !ID.test(raw)) throw notFound("No such player.");
  return raw;
};

/** The most players one table seats. */
const TABLE_SEATS = 4;

export const players = new Hono<AppEnv>()
  /** The ratings a game page shows beside its players' names: `?ruleset=&ids=a,b,c` → {ratings: {id: {rating, rd, provisional, games}}}, one read for the table, not a profile each. */
  .get("/players/ratings", query((q) => {
    if (!isRulesetId(q.ruleset)) throw new HttpError(400, "bad-field", `"ruleset" must be a ruleset's id.`);
    const ids = (q.ids ?? "").split(",").filter(Boolean);
    if (!ids.length || ids.length > TABLE_SEATS || !ids.every((id) => ID.test(id))) throw new HttpError(400, "bad-field", `"ids" must be 1 to ${TABLE_SEATS} player ids, separated by commas.`);
    return { family: familyOf(q.ruleset), ids: [...new Set(ids)] };
  }), async (c) => {
    const { family, ids } = c.req.valid("query");
    return c.json({ family, ratings: await ratingsIn(c.env, family, ids) });
  })
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
