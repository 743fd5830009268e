/** The shared claim window (worker/engine/game/claim-window.ts): who is asked, secrecy, priority. */
import { describe, expect, it } from "vitest";
import { answer, closeWindow, isOpen, openWindow, ranked, turnOrderAfter, windowView, type CallPreference } from "../../worker/engine/game/claim-window";

type Call = { kind: "mahjong" | "expose" };
const rank = (c: Call) => (c.kind === "mahjong" ? 2 : 1);
const open = (preferences: CallPreference[], discarder = 0, eligible = [0, 1, 2, 3]) =>
  openWindow<Call>({ players: 4, discarder, tile: 7, eligible, preferences });

describe("claim window", () => {
  it("turn order after the discarder: the next player first", () => {
    expect(turnOrderAfter(2, 4)).toEqual([3, 0, 1]);
  });

  it("asks exactly the seats whose preference is ask, whatever they hold; the discarder is never asked", () => {
    const w = open(["ask", "ask", "never", "mahjong"]);
    expect(w.awaiting).toEqual([1]);
    expect(isOpen(w)).toBe(true);
  });

  it("a window nobody is asked in is closed from the start", () => {
    expect(isOpen(open(["ask", "never", "mahjong", "never"]))).toBe(false);
  });

  it("seats that may not call (public facts) are neither asked nor resolved", () => {
    const w = open(["ask", "ask", "ask", "mahjong"], 0, [2]);
    expect(w.awaiting).toEqual([2]);
    expect(w.auto).toEqual([]);
  });

  it("answers may change until the window closes; views show who is awaited, never another seat's answer", () => {
    let w = open(["never", "ask", "ask", "ask"]);
    w = answer(w, 2, { kind: "expose" });
    expect(w.awaiting).toEqual([1, 3]);
    const seen = windowView(w, 1);
    expect(seen).toEqual({ discarder: 0, awaiting: [1, 3], asked: true, answered: false, yourAnswer: null });
    expect(JSON.stringify(windowView(w, null))).not.toContain("expose");
    expect(windowView(w, 2).yourAnswer).toEqual({ kind: "expose" });
  });

  it("Mah Jongg beats an exposure; otherwise the seat next in turn after the discarder wins", () => {
    let w = open(["ask", "ask", "ask", "ask"], 1);
    w = answer(w, 3, { kind: "expose" });
    w = answer(w, 0, { kind: "expose" });
    w = answer(w, 2, null);
    expect(ranked(w, rank, () => null).map((c) => c.seat)).toEqual([3, 0]);
    let v = open(["ask", "ask", "ask", "mahjong"], 1);
    v = answer(v, 2, { kind: "expose" });
    v = answer(v, 0, { kind: "mahjong" });
    expect(ranked(v, rank, (s): Call | null => (s === 3 ? { kind: "mahjong" } : null)).map((c) => c.seat)).toEqual([3, 0, 2]);
  });

  it("at the deadline silence is a pass", () => {
    let w = open(["ask", "ask", "ask", "ask"]);
    w = answer(w, 2, { kind: "expose" });
    w = closeWindow(w);
    expect(isOpen(w)).toBe(false);
    expect(ranked(w, rank, () => null)).toEqual([{ seat: 2, call: { kind: "expose" } }]);
  });

  it("automatic Mah Jongg is worked out only at close", () => {
    const asked: number[] = [];
    const w = open(["ask", "mahjong", "mahjong", "never"]);
    ranked(w, rank, (s) => (asked.push(s), null));
    expect(asked).toEqual([1, 2]);
    expect(() => ranked(open(["ask", "ask", "never", "never"]), rank, () => null)).toThrow(/still open/);
  });
});
