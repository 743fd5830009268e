/** Card calls (worker/api/cards.ts), with the same error handling as api.ts. */
import type { InferResponseType } from "hono/client";
import { client, read, type ApiError } from "../api";
import type { Card } from "../../../worker/engine/card/api";

const cards = client.api.cards;

export type CardSummary = InferResponseType<typeof cards.$get, 200>["cards"][number];

/** A card as GET /api/cards/:id answers; `card` is the card's data as the engine types it. */
export type StoredCard = Omit<InferResponseType<(typeof cards)[":id"]["$get"], 200>, "card"> & { card: Card };

export interface Problem {
  line: number | null;
  message: string;
}

const q = (share?: string | null) => (share ? { share } : {});

export const cardsApi = {
  list: () => read(cards.$get()),
  get: (id: string, share?: string | null) => read(cards[":id"].$get({ param: { id }, query: q(share) })) as Promise<StoredCard>,
  create: (b: { name: string; text: string; league?: string }) => read(cards.$post({ json: b })),
  update: (id: string, b: { name: string; text: string }) => read(cards[":id"].$put({ param: { id }, json: b })),
  duplicate: (id: string, b: { name?: string; share?: string | null; league?: string }) => read(cards[":id"].duplicate.$post({ param: { id }, json: b })),
  share: (id: string) => read(cards[":id"].share.$post({ param: { id } })),
  unshare: (id: string) => read(cards[":id"].share.$delete({ param: { id } })),
  exportUrl: (id: string, format: "text" | "json", share?: string | null) =>
    `/api/cards/${encodeURIComponent(id)}/export?format=${format}${share ? `&share=${encodeURIComponent(share)}` : ""}`,
};

/** The problems of a 422 answer, if it was one. */
export const problemsOf = (e: unknown): Problem[] => ((e as ApiError)?.body as { problems?: Problem[] } | undefined)?.problems ?? [];
