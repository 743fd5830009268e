/** The game DO's alarm, outside workerd: when it rings and what it does to the game (alarm.ts), and the small document changes around it. */
import { describe, expect, it } from "vitest";
import { alarmAt, rung } from "../../worker/game/alarm";
import { firstReminderAt, nextDue } from "../../worker/game/clock";
import { computerPlayer } from "../../worker/game/computers";
import { ledgerRetryMs } from "../../worker/game/ledger";
import { toldAfter } from "../../worker/game/notices";
import { seated, seatRenamed, type Played } from "../../worker/game/turns";
import { clock, doc, T0 } from "./fixtures";

const live = () => false;

/** A dealt game whose first seat (East, to act first) is a computer that waits `delayMs`. */
function withComputer(delayMs: number): Played {
  const open = doc({ status: "open", clocks: [], seed: "alarm-test-seed", players: [computerPlayer("easy", 0, delayMs), null] });
  const dealt = seated(open, [open.players[0]!, { userId: "bob", name: "Bob" }], T0);
  if (!("doc" in dealt)) throw new Error(dealt.message);
  return dealt;
}

describe("alarmAt: when the alarm rings (real time)", () => {
  it("a computer's move is due after its delay, unless it could not play at this version", () => {
    const { doc: d, state } = withComputer(5000);
    expect(alarmAt(d, state, { now: T0, offsetMs: 0, stuck: -1 })).toBe(T0 + 5000);
    expect(alarmAt(d, state, { now: T0, offsetMs: 0, stuck: d.version })).toBe(nextDue(d.clocks[0]!));
  });

  it("a pending ledger post is tried again, backing off; the other dues count too", () => {
    const pending = doc({ status: "ended", clocks: [], ledger: "pending", ledgerAttempts: 2 });
    expect(alarmAt(pending, null, { now: T0, offsetMs: 0, stuck: -1 })).toBe(T0 + ledgerRetryMs(2));
    expect(alarmAt(pending, null, { now: T0, offsetMs: 0, stuck: -1 }, T0 + 1000, null)).toBe(T0 + 1000);
    expect(alarmAt(doc({ clocks: [] }), null, { now: T0, offsetMs: 0, stuck: -1 }, null, null)).toBeNull();
  });
});

describe("rung: what the alarm does", () => {
  it("nothing due and no result waiting: quiet, the game unchanged", () => {
    expect(rung(doc(), null, T0, -1, live)).toEqual({ quiet: true, changes: [], reminders: [], stuck: -1 });
  });

  it("a result waiting for the ledger: not quiet, though nothing is due", () => {
    const pending = doc({ status: "ended", clocks: [], ledger: "pending" });
    const r = rung(pending, null, T0, -1, live);
    expect(r.quiet).toBe(false);
    expect(r.changes.map((c) => c.doc.version)).toEqual([7]);
    expect(r.reminders).toEqual([]);
  });

  it("a reminder: told, and marked sent without a new version", () => {
    const d = doc();
    const r = rung(d, null, firstReminderAt(d.clocks[0]!), -1, live);
    expect(r.reminders.map((m) => [m?.type, m?.userId])).toEqual([["reminder", "ann"]]);
    expect(r.changes).toHaveLength(1);
    expect(r.changes[0]!.doc.version).toBe(7);
    expect(r.changes[0]!.doc.clocks[0]!.reminded).toBe(1);
    expect(r.changes[0]!.step).toMatchObject({ state: null, events: [], moves: [] });
  });

  it("a computer whose move is due plays it, each move a new version; the clocks then wait", () => {
    const { doc: d, state } = withComputer(0);
    const r = rung(d, state, T0, -1, live);
    expect(r.quiet).toBe(false);
    expect(r.reminders).toEqual([]);
    expect(r.changes.length).toBeGreaterThan(0);
    expect(r.changes.map((c) => c.doc.version)).toEqual(r.changes.map((_, i) => d.version + 1 + i));
    expect(r.changes.every((c) => c.step.moves.every((m) => m.seat === 0))).toBe(true);
  });
});

describe("small document changes", () => {
  it("toldAfter marks the end told once", () => {
    const ended = doc({ status: "ended", clocks: [] });
    const told = toldAfter([0], ended, [], T0, live);
    expect(told.notices.map((m) => m?.type)).toEqual(["game-ended", "game-ended"]);
    expect(told.doc).toEqual({ ...ended, endNotified: true });
    const again = toldAfter([], told.doc, [], T0, live);
    expect(again.notices).toEqual([]);
    expect(again.doc).toBe(told.doc);
    const running = doc();
    expect(toldAfter([0], running, [], T0, live).doc).toBe(running);
  });

  it("seatRenamed gives a deleted account's seat its new name, not a new version", () => {
    const d = doc();
    const renamed = seatRenamed(d, "bob", "Former player");
    expect(renamed.players.map((p) => p?.name)).toEqual(["Ann", "Former player"]);
    expect(renamed.version).toBe(7);
    expect(d.players[1]!.name).toBe("Bob");
  });
});
