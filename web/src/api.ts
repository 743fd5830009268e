/**
 * The web app's only door to the service: the typed Hono client. Pages call these named
 * functions; each returns the parsed JSON or throws an ApiError carrying the server's message.
 */
import type { ClientResponse, InferResponseType, parseResponse } from "hono/client";
import type { AppType } from "../../worker/api/app";
import { typedClient } from "./client";
import { early } from "./early";
import { viaSocket } from "./live";

export const client = typedClient<AppType>(location.origin);

export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
    public code?: string,
    public body?: unknown,
  ) {
    super(message);
  }
}

/** The body of a successful answer, typed as hono's parseResponse types it; anything else throws an ApiError with the server's message. */
export async function read<R extends ClientResponse<any>>(res: R | Promise<R>): ReturnType<typeof parseResponse<R>> {
  const r = await res;
  const text = await r.text();
  let body: any = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = { error: text };
  }
  if (!r.ok) {
    const msg = body?.message ?? body?.error?.message ?? body?.error ?? `The server said ${r.status}.`;
    throw new ApiError(r.status, String(msg), body?.code ?? body?.error?.code, body);
  }
  return body;
}

export type Me = NonNullable<InferResponseType<typeof client.api.me.$get, 200>>;

/** One row of GET /api/games. */
export type GameSummary = InferResponseType<typeof client.api.games.$get, 200>["games"][number];

type Game = (typeof client.api.games)[":id"];

/** What the service sends for one game (worker/game/view.ts's payload, as GET /api/games/:id answers it). */
export type GameInfo = InferResponseType<Game["$get"], 200>;

/** One message of a game's chat. */
export type ChatMessage = InferResponseType<Game["chat"]["$get"], 200>["messages"][number];

export type NotifySettings = InferResponseType<typeof client.api.me.notifications.$get, 200>;

type Early<T> = T | undefined;

/** The game last read: its `ratings` (the players at its table, GET /api/games/:id?me) spare profile/cached.ts a request. */
export let lastGame: unknown;

export const api = {
  /** Who is signed in; null when nobody is (asked `?optional`: no 401 logged by the browser on a signed-out page). */
  me: (): Promise<Me | null> => read((early("/api/me?optional") as Early<ReturnType<typeof client.api.me.$get>>) ?? client.api.me.$get({ query: { optional: "" } })),
  updateMe: (patch: { displayName?: string; timezone?: string; orders?: { claims: "ask" | "mahjong-only" | "judged"; throws: "none" | "unneeded" | "judged" }; ordersNoted?: true; access?: { largeTiles?: boolean; playByTyping?: boolean } }) => read(client.api.me.$put({ json: patch })),
  signOut: () => read(client.api.auth.signout.$post()),
  listGames: () => read(client.api.games.$get()).then((r) => r.games),
  createGame: (b: { ruleset: string; options: Record<string, unknown>; seed?: string; invite?: string; computers?: { seats: number; strength: "easy" | "medium" | "strong" | "expert" } }) =>
    read(client.api.games.$post({ json: b })).then((r) => r as Exclude<typeof r, string>),
  getGame: (id: string, invite?: string) =>
    read((invite ? undefined : (early(`/api/games/${encodeURIComponent(id)}`) as Early<ReturnType<Game["$get"]>>)) ?? client.api.games[":id"].$get({ param: { id }, query: invite ? { invite } : {} })).then(
      (g) => ((lastGame = g), g),
    ),
  joinGame: (id: string, invite: string) => read(client.api.games[":id"].join.$post({ param: { id }, json: { invite } })),
  /** Over the game's open socket when there is one (cheaper: no Worker request), else (or when it says 401: ask the session again) posted. */
  move: async (id: string, version: number, move: unknown, idempotencyKey: string) => {
    const json = { version, move, idempotencyKey };
    const a = await viaSocket(api.liveUrl(id), idempotencyKey, json);
    return read(a && a.status !== 401 ? (new Response(JSON.stringify(a.body), a) as unknown as ReturnType<Game["moves"]["$post"]>) : client.api.games[":id"].moves.$post({ param: { id }, json }));
  },
  resign: (id: string) => read(client.api.games[":id"].resign.$post({ param: { id } })),
  /** `card`: play with this card instead of the ended game's (its answer 403 `again/private-card` asks for one). */
  playAgain: (id: string, card?: string) => read(client.api.games[":id"].again.$post({ param: { id }, json: card ? { card } : {} })),
  record: (id: string) => read(client.api.games[":id"].record.$get({ param: { id } })),
  /** Ask for your review of a finished game (worked out in the background), or read it. */
  askReview: (id: string) => read(client.api.games[":id"].review.$post({ param: { id } })),
  review: (id: string) => read(client.api.games[":id"].review.$get({ param: { id } })),
  chat: (id: string) => read(client.api.games[":id"].chat.$get({ param: { id } })),
  say: (id: string, text: string) => read(client.api.games[":id"].chat.$post({ param: { id }, json: { text } })),
  liveUrl: (id: string) => client.api.games[":id"].live.$url({ param: { id } }).pathname,
  takeVacation: (days: number) => read(client.api.me.vacation.$post({ json: { days } })),
  endVacation: () => read(client.api.me.vacation.$delete()),
  notifications: () => read(client.api.me.notifications.$get()),
  updateNotifications: (patch: Partial<NotifySettings>) => read(client.api.me.notifications.$put({ json: patch })),
  pushKey: () => read(client.api.push.key.$get()).then((r) => r.key),
  pushSubscribe: (sub: PushSubscriptionJSON, device: string) => read(client.api.push.subscribe.$post({ json: { ...sub, device } })),
  pushUnsubscribe: (endpoint: string) => read(client.api.push.unsubscribe.$post({ json: { endpoint } })),
};
