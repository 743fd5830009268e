/** The signed-in player: profile, vacation, ledger. */
import { Hono } from "hono";
import { requireUser, type AppEnv } from "./context";
import { activeGameIds } from "../db/games";
import { entriesFor, totalsFor } from "../db/ledger";
import { HttpError } from "../lib/errors";
import { displayName as nameOf, int, readJson, timezone } from "../lib/validate";
import { DAY } from "../game/clock";

/** RULES (correspondence clock): up to 14 vacation days a year, taken in whole days. */
export const VACATION_DAYS_PER_YEAR = 14;

async function profile(env: AppEnv["Bindings"], userId: string) {
  const u = await env.DB.prepare(
    `SELECT id, email, display_name AS displayName, timezone, vacation_year AS vacationYear, vacation_days AS vacationDays,
            vacation_until AS vacationUntil, welcomed_at AS welcomedAt FROM users WHERE id = ?`,
  )
    .bind(userId)
    .first<{ id: string; email: string; displayName: string; timezone: string; vacationYear: number; vacationDays: number; vacationUntil: number; welcomedAt: number | null }>();
  if (!u) throw new HttpError(401, "signed-out", "Please sign in first.");
  const year = new Date().getUTCFullYear();
  const used = u.vacationYear === year ? u.vacationDays : 0;
  return {
    id: u.id,
    email: u.email,
    displayName: u.displayName,
    timezone: u.timezone,
    /** True until the player has saved a display name and time zone once: the app shows its welcome questions. */
    needsWelcome: u.welcomedAt === null,
    vacation: { daysLeft: VACATION_DAYS_PER_YEAR - used, until: u.vacationUntil > Date.now() ? u.vacationUntil : null },
    totals: await totalsFor(env, u.id),
  };
}

export const me = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await profile(c.env, requireUser(c).id)))
  .put("/", async (c) => {
    const user = requireUser(c);
    const body = await readJson(c);
    const displayName = body.displayName === undefined ? user.displayName : nameOf(body, "displayName");
    const tz = body.timezone === undefined ? user.timezone : timezone(body, "timezone");
    // The first save of the profile answers the welcome questions for good.
    await c.env.DB.prepare("UPDATE users SET display_name = ?, timezone = ?, welcomed_at = COALESCE(welcomed_at, ?) WHERE id = ?")
      .bind(displayName, tz, Date.now(), user.id)
      .run();
    return c.json(await profile(c.env, user.id));
  })
  .post("/vacation", async (c) => {
    const user = requireUser(c);
    const days = int(await readJson(c), "days", 1, VACATION_DAYS_PER_YEAR);
    const now = Date.now(), year = new Date(now).getUTCFullYear();
    // A new vacation starts now; one already running is extended from its end.
    const row = await c.env.DB.prepare(
      `UPDATE users SET
         vacation_days = (CASE WHEN vacation_year = ?1 THEN vacation_days ELSE 0 END) + ?2,
         vacation_year = ?1,
         vacation_until = MAX(vacation_until, ?3) + ?2 * ?4
       WHERE id = ?5 AND (CASE WHEN vacation_year = ?1 THEN vacation_days ELSE 0 END) + ?2 <= ?6
       RETURNING vacation_until AS until`,
    )
      .bind(year, days, now, DAY, user.id, VACATION_DAYS_PER_YEAR)
      .first<{ until: number }>();
    if (!row) throw new HttpError(422, "vacation/too-long", `At most ${VACATION_DAYS_PER_YEAR} vacation days a year; you do not have ${days} left.`);
    const ids = await activeGameIds(c.env, user.id);
    await Promise.all(ids.map((id) => c.env.GAME.get(c.env.GAME.idFromName(id)).vacation(user.id, row.until)));
    return c.json(await profile(c.env, user.id));
  })
  .get("/ledger", async (c) => {
    const user = requireUser(c);
    return c.json({ totals: await totalsFor(c.env, user.id), entries: await entriesFor(c.env, user.id) });
  });
