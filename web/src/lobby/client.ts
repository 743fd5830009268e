/** Challenge and practice calls through the typed Hono client (AppType), with the same errors as api.ts. */
import { hc } from "hono/client";
import type { AppType } from "../../../worker/api/app";
import { ApiError } from "../api";

const client = hc<AppType>(location.origin);
const challenges = client.api.challenges;

async function json<T>(res: { ok: boolean; status: number; text(): Promise<string> }): Promise<T> {
  const text = await res.text();
  const body = text ? JSON.parse(text) : null;
  if (!res.ok) throw new ApiError(res.status, body?.message ?? `The server said ${res.status}.`, body?.code, body);
  return body as T;
}

const send = (body: object, method = "POST") => ({ init: { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) } });

export type Strength = "easy" | "medium" | "strong";

export interface Challenge {
  id: string;
  ruleset: string;
  daysPerMove: number;
  options: { deadHands?: string; card?: string };
  rated: boolean;
  seats: number;
  taken: number;
  by: { name: string };
  mine: boolean;
  seated: boolean;
  computersAfterDays: number | null;
  createdAt: number;
  expiresAt: number;
}

export interface NewChallenge {
  ruleset: string;
  daysPerMove: number;
  options: { deadHands: "prevent" | "enforce"; card?: string };
  rated: boolean;
  computersAfterDays?: number;
  computerStrength?: Strength;
}

export const challengeApi = {
  list: (ruleset?: string) => challenges.$get({ query: ruleset ? { ruleset } : {} } as never).then(json<{ challenges: Challenge[] }>).then((r) => r.challenges),
  post: (c: NewChallenge) => challenges.$post({}, send(c)).then(json<{ id: string }>),
  accept: (id: string) => challenges[":id"].accept.$post({ param: { id } }, send({})).then(json<{ gameId: string }>),
  cancel: (id: string) => challenges[":id"].$delete({ param: { id } }, { init: { method: "DELETE" } }).then(json<{ ok: true }>),
  playNow: (ruleset: string) => challenges["play-now"].$post({}, send({ ruleset })).then(json<{ gameId: string; posted: boolean }>),
  /** A game against computers, dealt at once (Siamese: one computer; American and Chinese: 1 to 3). */
  practise: (ruleset: string, strength: Strength, seats: number) =>
    client.api.games.$post({}, send({ ruleset, options: { daysPerMove: 3 }, computers: { seats, strength } })).then(json<{ id: string }>),
};
