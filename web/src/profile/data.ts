/** Public profiles, leaderboards and your own account (plain fetch; the answers are plain JSON). */
import { FAMILIES as FAMILY_IDS, FAMILY_NAMES, type RatingFamily } from "../../../worker/engine/rulesets";
import { get, profileOf } from "./cached";
import { signed as withSign } from "../lobby/when";

export { cachedProfile, ratingText } from "./cached";
export type Family = RatingFamily;
/** The ratings, as the engine's heads give them, in the order profiles and leaderboards show them. */
export const FAMILIES: { id: Family; name: string }[] = FAMILY_IDS.map((id) => ({ id, name: FAMILY_NAMES[id] }));

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
  /** Games being played ("active") and not dealt yet ("open": `seatsTaken` of `seats`; `challenge`: offered to anyone, not by invitation). */
  currentGames: { id: string; ruleset: string; status: string; rated: boolean; url: string; seats?: number; seatsTaken?: number; challenge?: boolean }[];
  recentGames: { id: string; ruleset: string; result: string; points: number; place: number; rated: boolean; endedAt: number; ratingChange: number | null; opponents: { userId: string; name: string; points: number }[]; replay: string }[];
  headToHead?: { userId: string; name: string; played: number; wins: number; losses: number; draws: number };
}

export interface BoardRow extends ShownRating {
  rank: number;
  userId: string;
  name: string;
}

const post = <T,>(path: string, body: unknown = {}) => get<T>(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

export const profileApi = {
  profile: profileOf,
  leaderboard: (family: Family) => get<{ family: Family; players: BoardRow[] }>(`/api/leaderboard?family=${family}`),
  changeEmail: (email: string) => post<{ message: string }>("/api/me/email", { email }),
  askDelete: () => post<{ message: string }>("/api/me/delete"),
  confirmDelete: (token: string) => post<{ ok: true }>("/api/me/delete/confirm", { token }),
};

/** A rating change: "+12", "−8", "±0". */
export const signed = (n: number) => withSign(n, "±0");
