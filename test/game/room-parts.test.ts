/** The game DO's pure parts, outside workerd: when its alarm rings, what it tells players, how vacation, extension and replacement change the document. */
import { describe, expect, it } from "vitest";
import { DAY, deadlineOf, nextAlarm, nextDue } from "../../worker/game/clock";
import { endNotices, noticesAfter, reminderNotices } from "../../worker/game/notices";
import { extended, seatReplaced, vacationEnded, withVacation } from "../../worker/game/turns";
import { clock, doc, T0 } from "./fixtures";

const HOUR = 3_600_000;

describe("nextAlarm: when the game's alarm rings", () => {
  it("nothing due: no alarm", () => {
    expect(nextAlarm(doc({ clocks: [] }), { now: T0 }, null, undefined)).toBeNull();
  });

  it("the earliest of the clocks' next dues (the 80 % reminder first)", () => {
    const d = doc({ clocks: [clock(0), clock(1, T0 - DAY)] });
    expect(nextAlarm(d, { now: T0 })).toBe(nextDue(clock(1, T0 - DAY)));
    expect(nextAlarm(d, { now: T0 })).toBe(T0 - DAY + Math.round(3 * DAY * 0.8));
  });

  it("the game's clock runs ahead in development: its dues come that much earlier in real time", () => {
    expect(nextAlarm(doc(), { now: T0, offsetMs: HOUR })).toBe(nextDue(clock(0)) - HOUR);
  });

  it("a computer's move (game clock) and the other dues (real time) count too", () => {
    expect(nextAlarm(doc(), { now: T0, offsetMs: 1000, computerAt: T0 + 5000 })).toBe(T0 + 4000);
    expect(nextAlarm(doc(), { now: T0 }, T0 + 30_000, null, T0 + 2000)).toBe(T0 + 2000);
    expect(nextAlarm(doc({ clocks: [] }), { now: T0 }, T0 + 5000)).toBe(T0 + 5000);
  });

  it("never before now: an overdue clock rings at once", () => {
    expect(nextAlarm(doc({ clocks: [clock(0, T0 - 10 * DAY, 2)] }), { now: T0 })).toBe(T0);
  });
});

describe("notices: what the players are told", () => {
  const live = () => false;

  it("reminders name the deadline; a timeout is ruled, not told", () => {
    const d = doc({ clocks: [clock(0), clock(1)] });
    const told = reminderNotices(d, [{ kind: "reminder", seat: 0 }, { kind: "timeout", seat: 1 }], T0, live);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ type: "reminder", userId: "ann", gameId: "g1", text: `Reminder: your move is due ${new Date(deadlineOf(clock(0))).toUTCString()}.`, deadline: deadlineOf(clock(0)), opponents: ["Bob"] });
    expect(reminderNotices(d, [{ kind: "final-reminder", seat: 1 }], T0, live)[0]).toMatchObject({ type: "final-reminder", userId: "bob" });
  });

  it("a computer's seat is told nothing", () => {
    const d = doc({ players: [{ userId: "ann", name: "Ann" }, { userId: "computer:easy:1", name: "Computer (easy)", computer: { strength: "easy", delayMs: 0 } }], clocks: [clock(1)] });
    expect(reminderNotices(d, [{ kind: "reminder", seat: 1 }], T0, live)).toEqual([null]);
  });

  it("everyone is told once that the game ended, but a player who has the game open (it shows them)", () => {
    const ended = doc({ status: "ended", clocks: [] });
    expect(endNotices(ended, [], T0, (s) => s === 1).map((m) => m && [m.type, m.userId, m.text, m.live])).toEqual([
      ["game-ended", "ann", "The game is over. ", false],
      null,
    ]);
    expect(endNotices({ ...ended, endNotified: true }, [], T0, live)).toEqual([]);
    expect(endNotices(doc(), [], T0, live)).toEqual([]);
  });

  it("after a change, only the seats whose clock just started get their turn", () => {
    const d = doc({ clocks: [clock(0), clock(1)] });
    expect(noticesAfter([0], d, [], T0, live).map((m) => [m?.type, m?.userId, m?.text])).toEqual([["turn", "bob", "Your turn."]]);
    expect(noticesAfter([0, 1], d, [], T0, live)).toEqual([]);
    const ended = doc({ status: "ended", clocks: [] });
    expect(noticesAfter([0], ended, [], T0, live).map((m) => m?.type)).toEqual(["game-ended", "game-ended"]);
  });
});

describe("document changes beside advance: each a new version", () => {
  it("withVacation stops the player's running clock for the days away, and never shortens a vacation", () => {
    const d = doc({ clocks: [clock(0), clock(1)] });
    const away = withVacation(d, "ann", T0 + 2 * DAY, T0 + HOUR);
    expect(away.version).toBe(8);
    expect(away.vacations).toEqual({ ann: T0 + 2 * DAY });
    expect(away.clocks[0]!.pausedMs).toBe(2 * DAY - HOUR);
    expect(away.clocks[1]).toEqual(d.clocks[1]);
    expect(d.clocks[0]!.pausedMs).toBe(0); // the old document is left as it was

    const shorter = withVacation(away, "ann", T0 + DAY, T0 + 2 * HOUR);
    expect(shorter.version).toBe(9);
    expect(shorter.vacations.ann).toBe(T0 + 2 * DAY);
    expect(shorter.clocks[0]!.pausedMs).toBe(away.clocks[0]!.pausedMs);
  });

  it("vacationEnded gives back the pause not yet used; a clock started during the vacation keeps only the time already away", () => {
    const away = withVacation(doc({ clocks: [clock(0), clock(1)] }), "ann", T0 + 4 * DAY, T0 + HOUR);
    const back = vacationEnded(away, "ann", T0 + DAY);
    expect(back.version).toBe(away.version + 1);
    expect(back.vacations.ann).toBe(T0 + DAY);
    expect(back.clocks[0]!.pausedMs).toBe(DAY - HOUR);
    expect(back.clocks[1]).toEqual(away.clocks[1]);
    expect(vacationEnded(back, "ann", T0 + 2 * DAY)).toBe(back); // not away: nothing changes

    const later = { ...away, clocks: [{ ...clock(0, T0 + 2 * DAY), pausedMs: 2 * DAY }] };
    expect(vacationEnded(later, "ann", T0 + 3 * DAY).clocks[0]!.pausedMs).toBe(DAY);
  });

  it("extended gives every running clock more time", () => {
    const d = doc({ clocks: [clock(0), clock(1)] });
    const longer = extended(d, 2 * DAY, T0);
    expect(longer.version).toBe(8);
    expect(longer.clocks.map(deadlineOf)).toEqual(d.clocks.map((c) => deadlineOf(c) + 2 * DAY));
  });

  it("extended owes a reminder again when its time moved ahead", () => {
    const reminded = doc({ clocks: [clock(0, T0, 1)] });
    expect(extended(reminded, 3 * DAY, T0 + 2.5 * DAY).clocks[0]!.reminded).toBe(0);
  });

  it("seatReplaced puts the newcomer in the seat, with its clock", () => {
    const d = doc({ clocks: [clock(1)] });
    const taken = seatReplaced(d, 1, { userId: "cy", name: "Cy" });
    expect(taken.version).toBe(8);
    expect(taken.players.map((p) => p?.userId)).toEqual(["ann", "cy"]);
    expect(taken.clocks).toEqual(d.clocks);
    expect(d.players[1]!.userId).toBe("bob");
  });
});
