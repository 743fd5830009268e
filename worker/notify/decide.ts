/**
 * Who is told what, and when. Pure: the consumer passes in the settings, the clock and whether
 * the player is connected live; this file answers.
 *
 * Rules (issue 4):
 * - a player connected live to the game gets nothing for it (the live view already told them);
 * - only the events the player chose; email per event, daily digest, or off; push if switched on
 *   and the player has a device;
 * - nothing inside the player's quiet hours except the final reminder: other events wait until
 *   the quiet hours end;
 * - several events for one player within MERGE_WINDOW_MS become one message; a final reminder
 *   does not wait (it takes whatever is pending with it).
 */
import { inWindow, localTime, parseHhMm } from "./clock";
import { chosenAs, type NotifyMessage, type NotifySettings } from "./types";

export const MERGE_WINDOW_MS = 3 * 60_000;

export type Channel = "email" | "push";

export type Decision =
  | { send: false; reason: "live" | "event-off" | "no-channel" }
  | { send: true; channels: Channel[]; /** epoch ms when this player's batch goes out */ dueAt: number; urgent: boolean };

export interface DecideContext {
  now: number;
  /** The player has a live socket on this game. */
  live: boolean;
  /** The player has at least one enabled push subscription. */
  hasPushDevice: boolean;
  /** dueAt of this player's batch already waiting, if any: new events join it. */
  pendingDueAt?: number | null;
  /** The merge window's length (MERGE_WINDOW_MS unless a benchmark shortened it, lib/meter.ts). */
  windowMs?: number;
}

/** A final reminder waits for nothing: not the merge window, not quiet hours. */
export const isUrgent = (msg: Pick<NotifyMessage, "type">): boolean => msg.type === "final-reminder";

export function decide(msg: NotifyMessage, s: NotifySettings, ctx: DecideContext): Decision {
  if (ctx.live || msg.live) return { send: false, reason: "live" };
  if (!s.events.includes(chosenAs(msg.type))) return { send: false, reason: "event-off" };
  const urgent = isUrgent(msg);
  const channels: Channel[] = [];
  // A digest reader still gets the final reminder: the digest may come too late for it.
  if (s.email === "each" || (s.email === "digest" && urgent)) channels.push("email");
  if (s.push && ctx.hasPushDevice) channels.push("push");
  if (channels.length === 0) return { send: false, reason: "no-channel" };
  if (urgent) return { send: true, channels, dueAt: ctx.now, urgent };
  // A window that would close inside quiet hours stays open until they end.
  const dueAt = quietUntil(s, ctx.pendingDueAt ?? ctx.now + (ctx.windowMs ?? MERGE_WINDOW_MS));
  return { send: true, channels, dueAt, urgent };
}

/** The end of the player's quiet hours if `now` is inside them, else `now`. */
export function quietUntil(s: NotifySettings, now: number): number {
  if (!s.quietHours) return now;
  const local = localTime(now, s.timezone);
  if (!inWindow(local, s.quietHours.start, s.quietHours.end)) return now;
  const end = parseHhMm(s.quietHours.end)!;
  const t = local.hour * 60 + local.minute;
  const minutes = (end - t + 1440) % 1440;
  return now + minutes * 60_000 - (now % 60_000);
}

export function inQuietHours(s: NotifySettings, now: number): boolean {
  return quietUntil(s, now) > now;
}
