/** Card calls (worker/api/cards.ts), with the same error handling as api.ts. */
import { ApiError } from "../api";
import type { Card } from "../../../worker/engine/card/api";

export interface CardSummary {
  id: string;
  name: string;
  lines: number;
  leagueId: string | null;
  leagueName: string | null;
  mine: boolean;
  updatedAt: number;
}

export interface StoredCard {
  id: string;
  name: string;
  card: Card;
  text: string;
  canEdit: boolean;
  league: { id: string; name: string | null } | null;
  shared?: boolean;
  updatedAt: number;
}

export interface Problem {
  line: number | null;
  message: string;
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`/api/cards${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const data = text ? JSON.parse(text) : null;
  if (!res.ok) throw new ApiError(res.status, data?.message ?? `The server said ${res.status}.`, data?.code, data);
  return data as T;
}

const q = (share?: string | null) => (share ? `?share=${encodeURIComponent(share)}` : "");

export const cardsApi = {
  list: () => call<{ cards: CardSummary[]; builtin: { id: string; name: string; lines: number }[] }>("GET", ""),
  get: (id: string, share?: string | null) => call<StoredCard>("GET", `/${encodeURIComponent(id)}${q(share)}`),
  create: (b: { name: string; text: string; league?: string }) => call<{ id: string }>("POST", "", b),
  update: (id: string, b: { name: string; text: string }) => call<{ id: string }>("PUT", `/${encodeURIComponent(id)}`, b),
  duplicate: (id: string, b: { name?: string; share?: string | null; league?: string }) => call<{ id: string }>("POST", `/${encodeURIComponent(id)}/duplicate`, b),
  share: (id: string) => call<{ url: string }>("POST", `/${encodeURIComponent(id)}/share`, {}),
  unshare: (id: string) => call<{ ok: true }>("DELETE", `/${encodeURIComponent(id)}/share`),
  exportUrl: (id: string, format: "text" | "json", share?: string | null) =>
    `/api/cards/${encodeURIComponent(id)}/export?format=${format}${share ? `&share=${encodeURIComponent(share)}` : ""}`,
};

/** The problems of a 422 answer, if it was one. */
export const problemsOf = (e: unknown): Problem[] => ((e as ApiError)?.body as { problems?: Problem[] } | undefined)?.problems ?? [];
