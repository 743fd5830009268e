/**
 * Royale with 3–4 players (RULINGS.md "Play", "Dead hands"): claims through claim windows, in play.
 * Each test is named after the ruling it checks, on rigged tables over the fixture card
 * (run-1 "1D*3 2D*3 3D*3 4D*3 5D*2", kongs-1 "7D*4 8D*4 9D*4 N*2"); every other tile dealt is of a
 * kind no line of that card uses.
 */
import { describe, expect, it } from "vitest";
import type { GameOptions, Move, Seat } from "../../worker/engine/api";
import type { CallPreference } from "../../worker/engine/game/claim-window";
import { kindsOf } from "../../worker/engine/game/physical";
import { checkInvariants } from "../../worker/engine/variants/siamese/simulated";
import { ROYALE } from "../../worker/engine/variants/royale/edition";
import { siameseVariant, type SiameseState } from "../../worker/engine/variants/siamese";
import { JOKER, parseTile, parseTiles, type Kind } from "../../worker/engine/tiles";
import { fixtureCard, fixtureCards, groupsOf } from "./fixtures/fixture-card";

const v = siameseVariant(ROYALE, fixtureCards);
const K = kindsOf("american", 4);
const USED = new Set<Kind>([JOKER, ...fixtureCard.lines.flatMap((l) => groupsOf(l).map((g) => g.kind))]);

const RUN = "1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D 5D"; // run-1, complete
const RUN_BUT_1D = "1D 1D 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D 5D"; // run-1 waiting for a 1D
const KONGS = "7D 7D 7D 7D 8D 8D 8D 8D 9D 9D 9D 9D N N"; // kongs-1, complete

/**
 * A table of `players` where `discarder` is to discard (56 tiles, others 55), each seat holding the
 * tiles named in `hands` and the rest of kinds the fixture card never uses.
 */
function rig(players: number, hands: Record<number, string>, o: { discarder?: Seat; deadHands?: GameOptions["deadHands"]; preferences?: CallPreference[] } = {}): SiameseState {
  const s = v.newGame({ card: "fixture", players, deadHands: o.deadHands ?? "prevent" }, "royale-window-rig");
  const discarder = o.discarder ?? 0;
  const n = 152 * players;
  const used = new Uint8Array(n);
  const take = (kind: Kind) => {
    for (let id = 0; id < n; id++) if (!used[id] && K[id] === kind) return (used[id] = 1), id;
    throw new Error(`no tile of kind ${kind} left`);
  };
  const pools = s.seats.map((_, seat) => (hands[seat] ? parseTiles(hands[seat]!).map(take) : []));
  pools.forEach((p, seat) => {
    const want = seat === discarder ? 56 : 55;
    for (let id = 0; id < n && p.length < want; id++) if (!used[id] && !USED.has(K[id]!)) (used[id] = 1), p.push(id);
    if (p.length !== want) throw new Error("not enough filler tiles");
  });
  const wall = Array.from({ length: n }, (_, id) => id).filter((id) => !used[id]);
  const state: SiameseState = {
    ...s,
    wall,
    turn: 4,
    toAct: discarder,
    phase: "discard",
    claimable: null,
    seats: s.seats.map((p, i) => ({ ...p, pool: pools[i]!, drawn: null, ...(o.preferences ? { preference: o.preferences[i] } : {}) })),
  };
  checkInvariants(state, ROYALE);
  return state;
}

function play(s: SiameseState, seat: Seat, move: Move) {
  const r = v.apply(s, seat, move);
  if (!r.ok) throw new Error(`${JSON.stringify(move)} by ${seat}: ${r.code}: ${r.message}`);
  checkInvariants(r.state, ROYALE);
  return r;
}
const tileOf = (s: SiameseState, seat: Seat, code: string) => s.seats[seat]!.pool.find((id) => K[id] === parseTile(code))!;
const discard = (s: SiameseState, seat: Seat, code: string) => play(s, seat, { type: "discard", tile: tileOf(s, seat, code) });
const pung = (rack = 0): Move => ({ type: "call", rack, size: 3, jokers: 0 });
const callMj = (rack = 0, hands?: number): Move => ({ type: "call-mahjong", rack, line: "run-1", ...(hands ? { hands } : {}) });

describe("Royale claim windows (3–4 players)", () => {
  it("Play: after a discard every other player still playing is asked; the window closes when all answered, nobody claimed: the next player to the right draws", () => {
    const s = discard(rig(4, { 0: "1D" }), 0, "1D");
    expect(s.state.phase).toBe("window");
    expect(v.toAct(s.state)).toEqual([1, 2, 3]);
    expect(s.events.map((e) => e.type)).toEqual(["discard", "window"]);
    expect(v.legalMoves(s.state, 0).every((m) => m.type === "preference")).toBe(true);
    expect(v.apply(s.state, 0, { type: "pass" })).toMatchObject({ ok: false, code: "window/not-asked" });
    let st = s.state;
    for (const seat of [3, 1, 2]) st = play(st, seat, { type: "pass" }).state;
    expect(st).toMatchObject({ phase: "draw", toAct: 1, claimable: null, window: null });
    expect(v.legalMoves(st, 1).filter((m) => m.type !== "preference")).toEqual([{ type: "draw" }]);
  });

  it("Ruling — claim order (the seeds, issue 28): the nearest in turn wins, an exposure against a Mah Jongg from further in turn too", () => {
    const s = discard(rig(3, { 0: "1D", 1: "1D 1D", 2: RUN_BUT_1D }), 0, "1D").state;
    expect(v.legalMoves(s, 1)).toContainEqual(pung());
    expect(v.legalMoves(s, 2)).toContainEqual(callMj());
    const a = play(s, 1, pung());
    const b = play(a.state, 2, callMj());
    expect(b.state.toAct).toBe(1);
    expect(b.state.phase).toBe("discard");
    expect(b.state.seats[1]!.racks[0]!.exposures).toHaveLength(1);
    expect(b.state.seats[2]!.racks[0]!.mahjong ?? null).toBeNull();
    expect(b.events.map((e) => e.type)).toEqual(["window-answered", "claim"]);
    // the other way round, the nearer Mah Jongg wins over the exposure from further in turn
    const t = discard(rig(3, { 0: "1D", 1: RUN_BUT_1D, 2: "1D 1D" }), 0, "1D").state;
    const c = play(play(t, 2, pung()).state, 1, callMj());
    expect(c.state.toAct).toBe(1);
    expect(c.state.seats[1]!.racks[0]!.mahjong).toMatchObject({ line: "run-1", from: 0 });
    expect(c.state.seats[2]!.racks[0]!.exposures).toEqual([]);
  });

  it("Ruling — claim order: a claim that declares two or more hands (a Double Mah Jongg) beats a single one from a nearer player", () => {
    const s = discard(rig(4, { 0: "1D", 1: RUN_BUT_1D, 3: `${RUN_BUT_1D} ${KONGS}` }), 0, "1D").state;
    expect(v.legalMoves(s, 3)).toContainEqual(callMj(0, 2));
    expect(v.legalMoves(s, 1)).not.toContainEqual(callMj(0, 2));
    expect(v.apply(s, 1, callMj(0, 2))).toMatchObject({ ok: false, code: "claim/hands" });
    let st = play(s, 1, callMj()).state;
    st = play(st, 2, { type: "pass" }).state;
    const r = play(st, 3, callMj(0, 2));
    expect(r.state.toAct).toBe(3);
    expect(r.state.seats[3]!.racks.map((x) => x.mahjong?.line ?? null)).toEqual(["run-1", "kongs-1", null, null]);
    expect(r.state.seats[1]!.racks.every((x) => !x.mahjong)).toBe(true);
  });

  it("Ruling: among equal claims the player nearest in turn after the discarder wins", () => {
    // West (2) discards; North (3) is next, then East (0), then South (1)
    const s = discard(rig(4, { 2: "1D", 0: "1D 1D", 1: "1D 1D" }, { discarder: 2 }), 2, "1D").state;
    expect(v.toAct(s)).toEqual([3, 0, 1]);
    let st = play(s, 1, pung()).state;
    st = play(st, 0, pung()).state;
    st = play(st, 3, { type: "pass" }).state;
    expect(st.toAct).toBe(0);
    expect(st.seats[0]!.racks[0]!.exposures).toHaveLength(1);
    expect(st.seats[1]!.racks[0]!.exposures).toHaveLength(0);
    // two Mah Jonggs: the nearer one
    const m = discard(rig(4, { 2: "1D", 0: RUN_BUT_1D, 1: RUN_BUT_1D }, { discarder: 2 }), 2, "1D").state;
    let mt = play(m, 1, callMj()).state;
    mt = play(mt, 0, callMj()).state;
    mt = play(mt, 3, { type: "pass" }).state;
    expect([0, 1].map((p) => mt.seats[p]!.racks[0]!.mahjong?.line ?? null)).toEqual(["run-1", null]);
  });

  it("Ruling: silence at the window deadline is a pass", () => {
    const s = discard(rig(3, { 0: "1D", 1: "1D 1D" }), 0, "1D").state;
    expect(v.pace(s)).toEqual({ key: "window:5", hours: 12 });
    const a = play(s, 1, pung()).state;
    const closed = v.closeWindow!(a);
    if (!closed.ok) throw new Error(closed.message);
    expect(closed.silent).toEqual([2]);
    expect(closed.events.map((e) => e.type)).toEqual(["timeout", "window-answered", "claim"]);
    expect(closed.state).toMatchObject({ phase: "discard", toAct: 1 });
    // nobody answers at all: the next player draws; the timeout of one seat is its pass
    const t = v.timeout(s, 2);
    if (!t.ok) throw new Error(t.message);
    expect(v.toAct(t.state)).toEqual([1]);
    const quiet = v.closeWindow!(s);
    expect(quiet.ok && quiet.state).toMatchObject({ phase: "draw", toAct: 1 });
    expect(quiet.ok && quiet.silent).toEqual([1, 2]);
    expect(v.closeWindow!(quiet.ok ? quiet.state : s)).toMatchObject({ ok: false, code: "window/none" });
  });

  it("Ruling: a discarded joker can never be claimed: no window opens", () => {
    const r = discard(rig(3, { 0: "J", 1: "J J" }), 0, "J");
    expect(r.events.map((e) => e.type)).toEqual(["discard"]);
    expect(r.state).toMatchObject({ phase: "draw", toAct: 1, claimable: null, window: null });
    expect(v.legalMoves(r.state, 1).some((m) => m.type === "claim" || m.type === "call")).toBe(false);
  });

  it("Ruling: after a claim the claimant discards and play goes on to their right; the players between lose their turn", () => {
    let st = discard(rig(4, { 0: "1D", 3: "1D 1D" }), 0, "1D").state;
    st = play(st, 1, { type: "pass" }).state;
    st = play(st, 2, { type: "pass" }).state;
    st = play(st, 3, pung()).state;
    expect(st).toMatchObject({ phase: "discard", toAct: 3 });
    const tile = st.seats[3]!.pool.find((id) => !USED.has(K[id]!))!;
    st = play(st, 3, { type: "discard", tile }).state;
    expect(v.toAct(st)).toEqual([0, 1, 2]);
    for (const seat of [0, 1, 2]) st = play(st, seat, { type: "pass" }).state;
    expect(st).toMatchObject({ phase: "draw", toAct: 0 });
  });

  it("Ruling: call preferences — \"never\" is never asked, \"mahjong\" is not asked and claims its Mah Jongg at close, \"ask\" is asked even with nothing to claim", () => {
    const s = discard(rig(4, { 0: "1D", 3: RUN_BUT_1D }, { preferences: ["ask", "never", "ask", "mahjong"] }), 0, "1D").state;
    expect(v.toAct(s)).toEqual([2]);
    expect(v.legalMoves(s, 2).filter((m) => m.type !== "preference")).toEqual([{ type: "pass" }]);
    const r = play(s, 2, { type: "pass" });
    expect(r.state.seats[3]!.racks[0]!.mahjong).toMatchObject({ line: "run-1", from: 0 });
    expect(r.state.toAct).toBe(3);
    // nobody asked: the window closes at once, with the discard
    const none = discard(rig(3, { 0: "1D", 2: RUN_BUT_1D }, { preferences: ["ask", "never", "mahjong"] }), 0, "1D");
    expect(none.state).toMatchObject({ phase: "discard", toAct: 2 });
    expect(none.events.map((e) => e.type)).toEqual(["discard", "mahjong"]);
    // a preference is a move of its own, any time, from the next window on
    const p = play(rig(3, { 0: "1D" }), 1, { type: "preference", call: "never" });
    expect(p.events).toEqual([]);
    expect(v.toAct(discard(p.state, 0, "1D").state)).toEqual([2]);
    expect(v.apply(p.state, 1, { type: "preference", call: "sometimes" })).toMatchObject({ ok: false, code: "preference/unknown" });
  });

  it("Ruling: a Mah Jongg claim in error (enforce) kills the rack it named and the next claim is considered", () => {
    const s = discard(rig(3, { 0: "1D", 2: "1D 1D" }, { deadHands: "enforce" }), 0, "1D").state;
    expect(v.legalMoves(s, 1)).toContainEqual(callMj(2));
    let st = play(s, 1, callMj(2)).state;
    const r = play(st, 2, pung(1));
    st = r.state;
    expect(r.events.map((e) => e.type)).toEqual(["window-answered", "mahjong-error", "claim"]);
    expect(st.seats[1]!.racks[2]!.dead).toMatchObject({ reason: "error", line: "run-1" });
    expect(st.seats[1]!.racks.filter((x) => x.dead)).toHaveLength(1);
    expect(st).toMatchObject({ phase: "discard", toAct: 2 });
    expect(st.seats[2]!.racks[1]!.exposures).toHaveLength(1);
    // under "prevent" the same claim is refused when it is made
    const p = discard(rig(3, { 0: "1D" }), 0, "1D").state;
    expect(v.apply(p, 1, callMj())).toMatchObject({ ok: false, code: "mahjong/not-complete" });
    expect(v.legalMoves(p, 1).some((m) => m.type === "call-mahjong")).toBe(false);
  });

  it("Play: the window leaks nothing — answers stay secret until it closes, the view shows who is awaited and only one's own answer", () => {
    const s = discard(rig(4, { 0: "1D", 1: "1D 1D" }), 0, "1D").state;
    const a = play(s, 1, pung());
    expect(a.events).toEqual([{ type: "window-answered", seat: 1 }]);
    const mine = v.viewFor(a.state, 1) as any;
    const theirs = v.viewFor(a.state, 2) as any;
    const spectator = v.viewFor(a.state, null) as any;
    expect(mine.window).toMatchObject({ discarder: 0, awaiting: [2, 3], asked: true, answered: true, yourAnswer: pung(), tile: { kind: parseTile("1D") }, hours: 12 });
    expect(theirs.window).toMatchObject({ awaiting: [2, 3], asked: true, answered: false, yourAnswer: null });
    expect(spectator.window).toMatchObject({ awaiting: [2, 3], asked: false, answered: false, yourAnswer: null });
    expect(JSON.stringify(theirs)).not.toContain('"call"');
    expect(mine.preference).toBe("ask");
    expect(spectator.preference).toBeNull();
    // a player may change their answer until the window closes
    const b = play(a.state, 1, { type: "pass" });
    expect((v.viewFor(b.state, 1) as any).window.yourAnswer).toBeNull();
  });

  it("Play: with 2 players no window ever opens (the Siamese claim-or-draw)", () => {
    const s = v.newGame({ card: "fixture", players: 2 }, "royale-two-players");
    const r = play(s, 0, { type: "discard", tile: s.seats[0]!.drawn! });
    expect(r.state.phase).toBe("draw");
    expect(r.state.window).toBeUndefined();
    expect(v.legalMoves(r.state, 1).some((m) => m.type === "preference")).toBe(false);
    expect(v.apply(r.state, 1, { type: "pass" })).toMatchObject({ ok: false, code: "move/unknown" });
    expect(v.pace(r.state)).toEqual({ key: "", hours: null });
  });
});
