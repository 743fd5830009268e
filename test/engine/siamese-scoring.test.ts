/** RULES §3 Mah Jongg, game end and scoring; timeouts and abandons. */
import { describe, expect, it } from "vitest";
import { idOf, play, rig, siamese } from "./fixtures/rig";

describe("Siamese Mah Jongg and scoring", () => {
  it("Mah Jongg: expose all 14 tiles of one hand, then discard: 13 concealed plus 14 exposed", () => {
    let s = rig({ east: { pool: "1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D 5D" }, west: { pool: "" } });
    s = play(s, 0, { type: "mahjong", rack: 0, line: "run-1" });
    expect(s.seats[0]!.racks[0]!.mahjong!.tiles.length).toBe(14);
    expect(s.phase).toBe("discard");
    s = play(s, 0, { type: "discard", tile: idOf(s, 0, "8B") });
    expect(s.seats[0]!.pool.length).toBe(13);
  });

  it("first Mah Jongg: the card value, doubled if jokerless; the discarder is not penalised", () => {
    let s = rig({ toAct: 0, phase: "draw", discard: "5D", wallOnly: true, east: { pool: "1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D" }, west: { pool: "" } });
    s = play(s, 0, { type: "claim-mahjong", rack: 0, line: "run-1" });
    s = play(s, 0, { type: "discard", tile: idOf(s, 0, "8B") }); // the wall is empty: the game ends
    expect(s.result).toEqual({
      reason: "wall",
      totals: [50, 0],
      lines: [{ seat: 0, points: 50, reason: "mahjong/first", detail: "First Mah Jongg: Pungs, line 1, jokerless (2 × 25)" }],
    });
  });

  it("a first Mah Jongg with a joker scores the card value", () => {
    let s = rig({ wallOnly: true, east: { pool: "1D 1D J 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D 5D" }, west: { pool: "" } });
    s = play(s, 0, { type: "mahjong", rack: 1, line: "run-1" });
    s = play(s, 0, { type: "discard", tile: idOf(s, 0, "8B") });
    expect(s.result!.totals).toEqual([25, 0]);
  });

  it("second Mah Jongg on a later turn ends the game: value ×2, ×2 again if jokerless; −25 for the discarder", () => {
    let s = rig({ east: { pool: "1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D 5D 7D 7D 7D 7D 8D 8D 8D 8D 9D 9D 9D 9D N" }, west: { pool: "" }, wall: "N" });
    s = play(s, 0, { type: "mahjong", rack: 0, line: "run-1" });
    s = play(s, 0, { type: "discard", tile: idOf(s, 0, "8B") });
    s = play(s, 1, { type: "draw" });
    s = play(s, 1, { type: "discard", tile: idOf(s, 1, "N") });
    s = play(s, 0, { type: "claim-mahjong", rack: 1, line: "kongs-1" });
    expect(s.phase).toBe("over");
    expect(s.result).toEqual({
      reason: "mahjong",
      totals: [50 + 120, -25],
      lines: [
        { seat: 0, points: 50, reason: "mahjong/first", detail: "First Mah Jongg: Pungs, line 1, jokerless (2 × 25)" },
        { seat: 0, points: 120, reason: "mahjong/second", detail: "Second Mah Jongg: Kongs, line 1, jokerless (4 × 30)" },
        { seat: 1, points: -25, reason: "discarder/second", detail: "Discard claimed for the opponent's second Mah Jongg (−25)" },
      ],
    });
  });

  it("Double Mah Jongg: both hands in one turn, each double its value, the jokerless doubling on top (Ruling)", () => {
    let s = rig({ east: { pool: "1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D 5D N N N N E E J W W W S S S S" }, west: { pool: "" } });
    s = play(s, 0, { type: "mahjong", rack: 0, line: "run-1" });
    s = play(s, 0, { type: "mahjong", rack: 1, line: "winds-1" });
    expect(s.seats[0]!.pool).toEqual([]);
    expect(s.result).toEqual({
      reason: "mahjong",
      totals: [100 + 70, 0],
      lines: [
        { seat: 0, points: 100, reason: "mahjong/double", detail: "Double Mah Jongg: Pungs, line 1, jokerless (4 × 25)" },
        { seat: 0, points: 70, reason: "mahjong/double", detail: "Double Mah Jongg: Winds, line 1 (2 × 35)" },
      ],
    });
  });

  it("−25 for the discarder also when both are declared together and the claimed tile sits in the first", () => {
    let s = rig({ toAct: 0, phase: "draw", discard: "5D", east: { pool: "1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D N N N N E E E W W W S S S S" }, west: { pool: "" } });
    s = play(s, 0, { type: "claim-mahjong", rack: 0, line: "run-1" });
    s = play(s, 0, { type: "mahjong", rack: 1, line: "winds-1" });
    expect(s.result!.lines).toContainEqual({ seat: 1, points: -25, reason: "discarder/second", detail: "Discard claimed for the opponent's second Mah Jongg (−25)" });
    expect(s.result!.totals).toEqual([100 + 140, -25]);
  });

  it("a complete hand still concealed at the end earns nothing; no Mah Jongg exposed is a wall game, +10 each", () => {
    let s = rig({ wallOnly: true, east: { pool: "1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D 5D" }, west: { pool: "" } });
    s = play(s, 0, { type: "discard", tile: idOf(s, 0, "8B") });
    expect(s.result).toEqual({
      reason: "wall",
      totals: [10, 10],
      lines: [
        { seat: 0, points: 10, reason: "wall", detail: "Wall game (+10)" },
        { seat: 1, points: 10, reason: "wall", detail: "Wall game (+10)" },
      ],
    });
    expect(siamese.legalMoves(s, 0)).toEqual([]);
  });

  it("Atomic hand: its lines cannot be declared by a player who did not go for it right after the deal", () => {
    const s = rig({ east: { pool: "1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D 5D" }, west: { pool: "" } });
    const atomicCard = { id: "atomic", name: "Atomic", lines: [{ id: "atomic-1", category: "Atomic", value: 75, concealed: true, atomic: true, text: "1D*3 2D*3 3D*3 4D*3 5D*2" }] };
    const t = { ...s, options: { ...s.options, card: atomicCard } };
    expect(siamese.legalMoves(t, 0).some((m) => m.type === "mahjong")).toBe(false);
    const r = siamese.apply(t, 0, { type: "mahjong", rack: 0, line: "atomic-1" });
    expect(r.ok || r.code).toBe("mahjong/atomic");
  });
});

describe("Siamese timeouts and abandons", () => {
  it("a timeout plays the absent player's turn: draw, discard the drawn tile, claim nothing", () => {
    const s = rig({ toAct: 1, phase: "draw", discard: "N", east: { pool: "" }, west: { pool: "N N" }, wall: "S" });
    const r = siamese.timeout(s, 1);
    if (!r.ok) throw new Error(r.message);
    expect(r.events.map((e) => e.type)).toEqual(["timeout", "draw", "discard"]);
    expect(r.state.seats[1]!.racks[0]!.exposures).toEqual([]);
    expect(r.state.discards.at(-1)!.tile).toBe(s.wall[0]);
    expect(r.state.ply).toBe(s.ply + 1);
    expect(siamese.timeout(s, 0)).toMatchObject({ ok: false, code: "turn/not-yours" });
  });

  it("abandon ends the game: the absent player is scored as if both hands were dead", () => {
    const s = rig({ east: { pool: "" }, west: { pool: "" } });
    const r = siamese.abandon(s, 1);
    if (!r.ok) throw new Error(r.message);
    expect(r.state.result).toEqual({
      reason: "abandoned",
      totals: [0, -100],
      lines: [{ seat: 1, points: -100, reason: "abandoned", detail: "Abandoned the game, scored as both hands dead (−4 × 25, the lowest value on the card)" }],
    });
    expect(siamese.abandon(r.state, 0)).toMatchObject({ ok: false, code: "game/over" });
  });
});
