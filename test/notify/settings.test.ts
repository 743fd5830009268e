/** Notification settings: every field checked, a bad one changes nothing. */
import { describe, expect, it } from "vitest";
import { updateSettings } from "../../worker/notify/settings";
import { DEFAULT_SETTINGS } from "../../worker/notify/types";

describe("updating settings", () => {
  it("applies a partial update", () => {
    const r = updateSettings(DEFAULT_SETTINGS, { email: "digest", digestHour: 7, quietHours: { start: "22:30", end: "06:45" }, timezone: "Europe/Paris", events: ["turn", "chat"] });
    expect(r).toEqual({ ok: true, settings: { ...DEFAULT_SETTINGS, email: "digest", digestHour: 7, quietHours: { start: "22:30", end: "06:45" }, timezone: "Europe/Paris", events: ["turn", "chat"] } });
  });
  it.each([
    [{ email: "sometimes" }, /email must be/],
    [{ push: "yes" }, /push must be/],
    [{ events: ["turn", "dragons"] }, /unknown event "dragons"/],
    [{ quietHours: { start: "25:00", end: "07:00" } }, /HH:MM/],
    [{ quietHours: { start: "07:00", end: "07:00" } }, /same time/],
    [{ timezone: "Mars/Olympus" }, /unknown time zone/],
    [{ digestHour: 24 }, /0 to 23/],
    [{ colour: "red" }, /unknown setting "colour"/],
    [{ email: "digest", digestHour: 23, quietHours: { start: "22:00", end: "07:00" } }, /inside your quiet hours/],
    [[1, 2], /JSON object/],
  ])("refuses %j", (input, why) => {
    const r = updateSettings(DEFAULT_SETTINGS, input);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(why);
  });
});
