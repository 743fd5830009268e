/**
 * The web app's only door to the service: the typed Hono client. Pages call these named
 * functions; each returns the parsed JSON or throws an ApiError carrying the server's message.
 */
import { hc } from "hono/client";
import type { AppType } from "../../worker/api/app";
import { early } from "./early";

const client = hc<AppType>(location.origin);

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

async function json<T>(res: { ok: boolean; status: number; text(): Promise<string> }): Promise<T> {
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
  displayName: string;
  timezone: string;
  /** The service asks for the welcome questions until the profile has been saved once. */
  needsWelcome: boolean;
  vacation: { daysLeft: number; until: number | null };
}

/** One row of GET /api/games. */
export interface GameSummary {
  id: string;
  ruleset: string;
  status: "open" | "active" | "ended";
  seats: number;
  daysPerMove: number;
  myTurn: boolean;
  deadline: number | null;
  result: string | null;
  updatedAt: number;
  players: { seat: number; userId: string; name: string }[];
}

/** What the service sends for one game (worker/game/view.ts payload). */
export interface GameInfo {
  id: string;
  version: number;
  status: "open" | "active" | "ended";
  ruleset: string;
  options: { card?: unknown; deadHands?: "prevent" | "enforce"; hints?: boolean } | null;
  daysPerMove: number;
  seat: number | null;
  commitment: string;
  players: { seat: number; userId: string | null; name: string | null; toAct: boolean; deadline: number | null; onVacationUntil: number | null }[];
  view: unknown;
  legalMoves: unknown[];
  result: { reason: string; totals: number[]; lines: { seat: number; points: number; reason: string; detail: string }[] } | null;
  events: { version: number; at: number; event: unknown; text: string }[];
  now: number;
  inviteUrl?: string;
  /** Each seat's rating change once the result is posted (null: not rated). */
  ratingChanges?: (number | null)[] | null;
}

export interface NotifySettings {
  email: "each" | "digest" | "off";
  push: boolean;
  events: string[];
  quietHours: { start: string; end: string } | null;
  timezone: string;
  digestHour: number;
  devices: { id: number; device: string; enabled: boolean }[];
}

const dev = /^(localhost|127\.0\.0\.1|\[::1\])$/.test(location.hostname);

export const api = {
  me: () => (early("/api/me") ?? client.api.me.$get()).then(json<Me>),
  updateMe: (patch: { displayName?: string; timezone?: string }) => client.api.me.$put({}, { init: body(patch) }).then(json<Me>),
  requestLink: (email: string, next: string) => {
    localStorage.setItem("after-signin", next);
    return client.api.auth.start
      .$post({}, { init: body({ email }) })
      .then(json<{ ok: true; sent?: boolean; message?: string }>)
      .then((r) => ({ sent: r.sent !== false, devOutbox: dev ? `/api/dev/outbox?to=${encodeURIComponent(email)}` : undefined }));
  },
  signOut: () => client.api.auth.signout.$post().then(json),
  listGames: () => client.api.games.$get().then(json<{ games: GameSummary[] }>).then((r) => r.games),
  createGame: (b: { ruleset: string; options: Record<string, unknown>; seed?: string; invite?: string }) =>
    client.api.games.$post({}, { init: body(b) }).then(json<{ id: string; invite: string; inviteUrl: string; inviteMail?: "sent" | "retrying" }>),
  getGame: (id: string, invite?: string) =>
    ((invite ? undefined : early(`/api/games/${encodeURIComponent(id)}`)) ?? client.api.games[":id"].$get({ param: { id }, query: invite ? { invite } : {} } as never)).then(json<GameInfo>),
  joinGame: (id: string, invite: string) => client.api.games[":id"].join.$post({ param: { id } }, { init: body({ invite }) }).then(json<GameInfo>),
  move: (id: string, version: number, move: unknown, idempotencyKey: string) =>
    client.api.games[":id"].moves.$post({ param: { id } }, { init: body({ version, move, idempotencyKey }) }).then(json<GameInfo>),
  record: (id: string) => client.api.games[":id"].record.$get({ param: { id } }).then(json<unknown>),
  chat: (id: string) => client.api.games[":id"].chat.$get({ param: { id } }).then(json<{ messages: ChatMessage[] }>),
  say: (id: string, text: string) => client.api.games[":id"].chat.$post({ param: { id } }, { init: body({ text }) }).then(json<unknown>),
  liveUrl: (id: string) => client.api.games[":id"].live.$url({ param: { id } }).pathname,
  takeVacation: (days: number) => client.api.me.vacation.$post({}, { init: body({ days }) }).then(json<Me>),
  notifications: () => client.api.me.notifications.$get().then(json<NotifySettings>),
  updateNotifications: (patch: Partial<NotifySettings>) => client.api.me.notifications.$put({}, { init: body(patch) }).then(json<NotifySettings>),
  pushKey: () => client.api.push.key.$get().then(json<{ key: string }>).then((r) => r.key),
  pushSubscribe: (sub: PushSubscriptionJSON, device: string) =>
    client.api.push.subscribe.$post({}, { init: body({ ...sub, device }) }).then(json<NotifySettings>),
  pushUnsubscribe: (endpoint: string) => client.api.push.unsubscribe.$post({}, { init: body({ endpoint }) }).then(json<unknown>),
};

/** The API reads JSON bodies itself (no validator middleware), so the body goes in as a plain request init. */
function body(value: unknown): RequestInit {
  return { body: JSON.stringify(value), headers: { "content-type": "application/json" } };
}

export interface ChatMessage {
  seat: number;
  name: string;
  text: string;
  at: number;
}
