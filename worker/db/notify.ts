/** D1 reads and writes of the notification service (tables in schema-notify.ts). */
import type { Env } from "../lib/env";
import type { Channel } from "../notify/decide";
import type { PushTarget } from "../notify/webpush";
import { DEFAULT_SETTINGS, type HeldRow, type NotifyEvent, type NotifyMessage, type NotifySettings } from "../notify/types";

type Db = Pick<Env, "DB">;

export interface Recipient {
  userId: string;
  email: string;
  name: string;
  settings: NotifySettings;
  /** True when the player saved a zone of their own for notifications. */
  ownZone: boolean;
  digestSentOn: string | null;
  /** The player's push devices, enabled or not, in the order added: the copy on their row (users.push_devices, migration 0030). */
  devices: StoredDevice[];
}

interface SettingsRow {
  email: string;
  push: number;
  events: string;
  quiet_start: string | null;
  quiet_end: string | null;
  timezone: string | null;
  digest_hour: number;
  digest_sent_on: string | null;
}

/**
 * The player, their settings (defaults when they never saved any) and their push devices; null when
 * no such user. One row read: the devices are the copy kept on the player's row (users.push_devices,
 * rewritten by triggers on push_subscriptions, migration 0030), not a read of push_subscriptions.
 */
export async function recipient(env: Db, userId: string): Promise<Recipient | null> {
  const row = await env.DB.prepare(
    `SELECT u.id, u.email AS address, u.display_name, u.timezone AS account_zone, u.push_devices, s.*
     FROM users u LEFT JOIN notify_settings s ON s.user_id = u.id WHERE u.id = ?`,
  )
    .bind(userId)
    .first<Partial<SettingsRow> & { id: string; address: string; display_name: string; account_zone: string; push_devices: string | null }>();
  if (!row) return null;
  const zone = row.timezone ?? row.account_zone ?? "UTC";
  const settings: NotifySettings =
    row.email === undefined || row.email === null
      ? { ...DEFAULT_SETTINGS, timezone: zone }
      : {
          email: row.email as NotifySettings["email"],
          push: !!row.push,
          events: JSON.parse(row.events!) as NotifyEvent[],
          quietHours: row.quiet_start && row.quiet_end ? { start: row.quiet_start, end: row.quiet_end } : null,
          timezone: zone,
          digestHour: row.digest_hour!,
        };
  return { userId: row.id, email: row.address, name: row.display_name, settings, ownZone: !!row.timezone, digestSentOn: row.digest_sent_on ?? null, devices: devicesOf(row.push_devices) };
}

/** The devices kept on a player's row (JSON, as the triggers of migration 0030 write it; null: none), in the order added. */
function devicesOf(json: string | null): StoredDevice[] {
  if (!json) return [];
  const rows = JSON.parse(json) as (Omit<StoredDevice, "enabled"> & { enabled: number | boolean })[];
  return rows.map((r) => ({ id: r.id, endpoint: r.endpoint, p256dh: r.p256dh, auth: r.auth, device: r.device, enabled: !!r.enabled })).sort((a, b) => a.id - b.id);
}

export async function saveSettings(env: Db, userId: string, s: NotifySettings, now = Date.now()): Promise<void> {
  await env.DB.prepare(
    `INSERT INTO notify_settings (user_id, email, push, events, quiet_start, quiet_end, timezone, digest_hour, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET email = excluded.email, push = excluded.push, events = excluded.events,
       quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end, timezone = excluded.timezone,
       digest_hour = excluded.digest_hour, updated_at = excluded.updated_at`,
  )
    .bind(userId, s.email, s.push ? 1 : 0, JSON.stringify(s.events), s.quietHours?.start ?? null, s.quietHours?.end ?? null, s.timezone, s.digestHour, now)
    .run();
}

/** One-click unsubscribe: email off, everything else kept. */
export async function emailOff(env: Db, userId: string, now = Date.now()): Promise<void> {
  const r = await recipient(env, userId);
  if (!r) return;
  await saveSettings(env, userId, { ...r.settings, email: "off" }, now);
}

export async function markDigestSent(env: Db, userId: string, localDate: string): Promise<void> {
  const r = await recipient(env, userId);
  if (!r) return;
  // A player on defaults gets a settings row so the date can be kept.
  await env.DB.prepare(
    `INSERT INTO notify_settings (user_id, email, push, events, timezone, digest_hour, digest_sent_on, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET digest_sent_on = excluded.digest_sent_on`,
  )
    .bind(userId, r.settings.email, r.settings.push ? 1 : 0, JSON.stringify(r.settings.events), r.ownZone ? r.settings.timezone : null, r.settings.digestHour, localDate, Date.now())
    .run();
}

/** Players who chose the daily digest. */
export async function digestReaders(env: Db): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT user_id FROM notify_settings WHERE email = 'digest'").all<{ user_id: string }>();
  return results.map((r) => r.user_id);
}

// ---- push subscriptions ----

export interface StoredDevice extends PushTarget {
  id: number;
  device: string;
  enabled: boolean;
}

/** The player's devices as push_subscriptions (the truth) holds them: for their settings page. A notice reads the copy (`recipient`). */
export async function devices(env: Db, userId: string): Promise<StoredDevice[]> {
  const { results } = await env.DB.prepare("SELECT id, endpoint, p256dh, auth, device, enabled FROM push_subscriptions WHERE user_id = ? ORDER BY id")
    .bind(userId)
    .all<Omit<StoredDevice, "enabled"> & { enabled: number }>();
  return results.map((r) => ({ ...r, enabled: !!r.enabled }));
}

/** Subscribing again from the same browser updates its keys; an endpoint belongs to one player. */
export async function subscribe(env: Db, userId: string, t: PushTarget, device: string, now = Date.now()): Promise<void> {
  await env.DB.prepare(
    `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, device, enabled, created_at) VALUES (?, ?, ?, ?, ?, 1, ?)
     ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
       device = excluded.device, enabled = 1`,
  )
    .bind(userId, t.endpoint, t.p256dh, t.auth, device, now)
    .run();
}

export async function setDeviceEnabled(env: Db, userId: string, id: number, enabled: boolean): Promise<boolean> {
  const r = await env.DB.prepare("UPDATE push_subscriptions SET enabled = ? WHERE id = ? AND user_id = ?").bind(enabled ? 1 : 0, id, userId).run();
  return r.meta.changes > 0;
}

export async function unsubscribe(env: Db, userId: string, endpoint: string): Promise<boolean> {
  const r = await env.DB.prepare("DELETE FROM push_subscriptions WHERE endpoint = ? AND user_id = ?").bind(endpoint, userId).run();
  return r.meta.changes > 0;
}

/** The push service said 404/410: the subscription is gone for good. */
export async function forgetEndpoint(env: Db, endpoint: string): Promise<void> {
  await env.DB.prepare("DELETE FROM push_subscriptions WHERE endpoint = ?").bind(endpoint).run();
}

// ---- pending (merging) ----

export interface PendingRow {
  id: number;
  event: NotifyMessage;
  /** The channels that still owe this event; empty while it is undecided. */
  channels: Channel[];
  /**
   * False for an event held as it came, to be decided (settings, channels, quiet hours) when its
   * window closes: the player's settings are read once per notice, at the flush. Rows put back after
   * a failed send are decided.
   */
  decided: boolean;
  dueAt: number;
}

/** Stored in `channels` for an event not yet decided (a decided row always owes some channel). */
const UNDECIDED = "";

/** The last row number given (`pendingId`). */
let lastPendingId = 0;

/**
 * A held row's number, which orders a player's rows as they came (the table is kept by its key
 * alone: no rowid numbers them): the time it is held (ms) × 1000, and always above the last one
 * given here, so that rows held together keep their order.
 */
function pendingId(now: number): number {
  return (lastPendingId = Math.max(now * 1000, lastPendingId + 1));
}

/** Holds an event in the player's merge window (a statement, for a D1 batch); `channels` null: decided when sent. */
export function addPendingStatement(env: Db, m: NotifyMessage, channels: Channel[] | null, dueAt: number, now: number): D1PreparedStatement {
  return holdStatement(env, m, channels, dueAt, now).statement;
}

/** addPendingStatement, with the row's key and event as a flush message carries them. */
export function holdStatement(env: Db, m: NotifyMessage, channels: Channel[] | null, dueAt: number, now: number): { statement: D1PreparedStatement; held: HeldRow } {
  const id = pendingId(now);
  const statement = env.DB.prepare("INSERT INTO notify_pending (user_id, due_at, id, game_id, body, channels, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)").bind(
    m.userId,
    dueAt,
    id,
    m.gameId,
    JSON.stringify(m),
    channels ? channels.join(",") : UNDECIDED,
    now,
  );
  return { statement, held: { dueAt, id, event: m } };
}

/**
 * Takes back the not yet sent rows each game held for its player (`heldByGame`): each is moved one
 * millisecond earlier under the same number and loses the mark (worker/game/notices.ts withdrawHeld).
 * Reads the player's held rows (none, mostly); writes only those of the game.
 */
export async function withdrawHeldRows(env: Db, turns: { userId: string; gameId: string }[]): Promise<void> {
  if (!turns.length) return;
  await env.DB.batch(
    turns.map((t) =>
      env.DB.prepare(
        `UPDATE notify_pending SET due_at = due_at - 1, body = json_remove(body, '$.heldByGame')
         WHERE user_id = ? AND game_id = ? AND json_extract(body, '$.heldByGame') = 1`,
      ).bind(t.userId, t.gameId),
    ),
  );
}

/**
 * The window already open for this player: the earliest dueAt still pending. Read as the first row
 * along the table's key (user, due time, order): D1 counts no row read when the player has none,
 * where `SELECT MIN(due_at)` counts one either way.
 */
export async function openWindow(env: Db, userId: string): Promise<number | null> {
  return (await firstDueStatement(env, userId).first<{ due_at: number }>())?.due_at ?? null;
}

const firstDueStatement = (env: Db, userId: string) => env.DB.prepare("SELECT due_at FROM notify_pending WHERE user_id = ? ORDER BY due_at LIMIT 1").bind(userId);

/** An event not yet decided on (no channel chosen): a held row taken, or one fresh from the game (id 0). */
export const undecided = (id: number, event: PendingRow["event"], dueAt: number): PendingRow => ({ id, event, channels: [], decided: false, dueAt });
const fromHeld = (h: HeldRow): PendingRow => undecided(h.id, h.event, h.dueAt);

/**
 * Takes (deletes and returns) this player's rows that are due. Deleting is the claim: two
 * consumers flushing at once never send the same event twice (a row another one deleted first is
 * not taken here). The rows are read along the table's key, then each deleted by its key: a
 * DELETE … RETURNING counts every row it reads twice.
 *
 * `known`: rows the flush message carries (their key and event, all due): each is deleted by its
 * key without being read first, and one look at the player's first row says whether any other
 * is due (one that joined the window, or one put back); only then are the rows read along the key.
 * A carried row another flush took first (its DELETE changed nothing) is not taken here.
 * `look`: for a caller that mostly finds nothing (a final reminder taking along an open window).
 */
export async function takeDue(env: Db, userId: string, now: number, known: HeldRow[] = [], look = false): Promise<PendingRow[]> {
  if (known.length && known.every((k) => k.dueAt <= now)) {
    const res = await env.DB.batch([
      ...known.map((k) => env.DB.prepare("DELETE FROM notify_pending WHERE user_id = ? AND due_at = ? AND id = ?").bind(userId, k.dueAt, k.id)),
      firstDueStatement(env, userId),
    ]);
    const claimed = known.filter((_, i) => (res[i]?.meta.changes ?? 0) > 0).map(fromHeld);
    const first = (res.at(-1)!.results as { due_at: number }[])[0];
    const rest = first && first.due_at <= now ? await takeDue(env, userId, now) : [];
    return [...claimed, ...rest].sort((a, b) => a.id - b.id);
  }
  // `look`: the player's first row is read first (no row read when they have none), where the range below counts one even then.
  if (look) {
    const first = await openWindow(env, userId);
    if (first === null || first > now) return [];
  }
  const { results: due } = await env.DB.prepare("SELECT id, body, channels, due_at FROM notify_pending WHERE user_id = ? AND due_at <= ?")
    .bind(userId, now)
    .all<{ id: number; body: string; channels: string; due_at: number }>();
  if (!due.length) return [];
  const deleted = await env.DB.batch(due.map((r) => env.DB.prepare("DELETE FROM notify_pending WHERE user_id = ? AND due_at = ? AND id = ?").bind(userId, r.due_at, r.id)));
  const results = due.filter((_, i) => (deleted[i]?.meta.changes ?? 0) > 0);
  return results
    .map((r) => ({
      id: r.id,
      event: JSON.parse(r.body) as NotifyMessage,
      channels: r.channels === UNDECIDED ? [] : (r.channels.split(",") as Channel[]),
      decided: r.channels !== UNDECIDED,
      dueAt: r.due_at,
    }))
    .sort((a, b) => a.id - b.id);
}

/** Puts back what could not be sent (only the channels still owed; an undecided event as it was), due at once for the retry. */
export function putBackStatements(env: Db, rows: PendingRow[], now: number): D1PreparedStatement[] {
  return rows
    .filter((r) => !r.decided || r.channels.length > 0)
    .map((r) => addPendingStatement(env, r.event, r.decided ? r.channels : null, Math.min(r.dueAt, now), now));
}

export async function putBack(env: Db, rows: PendingRow[], now: number): Promise<void> {
  await writeTogether(env, putBackStatements(env, rows, now));
}

/** Players with rows overdue by more than `graceMs` (their flush message was lost or failed). */
export async function overdueUsers(env: Db, now: number, graceMs: number): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT DISTINCT user_id FROM notify_pending WHERE due_at <= ?").bind(now - graceMs).all<{ user_id: string }>();
  return results.map((r) => r.user_id);
}

/** Writes the statements built above in one D1 batch: all or nothing. */
export async function writeTogether(env: Db, writes: D1PreparedStatement[]): Promise<void> {
  if (writes.length) await env.DB.batch(writes);
}

// ---- logs ----

export async function logSent(env: Db, userId: string, channel: string, kinds: string[], gameIds: string[], detail: string, now: number): Promise<void> {
  await logSentStatement(env, userId, channel, kinds, gameIds, detail, now).run();
}

/** logSent as a statement, for a D1 batch. */
export function logSentStatement(env: Db, userId: string, channel: string, kinds: string[], gameIds: string[], detail: string, now: number): D1PreparedStatement {
  return env.DB.prepare("INSERT INTO notify_sent (user_id, channel, kinds, game_ids, detail, sent_at) VALUES (?, ?, ?, ?, ?, ?)").bind(
    userId,
    channel,
    kinds.join(","),
    gameIds.join(","),
    detail,
    now,
  );
}

export async function recordDead(env: Db, body: unknown, attempts: number, queue: string, now: number): Promise<void> {
  await env.DB.prepare("INSERT INTO notify_dead (body, attempts, queue, received_at) VALUES (?, ?, ?, ?)")
    .bind(JSON.stringify(body), attempts, queue, now)
    .run();
}
