/**
 * The notification vocabulary shared by the game Durable Object (producer), the queue consumer
 * and the settings API. Plain JSON values only.
 */

/** Why a player is told something. */
export const NOTIFY_EVENTS = ["turn", "claim", "reminder", "final-reminder", "game-ended", "chat", "league-round"] as const;
export type NotifyEvent = (typeof NOTIFY_EVENTS)[number];

/**
 * Everything a game tells: the events a player chooses among, and "timeout" (your time ran out and
 * your turn was played for you), which follows the choice of the final reminder it comes after
 * (`chosenAs`): one more switch would ask a player to understand two.
 */
export const NOTICE_TYPES = [...NOTIFY_EVENTS, "timeout"] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];
export const chosenAs = (type: NoticeType): NotifyEvent => (type === "timeout" ? "final-reminder" : type);

/** Another player of the game on vacation: their clock stands still until `until` (epoch ms). */
export interface Away {
  name: string;
  until: number;
}

/**
 * What the game DO puts on the NOTIFY queue after it commits a change. `text` says what happened
 * in words ("Ann discarded 7 Dots"); `url` is the game page. Optional fields make the email
 * richer; when absent the message still reads well.
 */
export interface NotifyMessage {
  type: NoticeType;
  gameId: string;
  userId: string;
  text: string;
  url: string;
  /** When it happened: epoch ms or an ISO string. */
  at: number | string;
  /** The game's name as players see it ("Tuesday Siamese"). */
  game?: string;
  /** Names of the other players. */
  opponents?: string[];
  /** Epoch ms when the player's time to move runs out. */
  deadline?: number;
  /**
   * Epoch ms when the turn this notice is about began (the seat's clock started). A turn, claim
   * or reminder notice holds only while that clock still runs: it is checked when sent (truth.ts).
   */
  turnSince?: number;
  /** Set by the DO when the player has a live socket on this game: then nothing is sent. */
  live?: boolean;
  /**
   * Held in D1 by the game itself as it came (game/notices.ts handOver). The game re-keys such a
   * row and clears this when the turn it is about ends or its deadline moves soon after the turn
   * began (truth.ts WITHDRAW_WITHIN_MS), so a flush that soon need not ask the game (TRUSTED_MS).
   * Absent (a notice that came by the queue, or one the game took back): the game is asked.
   */
  heldByGame?: boolean;
  /** The other players away on vacation as it was told ("Dave is away until Sat 3 pm"), in the reader's time zone when sent. */
  away?: Away[];
}

/**
 * A row held in a player's merge window as it came (undecided), as the window's flush message carries
 * it: its key in notify_pending (user, `dueAt`, `id`) and its event, so that the flush takes it by its
 * key without reading it (db/notify.ts takeDue).
 */
export interface HeldRow {
  dueAt: number;
  id: number;
  event: NotifyMessage;
}

/**
 * Internal follow-up message: "the merge window of this player has closed, send what is pending".
 * `held`: the rows that opened the window (a flush without it reads what is due from D1).
 */
export interface FlushMessage {
  type: "flush";
  userId: string;
  held?: HeldRow[];
}

export type QueueBody = NotifyMessage | FlushMessage;

export type EmailMode = "each" | "digest" | "off";

export interface NotifySettings {
  email: EmailMode;
  push: boolean;
  events: NotifyEvent[];
  /** Local "HH:MM" start and end; the window may wrap midnight (22:00-07:00). */
  quietHours: { start: string; end: string } | null;
  timezone: string;
  /** Local hour 0-23 of the daily digest. */
  digestHour: number;
}

export const DEFAULT_SETTINGS: NotifySettings = {
  email: "each",
  push: true,
  events: ["turn", "claim", "reminder", "final-reminder", "game-ended", "league-round"],
  quietHours: null,
  timezone: "UTC",
  digestHour: 8,
};

/** Epoch ms of a message's `at`. */
export function atMs(at: number | string): number {
  return typeof at === "number" ? at : Date.parse(at);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Checks a queue body; returns an error message for anything malformed (bad input changes nothing). */
export function parseQueueBody(v: unknown): { ok: true; body: QueueBody } | { ok: false; error: string } {
  if (!isRecord(v)) return { ok: false, error: "message is not an object" };
  if (v.type === "flush") {
    if (typeof v.userId !== "string" || !v.userId) return { ok: false, error: "flush message without userId" };
    if (v.held === undefined) return { ok: true, body: { type: "flush", userId: v.userId } };
    const held = parseHeld(v.held, v.userId);
    return typeof held === "string" ? { ok: false, error: `flush message: ${held}` } : { ok: true, body: { type: "flush", userId: v.userId, held } };
  }
  return parseNotice(v);
}

/** The rows a flush message carries, or what is wrong with them (each an event of this player, with its key). */
function parseHeld(v: unknown, userId: string): HeldRow[] | string {
  if (!Array.isArray(v) || !v.length) return "held must be a non-empty array";
  const rows: HeldRow[] = [];
  for (const r of v) {
    if (!isRecord(r) || !Number.isSafeInteger(r.dueAt) || !Number.isSafeInteger(r.id)) return "a held row needs a whole dueAt and id";
    const e = parseNotice(r.event);
    if (!e.ok) return `a held row's event: ${e.error}`;
    if (e.body.userId !== userId) return "a held row's event is for another player";
    rows.push({ dueAt: r.dueAt as number, id: r.id as number, event: e.body });
  }
  return rows;
}

function parseNotice(v: unknown): { ok: true; body: NotifyMessage } | { ok: false; error: string } {
  if (!isRecord(v)) return { ok: false, error: "message is not an object" };
  if (!NOTICE_TYPES.includes(v.type as NoticeType)) return { ok: false, error: `unknown event type ${String(v.type)}` };
  for (const k of ["gameId", "userId", "text", "url"] as const) {
    if (typeof v[k] !== "string" || !v[k]) return { ok: false, error: `${k} must be a non-empty string` };
  }
  if (!(typeof v.at === "number" || typeof v.at === "string") || Number.isNaN(atMs(v.at as number | string))) {
    return { ok: false, error: "at must be epoch ms or an ISO date" };
  }
  return { ok: true, body: v as unknown as NotifyMessage };
}

/**
 * A service mail (sign-in link, invitation) the transport refused when it was first sent: the
 * consumer tries it again with backoff. Sent at once when it goes through: no merging, no
 * quiet hours, no digest.
 */
export interface MailQueueMessage {
  type: "mail";
  mail: { to: string; subject: string; text: string; link?: string; until?: number };
  /** Why the first attempt failed. */
  firstError?: string;
}

export function parseMailBody(v: unknown): MailQueueMessage | null {
  if (!isRecord(v) || v.type !== "mail" || !isRecord(v.mail)) return null;
  const m = v.mail;
  if (typeof m.to !== "string" || typeof m.subject !== "string" || typeof m.text !== "string") return null;
  if (m.link !== undefined && typeof m.link !== "string") return null;
  if (m.until !== undefined && typeof m.until !== "number") return null;
  return { type: "mail", mail: { to: m.to, subject: m.subject, text: m.text, link: m.link as string | undefined, until: m.until as number | undefined }, firstError: typeof v.firstError === "string" ? v.firstError : undefined };
}
