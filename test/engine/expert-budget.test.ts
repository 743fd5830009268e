/**
 * How the expert spends its budget: a candidate replaces the strong choice only when judged on
 * enough worlds; a world one of whose samples the budget cut short counts for no candidate; Royale's
 * samples play the expert's own seat strong for its first moves only (and while it goes for the Atomic hand).
 */
import { describe, expect, it } from "vitest";
import type { Move } from "../../worker/engine/api";
import { legalMoves, newGame, viewFor } from "../../worker/engine/index";
import { EXPERT, expertPick, judge, strongRanking, type Judged } from "../../worker/engine/expert";
import { rulesetOf } from "../../worker/engine/registry";
import { ROYALE_OWN_MOVES } from "../../worker/engine/variants/siamese/expert";
import type { SiameseState } from "../../worker/engine/variants/siamese";

const judged = (n: number, gain: number, se: number): Judged => ({ move: { type: "discard", tile: n } as Move, mean: gain, n, gain, se });

describe("the expert's budget", () => {
  it("a candidate judged on fewer than minWorlds worlds never replaces the strong choice, however sure it looks", () => {
    const strong = judged(3, 0, 0);
    expect(expertPick([strong, judged(3, 50, 5)], 2, EXPERT.minWorlds)).toBe(0);
    expect(expertPick([strong, judged(EXPERT.minWorlds!, 50, 5)], 2, EXPERT.minWorlds)).toBe(1);
    // without a minimum (the budgets of the tests and reviews that set none) three worlds were enough
    expect(expertPick([strong, judged(3, 50, 5)], 2)).toBe(1);
    expect(EXPERT.minWorlds).toBeGreaterThanOrEqual(6);
  });

  it("a world whose sample the budget cut short is counted for no candidate (it had scored nothing yet)", () => {
    const g = newGame("siamese", {}, "expert-budget:1");
    if (!g.ok) throw new Error(g.message);
    const view = viewFor(g.state, 0);
    const ranked = strongRanking("siamese", view, legalMoves(g.state, 0), "cut", 3);
    expect(ranked.length).toBeGreaterThan(1);
    // 60 moves cannot finish a Siamese game: every sample of the first world is cut short
    const cut = judge("siamese", view, ranked, "cut", { worlds: 4, candidates: 3, plies: 60, z: 2, early: 99, drop: 0 });
    expect(cut.worlds).toBe(0);
    expect(cut.values.every((v) => v.length === 0)).toBe(true);
    const whole = judge("siamese", view, ranked, "cut", { worlds: 2, candidates: 3, plies: 1e6, z: 2, early: 99, drop: 0 });
    expect(whole.worlds).toBe(2);
    expect(whole.values.every((v) => v.length === 2)).toBe(true);
  });

  it("Royale's samples: the own seat is the strong player's for its first moves and while Atomic, the card player's after", () => {
    const parts = rulesetOf("royale")!.expert!;
    const g = newGame("royale", {}, "expert-budget:2");
    if (!g.ok) throw new Error(g.message);
    const s = g.state as SiameseState;
    expect(parts.ownPlays!(s, 0, 0)).toBe(true);
    expect(parts.ownPlays!(s, 0, ROYALE_OWN_MOVES - 1)).toBe(true);
    expect(parts.ownPlays!(s, 0, ROYALE_OWN_MOVES)).toBe(false);
    const atomic: SiameseState = { ...s, seats: s.seats.map((p, i) => (i === 0 ? { ...p, atomic: p.pool.slice(0, 13) } : p)) };
    expect(parts.ownPlays!(atomic, 0, 50)).toBe(true);
    // Siamese (two racks, short samples) plays the own seat strong to the end
    expect(rulesetOf("siamese")!.expert!.ownPlays).toBeUndefined();
  });
});
