/** The pure parts of bench:pace's check-in model (bench/pace-model.ts): check-ins, waits, deadlines, moves made by orders. */
import { describe, expect, it } from "vitest";
import { apply, legalMoves, newGame, toAct } from "../../worker/engine/index";
import { CheckIns, JUDGED_ORDERS, median, movesByOrders, playByCheckIns, QUICK_ORDERS, type Decide } from "../../bench/pace-model";

const first: Decide = (_s, _seat, legal) => legal.find((m) => m.type === "discard") ?? legal.find((m) => m.type === "draw") ?? legal.find((m) => m.type === "pass") ?? legal[0]!;

describe("check-in model", () => {
  it("each seat checks in as a Poisson process: seeded, strictly after the time asked, a mean gap of 12 hours", () => {
    const a = new CheckIns("model-seed", 2), b = new CheckIns("model-seed", 2);
    const times: number[] = [];
    let t = 0;
    for (let i = 0; i < 20_000; i++) {
      const next = a.nextAfter(0, t);
      expect(next).toBeGreaterThan(t);
      expect(b.nextAfter(0, t)).toBe(next);
      times.push(next - t);
      t = next;
    }
    expect(t / 20_000).toBeGreaterThan(11.6);
    expect(t / 20_000).toBeLessThan(12.4);
    // Exponential gaps: the median gap is 12 h × ln 2.
    expect(median(times)).toBeGreaterThan(8);
    expect(median(times)).toBeLessThan(8.7);
    expect(new CheckIns("model-seed", 2).nextAfter(1, 0)).not.toBe(new CheckIns("model-seed", 2).nextAfter(0, 0));
    // Asking again for the same moment gives the same check-in: the sequence only moves forward.
    expect(a.nextAfter(1, 5)).toBe(a.nextAfter(1, 5));
  });

  it("a game waits for a seat once per turn it is asked, whatever it does then; calendar time moves only with check-ins", () => {
    const g = playByCheckIns("siamese", { deadHands: "prevent", hints: true }, "model-game-1", { decide: first });
    expect(g.waits).toBeGreaterThan(10);
    expect(g.decisions).toBeGreaterThanOrEqual(g.waits);
    expect(g.byOrders).toBe(0);
    // Each wait of the two-player game lasts until that player's next check-in: about half a day on average.
    expect(g.hours / g.waits).toBeGreaterThan(6);
    expect(g.hours / g.waits).toBeLessThan(24);
    expect(playByCheckIns("siamese", { deadHands: "prevent", hints: true }, "model-game-1", { decide: first })).toEqual(g);
  });

  it("when players check in far less often than the claim window, every window closes at its deadline", () => {
    const g = playByCheckIns("chinese-ming", { length: "hand", windowHours: 4 }, "model-window-1", { decide: first, meanHours: 10_000 });
    expect(g.deadlines).toBeGreaterThan(5);
    const quick = playByCheckIns("chinese-ming", { length: "hand", windowHours: 4 }, "model-window-1", { decide: first, meanHours: 1 });
    expect(quick.deadlines).toBeLessThan(g.deadlines);
  });

  it("the moves orders made in a change are counted from their marks: a Siamese player on orders draws (and may throw) after the other's discard", () => {
    const g = newGame("siamese", { deadHands: "prevent", hints: true }, "model-orders-1");
    if (!g.ok) throw new Error(g.message);
    let s = g.state;
    const o = apply(s, 1, QUICK_ORDERS!);
    if (!o.ok) throw new Error(o.message);
    s = o.state;
    const seat = toAct(s)[0]!;
    expect(seat).toBe(0);
    const discard = legalMoves(s, 0).find((m) => m.type === "discard")!;
    const r = apply(s, 0, discard);
    const bare = apply({ ...s, orders: undefined }, 0, discard);
    if (!r.ok || !bare.ok) throw new Error("refused");
    const own = r.events.slice(bare.events.length);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((e) => e.seat === 1)).toBe(true);
    expect(movesByOrders(r.events)).toBe(own.filter((e) => e.type === "draw" || e.type === "discard").length);
    expect(movesByOrders(bare.events)).toBe(0);
  });

  it("a choice is a decision among two or more answers: a draw with nothing to claim is a move but no choice", () => {
    const g = playByCheckIns("siamese", { deadHands: "prevent", hints: true }, "model-game-3", { decide: first });
    expect(g.choices).toBeGreaterThan(0);
    expect(g.choices).toBeLessThan(g.decisions);
  });

  it("with every seat on quick orders a game asks its players far less, and the moves played by orders are counted", () => {
    const today = playByCheckIns("siamese", { deadHands: "prevent", hints: true }, "model-game-2");
    const quick = playByCheckIns("siamese", { deadHands: "prevent", hints: true }, "model-game-2", { orders: QUICK_ORDERS });
    expect(quick.waits).toBeLessThan(today.waits);
    expect(quick.byOrders).toBeGreaterThan(quick.decisions);
    const judged = playByCheckIns("siamese", { deadHands: "prevent", hints: true }, "model-game-2", { orders: JUDGED_ORDERS });
    expect(judged.waits).toBeLessThan(today.waits);
    expect(judged.byOrders).toBeGreaterThan(0);
  });
});
