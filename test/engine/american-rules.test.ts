/** RULES §6 American Mah Jongg, one describe per paragraph, scenarios in tile notation (fixture card). */
import { describe, expect, it } from "vitest";
import type { Seat } from "../../worker/engine/api";
import type { AmericanState } from "../../worker/engine/variants/american/state";
import { american, arig, idOf, K, play, playE, refuse, type ARig } from "./fixtures/american-rig";
import { parseTile } from "../../worker/engine/tiles";

const held = (s: AmericanState, seat: Seat) => {
  const p = s.seats[seat]!;
  return p.concealed.length + p.exposures.reduce((t, e) => t + e.tiles.length, 0) + (p.mahjong?.tiles.length ?? 0);
};
const never = ["never", "never", "never", "never"] as const;
/** Seat 0 (East, to act) discards `code`; preferences default to "never" except where given. */
const afterDiscard = (r: Omit<ARig, "hands"> & { hands: ARig["hands"] }, code: string) => {
  const s = arig({ preferences: [...never], ...r, hands: [`${code} ${r.hands[0]}`.trim(), r.hands[1], r.hands[2], r.hands[3]] });
  return playE(s, 0, { type: "discard", tile: idOf(s, 0, code) });
};
const pays = (s: AmericanState) => s.result!.totals;

describe("§6 set-up and deal", () => {
  it("four players, 152 tiles; East holds 14, the others 13; the Charleston comes first", () => {
    const s = american.newGame({ card: "fixture" }, "american-deal-1");
    expect(s.seats.map((p) => p.concealed.length)).toEqual([14, 13, 13, 13]);
    expect(s.wall.length).toBe(152 - 53);
    expect(new Set([...s.wall, ...s.seats.flatMap((p) => p.concealed)]).size).toBe(152);
    expect(s.phase).toBe("charleston");
    expect(american.toAct(s)).toEqual([0, 1, 2, 3]);
    expect(american.newGame({ card: "fixture" }, "american-deal-1")).toEqual(s);
  });

  it("options are checked when the game is created", () => {
    expect(() => american.newGame({ card: "fixture", jokerlessDiscard: "double" as never }, "american-deal-2")).toThrow(/jokerlessDiscard/);
    expect(() => american.newGame({ card: "fixture", windowHours: 0 }, "american-deal-2")).toThrow(/windowHours/);
    expect(american.newGame({ card: "fixture" }, "american-deal-2").options).toMatchObject({ jokerlessDiscard: "each-3x", windowHours: 12, deadHands: "prevent" });
  });
});

describe("§6 play", () => {
  it("East discards first; play goes counter-clockwise: the next player draws; 13 tiles held, 14 on your turn", () => {
    const r = afterDiscard({ hands: ["", "", "", ""] }, "9C");
    expect(r.events.map((e) => e.type)).toEqual(["discard", "draw"]);
    expect(r.state.toAct).toBe(1);
    expect(american.toAct(r.state)).toEqual([1]);
    expect([0, 1, 2, 3].map((seat) => held(r.state, seat))).toEqual([13, 14, 13, 13]);
    refuse(arig({ hands: ["", "", "", ""] }), 1, { type: "discard", tile: 0 }, "turn/not-yours");
  });

  it("a discard may be called to complete a pung, kong or quint, which is exposed; the turn passes to the caller", () => {
    let s = afterDiscard({ hands: ["", "", "1D 1D J", ""], preferences: ["never", "never", "ask", "never"] }, "1D").state;
    expect(s.phase).toBe("window");
    expect(american.toAct(s)).toEqual([2]);
    const calls = american.legalMoves(s, 2).filter((m) => m.type === "call");
    expect(calls).toEqual([
      { type: "call", size: 3, jokers: 0 },
      { type: "call", size: 3, jokers: 1 },
    ]);
    s = play(s, 2, { type: "call", size: 3, jokers: 0 });
    expect(s.toAct).toBe(2);
    expect(s.phase).toBe("discard");
    expect(s.seats[2]!.exposures.map((e) => e.tiles.map((id) => K[id]))).toEqual([[parseTile("1D"), parseTile("1D"), parseTile("1D")]]);
    expect(held(s, 2)).toBe(14);
    expect(s.discards).toEqual([]);
  });

  it("never for a pair or a single except for Mah Jongg (and never a year)", () => {
    const s = afterDiscard({ hands: ["", "", "1D", ""], preferences: ["never", "never", "ask", "never"] }, "1D").state;
    expect(refuse(s, 2, { type: "call", size: 2, jokers: 0 }, "claim/size")).toMatch(/pung, kong or quint/);
    refuse(s, 2, { type: "call", size: 3, jokers: 0 }, "claim/tiles-missing");
  });

  it("in a concealed hand a discard may be called only for Mah Jongg", () => {
    const s = afterDiscard({ hands: ["", "", "1C 1C 1C", ""], preferences: ["never", "never", "ask", "never"] }, "1C").state;
    // (the sample card's module says "only on concealed (C) lines"; the fixture card's says there is no such line)
    expect(refuse(s, 2, { type: "call", size: 4, jokers: 0 }, "hand/dead")).toMatch(/concealed|no line on the card has a kong of 1 Craks/);
    const mj = afterDiscard({ hands: ["", "", "1C 1C 1C 2C 2C 2C 2C 3C 3C 3C 3C E E", ""], preferences: ["never", "never", "ask", "never"] }, "1C").state;
    expect(american.legalMoves(mj, 2)).toContainEqual({ type: "call-mahjong", line: "kongs-c" });
    expect(play(mj, 2, { type: "call-mahjong", line: "kongs-c" }).result!.reason).toBe("mahjong");
  });

  it("a discard can no longer be called once the next player has drawn", () => {
    let s = afterDiscard({ hands: ["", "", "1D 1D", ""], preferences: ["never", "ask", "ask", "never"] }, "1D").state;
    s = play(s, 1, { type: "pass" });
    s = play(s, 2, { type: "pass" });
    expect(s.toAct).toBe(1);
    expect(s.seats[1]!.drawn).not.toBeNull();
    refuse(s, 2, { type: "call", size: 3, jokers: 0 }, "claim/closed");
  });

  it("two players call the same discard: Mah Jongg beats an exposure", () => {
    let s = afterDiscard({ hands: ["", "2D 2D", "", "1D 1D 1D 2D J 3D 3D 3D 4D 4D 4D 5D 5D"], preferences: ["never", "ask", "never", "ask"] }, "2D").state;
    s = play(s, 1, { type: "call", size: 3, jokers: 0 });
    s = play(s, 3, { type: "call-mahjong", line: "run-1" });
    expect(s.result!.lines.find((l) => l.points > 0)!.seat).toBe(3);
    expect(s.seats[1]!.exposures).toEqual([]);
  });

  it("otherwise the player next in turn after the discarder wins", () => {
    let s = afterDiscard({ hands: ["", "", "1D 1D", "1D J"], preferences: ["never", "never", "ask", "ask"] }, "1D").state;
    s = play(s, 3, { type: "call", size: 3, jokers: 1 });
    s = play(s, 2, { type: "call", size: 3, jokers: 0 });
    expect(s.toAct).toBe(2);
    expect(s.seats[2]!.exposures.length).toBe(1);
    expect(s.seats[3]!.exposures.length).toBe(0);
  });

  it("jokers: on your turn you may redeem a joker from any exposure of any player by giving the real tile", () => {
    const s0 = arig({ hands: ["N", "", "", ""], exposures: [{ seat: 1, tiles: "N N N J" }] });
    const s = play(s0, 0, { type: "joker", seat: 1, exposure: 0 });
    expect(s.seats[1]!.exposures[0]!.tiles.map((id) => K[id])).toEqual([parseTile("N"), parseTile("N"), parseTile("N"), parseTile("N")]);
    expect(s.seats[0]!.concealed.map((id) => K[id])).toContain(parseTile("J"));
    expect(held(s, 0)).toBe(14);
    refuse(s0, 2, { type: "joker", seat: 1, exposure: 0 }, "turn/not-yours");
    refuse(arig({ hands: ["", "", "", ""], exposures: [{ seat: 1, tiles: "N N N J" }] }), 0, { type: "joker", seat: 1, exposure: 0 }, "joker/tile-missing");
  });

  it("jokers may be discarded but never called: no claim window opens", () => {
    const r = afterDiscard({ hands: ["", "", "", ""], preferences: ["ask", "ask", "ask", "ask"] }, "J");
    expect(r.events.map((e) => e.type)).toEqual(["discard", "draw"]);
    expect(american.toAct(r.state)).toEqual([1]);
  });
});

describe("§6 claim windows by correspondence", () => {
  it("who is waited for depends only on call preferences: a seat that asks is asked even when it could call nothing", () => {
    const r = afterDiscard({ hands: ["", "", "", ""], preferences: ["ask", "ask", "never", "mahjong"] }, "9C");
    expect(american.toAct(r.state)).toEqual([1]);
    expect(american.legalMoves(r.state, 1).filter((m) => m.type !== "preference")).toEqual([{ type: "pass" }]);
    expect(american.legalMoves(r.state, 2).filter((m) => m.type !== "preference")).toEqual([]);
  });

  it('"pass unless I can call Mah Jongg": Mah Jongg is called automatically when the window closes', () => {
    const r = afterDiscard({ hands: ["", "", "", "1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D"], preferences: ["never", "never", "never", "mahjong"] }, "5D");
    expect(r.state.phase).toBe("over");
    expect(r.state.seats[3]!.mahjong).toMatchObject({ line: "run-1", from: 0 });
  });

  it("answers are secret until the window closes; the view shows only who is still awaited", () => {
    let s = afterDiscard({ hands: ["", "1D 1D", "", ""], preferences: ["never", "ask", "ask", "never"] }, "1D").state;
    s = play(s, 1, { type: "call", size: 3, jokers: 0 });
    const seen = american.viewFor(s, 2) as { window: { awaiting: number[]; yourAnswer: unknown } };
    expect(seen.window.awaiting).toEqual([2]);
    expect(JSON.stringify(seen)).not.toMatch(/"size"|call/);
    expect((american.viewFor(s, 1) as { window: { yourAnswer: unknown } }).window.yourAnswer).toEqual({ type: "call", size: 3, jokers: 0 });
  });

  it("at the deadline silence is a pass (closeWindow): the silent seats' passes are timeouts, then the next player draws", () => {
    let s = afterDiscard({ hands: ["", "1D 1D", "", ""], preferences: ["never", "ask", "ask", "ask"] }, "1D").state;
    s = play(s, 1, { type: "call", size: 3, jokers: 0 });
    const r = american.closeWindow(s);
    if (!r.ok) throw new Error(r.message);
    expect(r.silent).toEqual([2, 3]);
    expect(r.state.toAct).toBe(1);
    expect(r.state.seats[1]!.exposures.length).toBe(1);
    expect(r.state.ply).toBe(s.ply + 2);
    expect(american.closeWindow(r.state).ok).toBe(false);
  });
});

describe("§6 winning and payment", () => {
  const run13 = "1D 1D J 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D";
  const jokerless13 = "1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D";
  const discardWin = (hand: string, options = {}) =>
    play(afterDiscard({ hands: ["", "", hand, ""], preferences: ["never", "never", "ask", "never"], options }, "5D").state, 2, { type: "call-mahjong", line: "run-1" });

  it("win on a discard: the discarder pays twice the hand value, the others once", () => {
    const s = discardWin(run13);
    expect(pays(s)).toEqual([-50, -25, 100, -25]);
    expect(s.result!.lines).toContainEqual(expect.objectContaining({ seat: 0, reason: "pays/discarder", points: -50 }));
  });

  it("self-drawn: everyone pays twice", () => {
    let s = arig({ hands: ["9C", run13, "", ""], preferences: [...never], wall: "5D" });
    s = play(s, 0, { type: "discard", tile: idOf(s, 0, "9C") });
    s = play(s, 1, { type: "mahjong", line: "run-1" });
    expect(pays(s)).toEqual([-50, 150, -50, -50]);
    expect(s.result!.lines).toContainEqual(expect.objectContaining({ seat: 1, reason: "mahjong/self-drawn" }));
  });

  it("jokerless on a discard, our ruling (each-3x, default): each of the three pays three times", () => {
    expect(pays(discardWin(jokerless13))).toEqual([-75, -75, 225, -75]);
  });

  it("jokerless on a discard, the literal reading (discarder-3x): the discarder pays three times, the others once", () => {
    expect(pays(discardWin(jokerless13, { jokerlessDiscard: "discarder-3x" }))).toEqual([-75, -25, 125, -25]);
  });

  it("jokerless self-drawn: everyone pays four times", () => {
    let s = arig({ hands: ["9C", jokerless13, "", ""], preferences: [...never], wall: "5D" });
    s = play(s, 0, { type: "discard", tile: idOf(s, 0, "9C") });
    s = play(s, 1, { type: "mahjong", line: "run-1" });
    expect(pays(s)).toEqual([-100, 300, -100, -100]);
  });

  it("a win by redeeming a joker on your turn counts as self-drawn", () => {
    let s = arig({ hands: ["2D 2D 2D 3D 3D 3D 4D 4D 5D 5D N", "", "", ""], exposures: [{ seat: 0, tiles: "1D 1D 1D" }, { seat: 1, tiles: "N N N J" }] });
    s = { ...s, began: { from: 3, redeemed: false } }; // this turn began by calling seat 3's discard
    expect(american.legalMoves(s, 0).some((m) => m.type === "mahjong")).toBe(false);
    s = play(s, 0, { type: "joker", seat: 1, exposure: 0 });
    s = play(s, 0, { type: "mahjong", line: "run-1" });
    expect(s.seats[0]!.mahjong!.from).toBeNull();
    expect(pays(s)).toEqual([150, -50, -50, -50]);
  });

  it("wall game: nobody pays", () => {
    const base = arig({ hands: ["9C", "", "", ""], preferences: [...never] });
    const s = play({ ...base, wall: [], discards: base.wall.map((tile) => ({ seat: 1, tile, turn: 0 })) }, 0, { type: "discard", tile: idOf(base, 0, "9C") });
    expect(s.result).toMatchObject({ reason: "wall", totals: [0, 0, 0, 0] });
    // Every seat gets a line of 0 points, so the ledger (and a league's standings) count the game as played.
    expect(s.result!.lines.map((l) => [l.seat, l.reason, l.points])).toEqual([[0, "wall", 0], [1, "wall", 0], [2, "wall", 0], [3, "wall", 0]]);
  });
});

describe("§6 dead hands", () => {
  const pung5D = (deadHands: "prevent" | "enforce") =>
    afterDiscard({ hands: ["", "", "5D 5D", ""], preferences: ["never", "never", "ask", "never"], options: { deadHands } }, "5D").state;

  it("prevent: an exposure that matches nothing on the card is refused with the reason, and nothing changes", () => {
    expect(refuse(pung5D("prevent"), 2, { type: "call", size: 3, jokers: 0 }, "hand/dead")).toMatch(/no line on the card has a pung of 5 Dots/);
  });

  it("enforce: the exposure is made and the hand is dead at once; a dead player stops drawing and discarding", () => {
    const r = playE(pung5D("enforce"), 2, { type: "call", size: 3, jokers: 0 });
    expect(r.events.map((e) => e.type)).toEqual(["window-answered", "claim", "dead", "draw"]);
    expect(r.state.seats[2]!.dead).toMatchObject({ reason: "exposure" });
    expect(r.state.toAct).toBe(3);
  });

  it("enforce: an exposure that reveals a concealed hand makes it dead", () => {
    const s = afterDiscard({ hands: ["", "", "1C 1C 1C", ""], preferences: ["never", "never", "ask", "never"], options: { deadHands: "enforce" } }, "1C").state;
    const after = play(s, 2, { type: "call", size: 4, jokers: 0 });
    expect(after.seats[2]!.dead!.message).toMatch(/concealed|no line on the card has a kong of 1 Craks/);
  });

  it("a dead player is never asked in a claim window, keeps the hand hidden and still pays the winner", () => {
    let s = arig({ hands: ["9C", "1D 1D J 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D", "", ""], preferences: ["ask", "ask", "ask", "ask"], wall: "5D" });
    s = { ...s, seats: s.seats.map((p, i) => (i === 2 ? { ...p, dead: { reason: "exposure" as const, message: "test", turn: 1 } } : p)) };
    s = play(s, 0, { type: "discard", tile: idOf(s, 0, "9C") });
    expect(american.toAct(s)).toEqual([1, 3]);
    expect((american.viewFor(s, 0) as { seats: { concealed: unknown }[] }).seats[2]!.concealed).toBeNull();
    s = play(s, 1, { type: "pass" });
    s = play(s, 3, { type: "pass" });
    s = play(s, 1, { type: "mahjong", line: "run-1" });
    expect(pays(s)[2]).toBe(-50);
  });
});

describe("§6 Mah Jongg in error (deadHands enforce)", () => {
  const enforce = { deadHands: "enforce" as const };
  it("only under enforce: with prevent a wrong declaration is refused", () => {
    refuse(arig({ hands: ["", "", "", ""] }), 0, { type: "mahjong", line: "run-1" }, "mahjong/not-complete");
  });

  it("nobody else has thrown in: the erring player is dead (hand shown) and the other three play on", () => {
    const r = playE(arig({ hands: ["", "", "", ""], options: enforce }), 0, { type: "mahjong", line: "run-1" });
    expect(r.events.map((e) => e.type)).toEqual(["mahjong-error", "draw"]);
    expect(r.state.seats[0]!.dead).toMatchObject({ reason: "error", line: "run-1" });
    expect((american.viewFor(r.state, 1) as { seats: { concealed: unknown }[] }).seats[0]!.concealed).not.toBeNull();
    expect(r.state.toAct).toBe(1);
  });

  it("one other had thrown in: the remaining two play on", () => {
    let s = arig({ hands: ["", "", "", ""], options: enforce, preferences: ["ask", "ask", "ask", "ask"] });
    s = play(s, 0, { type: "mahjong", line: "run-1" });
    s = play(s, 1, { type: "mahjong", line: "winds-1" });
    expect(s.toAct).toBe(2);
    s = play(s, 2, { type: "discard", tile: s.seats[2]!.concealed[0]! });
    expect(s.window?.eligible).toEqual([3]);
  });

  it("two others had thrown in: the game is void and nobody pays", () => {
    let s = arig({ hands: ["", "", "", ""], options: enforce });
    s = play(s, 0, { type: "mahjong", line: "run-1" });
    s = play(s, 1, { type: "mahjong", line: "run-1" });
    s = play(s, 2, { type: "mahjong", line: "run-1" });
    expect(s.result).toMatchObject({ reason: "void", totals: [0, 0, 0, 0] });
    expect(s.result!.lines.map((l) => [l.seat, l.reason, l.points])).toEqual([[0, "void", 0], [1, "void", 0], [2, "void", 0], [3, "void", 0]]);
  });

  it("a call for Mah Jongg in error kills the caller and the next call stands", () => {
    let s = afterDiscard({ hands: ["", "1D 1D", "", ""], preferences: ["never", "ask", "ask", "never"], options: enforce }, "1D").state;
    s = play(s, 1, { type: "call", size: 3, jokers: 0 });
    s = play(s, 2, { type: "call-mahjong", line: "winds-1" });
    expect(s.seats[2]!.dead).toMatchObject({ reason: "error" });
    expect(s.toAct).toBe(1);
    expect(s.seats[1]!.exposures.length).toBe(1);
  });
});

describe("§6 the timeout ruling and abandonment (service)", () => {
  it("Charleston: the absent player passes their three rightmost non-joker tiles; courtesy: none", () => {
    const s = american.newGame({ card: "fixture" }, "american-timeout-1");
    const r = american.timeout(s, 2);
    if (!r.ok) throw new Error(r.message);
    const rightmost = s.seats[2]!.concealed.filter((id) => K[id] !== parseTile("J")).slice(-3);
    expect(r.state.charleston!.choices[2]).toEqual({ pass: { tiles: rightmost, blind: 0 } });
    expect(american.timeout(r.state, 2).ok).toBe(false);
  });

  it("on their turn the drawn tile is discarded; in a window they pass", () => {
    let s = afterDiscard({ hands: ["", "", "", ""], preferences: ["never", "ask", "never", "never"] }, "9C").state;
    const w = american.timeout(s, 1);
    if (!w.ok) throw new Error(w.message);
    s = w.state;
    const drawn = s.seats[1]!.drawn!;
    const t = american.timeout(s, 1);
    if (!t.ok) throw new Error(t.message);
    expect(t.state.discards.at(-1)!.tile).toBe(drawn);
  });

  it("abandon: the absent player pays each of the others the lowest value on the card", () => {
    const r = american.abandon(arig({ hands: ["", "", "", ""] }), 3);
    if (!r.ok) throw new Error(r.message);
    expect(r.state.result!.totals).toEqual([25, 25, 25, -75]);
  });
});
