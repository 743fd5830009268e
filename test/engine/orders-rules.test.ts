/** Standing orders (issue 26 §1), rule by rule, in scenarios written in tile notation. */
import { describe, expect, it } from "vitest";
import type { GameEvent, Move, Orders } from "../../worker/engine/api";
import * as engine from "../../worker/engine/index";
import { american, arig } from "./fixtures/american-rig";
import { rig as chineseRig } from "./fixtures/chinese-rig";
import { chineseMing } from "../../worker/engine/variants/chinese-ming";
import { idOf, rig, siamese } from "./fixtures/rig";
import { kindsOf } from "../../worker/engine/game/physical";
import { parseTile } from "../../worker/engine/tiles";
import { KINDS } from "../../worker/engine/variants/chinese-ming/deal";

const K = kindsOf("american");
const orders = (o: Orders): Move => ({ type: "orders", ...o });
const MAHJONG_ONLY: Orders = { claims: "mahjong-only", throws: "none" };
const THROW: Orders = { claims: "mahjong-only", throws: "unneeded" };

function ok<S>(r: { ok: true; state: S; events: GameEvent[] } | { ok: false; code: string; message: string }) {
  if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
  return r;
}

describe("the orders move", () => {
  it("is accepted at any time from a seated player, is not a turn, and is one record entry", () => {
    const s = rig({ east: { pool: "1D 2D" }, west: { pool: "" } });
    const r = ok(siamese.apply(s, 1, orders(MAHJONG_ONLY)));
    expect(r.state.toAct).toBe(0);
    expect(r.state.phase).toBe("discard");
    expect(r.state.ply).toBe(s.ply + 1);
    expect(r.events).toEqual([]);
    expect(siamese.toAct(r.state)).toEqual([0]);
  });

  it("malformed orders are refused with a clear message and change nothing", () => {
    const s = rig({ east: { pool: "1D 2D" }, west: { pool: "" } });
    const before = structuredClone(s);
    const bad: [Move, string][] = [
      [{ type: "orders", claims: "sometimes", throwUnneeded: false }, "orders/claims"],
      [{ type: "orders", claims: "ask", throwUnneeded: "yes" }, "orders/throw"],
      [{ type: "orders", claims: "ask", throwUnneeded: true, targets: ["no-such-line"] }, "orders/targets"],
      [{ type: "orders", claims: "ask", throws: "unneeded", targets: "run-1" }, "orders/targets"],
      [{ type: "orders", claims: "ask", throwUnneeded: true, when: "always" }, "orders/malformed"],
      [{ type: "orders", claims: "ask", throws: "sometimes" }, "orders/throw"],
      [{ type: "orders", claims: "ask", throws: true }, "orders/throw"],
      // both shapes at once, or neither
      [{ type: "orders", claims: "ask", throws: "unneeded", throwUnneeded: true }, "orders/throw"],
      [{ type: "orders", claims: "judged", throws: "none", throwUnneeded: false }, "orders/throw"],
      [{ type: "orders", claims: "judged" }, "orders/throw"],
    ];
    for (const [move, code] of bad) {
      const r = siamese.apply(s, 1, move);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.code).toBe(code);
    }
    expect(siamese.apply(s, 5, orders(THROW))).toMatchObject({ ok: false, code: "seat/unknown" });
    expect(s).toEqual(before);
  });

  it("takes {claims, throws} and the legacy {claims, throwUnneeded}; the state and the view keep {claims, throws}", () => {
    const s = rig({ east: { pool: "1D 2D" }, west: { pool: "" } });
    const cases: [Move, Orders][] = [
      [{ type: "orders", claims: "judged", throws: "judged" }, { claims: "judged", throws: "judged" }],
      [{ type: "orders", claims: "mahjong-only", throws: "unneeded", targets: ["run-1"] }, { claims: "mahjong-only", throws: "unneeded", targets: ["run-1"] }],
      [{ type: "orders", claims: "ask", throws: "none" }, { claims: "ask", throws: "none" }],
      [{ type: "orders", claims: "mahjong-only", throwUnneeded: true }, { claims: "mahjong-only", throws: "unneeded" }],
      [{ type: "orders", claims: "ask", throwUnneeded: false }, { claims: "ask", throws: "none" }],
      [{ type: "orders", claims: "judged", throwUnneeded: true }, { claims: "judged", throws: "unneeded" }],
    ];
    for (const [move, want] of cases) {
      const r = ok(siamese.apply(s, 1, move));
      expect(r.state.orders![1]).toEqual(want);
      expect((siamese.viewFor(r.state, 1) as { orders: unknown }).orders).toEqual(want);
      expect(siamese.legalMoves(r.state, 1)).toEqual([]);
    }
  });

  it("a state stored with the legacy shape reads as the same orders: in its view, in the orders move offered, and played alike", () => {
    const n = engine.newGame("siamese", {}, "orders-legacy-state");
    if (!n.ok) throw new Error(n.message);
    const stored = { ...n.state, orders: [{ claims: "mahjong-only", throwUnneeded: true, targets: ["2468-1"] }, null] } as engine.GameState;
    expect((engine.viewFor(stored, 0) as { orders: unknown }).orders).toEqual({ claims: "mahjong-only", throws: "unneeded", targets: ["2468-1"] });
    expect(engine.legalMoves(stored, 0).at(-1)).toEqual({ type: "orders", claims: "mahjong-only", throws: "unneeded", targets: ["2468-1"] });
    const now = { ...n.state, orders: [{ claims: "mahjong-only", throws: "unneeded", targets: ["2468-1"] }, null] } as engine.GameState;
    const legal = engine.legalMoves(stored, 0).filter((m) => m.type === "discard");
    for (const m of legal.slice(0, 6)) {
      const a = ok(engine.apply(stored, 0, m)), b = ok(engine.apply(now, 0, m));
      expect(a.events).toEqual(b.events);
      expect({ ...a.state, orders: null }).toEqual({ ...b.state, orders: null });
    }
  });

  it("the engine exports the default orders (judged claims and throws), no orders, the value lists and normalizeOrders", async () => {
    expect(engine.DEFAULT_ORDERS).toEqual({ claims: "judged", throws: "judged" });
    expect(engine.ASK_ORDERS).toEqual({ claims: "ask", throws: "none" });
    expect(engine.CLAIM_ORDERS).toEqual(["ask", "mahjong-only", "judged"]);
    expect(engine.THROW_ORDERS).toEqual(["none", "unneeded", "judged"]);
    expect(engine.normalizeOrders({ claims: "mahjong-only", throwUnneeded: true })).toEqual({ claims: "mahjong-only", throws: "unneeded" });
    expect(engine.normalizeOrders({ claims: "ask", throwUnneeded: false })).toEqual({ claims: "ask", throws: "none" });
    expect(engine.normalizeOrders({ claims: "judged", throws: "judged" })).toEqual({ claims: "judged", throws: "judged" });
    expect(engine.normalizeOrders({ claims: "judged", throws: "judged", targets: ["a", "a"] })).toEqual({ claims: "judged", throws: "judged", targets: ["a"] });
    for (const bad of [null, undefined, "judged", [], {}, { claims: "judged" }, { claims: "x", throws: "none" }, { claims: "ask", throws: "none", throwUnneeded: false }]) expect(engine.normalizeOrders(bad)).toBeNull();
    // where the service reads the engine
    const service = await import("../../worker/game/engine");
    expect(service.DEFAULT_ORDERS).toBe(engine.DEFAULT_ORDERS);
    expect(service.normalizeOrders).toBe(engine.normalizeOrders);
    // a game with the default orders is set by the move as it stands
    const n = engine.newGame("american", {}, "orders-default-1");
    if (!n.ok) throw new Error(n.message);
    const r = ok(engine.apply(n.state, 2, { type: "orders", ...engine.DEFAULT_ORDERS }));
    expect(engine.legalMoves(r.state, 2).at(-1)).toEqual({ type: "orders", claims: "judged", throws: "judged" });
  });

  it("a move played by orders is marked byOrders in its own seat's events only: never for another seat or a spectator", () => {
    let s = rig({ east: { pool: "R" }, west: { pool: "" }, wall: "1C" });
    s = ok(siamese.apply(s, 1, orders({ claims: "mahjong-only", throws: "none" }))).state;
    const r = ok(siamese.apply(s, 0, { type: "discard", tile: idOf(s, 0, "R") }));
    expect(r.events.map((e) => [e.type, e.seat, e.byOrders ?? false])).toEqual([["discard", 0, false], ["draw", 1, true]]);
    const draw = r.events[1]!;
    expect(engine.viewEvent(draw, 1).byOrders).toBe(true);
    expect((engine.viewEvent(draw, 1).secret as { tile: unknown }).tile).toBeDefined();
    for (const viewer of [0, null]) {
      const seen = engine.viewEvent(draw, viewer);
      expect(seen.byOrders).toBeUndefined();
      expect(JSON.stringify(seen)).not.toContain("byOrders");
    }
    // the same move by hand carries no mark
    const t = ok(siamese.apply(s, 0, { type: "discard", tile: idOf(s, 0, "R") }));
    const hand = ok(siamese.apply({ ...s, orders: [null, null] }, 0, { type: "discard", tile: idOf(s, 0, "R") }));
    expect(t.events.length).toBe(2);
    expect(hand.events.map((e) => e.byOrders)).toEqual([undefined]);
  });

  it("Chinese games have no lines to pin", () => {
    const s = chineseRig({});
    expect(chineseMing.apply(s, 1, { type: "orders", claims: "ask", throwUnneeded: true, targets: ["x"] })).toMatchObject({ ok: false, code: "orders/targets" });
    ok(chineseMing.apply(s, 1, { type: "orders", claims: "ask", throwUnneeded: true }));
  });

  it("legalMoves offers it last, as the seat's orders stand, only beside the seat's other moves; computer players never choose it", () => {
    const n = engine.newGame("siamese", {}, "orders-offer-1");
    if (!n.ok) throw new Error(n.message);
    const mine = engine.legalMoves(n.state, 0);
    expect(mine.at(-1)).toEqual({ type: "orders", claims: "ask", throws: "none" });
    expect(engine.legalMoves(n.state, 1)).toEqual([]);
    const set = ok(engine.apply(n.state, 0, orders({ ...THROW, targets: ["2468-1"] }))).state;
    expect(engine.legalMoves(set, 0).at(-1)).toEqual({ type: "orders", ...THROW, targets: ["2468-1"] });
    const bot = engine.chooseMove("siamese", engine.viewFor(set, 0), engine.legalMoves(set, 0), "easy", "x");
    expect(bot.type).not.toBe("orders");
  });

  it("a seat's orders are in its own view only until the game is over, then in everyone's", () => {
    const s = ok(siamese.apply(rig({ east: { pool: "1D 2D" }, west: { pool: "" } }), 1, orders(THROW))).state;
    expect((siamese.viewFor(s, 1) as { orders: unknown }).orders).toEqual(THROW);
    expect((siamese.viewFor(s, 0) as { orders: unknown }).orders).toBeNull();
    expect((siamese.viewFor(s, null) as { orders: unknown }).orders).toBeNull();
    expect(JSON.stringify(siamese.viewFor(s, 0))).not.toContain("unneeded");
    const over = ok(siamese.abandon(s, 0)).state;
    for (const seat of [0, 1, null]) expect((siamese.viewFor(over, seat) as { ordersBySeat: unknown }).ordersBySeat).toEqual([null, THROW]);
  });

  it("after a timeout the other seat's orders play on at once", () => {
    let s = rig({ east: { pool: "R" }, west: { pool: "" }, wall: "1C" });
    s = ok(siamese.apply(s, 1, orders(MAHJONG_ONLY))).state;
    const r = ok(siamese.timeout(s, 0));
    expect(r.events.map((e) => [e.type, e.seat])).toEqual([["timeout", 0], ["discard", 0], ["draw", 1]]);
    expect(siamese.toAct(r.state)).toEqual([1]);
    expect(r.state.ply).toBe(s.ply + 1);
  });

  it("verify replays the orders moves among the others and makes every automatic move again", () => {
    const n = engine.newGame("american", {}, "orders-verify-1");
    if (!n.ok) throw new Error(n.message);
    let s = n.state;
    const moves: { seat: number; move: Move }[] = [];
    const put = (seat: number, move: Move) => {
      s = ok(engine.apply(s, seat, move)).state;
      moves.push({ seat, move });
    };
    for (const seat of [0, 1, 2, 3]) put(seat, orders(THROW));
    for (let i = 0; i < 200 && s.phase !== "over"; i++) {
      const seat = engine.toAct(s)[0]!;
      put(seat, engine.chooseMove("american", engine.viewFor(s, seat), engine.legalMoves(s, seat), "easy", `verify-${i}`));
    }
    // orders made moves the record does not hold: more discards were made than recorded
    const discards = (s as { discards: unknown[] }).discards.length;
    expect(discards).toBeGreaterThan(moves.filter((m) => m.move.type === "discard").length);
    const v = engine.verify(engine.recordOf(s, moves));
    expect(v.ok).toBe(true);
    if (v.ok) expect(v.state).toEqual(s);
  });

  it("without orders the game asks as it always did", () => {
    const s = rig({ east: { pool: "R" }, west: { pool: "" } });
    const after = ok(siamese.apply(s, 0, { type: "discard", tile: idOf(s, 0, "R") })).state;
    expect(after.phase).toBe("draw");
    expect(siamese.toAct(after)).toEqual([1]);
  });
});

describe("claims: Mah Jongg only (Siamese turn)", () => {
  it("after the opponent's discard I draw at once when no Mah Jongg claim of it is legal, even if I could pung it", () => {
    let s = rig({ east: { pool: "5D" }, west: { pool: "5D 5D" }, wall: "1C" });
    s = ok(siamese.apply(s, 1, orders(MAHJONG_ONLY))).state;
    const r = ok(siamese.apply(s, 0, { type: "discard", tile: idOf(s, 0, "5D") }));
    expect(r.state.phase).toBe("discard");
    expect(r.state.toAct).toBe(1);
    expect(r.events.map((e) => e.type)).toEqual(["discard", "draw"]);
    expect(K[r.state.seats[1]!.drawn!]).toBe(parseTile("1C"));
  });

  it("I am asked when the discard would complete a hand", () => {
    let s = rig({ east: { pool: "5D" }, west: { pool: "1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D" } });
    s = ok(siamese.apply(s, 1, orders(MAHJONG_ONLY))).state;
    const r = ok(siamese.apply(s, 0, { type: "discard", tile: idOf(s, 0, "5D") }));
    expect(r.state.phase).toBe("draw");
    expect(siamese.toAct(r.state)).toEqual([1]);
    expect(siamese.legalMoves(r.state, 1)).toContainEqual({ type: "claim-mahjong", rack: 0, line: "run-1" });
  });
});

describe("throw draws I don't need", () => {
  const near = "1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D 4D";
  it("a drawn tile none of my target lines needs is discarded at once, as a discard by hand shows", () => {
    let s = rig({ east: { pool: "R" }, west: { pool: near }, wall: "G" });
    s = ok(siamese.apply(s, 1, orders(THROW))).state;
    const r = ok(siamese.apply(s, 0, { type: "discard", tile: idOf(s, 0, "R") }));
    expect(r.events.map((e) => [e.type, e.seat])).toEqual([["discard", 0], ["draw", 1], ["discard", 1]]);
    expect(K[r.state.discards.at(-1)!.tile]).toBe(parseTile("G"));
    expect(r.state.toAct).toBe(0);
    expect(r.state.phase).toBe("draw");
  });

  it("a drawn tile a target line needs is kept, and the game waits for me", () => {
    let s = rig({ east: { pool: "R" }, west: { pool: near }, wall: "5D" });
    s = ok(siamese.apply(s, 1, orders(THROW))).state;
    const r = ok(siamese.apply(s, 0, { type: "discard", tile: idOf(s, 0, "R") }));
    expect(r.state.toAct).toBe(1);
    expect(r.state.phase).toBe("discard");
  });

  it("pinned lines are the targets: a tile only another line needs is thrown", () => {
    let s = rig({ east: { pool: "R" }, west: { pool: `${near} 7D 7D 7D` }, wall: "5D" });
    s = ok(siamese.apply(s, 1, orders({ ...THROW, targets: ["kongs-1"] }))).state;
    const r = ok(siamese.apply(s, 0, { type: "discard", tile: idOf(s, 0, "R") }));
    expect(K[r.state.discards.at(-1)!.tile]).toBe(parseTile("5D"));
  });

  it("never a joker", () => {
    let s = rig({ east: { pool: "R" }, west: { pool: near }, wall: "J" });
    s = ok(siamese.apply(s, 1, orders(THROW))).state;
    const r = ok(siamese.apply(s, 0, { type: "discard", tile: idOf(s, 0, "R") }));
    expect(r.state.toAct).toBe(1);
    expect(K[r.state.seats[1]!.drawn!]).toBe(parseTile("J"));
  });

  it("never while a Mah Jongg is open to me", () => {
    let s = rig({ east: { pool: "R" }, west: { pool: `${near} 5D` }, wall: "5D" });
    s = ok(siamese.apply(s, 1, orders({ ...THROW, targets: ["kongs-1"] }))).state;
    const r = ok(siamese.apply(s, 0, { type: "discard", tile: idOf(s, 0, "R") }));
    expect(r.state.toAct).toBe(1);
    expect(siamese.legalMoves(r.state, 1).some((m) => m.type === "mahjong")).toBe(true);
  });

  it("only a tile drawn from the wall: a claimed tile is never thrown for me", () => {
    let s = rig({ east: { pool: "7D" }, west: { pool: `${near} 7D 7D 7D` } });
    s = ok(siamese.apply(s, 1, orders({ claims: "ask", throws: "unneeded" }))).state;
    s = ok(siamese.apply(s, 0, { type: "discard", tile: idOf(s, 0, "7D") })).state;
    expect(s.phase).toBe("draw");
    const r = ok(siamese.apply(s, 1, { type: "claim", rack: 1, size: 4, jokers: 0 }));
    expect(r.state.phase).toBe("discard");
    expect(r.state.toAct).toBe(1);
  });

  it("under tournament rules (no hints) only pinned lines count: with none pinned nothing is thrown", () => {
    let s = rig({ east: { pool: "R" }, west: { pool: near }, wall: "G", options: { deadHands: "enforce" } });
    s = ok(siamese.apply(s, 1, orders(THROW))).state;
    const kept = ok(siamese.apply(s, 0, { type: "discard", tile: idOf(s, 0, "R") })).state;
    expect(kept.toAct).toBe(1);
    let p = rig({ east: { pool: "R" }, west: { pool: near }, wall: "G", options: { deadHands: "enforce" } });
    p = ok(siamese.apply(p, 1, orders({ ...THROW, targets: ["run-1"] }))).state;
    const thrown = ok(siamese.apply(p, 0, { type: "discard", tile: idOf(p, 0, "R") })).state;
    expect(K[thrown.discards.at(-1)!.tile]).toBe(parseTile("G"));
  });
});

describe("American", () => {
  it("claims Mah Jongg only: I pass at once in a window unless the discard completes my hand; the next player draws", () => {
    let s = arig({ hands: ["5D", "5D 5D", "", ""], wall: "1C" });
    for (const seat of [1, 2, 3]) s = ok(american.apply(s, seat, orders(MAHJONG_ONLY))).state;
    const r = ok(american.apply(s, 0, { type: "discard", tile: s.seats[0]!.concealed.find((id) => K[id] === parseTile("5D"))! }));
    expect(r.state.phase).toBe("discard");
    expect(r.state.toAct).toBe(1);
    expect(american.toAct(r.state)).toEqual([1]);
  });

  it("a seat that could declare with the discard stays asked", () => {
    let s = arig({ hands: ["5D", "1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D", "", ""] });
    for (const seat of [1, 2, 3]) s = ok(american.apply(s, seat, orders(MAHJONG_ONLY))).state;
    const r = ok(american.apply(s, 0, { type: "discard", tile: s.seats[0]!.concealed.find((id) => K[id] === parseTile("5D"))! }));
    expect(r.state.phase).toBe("window");
    expect(american.toAct(r.state)).toEqual([1]);
  });

  it("throw draws I don't need: the drawn tile my line does not need is thrown, and a window opens on it", () => {
    let s = arig({ hands: ["R", "1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D 4D", "", ""], wall: "G" });
    s = ok(american.apply(s, 1, orders(THROW))).state;
    for (const seat of [2, 3]) s = ok(american.apply(s, seat, orders(MAHJONG_ONLY))).state;
    const r = ok(american.apply(s, 0, { type: "discard", tile: s.seats[0]!.concealed.find((id) => K[id] === parseTile("R"))! }));
    const discards = r.state.discards.map((d) => [d.seat, K[d.tile]]);
    expect(discards.at(-1)).toEqual([1, parseTile("G")]);
  });
});

describe("Chinese", () => {
  it("claims Mah Jongg only: I pass at once unless the discard completes my hand (no pung, no take)", () => {
    let s = chineseRig({ seats: { 0: { concealed: "5D" }, 1: { concealed: "5D 5D" } } });
    for (const seat of [1, 2, 3]) s = ok(chineseMing.apply(s, seat, orders(MAHJONG_ONLY))).state;
    const tile = s.hand.seats[0]!.concealed.find((id) => KINDS[id] === parseTile("5D"))!;
    const r = ok(chineseMing.apply(s, 0, { type: "discard", tile }));
    expect(r.state.hand.phase).toBe("discard");
    expect(chineseMing.toAct(r.state)).toEqual([1]);
  });

  it("throw draws I don't need: a drawn tile that makes no pung, kong or pair with my tiles is thrown", () => {
    let s = chineseRig({ seats: { 0: { concealed: "5D" } }, wall: "R" });
    for (const seat of [1, 2, 3]) s = ok(chineseMing.apply(s, seat, orders(seat === 1 ? THROW : MAHJONG_ONLY))).state;
    const tile = s.hand.seats[0]!.concealed.find((id) => KINDS[id] === parseTile("5D"))!;
    const r = ok(chineseMing.apply(s, 0, { type: "discard", tile }));
    const drawn = r.events.find((e) => e.type === "draw" && e.seat === 1);
    expect(drawn).toBeDefined();
    const last = r.state.hand.discards.at(-1)!;
    const held = r.state.hand.seats[1]!.concealed.map((id) => KINDS[id]);
    if (held.filter((k) => k === KINDS[last.tile]).length === 0) expect(last.seat).toBe(1);
  });
});
