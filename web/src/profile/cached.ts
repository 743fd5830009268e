/**
 * What the table needs of profiles (profile/PlayerName.tsx): a player's profile asked once per page
 * load, and the rating as shown. On its own, so the game page's first script does not carry the
 * rest of the profile pages' calls (data.ts).
 */
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

/** Ratings asked once per page load and player (the table shows them beside every name). */
const cache = new Map<string, Promise<Profile>>();
export const cachedProfile = (userId: string) => {
  let p = cache.get(userId);
  if (!p) cache.set(userId, (p = profileOf(userId)));
  return p;
};
