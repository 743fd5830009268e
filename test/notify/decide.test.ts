/** Who is told what, and when: issue 4's rules for live players, chosen events, quiet hours and merging. */
import { describe, expect, it } from "vitest";
import { decide, MERGE_WINDOW_MS, quietUntil } from "../../worker/notify/decide";
import { DEFAULT_SETTINGS, type NotifyMessage, type NotifySettings } from "../../worker/notify/types";

const msg = (over: Partial<NotifyMessage> = {}): NotifyMessage => ({
  type: "turn",
  gameId: "g1",
  userId: "u1",
  text: "Ann discarded 7 Dots",
  url: "https://mahjong.example/games/g1",
  at: 0,
  ...over,
});
const settings = (over: Partial<NotifySettings> = {}): NotifySettings => ({ ...DEFAULT_SETTINGS, ...over });
// 2026-01-15 03:30 UTC = 22:30 on the 14th in New York (UTC-5), 12:30 in Tokyo (UTC+9).
const T = Date.UTC(2026, 0, 15, 3, 30);
const ctx = { now: T, live: false, hasPushDevice: true };

describe("a player connected live to the game", () => {
  it("gets no email or push for it", () => {
    expect(decide(msg(), settings(), { ...ctx, live: true })).toEqual({ send: false, reason: "live" });
    expect(decide(msg({ live: true }), settings(), ctx)).toEqual({ send: false, reason: "live" });
  });
  it("not even the final reminder", () => {
    expect(decide(msg({ type: "final-reminder" }), settings(), { ...ctx, live: true })).toMatchObject({ send: false });
  });
});

describe("the player's choices", () => {
  it("only events the player chose", () => {
    expect(decide(msg({ type: "chat" }), settings(), ctx)).toEqual({ send: false, reason: "event-off" });
    expect(decide(msg({ type: "chat" }), settings({ events: ["chat"] }), ctx)).toMatchObject({ send: true });
  });
  it("email per event and push on every device", () => {
    expect(decide(msg(), settings(), ctx)).toMatchObject({ send: true, channels: ["email", "push"] });
  });
  it("push only when switched on and a device is subscribed", () => {
    expect(decide(msg(), settings({ push: false }), ctx)).toMatchObject({ channels: ["email"] });
    expect(decide(msg(), settings(), { ...ctx, hasPushDevice: false })).toMatchObject({ channels: ["email"] });
  });
  it("a digest reader gets no email per event, but does get the final reminder", () => {
    expect(decide(msg(), settings({ email: "digest", push: false }), ctx)).toEqual({ send: false, reason: "no-channel" });
    expect(decide(msg({ type: "final-reminder" }), settings({ email: "digest", push: false }), ctx)).toMatchObject({ send: true, channels: ["email"] });
  });
  it("email off and push off: nothing", () => {
    expect(decide(msg(), settings({ email: "off", push: false }), ctx)).toEqual({ send: false, reason: "no-channel" });
  });
});

describe("merging", () => {
  it("the first event opens a window of a few minutes", () => {
    expect(decide(msg(), settings(), ctx)).toMatchObject({ dueAt: T + MERGE_WINDOW_MS, urgent: false });
  });
  it("later events join the window already open", () => {
    expect(decide(msg(), settings(), { ...ctx, now: T + 60_000, pendingDueAt: T + MERGE_WINDOW_MS })).toMatchObject({ dueAt: T + MERGE_WINDOW_MS });
  });
  it("the final reminder does not wait", () => {
    expect(decide(msg({ type: "final-reminder" }), settings(), { ...ctx, pendingDueAt: T + MERGE_WINDOW_MS })).toMatchObject({ dueAt: T, urgent: true });
  });
});

describe("quiet hours, in the player's time zone", () => {
  const night = { start: "22:00", end: "07:00" };
  it("22:30 in New York is inside 22:00-07:00: the event waits until 07:00 New York time", () => {
    const d = decide(msg(), settings({ quietHours: night, timezone: "America/New_York" }), ctx);
    expect(d).toMatchObject({ send: true });
    expect(d.send && new Date(d.dueAt).toISOString()).toBe("2026-01-15T12:00:00.000Z"); // 07:00 EST
  });
  it("the same instant is 12:30 in Tokyo: not quiet, sent after the merge window", () => {
    expect(decide(msg(), settings({ quietHours: night, timezone: "Asia/Tokyo" }), ctx)).toMatchObject({ dueAt: T + MERGE_WINDOW_MS });
  });
  it("a window that would close just inside quiet hours waits for their end", () => {
    const at2158 = Date.UTC(2026, 0, 15, 2, 58); // 21:58 EST; the window would close at 22:01
    const d = decide(msg(), settings({ quietHours: night, timezone: "America/New_York" }), { ...ctx, now: at2158 });
    expect(d.send && new Date(d.dueAt).toISOString()).toBe("2026-01-15T12:00:00.000Z");
  });
  it("the final reminder passes quiet hours", () => {
    expect(decide(msg({ type: "final-reminder" }), settings({ quietHours: night, timezone: "America/New_York" }), ctx)).toMatchObject({ dueAt: T });
  });
  it("a daytime window that does not wrap midnight", () => {
    const s = settings({ quietHours: { start: "12:00", end: "14:00" }, timezone: "Asia/Tokyo" });
    expect(new Date(quietUntil(s, T)).toISOString()).toBe("2026-01-15T05:00:00.000Z"); // 14:00 JST
    expect(quietUntil(s, Date.UTC(2026, 0, 15, 5, 0))).toBe(Date.UTC(2026, 0, 15, 5, 0)); // the end itself is not quiet
  });
  it("summer time is the zone's, not a fixed offset", () => {
    // 2026-07-15 02:30 UTC = 22:30 EDT (UTC-4); quiet until 07:00 EDT = 11:00 UTC
    const s = settings({ quietHours: night, timezone: "America/New_York" });
    expect(new Date(quietUntil(s, Date.UTC(2026, 6, 15, 2, 30))).toISOString()).toBe("2026-07-15T11:00:00.000Z");
  });
});
