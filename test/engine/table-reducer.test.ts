/**
 * The Siamese table's own state, without a browser: the player's split of the pool between the
 * two racks, the selection, a choice waiting for confirmation and the Atomic picker, as taps and
 * new states of the game arrive.
 */
import { describe, expect, it } from "vitest";
import { apply, legalMoves, newGame, viewFor, type GameState, type Move } from "../../worker/engine/index";
import { initTableState, rackTiles, readTable, sortTiles, tableReducer, type SeatM, type TableState } from "../../web/src/table/model";

const start = (seed = "table-reducer-seed-1"): GameState => {
  const r = newGame("siamese", { card: "sample-2026" }, seed);
  if (!r.ok) throw new Error(r.message);
  return r.state;
};
const seatOf = (s: GameState, seat: number): SeatM => readTable(viewFor(s, seat))!.seats[seat]!;
const all = (st: TableState) => [...st.arr[0], ...st.arr[1]].sort((a, b) => a - b);
const ids = (seat: SeatM) => seat.pool!.map((t) => t.id).sort((a, b) => a - b);

describe("the table's own state", () => {
  const s = start();
  const east = seatOf(s, 0);
  const legal = legalMoves(s, 0);
  const fresh = () => initTableState(east, legal, null);

  it("starts with every concealed tile on one of the two racks, rack 1 filled to 14, nothing selected", () => {
    const st = fresh();
    expect(all(st)).toEqual(ids(east));
    expect(st.arr[0]).toHaveLength(14);
    expect(st.selected).toEqual([]);
    expect(st.pending).toBeNull();
    expect(st.picking).toBe(false);
  });

  it("a tap selects a tile, a second tap unselects it, and a tap drops a choice waiting for confirmation", () => {
    const [a, b] = fresh().arr[0];
    let st = tableReducer(fresh(), { type: "choose", move: { type: "draw" } });
    st = tableReducer(st, { type: "select", id: a! });
    expect(st.pending).toBeNull();
    st = tableReducer(st, { type: "select", id: b! });
    expect(st.selected).toEqual([a, b]);
    st = tableReducer(st, { type: "select", id: a! });
    expect(st.selected).toEqual([b]);
    expect(tableReducer(st, { type: "unselect" }).selected).toEqual([]);
  });

  it("moving the selected tiles puts them at the end of the other rack and clears the selection", () => {
    let st = fresh();
    const [a, b] = st.arr[0];
    st = tableReducer(tableReducer(st, { type: "select", id: a! }), { type: "select", id: b! });
    st = tableReducer(st, { type: "move", to: 1 });
    expect(st.arr[0]).not.toContain(a);
    expect(st.arr[1].slice(-2)).toEqual([a, b]);
    expect(st.arr[0]).toHaveLength(12);
    expect(st.selected).toEqual([]);
    expect(all(st)).toEqual(ids(east));
  });

  it("sorting keeps each tile on its rack, in suit or number order", () => {
    const st = tableReducer(fresh(), { type: "sort", by: "number", seat: east });
    for (const i of [0, 1]) {
      expect(new Set(st.arr[i])).toEqual(new Set(fresh().arr[i]));
      expect(rackTiles(st.arr, east, i).map((t) => t.id)).toEqual(sortTiles(rackTiles(st.arr, east, i), "number").map((t) => t.id));
    }
  });

  it("a fresh copy of the same state changes nothing", () => {
    const st = tableReducer(fresh(), { type: "choose", move: legal[0]! });
    expect(tableReducer(st, { type: "server", seat: seatOf(s, 0), legal: legalMoves(s, 0) })).toBe(st);
  });

  it("after a discard the tile leaves its rack and the selection; the player's order of the rest stays", () => {
    let st = fresh();
    const gone = st.arr[1][0]!;
    const kept = st.arr[0][0]!;
    st = tableReducer(tableReducer(st, { type: "select", id: gone }), { type: "select", id: kept });
    st = tableReducer(st, { type: "move", to: 1 }); // kept and gone both on rack 2 now, in that order at the end
    st = tableReducer(st, { type: "select", id: gone });
    st = tableReducer(st, { type: "select", id: kept });
    const r = apply(s, 0, { type: "discard", tile: gone });
    if (!r.ok) throw new Error(r.message);
    const after = seatOf(r.state, 0);
    const order = st.arr.map((rack) => rack.filter((id) => id !== gone));
    st = tableReducer(st, { type: "server", seat: after, legal: legalMoves(r.state, 0) });
    expect(all(st)).toEqual(ids(after));
    expect(st.arr).toEqual(order);
    expect(st.selected).toEqual([kept]);
  });

  it("a tile drawn goes to the rack furthest from 14", () => {
    const r1 = apply(s, 0, { type: "discard", tile: east.pool![0]!.id });
    if (!r1.ok) throw new Error(r1.message);
    const west = seatOf(r1.state, 1);
    let st = initTableState(west, legalMoves(r1.state, 1), null);
    expect(legalMoves(r1.state, 1).some((m) => m.type === "draw")).toBe(true);
    const r2 = apply(r1.state, 1, { type: "draw" });
    if (!r2.ok) throw new Error(r2.message);
    const drawn = seatOf(r2.state, 1).drawn!;
    const room = st.arr.map((rack) => 14 - rack.length);
    st = tableReducer(st, { type: "server", seat: seatOf(r2.state, 1), legal: legalMoves(r2.state, 1) });
    expect(st.arr[room[1]! > room[0]! ? 1 : 0]).toContain(drawn);
    expect(all(st)).toEqual(ids(seatOf(r2.state, 1)));
  });

  it("a choice waiting for confirmation stays while the move is still allowed and goes when it is not", () => {
    const draw: Move = { type: "draw" };
    let st = tableReducer(fresh(), { type: "choose", move: draw });
    st = tableReducer(st, { type: "server", seat: east, legal: [draw, { type: "claim", jokers: 0 } as unknown as Move] });
    expect(st.pending).toEqual(draw);
    st = tableReducer(st, { type: "server", seat: east, legal: [] });
    expect(st.pending).toBeNull();
    expect(tableReducer(st, { type: "choose", move: null }).pending).toBeNull();
  });

  it("the Atomic picker closes when the Atomic hand is no longer offered, and once its tiles are sent", () => {
    const atomic = { type: "atomic", tiles: [] } as unknown as Move;
    let st = tableReducer(tableReducer(fresh(), { type: "server", seat: east, legal: [atomic] }), { type: "picker", open: true });
    expect(st.picking).toBe(true);
    expect(tableReducer(st, { type: "server", seat: east, legal: [atomic, { type: "draw" }] }).picking).toBe(true);
    expect(tableReducer(st, { type: "server", seat: east, legal: [{ type: "draw" }] }).picking).toBe(false);
    st = tableReducer(tableReducer(st, { type: "select", id: st.arr[0][0]! }), { type: "atomic-sent" });
    expect(st.picking).toBe(false);
    expect(st.selected).toEqual([]);
  });
});
