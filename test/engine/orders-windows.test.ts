/**
 * Standing orders and claim windows (issue 26 §1 and the engine side of §2), on a rigged Royale
 * table of three players over the fixture card (run-1 "1D*3 2D*3 3D*3 4D*3 5D*2"), and in
 * Wright-Patterson play: a seat covered by its orders is never awaited, so a window closes as soon
 * as every seat has answered or is covered.
 */
import { describe, expect, it } from "vitest";
import type { Move, Orders, Seat } from "../../worker/engine/api";
import * as engine from "../../worker/engine/index";
import { kindsOf } from "../../worker/engine/game/physical";
import { checkInvariants } from "../../worker/engine/variants/siamese/simulated";
import { ROYALE } from "../../worker/engine/variants/royale/edition";
import { siameseVariant, type SiameseState } from "../../worker/engine/variants/siamese";
import { JOKER, parseTile, parseTiles, type Kind } from "../../worker/engine/tiles";
import { fixtureCard, fixtureCards, groupsOf } from "./fixtures/fixture-card";

const v = siameseVariant(ROYALE, fixtureCards);
const K = kindsOf("american", 3);
const USED = new Set<Kind>([JOKER, ...fixtureCard.lines.flatMap((l) => groupsOf(l).map((g) => g.kind))]);
const RUN_BUT_1D = "1D 1D 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D 5D";
const MAHJONG_ONLY: Orders = { claims: "mahjong-only", throws: "none" };

/** Three players, East (0) to discard; each seat holds the tiles named and the rest of kinds no line uses. */
function table(hands: Record<number, string>): SiameseState {
  const s = v.newGame({ card: "fixture", players: 3 }, "orders-window-rig");
  const used = new Uint8Array(K.length);
  const take = (kind: Kind) => {
    for (let id = 0; id < K.length; id++) if (!used[id] && K[id] === kind) return (used[id] = 1), id;
    throw new Error(`no tile of kind ${kind} left`);
  };
  const pools = s.seats.map((_, seat) => (hands[seat] ? parseTiles(hands[seat]!).map(take) : []));
  pools.forEach((p, seat) => {
    const want = seat === 0 ? 56 : 55;
    for (let id = 0; id < K.length && p.length < want; id++) if (!used[id] && !USED.has(K[id]!)) (used[id] = 1), p.push(id);
  });
  const wall = Array.from({ length: K.length }, (_, id) => id).filter((id) => !used[id]);
  const state: SiameseState = { ...s, wall, turn: 4, toAct: 0, phase: "discard", claimable: null, seats: s.seats.map((p, i) => ({ ...p, pool: pools[i]!, drawn: null })) };
  checkInvariants(state, ROYALE);
  return state;
}

function play(s: SiameseState, seat: Seat, move: Move) {
  const r = v.apply(s, seat, move);
  if (!r.ok) throw new Error(`${JSON.stringify(move)} by ${seat}: ${r.code}: ${r.message}`);
  checkInvariants(r.state, ROYALE);
  return r;
}
const orders = (s: SiameseState, seats: Seat[], o: Orders = MAHJONG_ONLY) => seats.reduce((st, seat) => play(st, seat, { type: "orders", ...o }).state, s);
const discard1D = (s: SiameseState) => play(s, 0, { type: "discard", tile: s.seats[0]!.pool.find((id) => K[id] === parseTile("1D"))! });

describe("claim windows with standing orders", () => {
  it("a seat on Mah Jongg only is not awaited when it could only call for an exposure; one that could declare stays asked", () => {
    const r = discard1D(orders(table({ 0: "1D", 1: "1D 1D", 2: RUN_BUT_1D }), [1, 2]));
    expect(r.state.phase).toBe("window");
    expect(v.toAct(r.state)).toEqual([2]);
    // the same events as a pass by hand
    expect(r.events.map((e) => [e.type, e.seat])).toEqual([["discard", 0], ["window", null], ["window-answered", 1]]);
  });

  it("orders set while a window waits for me answer it at once (a pass), without waiting for the deadline", () => {
    const open = discard1D(table({ 0: "1D", 1: "1D 1D", 2: RUN_BUT_1D })).state;
    expect(v.toAct(open)).toEqual([1, 2]);
    const r = play(open, 1, { type: "orders", ...MAHJONG_ONLY });
    expect(v.toAct(r.state)).toEqual([2]);
    expect(r.events.map((e) => [e.type, e.seat])).toEqual([["window-answered", 1]]);
  });

  it("a window every seat's orders cover closes at once, and the next player, on Mah Jongg only, draws at once", () => {
    const r = discard1D(orders(table({ 0: "1D" }), [1, 2]));
    expect(r.state.phase).toBe("discard");
    expect(r.state.toAct).toBe(1);
    expect(v.toAct(r.state)).toEqual([1]);
    expect(r.events.map((e) => e.type)).toEqual(["discard", "window", "window-answered", "window-answered", "window-closed", "draw"]);
  });

  it("at the deadline the silent seats time out, and the orders of the others play on from there", () => {
    const open = discard1D(orders(table({ 0: "1D", 2: RUN_BUT_1D }), [1])).state;
    expect(v.toAct(open)).toEqual([2]);
    const closed = v.closeWindow!(open);
    if (!closed.ok) throw new Error(closed.message);
    expect(closed.silent).toEqual([2]);
    expect(closed.state.toAct).toBe(1);
    expect(closed.state.phase).toBe("discard");
    // verify replays it as the timeout it records
    const replay = v.timeout(open, 2);
    expect(replay.ok && replay.state).toEqual(closed.state);
  });
});

describe("Wright-Patterson with standing orders", () => {
  it("on Mah Jongg only I draw at once after a discard unless I could claim it to go Mah Jongg (a chow included); an unneeded draw is thrown", () => {
    const n = engine.newGame("siamese-wp", { games: 1 }, "orders-wp-1");
    if (!n.ok) throw new Error(n.message);
    const set = engine.apply(n.state, 1, { type: "orders", claims: "mahjong-only", throws: "unneeded" });
    if (!set.ok) throw new Error(set.message);
    const seen = { asked: 0, drew: 0, thrown: 0 };
    for (const east of engine.legalMoves(set.state, 0).filter((m) => m.type === "discard")) {
      const r = engine.apply(set.state, 0, east);
      const plain = engine.apply(n.state, 0, east);
      if (!r.ok || !plain.ok) throw new Error("refused");
      const couldDeclare = engine.legalMoves(plain.state, 1).some((m) => m.type === "claim-mahjong" || m.type === "chow");
      if (couldDeclare) {
        seen.asked++;
        expect(r.events.map((e) => e.type)).toEqual(["discard"]);
        expect((r.state as { phase: string }).phase).toBe("draw");
        continue;
      }
      seen.drew++;
      expect(r.events.slice(0, 2).map((e) => [e.type, e.seat])).toEqual([["discard", 0], ["draw", 1]]);
      const thrown = r.events.some((e) => e.type === "discard" && e.seat === 1);
      if (thrown) seen.thrown++;
      expect(engine.toAct(r.state)).toEqual([thrown ? 0 : 1]);
    }
    expect(seen.asked).toBeGreaterThan(0);
    expect(seen.drew).toBeGreaterThan(0);
  });
});
