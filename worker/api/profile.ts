/**
 * The signed-in player's own profile as GET /api/me answers it, and as the game page gets it with
 * the game (GET /api/games/:id?me): one read of the user's row, their ledger's totals with it.
 */
import type { Env } from "../lib/env";
import { profileRow } from "../db/accounts";
import { ordersSettingsFrom } from "../db/orders";
import { HttpError } from "../lib/errors";
import { ordersProfileOf } from "./me-orders";

/** RULES (correspondence clock): up to 14 vacation days a year, taken in whole days. */
export const VACATION_DAYS_PER_YEAR = 14;

export async function profileOf(env: Env, userId: string) {
  const u = await profileRow(env, userId);
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
    // Kept on the row by a trigger on the ledger: one row read however many lines the player has.
    totals: { points: u.ledgerPoints, games: u.ledgerGames },
    // The orders and access settings from the same row: one read of the user's row for the whole profile.
    ...ordersProfileOf(ordersSettingsFrom(u.defaultOrders, u.ordersNotedAt)),
    /** How this player's tables are drawn and played on every device: `{largeTiles, playByTyping}`. */
    access: { largeTiles: !!u.largeTiles, playByTyping: !!u.playByTyping },
  };
}
