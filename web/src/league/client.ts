/** League calls through the typed Hono client (AppType), with the same error handling as api.ts. */
import type { InferResponseType } from "hono/client";
import { client, read } from "../api";

const leagues = client.api.leagues;

export type LeagueSummary = InferResponseType<typeof leagues.$get, 200>["leagues"][number];
export type Standing = InferResponseType<(typeof leagues)[":id"]["standings"]["$get"], 200>["standings"][number];
export type LeaguePage = InferResponseType<(typeof leagues)[":id"]["$get"], 200>;
export type Season = LeaguePage["seasons"][number];
export type SeasonGame = Season["games"][number];
export type ToPlay = SeasonGame["toPlay"][number];

export const leagueApi = {
  list: () => read(leagues.$get()).then((r) => r.leagues),
  create: (name: string, visibility: "public" | "private", play: boolean) => read(leagues.$post({ json: { name, visibility, play } })),
  invitation: (id: string, invite: string) => read(leagues[":id"].invitation.$get({ param: { id }, query: { invite } })),
  get: (id: string) => read(leagues[":id"].$get({ param: { id } })),
  join: (id: string, invite: string) => read(leagues[":id"].join.$post({ param: { id }, json: { invite } })),
  invite: (id: string, email: string) => read(leagues[":id"].invites.$post({ param: { id }, json: { email } })),
  standings: (id: string, season: string) => read(leagues[":id"].standings.$get({ param: { id }, query: { season } })),
  createSeason: (id: string, body: object) => read(leagues[":id"].seasons.$post({ param: { id }, json: { ...body } })),
  extend: (id: string, gameId: string, days: number) => read(leagues[":id"].games[":gameId"].extend.$post({ param: { id, gameId }, json: { days } })),
  forfeit: (id: string, gameId: string, userId: string) => read(leagues[":id"].games[":gameId"].forfeit.$post({ param: { id, gameId }, json: { userId } })),
  replace: (id: string, sid: string, from: string, to: string) => read(leagues[":id"].seasons[":sid"].replace.$post({ param: { id, sid }, json: { from, to } })),
  endSeason: (id: string, sid: string) => read(leagues[":id"].seasons[":sid"].end.$post({ param: { id, sid } })),
  archive: (id: string) => read(leagues[":id"].archive.$post({ param: { id } })),
  role: (id: string, userId: string, role: { organiser?: boolean; plays?: boolean }) => read(leagues[":id"].members[":userId"].$post({ param: { id, userId }, json: role })),
  remove: (id: string, userId: string) => read(leagues[":id"].members[":userId"].remove.$post({ param: { id, userId } })),
};
