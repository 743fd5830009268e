/** chinese-ming over whole simulated matches: Jong rotation, prevailing wind, early end, invariants, no leaks, replay. */
import { describe, expect, it } from "vitest";
import { abandon, apply, closeWindow, describeEvent, legalMoves, newGame, paceOf, result, toAct, verify, viewEvent, viewFor } from "../../worker/engine/index";
import { chineseMing, type ChineseState } from "../../worker/engine/variants/chinese-ming";
import { checkInvariants, simulateMatch } from "../../worker/engine/variants/chinese-ming/simulated";

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe("chinese-ming match", () => {
  it("Jong rotation and prevailing wind over a full match: the Jong keeps the deal while winning, else passes right; the wind moves on each time round", () => {
    const { state } = simulateMatch("full-match-2");
    const hands = state.hands;
    expect(hands[0]!).toMatchObject({ jong: 0, prevailing: 0 });
    for (let i = 1; i < hands.length; i++) {
      const prev = hands[i - 1]!, h = hands[i]!;
      if (prev.winner === prev.jong) expect([h.jong, h.prevailing]).toEqual([prev.jong, prev.prevailing]);
      else expect([h.jong, h.prevailing]).toEqual([(prev.jong + 1) % 4, prev.prevailing + (prev.jong === 3 ? 1 : 0)]);
    }
    expect(state.phase).toBe("over");
    // This match goes the distance: it ends when the North round's last Jong (seat 3) loses the deal.
    expect(state.points.every((p) => p > 0)).toBe(true);
    const last = hands.at(-1)!;
    expect(hands.length).toBeGreaterThanOrEqual(16);
    expect([last.prevailing, last.jong, last.winner === 3]).toEqual([3, 3, false]);
  });

  it("several full matches: every settlement sums to zero, points are conserved, the record keeps every hand", () => {
    let complete = 0;
    for (let g = 0; g < 6; g++) {
      const { state } = simulateMatch(`match-sums-${g}`);
      for (const h of state.hands) {
        expect(sum(h.net)).toBe(0);
        for (const t of h.transfers) expect(t.points).toBeGreaterThanOrEqual(0);
      }
      expect(sum(state.points)).toBe(4 * 2010);
      expect(sum(state.result!.totals)).toBe(0);
      expect(state.hands.at(-1)!.points).toEqual(state.points);
      if (state.points.every((p) => p > 0)) complete++;
    }
    expect(complete).toBeGreaterThan(0);
  }, 30_000);

  it("the match's result says which seats went Mah Jongg (won a hand), as its one line per seat cannot", () => {
    let winners = 0;
    for (let g = 0; g < 3; g++) {
      const { state } = simulateMatch(`match-sums-${g}`);
      const won = [0, 1, 2, 3].map((seat) => state.hands.some((h) => h.winner === seat));
      expect(state.result!.mahjong, `seed match-sums-${g}`).toEqual(won);
      winners += won.filter(Boolean).length;
    }
    expect(winners).toBeGreaterThan(0);
  });

  it("a match ends early when a player runs out of points", () => {
    const early = Array.from({ length: 12 }, (_, g) => simulateMatch(`early-end-${g}`).state).find((st) => st.hands.length < 16);
    expect(early).toBeDefined();
    const last = early!.hands.at(-1)!;
    expect(last.points.some((p) => p <= 0)).toBe(true);
    expect(early!.hands.slice(0, -1).every((h) => h.points.every((p) => p > 0))).toBe(true);
    expect(early!.result!.reason).toBe("match");
    expect(early!.phase).toBe("over");
  }, 30_000);

  it("property: tiles conserved (144), 13/14 held, no view shows a hidden tile, checked on every step of several matches", () => {
    for (let g = 0; g < 2; g++) expect(() => simulateMatch(`properties-${g}`, { check: true })).not.toThrow();
  }, 60_000);

  it("property: every legal move applies; illegal moves are refused and change nothing", () => {
    const { record } = simulateMatch("legal-illegal-1");
    let s = newGame("chinese-ming", {}, record.seed);
    if (!s.ok) throw new Error(s.message);
    let state = s.state;
    for (const [i, { seat, move }] of record.moves.slice(0, 400).entries()) {
      if (i % 7 === 0) {
        for (let other = 0; other < 4; other++) for (const m of legalMoves(state, other)) expect(apply(state, other, m).ok, JSON.stringify(m)).toBe(true);
        const before = JSON.stringify(state);
        for (const bad of [{ type: "discard", tile: -1 }, { type: "kong", kind: 99 }, { type: "chow" }, { type: "woo", tile: 3 }]) {
          for (let other = 0; other < 4; other++) {
            const r = apply(state, other, bad);
            if (!r.ok) expect(r.message.length).toBeGreaterThan(5);
            else expect(legalMoves(state, other)).toContainEqual(bad);
          }
        }
        expect(JSON.stringify(state)).toBe(before);
      }
      const r = move.type === "timeout" ? chineseMing.timeout(state as ChineseState, seat) : apply(state, seat, move);
      if (!r.ok) throw new Error(r.message);
      state = r.state;
    }
  });

  it("property: a record replays to the same result (verify), with timeouts; a tampered record is caught", () => {
    const { state, record } = simulateMatch("verify-me-2", { timeoutEvery: 9 });
    const v = verify(record);
    expect(v.ok).toBe(true);
    if (v.ok) expect(v.result).toEqual(state.result);
    const bad = { ...record, moves: record.moves.map((m, i) => (i === 5 ? { seat: (m.seat + 1) % 4, move: m.move } : m)) };
    expect(verify(bad).ok).toBe(false);
    expect(verify({ ...record, seed: "another-seed" }).ok).toBe(false);
  });

  it("timeout ruling: an asked seat passes; the player to discard discards the tile drawn", () => {
    let s = chineseMing.newGame({}, "timeouts-3");
    const r = chineseMing.timeout(s, 0);
    if (!r.ok) throw new Error(r.message);
    s = r.state;
    expect(s.hand.phase).toBe("window");
    const w = closeWindow(s);
    if (!w.ok) throw new Error(w.message);
    expect(w.silent).toEqual([1, 2, 3]);
    s = w.state as ChineseState;
    expect(s.hand.toAct).toBe(1);
    const drawn = s.hand.seats[1]!.drawn!;
    const t = chineseMing.timeout(s, 1);
    if (!t.ok) throw new Error(t.message);
    expect(t.state.hand.discards.at(-1)!.tile).toBe(drawn);
    expect(chineseMing.timeout(t.state, 1).ok).toBe(false); // seat 1 is asked in no window of its own discard
  });

  it("abandon: the match ends at once; the absent player's points go to the others (Ruling); totals sum to zero", () => {
    const s = chineseMing.newGame({}, "abandon-4");
    const r = abandon(s, 2);
    if (!r.ok) throw new Error(r.message);
    const res = result(r.state)!;
    expect(res.reason).toBe("abandoned");
    expect(res.totals).toEqual([670, 670, -2010, 670]);
    expect(sum(res.totals)).toBe(0);
    expect(toAct(r.state)).toEqual([]);
    expect(abandon(r.state, 1).ok).toBe(false);
  });

  it("events: a drawn tile reaches only its owner; every event has plain words", () => {
    const { record } = simulateMatch("events-5");
    let state = (newGame("chinese-ming", {}, record.seed) as { state: ChineseState }).state;
    for (const { seat, move } of record.moves.slice(0, 300)) {
      const r = move.type === "timeout" ? chineseMing.timeout(state, seat) : apply(state, seat, move);
      if (!r.ok) throw new Error(r.message);
      for (const e of r.events) {
        for (const viewer of [0, 1, 2, 3, null]) {
          const seen = viewEvent(e, viewer);
          if (e.secret && viewer !== e.secretFor) expect(seen.secret).toBeUndefined();
          expect(describeEvent(seen, ["Ann", "Bo", "Cy", "Di"])).not.toMatch(new RegExp(`: ${e.type}$`));
        }
      }
      state = r.state as ChineseState;
      checkInvariants(state);
    }
    expect(JSON.stringify(viewFor(state, 1))).not.toContain(record.seed);
  });

  it("events name tiles in the Chinese set's words (Bamboo, Characters, Circles), the American names only for the American set", () => {
    const names = ["Ann", "Bo", "Cy", "Di"];
    const discard = (kind: number) => ({ type: "discard", seat: 0, tile: { id: 100, kind } });
    expect(describeEvent(discard(24), names, "chinese-ming")).toBe("Ann discarded 7 Circles");
    expect(describeEvent(discard(4), names, "chinese-ming")).toBe("Ann discarded 5 Bamboo");
    expect(describeEvent(discard(10), names, "chinese-ming")).toBe("Ann discarded 2 Characters");
    expect(describeEvent({ type: "draw", seat: 1, secret: { tile: { id: 7, kind: 33 } } }, names, "chinese-ming")).toBe("Bo drew White dragon");
    expect(describeEvent(discard(24), names, "american")).toBe("Ann discarded 7 Dots");
    expect(describeEvent(discard(24), names)).toBe("Ann discarded 7 Dots");
  });

  it("pace: a fresh clock for each turn and each claim window; windows last windowHours (default 12)", () => {
    const { record } = simulateMatch("pace-6");
    let state = chineseMing.newGame({ windowHours: 4 }, record.seed);
    const keys: string[] = [];
    for (const { seat, move } of record.moves.slice(0, 500)) {
      const pace = paceOf(state);
      if (keys.at(-1) !== pace.key) {
        expect(keys).not.toContain(pace.key);
        keys.push(pace.key);
      }
      expect(pace.hours).toBe(state.hand.phase === "window" ? 4 : null);
      const r = move.type === "timeout" ? chineseMing.timeout(state, seat) : chineseMing.apply(state, seat, move);
      if (!r.ok) throw new Error(r.message);
      state = r.state;
    }
    expect(keys.filter((k) => k.startsWith("window:")).length).toBeGreaterThan(10);
    expect(() => chineseMing.newGame({ windowHours: -1 }, "bad-window-hours")).toThrow(/windowHours/);
  });
});
