/** Live play: when a game is live, and how its claim windows are timed then and after someone leaves. */
import { describe, expect, it } from "vitest";
import { deadlineOf, nextDue } from "../../worker/game/clock";
import { isLive, LIVE_WINDOW_MS, timedFor, type TimedClock } from "../../worker/game/live";
import { clock, doc, T0 } from "./fixtures";

const HOUR = 3_600_000;
const computer = { userId: "computer:easy:1", name: "Computer (easy)", computer: { strength: "easy" as const, delayMs: 0 } };
/** A claim window's clock (12 hours) that opened at `startedAt`. */
const window = (seat: number, startedAt = T0): TimedClock => ({ ...clock(seat, startedAt), allowanceMs: 12 * HOUR, key: "window:3" });

describe("isLive: everyone the game waits for is at the table", () => {
  it("every person seat has the game open", () => {
    expect(isLive(doc(), () => true)).toBe(true);
    expect(isLive(doc(), (s) => s === 0)).toBe(false);
    expect(isLive(doc(), () => false)).toBe(false);
  });

  it("a practice game (one person, computers only besides) is always live; computers count as present", () => {
    expect(isLive(doc({ players: [{ userId: "ann", name: "Ann" }, computer] }), () => false)).toBe(true);
    const mixed = doc({ seats: 3, players: [{ userId: "ann", name: "Ann" }, computer, { userId: "bob", name: "Bob" }] });
    expect(isLive(mixed, (s) => s === 0)).toBe(false);
    expect(isLive(mixed, (s) => s !== 1)).toBe(true);
  });

  it("an open or ended game is never live", () => {
    expect(isLive(doc({ status: "ended" }), () => true)).toBe(false);
    expect(isLive(doc({ status: "open", players: [{ userId: "ann", name: "Ann" }, null] }), () => true)).toBe(false);
  });
});

describe("timedFor: a claim window lasts seconds while live, its correspondence deadline when someone leaves", () => {
  it("a window that opens live closes LIVE_WINDOW_MS after it opened, and the alarm is due then", () => {
    const live = timedFor(doc({ clocks: [window(1)] }), true, T0);
    expect(deadlineOf(live.clocks[0]!)).toBe(T0 + LIVE_WINDOW_MS);
    expect(nextDue(live.clocks[0]!)).toBe(T0 + LIVE_WINDOW_MS);
  });

  it("everyone arrives during a window: it closes LIVE_WINDOW_MS from then", () => {
    const live = timedFor(doc({ clocks: [window(1, T0 - HOUR)] }), true, T0);
    expect(deadlineOf(live.clocks[0]!)).toBe(T0 + LIVE_WINDOW_MS);
  });

  it("someone leaves: the window's deadline is the correspondence one again, counted from its opening", () => {
    const live = timedFor(doc({ clocks: [window(1)] }), true, T0);
    const back = timedFor(live, false, T0 + 5000);
    expect(deadlineOf(back.clocks[0]!)).toBe(T0 + 12 * HOUR);
    expect((back.clocks[0] as TimedClock).live).toBeUndefined();
    expect(back.clocks[0]!.reminded).toBe(0);
  });

  it("turns keep their clock; nothing to change gives the same document", () => {
    const d = doc({ clocks: [clock(0)] });
    expect(timedFor(d, true, T0)).toBe(d);
    const live = timedFor(doc({ clocks: [window(1)] }), true, T0);
    expect(timedFor(live, true, T0 + 1000)).toBe(live);
  });
});
