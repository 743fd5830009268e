/** Validation of a player's notification settings (PUT /api/me/notifications). */
import { isTimeZone, parseHhMm } from "./clock";
import { NOTIFY_EVENTS, type NotifyEvent, type NotifySettings } from "./types";

export type SettingsResult = { ok: true; settings: NotifySettings } | { ok: false; error: string };

/** Applies a partial update to the current settings; any bad field rejects the whole update. */
export function updateSettings(current: NotifySettings, input: unknown): SettingsResult {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return { ok: false, error: "expected a JSON object" };
  const v = input as Record<string, unknown>;
  const known = new Set(["email", "push", "events", "quietHours", "timezone", "digestHour"]);
  for (const k of Object.keys(v)) if (!known.has(k)) return { ok: false, error: `unknown setting "${k}"` };
  const next: NotifySettings = { ...current, events: [...current.events] };
  if ("email" in v) {
    if (v.email !== "each" && v.email !== "digest" && v.email !== "off") return { ok: false, error: 'email must be "each", "digest" or "off"' };
    next.email = v.email;
  }
  if ("push" in v) {
    if (typeof v.push !== "boolean") return { ok: false, error: "push must be true or false" };
    next.push = v.push;
  }
  if ("events" in v) {
    if (!Array.isArray(v.events)) return { ok: false, error: "events must be a list" };
    const bad = v.events.find((e) => !NOTIFY_EVENTS.includes(e as NotifyEvent));
    if (bad !== undefined) return { ok: false, error: `unknown event "${String(bad)}"; known: ${NOTIFY_EVENTS.join(", ")}` };
    next.events = [...new Set(v.events as NotifyEvent[])];
  }
  if ("quietHours" in v) {
    const q = v.quietHours;
    if (q === null) next.quietHours = null;
    else if (typeof q === "object" && typeof (q as any).start === "string" && typeof (q as any).end === "string") {
      const { start, end } = q as { start: string; end: string };
      if (parseHhMm(start) === null || parseHhMm(end) === null) return { ok: false, error: 'quiet hours must be "HH:MM" (24-hour clock)' };
      if (start === end) return { ok: false, error: "quiet hours must not start and end at the same time" };
      next.quietHours = { start, end };
    } else return { ok: false, error: 'quietHours must be null or {"start":"HH:MM","end":"HH:MM"}' };
  }
  if ("timezone" in v) {
    if (typeof v.timezone !== "string" || !isTimeZone(v.timezone)) return { ok: false, error: `unknown time zone "${String(v.timezone)}"` };
    next.timezone = v.timezone;
  }
  if ("digestHour" in v) {
    if (!Number.isInteger(v.digestHour) || (v.digestHour as number) < 0 || (v.digestHour as number) > 23) {
      return { ok: false, error: "digestHour must be a whole hour from 0 to 23" };
    }
    next.digestHour = v.digestHour as number;
  }
  if (next.quietHours && next.email === "digest") {
    const start = parseHhMm(next.quietHours.start)!;
    const end = parseHhMm(next.quietHours.end)!;
    const t = next.digestHour * 60;
    if (start < end ? t >= start && t < end : t >= start || t < end) {
      return { ok: false, error: `the digest hour ${next.digestHour}:00 falls inside your quiet hours; choose another hour` };
    }
  }
  return { ok: true, settings: next };
}
