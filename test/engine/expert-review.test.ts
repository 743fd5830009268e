/**
 * The review of a finished game (worker/engine/expert/review.ts): a rigged position whose figures
 * are worked out by hand, and whole records reviewed slice by slice (each slice bounded, the result
 * the same however it is sliced, the costliest three first, the replay's frames counted).
 */
import { describe, expect, it } from "vitest";
import type { Move } from "../../worker/engine/api";
import { playGame } from "../../worker/engine/bots/play";
import { costliestFirst, newReview, reviewDecision, reviewSlice, type Review } from "../../worker/engine/expert/review";
import { apply, chooseMove, legalMoves, newGame, toAct, recordOf, viewFor, type GameState } from "../../worker/engine/index";
import { judge } from "../../worker/engine/expert";
import { rulesetOf } from "../../worker/engine/registry";
import { kindsOf } from "../../worker/engine/game/physical";
import type { SiameseState } from "../../worker/engine/variants/siamese";
import { rig } from "./fixtures/rig";

/**
 * East holds wd-1 of the sample card complete and jokerless (NNNN EEE WWW SSSS, 25 points) on the
 * last turn of the game: the wall is empty. Every other tile lies among old discards, so the only
 * tiles East cannot see are West's 27 concealed ones.
 */
function lastTurn(): SiameseState {
  const s = rig({ options: { card: "sample-2026" }, east: { pool: "N N N N E E E W W W S S S S" }, west: { pool: "" }, wallOnly: true, wall: "" });
  const placed = new Set<number>([...s.seats.flatMap((p) => p.pool)]);
  const rest = kindsOf("american").flatMap((_, id) => (placed.has(id) ? [] : [id]));
  return { ...s, discards: rest.map((tile, i) => ({ seat: i % 2, tile, turn: 0 })) };
}

describe("the review", () => {
  it("a rigged last turn: East threw a tile instead of declaring Mah Jongg; the expert's figure is the one worked out by hand", () => {
    const s = lastTurn();
    const v = rulesetOf("siamese")!.variant;
    const legal = v.legalMoves(s, 0);
    const declare = legal.find((m) => m.type === "mahjong" && m.line === "wd-1")!;
    expect(declare).toBeDefined();
    const thrown: Move = legal.find((m) => m.type === "discard")!;
    // By hand: declaring wd-1 jokerless pays East its value doubled, 2 × 25 = 50, West nothing: a
    // margin of 50. Throwing instead ends the game as a wall game (the wall is empty): each +10, a
    // margin of 0. The expert expects its choice to gain 50 − 0 = 50 points, in every world alike.
    const r = reviewDecision("siamese", s, 0, thrown, "rigged:1:0");
    expect(r.decision).toBe(true);
    expect(r.item).toMatchObject({ played: thrown, expert: { type: "mahjong", line: "wd-1" }, gain: 50, se: 0 });
    expect(r.item!.playedText).toMatch(/^throw /);
    expect(r.item!.expertText).toBe(`declare Mah Jongg on rack ${(declare.rack as number) + 1} (wd-1)`);
    // declaring is what the expert does too: nothing to say
    expect(reviewDecision("siamese", s, 0, declare, "rigged:1:0").item).toBeNull();
  });

  it("a move that scores at once is judged from before it: a Chinese Woo gains what its settlement pays, in every world", () => {
    // the first position of these seeded hands where the seat to act may declare Woo on its own draw
    let found: { s: GameState; seat: number } | null = null;
    for (let g = 0; g < 40 && !found; g++) {
      const n = newGame("chinese-ming", { length: "hand" }, `woo-hunt-${g}`);
      if (!n.ok) throw new Error(n.message);
      let s = n.state;
      while (s.phase !== "over" && !found) {
        const seat = toAct(s)[0]!;
        const legal = legalMoves(s, seat);
        if ((s as unknown as { hand: { phase: string } }).hand.phase === "discard" && legal.some((m) => m.type === "woo")) found = { s, seat };
        else s = (apply(s, seat, chooseMove("chinese-ming", viewFor(s, seat), legal, "strong", `h${s.ply}`)) as { state: GameState }).state;
      }
    }
    expect(found).not.toBeNull();
    const { s, seat } = found!;
    const woo: Move = { type: "woo" };
    const r = apply(s, seat, woo);
    if (!r.ok) throw new Error(r.message);
    const points = (x: GameState) => (x as unknown as { points: number[] }).points;
    const won = points(r.state)[seat]! - points(s)[seat]!;
    expect(won).toBeGreaterThan(0);
    // the others pay it all (the hand's points sum to nothing): its margin over their mean is 4/3 of it
    const other = legalMoves(s, seat).find((m) => m.type !== "woo" && m.type !== "orders" && m.type !== "preference")!;
    const j = judge("chinese-ming", viewFor(s, seat), [woo, other], "woo:1", { worlds: 5, candidates: 2, plies: 1e6, z: 2, early: 99, drop: 0 });
    expect(j.judged[0]!.n).toBe(5);
    expect(j.judged[0]!.mean).toBeCloseTo((4 * won) / 3, 6);
    expect(new Set(j.values[0]).size).toBe(1);
  });

  it("the same position seen from the wrong seat, or a move that was no choice, is no decision", () => {
    const s = lastTurn();
    expect(reviewDecision("siamese", s, 0, { type: "timeout" }, "x").decision).toBe(false);
    expect(reviewDecision("siamese", s, 0, { type: "orders", claims: "ask", throwUnneeded: false }, "x").decision).toBe(false);
  });

  it("a whole record, slice by slice: each slice bounded, the same review however it is sliced, costliest three first", { timeout: 300_000 }, () => {
    const g = playGame("chinese-ming", { length: "hand" }, "review-record-01", ["medium", "strong", "strong", "strong"]);
    const record = recordOf(g.state, g.moves);
    const budget = { worlds: 6, candidates: 3, plies: 4000, z: 1, early: 99, drop: 0 };
    const whole = reviewSlice(record, newReview(0), "g1", Infinity, budget);
    expect(whole.done).toBe(true);
    expect(whole.next).toBe(record.moves.length);
    expect(whole.decisions).toBeGreaterThan(5);
    let sliced: Review = newReview(0);
    let slices = 0;
    while (!sliced.done) {
      const before = sliced.next;
      sliced = reviewSlice(record, sliced, "g1", 1, budget);
      expect(sliced.next).toBeGreaterThan(before);
      slices++;
    }
    expect(slices).toBeGreaterThanOrEqual(whole.decisions);
    expect(sliced).toEqual(whole);
    for (const x of whole.items) {
      expect(record.moves[x.move]!.seat).toBe(0);
      expect(record.moves[x.move]!.move).toEqual(x.played);
      expect(x.frame).toBe(x.move);
      expect(x.gain).toBeGreaterThan(0);
    }
    const shown = costliestFirst([...whole.items, { ...whole.items[0]!, move: 999, gain: 1e6 }, { ...whole.items[0]!, move: 998, gain: 1e5 }]);
    expect(shown.slice(0, 2).map((x) => x.move)).toEqual([999, 998]);
  });

  it("a match of hands: a decision in a later hand points at its replay frame (one more for each hand ended before it)", { timeout: 300_000 }, () => {
    const g = playGame("chinese-ming", { length: "round" }, "review-record-02", ["medium", "medium", "medium", "medium"], undefined, 4000);
    const record = recordOf(g.state, g.moves);
    const parts = rulesetOf("chinese-ming")!.expert!;
    const v = rulesetOf("chinese-ming")!.variant;
    // hands ended before each move, worked out by replaying the record
    const ended: number[] = [];
    let s = v.newGame(record.options, record.seed);
    let count = 0;
    for (const { seat, move } of record.moves) {
      ended.push(count);
      const r = move.type === "timeout" ? v.timeout(s, seat) : v.apply(s, seat, move);
      if (!r.ok) throw new Error(r.message);
      if (r.state.phase !== "over" && parts.deal(r.state) !== parts.deal(s)) count++;
      s = r.state;
    }
    expect(count).toBeGreaterThan(0);
    const r = reviewSlice(record, newReview(1), "g2", Infinity, { worlds: 2, candidates: 2, plies: 2000, z: -1e9, early: 99, drop: 0 });
    expect(r.items.length).toBeGreaterThan(0);
    for (const x of r.items) expect(x.frame).toBe(x.move + ended[x.move]!);
    expect(r.items.some((x) => ended[x.move]! > 0)).toBe(true);
  });
});
