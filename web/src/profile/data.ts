/** Public profiles, leaderboards and your own account (plain fetch; the answers are plain JSON). */
export type Family = "siamese" | "american" | "chinese";
export const FAMILIES: { id: Family; name: string }[] = [
  { id: "siamese", name: "Siamese" },
  { id: "american", name: "American" },
  { id: "chinese", name: "Chinese" },
];

export interface ShownRating {
  rating: number;
  rd: number;
  provisional: boolean;
  games: number;
}

export interface Profile {
  userId: string;
  displayName: string;
  ratings: Record<Family, ShownRating>;
  history: Record<Family, { gameId: string; at: number; before: number; rating: number }[]>;
  stats: { played: number; won: number; mahjongRate: number; averagePoints: number };
  currentGames: { id: string; ruleset: string; status: string; rated: boolean; url: string }[];
  recentGames: { id: string; ruleset: string; result: string; points: number; place: number; rated: boolean; endedAt: number; ratingChange: number | null; opponents: { userId: string; name: string; points: number }[]; replay: string }[];
  headToHead?: { userId: string; name: string; played: number; wins: number; losses: number; draws: number };
}

export interface BoardRow extends ShownRating {
  rank: number;
  userId: string;
  name: string;
}

async function get<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(path, { credentials: "same-origin", ...init });
  const body: any = await res.json().catch(() => null);
  if (!res.ok) throw new Error(body?.message ?? `The server said ${res.status}.`);
  return body as T;
}

const post = <T,>(path: string, body: unknown = {}) => get<T>(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

/** A player's public profile (and head-to-head against `vs`). On its own, so the table's names do not carry the rest of profileApi. */
const profileOf = (userId: string, vs?: string) => get<Profile>(`/api/players/${encodeURIComponent(userId)}${vs ? `?vs=${encodeURIComponent(vs)}` : ""}`);

export const profileApi = {
  profile: profileOf,
  leaderboard: (family: Family) => get<{ family: Family; players: BoardRow[] }>(`/api/leaderboard?family=${family}`),
  changeEmail: (email: string) => post<{ message: string }>("/api/me/email", { email }),
  askDelete: () => post<{ message: string }>("/api/me/delete"),
  confirmDelete: (token: string) => post<{ ok: true }>("/api/me/delete/confirm", { token }),
};

/** "1623" or "1500?" while provisional. */
export const ratingText = (r: ShownRating) => `${r.rating}${r.provisional ? "?" : ""}`;
export const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0");

/** Ratings asked once per page load and player (the table shows them beside every name). */
const cache = new Map<string, Promise<Profile>>();
export const cachedProfile = (userId: string) => {
  let p = cache.get(userId);
  if (!p) cache.set(userId, (p = profileOf(userId)));
  return p;
};
