/**
 * The web app's only door to the service: the typed Hono client. Pages call these named
 * functions; each returns the parsed JSON or throws an ApiError carrying the server's message.
 */
import { hc } from "hono/client";

// TEMP: until worker/index.ts exports AppType.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const client = hc<any>("/", { init: { credentials: "same-origin" } }) as any;

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

async function json<T>(res: Response): Promise<T> {
  const text = await res.text();
  let body: any = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = { error: text };
  }
  if (!res.ok) {
    const msg = body?.message ?? body?.error?.message ?? body?.error ?? `The server said ${res.status}.`;
    throw new ApiError(res.status, String(msg), body?.code ?? body?.error?.code, body);
  }
  return body as T;
}

export interface Me {
  id: string;
  email: string;
  displayName: string | null;
  timezone: string;
}

export interface GameSummary {
  id: string;
  ruleset: string;
  status: "open" | "active" | "ended";
  yourSeat: number;
  yourTurn: boolean;
  opponents: string[];
  deadline: number | null;
  result: string | null;
}

export interface GameInfo {
  id: string;
  ruleset: string;
  status: "open" | "active" | "ended";
  daysPerMove: number;
  players: { seat: number; userId: string; name: string }[];
  inviteUrl?: string;
  version: number;
  view: unknown;
  legalMoves: unknown[];
  deadlines?: (number | null)[];
}

export interface NotifySettings {
  email: "each" | "digest" | "off";
  push: boolean;
  events: string[];
  quietHours: { start: string; end: string } | null;
  timezone: string;
  digestHour: number;
}

const post = (json: unknown) => ({ json }) as any;

export const api = {
  me: () => client.api.me.$get().then(json<Me>),
  updateMe: (patch: { displayName?: string; timezone?: string }) => client.api.me.$patch(post(patch)).then(json<Me>),
  requestLink: (email: string, next: string) => {
    localStorage.setItem("after-signin", next);
    return client.api.auth.start.$post(post({ email })).then(json<{ ok: true }>).then(() => ({
      devOutbox: /^(localhost|127\.0\.0\.1|\[::1\])$/.test(location.hostname) ? `/api/dev/outbox?to=${encodeURIComponent(email)}` : undefined,
    }));
  },
  signOut: () => client.api.auth.signout.$post().then(json),
  listGames: () => client.api.games.$get().then(json<{ games: GameSummary[] }>).then((r: { games: GameSummary[] }) => r.games),
  createGame: (body: { ruleset: string; daysPerMove: number; options: Record<string, unknown>; seed?: string }) =>
    client.api.games.$post(post(body)).then(json<{ id: string; inviteUrl: string }>),
  getGame: (id: string) => client.api.games[":id"].$get({ param: { id } }).then(json<GameInfo>),
  joinGame: (id: string, token: string) => client.api.games[":id"].join.$post({ param: { id }, json: { token } }).then(json<GameInfo>),
  move: (id: string, version: number, move: unknown, idempotencyKey: string) =>
    client.api.games[":id"].moves.$post({ param: { id }, json: { version, move, idempotencyKey } }).then(json<GameInfo>),
  record: (id: string) => client.api.games[":id"].record.$get({ param: { id } }).then(json<unknown>),
  chat: (id: string) => client.api.games[":id"].chat.$get({ param: { id } }).then(json<{ messages: ChatMessage[] }>),
  say: (id: string, text: string) => client.api.games[":id"].chat.$post({ param: { id }, json: { text } }).then(json<unknown>),
  liveUrl: (id: string) => client.api.games[":id"].live.$url({ param: { id } }).pathname as string,
  notifications: () => client.api.me.notifications.$get().then(json<NotifySettings>),
  updateNotifications: (patch: Partial<NotifySettings>) => client.api.me.notifications.$put(post(patch)).then(json<NotifySettings>),
  vacation: () => client.api.me.vacation.$get().then(json<{ until: number; daysLeft: number }>),
  setVacation: (days: number) => client.api.me.vacation.$put(post({ days })).then(json<{ until: number; daysLeft: number }>),
  pushKey: () => client.api.push.key.$get().then(json<{ key: string }>).then((r: { key: string }) => r.key),
  pushSubscribe: (sub: PushSubscriptionJSON) => client.api.push.subscribe.$post(post(sub)).then(json),
  pushUnsubscribe: (endpoint: string) => client.api.push.unsubscribe.$post(post({ endpoint })).then(json),
};

export interface ChatMessage {
  seat: number;
  name: string;
  text: string;
  at: number;
}
