/**
 * Notices true when they are sent (issue 31), the pure parts: what a game answers about a player
 * (turnNow), which lines still hold (truth.ts), and what the game puts in a notice (notices.ts):
 * the turn it is about, the table's names, nothing for a practice game.
 */
import { describe, expect, it } from "vitest";
import { turnNow } from "../../worker/game/turn-now";
import { chatNotices, endNotices, notice, noticesAfter, reminderNotices, turnNotices } from "../../worker/game/notices";
import { deadlineOf } from "../../worker/game/clock";
import { gamesToAsk, sortOut, stillTrue } from "../../worker/notify/truth";
import { summarize } from "../../worker/notify/summary";
import type { NotifyMessage } from "../../worker/notify/types";
import type { Player } from "../../worker/game/store";
import { clock, doc, T0 } from "../game/fixtures";

const HOUR = 3600_000;
const live = () => false;
const strong = (seat: number): Player => ({ userId: `computer:strong:${seat}`, name: "Computer (strong)", computer: { strength: "strong", delayMs: 0 } });

const line = (over: Partial<NotifyMessage> = {}): NotifyMessage => ({
  type: "turn",
  gameId: "g1",
  userId: "ann",
  text: "Your turn.",
  url: "https://mj.test/game/g1",
  at: T0,
  deadline: deadlineOf(clock(0)),
  turnSince: T0,
  ...over,
});

describe("turnNow: what the game answers about one player", () => {
  it("their running clock: when the turn began and when it runs out", () => {
    expect(turnNow(doc({ clocks: [clock(0), clock(1, T0 + HOUR)] }), "bob")).toEqual({ status: "active", turns: [{ seat: 1, since: T0 + HOUR, deadline: deadlineOf(clock(1, T0 + HOUR)) }] });
  });
  it("no turn when it is someone else's, or the game is over", () => {
    expect(turnNow(doc({ clocks: [clock(0)] }), "bob")).toEqual({ status: "active", turns: [] });
    expect(turnNow(doc({ status: "ended", clocks: [clock(1)] }), "bob")).toEqual({ status: "ended", turns: [] });
  });
  it("no such game, or a player with no seat in it: gone", () => {
    expect(turnNow(null, "ann")).toEqual({ status: "gone", turns: [] });
    expect(turnNow(doc(), "eve")).toEqual({ status: "gone", turns: [] });
  });
  it("a vacation moves the deadline it answers", () => {
    const away = { ...clock(0), pausedMs: 2 * 24 * HOUR };
    expect(turnNow(doc({ clocks: [away] }), "ann").turns[0]!.deadline).toBe(deadlineOf(away));
  });
});

describe("stillTrue: a line as it goes out", () => {
  const annToAct = turnNow(doc({ clocks: [clock(0)] }), "ann");
  const bobToAct = turnNow(doc({ clocks: [clock(1, T0 + HOUR)] }), "ann");

  it("a turn still running is kept", () => {
    expect(stillTrue(line(), annToAct)).toEqual(line());
  });
  it("a turn already played is dropped: it is someone else's turn now", () => {
    expect(stillTrue(line(), bobToAct)).toBeNull();
  });
  it("a turn played and come round again is a new turn: the old line is dropped (the new one has its own notice)", () => {
    expect(stillTrue(line(), turnNow(doc({ clocks: [clock(0, T0 + 2 * HOUR)] }), "ann"))).toBeNull();
  });
  it("a claim, a reminder and a final reminder hold only while their clock runs", () => {
    for (const type of ["claim", "reminder", "final-reminder"] as const) {
      expect(stillTrue(line({ type }), annToAct)).toMatchObject({ type });
      expect(stillTrue(line({ type }), bobToAct)).toBeNull();
    }
  });
  it("nothing is due in a game that ended or is gone", () => {
    expect(stillTrue(line(), turnNow(doc({ status: "ended", clocks: [] }), "ann"))).toBeNull();
    expect(stillTrue(line(), turnNow(null, "ann"))).toBeNull();
    expect(stillTrue(line(), undefined)).toBeNull();
  });
  it("the time left is told as it is now: a vacation or an extension moved the deadline", () => {
    const later = { ...clock(0), allowanceMs: clock(0).allowanceMs + 24 * HOUR };
    expect(stillTrue(line(), turnNow(doc({ clocks: [later] }), "ann"))).toEqual(line({ deadline: deadlineOf(later) }));
  });
  it("the end of a game, chat and a line that names no turn are kept as they are", () => {
    const gone = turnNow(null, "ann");
    for (const l of [line({ type: "game-ended", turnSince: undefined }), line({ type: "chat", turnSince: undefined }), line({ turnSince: undefined })]) expect(stillTrue(l, gone)).toBe(l);
  });
});

describe("gamesToAsk and sortOut: one question per game, then each line sorted", () => {
  it("asks each game with a line about a turn once, and no other", () => {
    const rows = [line(), line({ type: "reminder" }), line({ gameId: "g2" }), line({ gameId: "g3", type: "chat", turnSince: undefined })];
    expect(gamesToAsk(rows)).toEqual(["g1", "g2"]);
  });
  it("the issue's case: East played both turns; nothing of them is left to send", () => {
    const rows = [line(), line({ gameId: "g2" })].map((event, id) => ({ id, event, channels: ["email", "push"] }));
    const games = new Map([
      ["g1", bobsTurn("g1")],
      ["g2", bobsTurn("g2")],
    ]);
    const { kept, dropped } = sortOut(rows, games);
    expect(kept).toEqual([]);
    expect(dropped.map((r) => r.event.gameId)).toEqual(["g1", "g2"]);
  });
  it("of two turn or claim lines of one game only the newest can hold, even when both name a clock that started in the same millisecond", () => {
    const rows = [line({ type: "claim", at: T0 }), line({ at: T0 + 1 }), line({ type: "reminder", at: T0 + 2 })].map((event, id) => ({ id, event, channels: ["email"] }));
    const { kept, dropped } = sortOut(rows, new Map([["g1", turnNow(doc({ clocks: [clock(0)] }), "ann")]]));
    expect(kept.map((r) => r.id)).toEqual([1, 2]);
    expect(dropped.map((r) => r.id)).toEqual([0]);
  });
  it("keeps what holds, in order, with its channels", () => {
    const rows = [line(), line({ gameId: "g2" }), line({ type: "game-ended", gameId: "g3", turnSince: undefined })].map((event, id) => ({ id, event, channels: ["email"] }));
    const { kept, dropped } = sortOut(rows, new Map([["g1", turnNow(doc({ clocks: [clock(0)] }), "ann")], ["g2", bobsTurn("g2")]]));
    expect(kept.map((r) => [r.id, r.event.gameId, r.channels])).toEqual([[0, "g1", ["email"]], [2, "g3", ["email"]]]);
    expect(dropped.map((r) => r.id)).toEqual([1]);
  });
});

function bobsTurn(id: string) {
  return turnNow(doc({ id, clocks: [clock(1, T0 + 60_000)] }), "ann");
}

describe("what the game puts in a notice", () => {
  it("the turn it is about: the clock's start", () => {
    const d = doc({ clocks: [clock(0), clock(1, T0 + HOUR)] });
    expect(noticesAfter([0], d, [], T0 + HOUR, live)[0]).toMatchObject({ userId: "bob", turnSince: T0 + HOUR, deadline: deadlineOf(clock(1, T0 + HOUR)) });
    expect(reminderNotices(d, [{ kind: "reminder", seat: 0 }], T0, live)[0]).toMatchObject({ userId: "ann", turnSince: T0 });
    expect(endNotices(doc({ status: "ended", clocks: [] }), [], T0, live)[0]).not.toHaveProperty("turnSince");
  });

  it("a practice game (every other seat a computer's) tells its player nothing: no turn, reminder, chat or end", () => {
    const practice = doc({ players: [{ userId: "ann", name: "Ann" }, strong(1)], clocks: [clock(0)] });
    expect(noticesAfter([1], practice, [], T0, live)).toEqual([null]);
    expect(reminderNotices(practice, [{ kind: "final-reminder", seat: 0 }], T0, live)).toEqual([null]);
    expect(endNotices({ ...practice, status: "ended", clocks: [] }, [], T0, live)).toEqual([null, null]);
    const four = doc({ ruleset: "american", seats: 4, players: [strong(0), { userId: "ann", name: "Ann" }, strong(2), strong(3)], clocks: [clock(1)] });
    expect(notice(four, 1, "turn", "Your turn.", T0, false)).toBeNull();
  });

  it("a game with another person at the table is no practice game, computers or not", () => {
    const d = doc({ ruleset: "american", seats: 4, players: [{ userId: "ann", name: "Ann" }, strong(1), { userId: "bob", name: "Bob" }, strong(3)], clocks: [clock(0)] });
    expect(notice(d, 0, "turn", "Your turn.", T0, false)).toMatchObject({ userId: "ann" });
    expect(chatNotices(d, { seat: 0, name: "Ann", text: "hi", at: T0 }, live).filter(Boolean).map((m) => m!.userId)).toEqual(["bob"]);
  });

  it("two computers keep the table's names in mail: 'Computer (strong)' and 'Computer (strong) (2)'", () => {
    const d = doc({ ruleset: "american", seats: 4, players: [{ userId: "ann", name: "Ann" }, strong(1), { userId: "bob", name: "Bob" }, strong(3)], clocks: [clock(0)] });
    const m = notice(d, 0, "turn", "Your turn.", T0, false)!;
    expect(m.opponents).toEqual(["Computer (strong)", "Bob", "Computer (strong) (2)"]);
    const mail = summarize([m], T0);
    expect(mail.lines[0]).toMatch(/with Computer \(strong\) and Bob and Computer \(strong\) \(2\): Your turn\./);
    // What happened is told with the same names.
    const [told] = turnNotices(d, [{ type: "draw", seat: 3 } as never], [0], T0, live);
    expect(told!.text).toBe("Computer (strong) (2) drew a tile. Your turn.");
  });

  it("a turn notice tells what the others did last, not the player's own draw made by their orders", () => {
    const d = doc({ players: [{ userId: "ann", name: "Ann" }, { userId: "dan", name: "Dan" }], clocks: [clock(1)] });
    const recent = [{ type: "discard", seat: 0, tile: 0 }, { type: "pass", seat: 1, byOrders: true }, { type: "draw", seat: 1, byOrders: true }] as never[];
    const [told] = turnNotices(d, recent, [1], T0, live);
    expect(told!.text).toMatch(/^Ann discarded .+\. Your turn\.$/);
  });

  it("two players of the same name read as at the table: 'Ann' and 'Ann (2)'", () => {
    const d = doc({ players: [{ userId: "ann", name: "Ann" }, { userId: "ann2", name: "Ann" }], clocks: [clock(1)] });
    expect(notice(d, 0, "chat", "hi", T0, false)!.opponents).toEqual(["Ann (2)"]);
    expect(notice(d, 1, "turn", "Your turn.", T0, false)!.opponents).toEqual(["Ann"]);
  });
});
