/** League calls through the typed Hono client (AppType), with the same error handling as api.ts. */
import { hc } from "hono/client";
import type { AppType } from "../../../worker/api/app";
import { ApiError } from "../api";

const client = hc<AppType>(location.origin);
const leagues = client.api.leagues;

async function json<T>(res: Response | { ok: boolean; status: number; text(): Promise<string> }): Promise<T> {
  const text = await res.text();
  const body = text ? JSON.parse(text) : null;
  if (!res.ok) throw new ApiError(res.status, body?.message ?? `The server said ${res.status}.`, body?.code, body);
  return body as T;
}

const post = (body: object) => ({ init: { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) } });

export interface LeagueSummary { id: string; name: string; visibility: string; status: string; organiser: boolean; member: boolean; members: number }
export interface Standing { rank: number; userId: string; name: string; points: number; played: number; mahjongs: number; wallGames: number; forfeits: number; headToHead: number; sonnebornBerger: number }
export interface SeasonGame { gameId: string; round: number; tableNo: number; startsAt: number; status: string; gameStatus: string | null; result: string | null; deadline: number | null; players: { seat: number; userId: string; name: string }[] }
export interface Season { id: string; name: string; ruleset: string; format: string; mode: string; status: string; rounds: number; roundDays: number; daysPerMove: number; startsAt: number; players: { userId: string; name: string }[]; games: SeasonGame[]; byes: { userId: string; name: string }[][] }
export interface LeaguePage {
  league: { id: string; name: string; visibility: string; status: string };
  me: { member: boolean; organiser: boolean; plays: boolean };
  inviteUrl: string | null;
  members: { userId: string; name: string; organiser: boolean; plays: boolean }[];
  seasons: Season[];
  log: { id: number; actor: string | null; action: string; detail: string; at: number }[];
}

export const leagueApi = {
  list: () => leagues.$get().then(json<{ leagues: LeagueSummary[] }>).then((r) => r.leagues),
  create: (name: string, visibility: "public" | "private") => leagues.$post({}, post({ name, visibility })).then(json<{ id: string; inviteUrl: string }>),
  get: (id: string) => leagues[":id"].$get({ param: { id } }).then(json<LeaguePage>),
  join: (id: string, invite: string) => leagues[":id"].join.$post({ param: { id } }, post({ invite })).then(json<{ id: string }>),
  invite: (id: string, email: string) => leagues[":id"].invites.$post({ param: { id } }, post({ email })).then(json),
  standings: (id: string, season: string) => {
    const url = leagues[":id"].standings.$url({ param: { id } });
    url.searchParams.set("season", season);
    return fetch(url).then(json<{ standings: Standing[] }>);
  },
  createSeason: (id: string, body: object) => leagues[":id"].seasons.$post({ param: { id } }, post(body)).then(json<{ id: string }>),
  extend: (id: string, gameId: string, days: number) => leagues[":id"].games[":gameId"].extend.$post({ param: { id, gameId } }, post({ days })).then(json),
  forfeit: (id: string, gameId: string, userId: string) => leagues[":id"].games[":gameId"].forfeit.$post({ param: { id, gameId } }, post({ userId })).then(json),
  replace: (id: string, sid: string, from: string, to: string) => leagues[":id"].seasons[":sid"].replace.$post({ param: { id, sid } }, post({ from, to })).then(json),
  endSeason: (id: string, sid: string) => leagues[":id"].seasons[":sid"].end.$post({ param: { id, sid } }, post({})).then(json),
  archive: (id: string) => leagues[":id"].archive.$post({ param: { id } }, post({})).then(json),
};
