/** chinese-ming `length` (RULES §9): one hand, one round (the East round), or the whole match; each settled as the match settles a hand. */
import { describe, expect, it } from "vitest";
import { newGame, parseOptions, verify } from "../../worker/engine/index";
import { simulate } from "../../worker/engine/simulate";
import { chineseMing, type ChineseState } from "../../worker/engine/variants/chinese-ming";
import { chinesePlayer, checkInvariants } from "../../worker/engine/variants/chinese-ming/simulated";
import type { GameOptions } from "../../worker/engine/api";

const play = (options: GameOptions, seed: string) => simulate(chineseMing, options, seed, { player: chinesePlayer(), invariants: checkInvariants });
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe("chinese-ming length", () => {
  it("one hand: the game ends with its first hand, won or drawn, and its result lines are the hand's settlement, one per seat", () => {
    let won = 0, drawn = 0;
    for (let g = 0; g < 8; g++) {
      const { state, record } = play({ length: "hand" }, `length-hand-${g}`);
      expect(state.phase).toBe("over");
      expect(state.hands).toHaveLength(1);
      const hand = state.hands[0]!;
      const r = state.result!;
      expect(r.reason).toBe("match");
      expect(r.lines.map((l) => [l.seat, l.points, l.reason])).toEqual(hand.net.map((n, seat) => [seat, n, "match"]));
      expect(r.lines[0]!.detail).toMatch(/^One hand; [\d,]+ points from 2,010$/);
      expect(r.totals).toEqual(hand.net);
      expect(sum(r.totals)).toBe(0);
      expect(r.mahjong).toEqual([0, 1, 2, 3].map((seat) => hand.winner === seat));
      if (hand.winner === null) drawn++;
      else won++;
      expect(verify(record).ok).toBe(true);
    }
    expect(won).toBeGreaterThan(0);
  }, 60_000);

  it("one round: play goes on until the Jong has gone round once (the North seat loses the deal in the East round), or a player has no points left", () => {
    let full = 0;
    for (let g = 0; g < 4; g++) {
      const { state, record } = play({ length: "round" }, `length-round-${g}`);
      const hands = state.hands;
      expect(state.phase).toBe("over");
      expect(hands.every((h) => h.prevailing === 0)).toBe(true);
      const last = hands.at(-1)!;
      const broke = last.points.some((p) => p <= 0);
      if (!broke) {
        full++;
        expect([last.jong, last.winner === 3]).toEqual([3, false]);
        expect(hands.length).toBeGreaterThanOrEqual(4);
      }
      // Each seat's line is its points won or lost over the round, as a match's are.
      expect(state.result!.totals).toEqual(state.points.map((p) => p - 2010));
      expect(state.result!.lines[0]!.detail).toMatch(/^One round: \d+ hands; /);
      expect(state.result!.mahjong).toEqual([0, 1, 2, 3].map((seat) => hands.some((h) => h.winner === seat)));
      expect(verify(record).ok).toBe(true);
    }
    expect(full).toBeGreaterThan(0);
  }, 60_000);

  it("whole match: the game goes past the East round (to the North round unless a player runs out of points)", () => {
    const { state } = play({ length: "match" }, "full-match-2");
    expect(state.hands.at(-1)!.prevailing).toBe(3);
    expect(state.result!.lines[0]!.detail).toMatch(/^Match: /);
  }, 60_000);

  it("a game with no length in its options (an old game or record) is a whole match, written into its state; an old record verifies as a match", () => {
    const g = newGame("chinese-ming", {}, "length-old-1");
    expect(g.ok && g.state.options).toEqual({ length: "match" });
    const { record } = play({}, "full-match-2");
    const old = { ...record, options: {} };
    const v = verify(old);
    expect(v.ok).toBe(true);
    const end = (v as { ok: true; state: ChineseState }).state;
    expect(end.hands.at(-1)!.prevailing).toBe(3);
  }, 60_000);

  it("posted options: a new Chinese game is one round unless it asks otherwise; other rulesets never get a length; a bad length is refused in words", () => {
    expect(parseOptions("chinese-ming", {})).toMatchObject({ ok: true, options: { length: "round" } });
    expect(parseOptions("chinese-ming", { length: "match" })).toMatchObject({ ok: true, options: { length: "match" } });
    expect(parseOptions("chinese-ming", { length: "hand", windowHours: 4 })).toMatchObject({ ok: true, options: { length: "hand", windowHours: 4 } });
    const s = parseOptions("siamese", {});
    expect(s.ok && "length" in s.options).toBe(false);
    expect(parseOptions("chinese-ming", { length: "week" })).toEqual({ ok: false, code: "bad-field", message: `"length" must be one of: hand, round, match.` });
    expect(newGame("chinese-ming", { length: "week" as never }, "length-bad-1")).toMatchObject({ ok: false, code: "game/options" });
  });
});
