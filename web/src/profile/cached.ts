/**
 * What the table needs of profiles (profile/PlayerName.tsx): a player's profile asked once per page
 * load, and the rating as shown. On its own, so the game page's first script does not carry the
 * rest of the profile pages' calls (data.ts).
 */
import { lastGame } from "../api";
import type { Profile, ShownRating } from "./data";

export async function get<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(path, { credentials: "same-origin", ...init });
  const body: any = await res.json().catch(() => null);
  if (!res.ok) throw new Error(body?.message ?? `The server said ${res.status}.`);
  return body as T;
}

/** A player's public profile (and head-to-head against `vs`). */
export const profileOf = (userId: string, vs?: string) => get<Profile>(`/api/players/${encodeURIComponent(userId)}${vs ? `?vs=${encodeURIComponent(vs)}` : ""}`);


/** "1623" or "1500?" while provisional. */
export const ratingText = (r: ShownRating) => `${r.rating}${r.provisional ? "?" : ""}`;

/** Profiles asked once per page load and player. */
const cache = new Map<string, Promise<Profile>>();
export const cachedProfile = (userId: string) => {
  let p = cache.get(userId);
  if (!p) cache.set(userId, (p = profileOf(userId)));
  return p;
};

/**
 * The rating beside a name at the table, in the game's ruleset's family: the names drawn together
 * are asked for in one request (GET /api/players/ratings), once per page load, not a whole
 * profile each.
 */
const ratings = new Map<string, Promise<ShownRating | undefined>>();
let asking: { ruleset: string; ids: Map<string, (r: ShownRating | undefined) => void> } | null = null;
export function tableRating(userId: string, ruleset: string): Promise<ShownRating | undefined> {
  const key = `${ruleset} ${userId}`;
  let r = ratings.get(key);
  if (r) return r;
  // the game's first answer (GET /api/games/:id?me) brought the ratings at its table: nothing more to ask
  const g = lastGame as { ruleset: string; ratings?: Record<string, ShownRating> } | undefined;
  const known = g?.ruleset === ruleset && g.ratings?.[userId];
  if (known) return Promise.resolve(known);
  if (!asking || asking.ruleset !== ruleset) {
    const batch = (asking = { ruleset, ids: new Map<string, (r: ShownRating | undefined) => void>() });
    queueMicrotask(() => {
      if (asking === batch) asking = null;
      const ids = [...batch.ids.keys()];
      get<{ ratings: Record<string, ShownRating> }>(`/api/players/ratings?ruleset=${encodeURIComponent(ruleset)}&ids=${ids.map(encodeURIComponent).join(",")}`).then(
        (got) => batch.ids.forEach((done, id) => done(got.ratings[id])),
        () => batch.ids.forEach((done) => done(undefined)),
      );
    });
  }
  const batch = asking;
  ratings.set(key, (r = new Promise((resolve) => batch.ids.set(userId, resolve))));
  return r;
}
