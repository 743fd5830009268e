/** RULES §3 set-up, deal, racks, play, claiming and jokers, in scenarios written in tile notation. */
import { describe, expect, it } from "vitest";
import { kindsOf } from "../../worker/engine/game/physical";
import { parseTile } from "../../worker/engine/tiles";
import { idOf, kindsIn, play, refuse, rig, siamese } from "./fixtures/rig";

const K = kindsOf("american");
const held = (s: ReturnType<typeof rig>, seat: number) => {
  const p = s.seats[seat]!;
  return p.pool.length + p.racks.reduce((t, r) => t + r.exposures.reduce((u, e) => u + e.tiles.length, 0) + (r.mahjong?.tiles.length ?? 0), 0);
};

describe("Siamese set-up and deal", () => {
  it("deals 27 to each player, East draws a 28th and starts; 152 tiles, no Charleston", () => {
    const s = siamese.newGame({ card: "fixture" }, "deal-seed-1");
    expect(s.seats.map((p) => p.pool.length)).toEqual([28, 27]);
    expect(s.wall.length).toBe(152 - 55);
    expect(new Set([...s.wall, ...s.seats.flatMap((p) => p.pool)]).size).toBe(152);
    expect(s.toAct).toBe(0);
    expect(s.phase).toBe("discard");
    expect(s.die).toBeGreaterThanOrEqual(1);
    expect(s.die).toBeLessThanOrEqual(6);
    const types = new Set(siamese.legalMoves(s, 0).map((m) => m.type));
    expect(types.has("discard")).toBe(true);
    expect([...types].some((t) => /charleston|pass/.test(t))).toBe(false);
    expect(siamese.legalMoves(s, 1)).toEqual([]);
  });

  it("the same seed deals the same game; another seed another", () => {
    expect(siamese.newGame({ card: "fixture" }, "deal-seed-1")).toEqual(siamese.newGame({ card: "fixture" }, "deal-seed-1"));
    expect(siamese.newGame({ card: "fixture" }, "deal-seed-2").wall).not.toEqual(siamese.newGame({ card: "fixture" }, "deal-seed-1").wall);
  });
});

describe("Siamese racks", () => {
  it("concealed tiles are one pool: either rack can declare from it, and arranging them is not a move", () => {
    const s = rig({ east: { pool: "1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D 5D" }, west: { pool: "" } });
    const moves = siamese.legalMoves(s, 0);
    expect(moves).toContainEqual({ type: "mahjong", rack: 0, line: "run-1" });
    expect(moves).toContainEqual({ type: "mahjong", rack: 1, line: "run-1" });
    expect(moves.some((m) => /arrange|move-tile/.test(m.type))).toBe(false);
  });

  it("an exposure put on the wrong rack may be moved to the other rack until the discard that ends that turn", () => {
    let s = rig({ toAct: 0, phase: "draw", discard: "7D", east: { pool: "7D 7D 7D", exposures: [{ rack: 0, tiles: "8D 8D 8D 8D" }] }, west: { pool: "" } });
    s = play(s, 0, { type: "claim", rack: 0, size: 4, jokers: 0 });
    expect(s.seats[0]!.racks[0]!.exposures.length).toBe(2);
    s = play(s, 0, { type: "move-exposure", rack: 0, exposure: 1, to: 1 });
    expect(kindsIn(s.seats[0]!.racks[1]!.exposures[0]!.tiles)).toEqual([parseTile("7D"), parseTile("7D"), parseTile("7D"), parseTile("7D")]);
    s = play(s, 0, { type: "discard", tile: idOf(s, 0, "8B") });
    s = play(s, 1, { type: "draw" });
    s = play(s, 1, { type: "discard", tile: idOf(s, 1, "9C") });
    s = play(s, 0, { type: "draw" });
    const msg = refuse(s, 0, { type: "move-exposure", rack: 1, exposure: 0, to: 0 }, "exposure/settled");
    expect(msg).toMatch(/during the turn it was made/);
  });
});

describe("Siamese play", () => {
  it("a turn is: claim the last discard or draw, then discard; 27 tiles between turns and 28 after drawing", () => {
    let s = rig({ toAct: 1, phase: "draw", discard: "9C", east: { pool: "" }, west: { pool: "" }, wall: "S" });
    expect([held(s, 0), held(s, 1)]).toEqual([27, 27]);
    refuse(s, 1, { type: "discard", tile: s.seats[1]!.pool[0]! }, "turn/draw-first");
    refuse(s, 0, { type: "draw" }, "turn/not-yours");
    s = play(s, 1, { type: "draw" });
    expect(K[s.seats[1]!.drawn!]).toBe(parseTile("S"));
    expect(held(s, 1)).toBe(28);
    refuse(s, 1, { type: "draw" }, "turn/discard-first");
    s = play(s, 1, { type: "discard", tile: idOf(s, 1, "S") });
    expect(held(s, 1)).toBe(27);
    expect(s.toAct).toBe(0);
    expect(s.phase).toBe("draw");
    expect(K[s.claimable!.tile]).toBe(parseTile("S"));
  });

  it("claiming for an exposure: the claimed tile plus pool tiles or jokers makes a pung, kong, quint or sextet", () => {
    let s = rig({ toAct: 0, phase: "draw", discard: "7D", east: { pool: "7D 7D J J" }, west: { pool: "" } });
    const claims = siamese.legalMoves(s, 0).filter((m) => m.type === "claim" && m.rack === 0);
    expect(claims).toEqual([
      { type: "claim", rack: 0, size: 4, jokers: 1 },
      { type: "claim", rack: 0, size: 4, jokers: 2 },
    ]); // the fixture card has a kong of 7 Dots, no pung or quint
    refuse(s, 0, { type: "claim", rack: 0, size: 3, jokers: 0 }, "hand/dead");
    s = play(s, 0, { type: "claim", rack: 0, size: 4, jokers: 1 });
    const e = s.seats[0]!.racks[0]!.exposures[0]!;
    expect(e.tiles[0]).toBe(e.claimed);
    expect(kindsIn(e.tiles).sort()).toEqual([parseTile("7D"), parseTile("7D"), parseTile("7D"), parseTile("J")].sort());
    expect(held(s, 0)).toBe(28);
    expect(s.phase).toBe("discard");
    refuse(s, 0, { type: "claim", rack: 1, size: 3, jokers: 0 }, "turn/discard-first");
  });

  it("claiming is refused without the tiles, for a size that is not a group, or when there is no discard", () => {
    const s = rig({ toAct: 0, phase: "draw", discard: "7D", east: { pool: "7D" }, west: { pool: "" } });
    refuse(s, 0, { type: "claim", rack: 0, size: 3, jokers: 0 }, "claim/tiles-missing");
    refuse(s, 0, { type: "claim", rack: 0, size: 2, jokers: 0 }, "claim/size");
    refuse(s, 0, { type: "claim", rack: 0, size: 3, jokers: 0, extra: 1 }, "move/malformed");
    const t = rig({ toAct: 0, phase: "draw", east: { pool: "7D 7D" }, west: { pool: "" } });
    refuse(t, 0, { type: "claim", rack: 0, size: 3, jokers: 0 }, "claim/nothing");
  });

  it("claiming for an exposure is never allowed for a concealed line", () => {
    const s = rig({ toAct: 0, phase: "draw", discard: "1C", east: { pool: "1C 1C 1C 2C 2C 2C 2C 3C 3C 3C 3C E E" }, west: { pool: "" } });
    expect(siamese.legalMoves(s, 0).filter((m) => m.type === "claim")).toEqual([]);
    expect(refuse(s, 0, { type: "claim", rack: 0, size: 4, jokers: 0 }, "hand/dead")).toMatch(/no line on the card has a kong of 1 Craks/);
  });

  it("claiming for Mah Jongg is allowed, also for a concealed line", () => {
    let s = rig({ toAct: 0, phase: "draw", discard: "7B", east: { pool: "1B 1B 2B 2B 3B 3B 4B 4B 5B 5B 6B 6B 7B" }, west: { pool: "" } });
    s = play(s, 0, { type: "claim-mahjong", rack: 1, line: "pairs-1" });
    const mj = s.seats[0]!.racks[1]!.mahjong!;
    expect(mj.tiles.length).toBe(14);
    expect(mj.claimed).toBe(s.discards[0]!.tile);
    expect(mj.from).toBe(1);
    expect(mj.jokerless).toBe(false); // singles and pairs never earn the jokerless bonus
  });

  it("a discarded joker can never be claimed", () => {
    let s = rig({ toAct: 1, phase: "discard", east: { pool: "J J" }, west: { pool: "J" } });
    s = play(s, 1, { type: "discard", tile: idOf(s, 1, "J") });
    expect(s.claimable).toBeNull();
    expect(siamese.legalMoves(s, 0)).toEqual([{ type: "draw" }]);
    refuse(s, 0, { type: "claim", rack: 0, size: 3, jokers: 0 }, "claim/nothing");
  });
});

describe("Siamese jokers", () => {
  it("on their own turn a player swaps a real tile for a joker in their own or the opponent's exposure", () => {
    let s = rig({
      east: { pool: "N E", exposures: [{ rack: 0, tiles: "E E J" }] },
      west: { pool: "", exposures: [{ rack: 1, tiles: "N N J J" }] },
    });
    const swaps = siamese.legalMoves(s, 0).filter((m) => m.type === "joker");
    expect(swaps).toEqual([
      { type: "joker", seat: 0, rack: 0, exposure: 0 },
      { type: "joker", seat: 1, rack: 1, exposure: 0 },
    ]);
    s = play(s, 0, { type: "joker", seat: 1, rack: 1, exposure: 0 });
    expect(kindsIn(s.seats[1]!.racks[1]!.exposures[0]!.tiles).filter((k) => k === parseTile("J")).length).toBe(1);
    expect(kindsIn(s.seats[0]!.pool)).toContain(parseTile("J"));
    expect(held(s, 0)).toBe(28);
    expect(held(s, 1)).toBe(27);
    refuse(s, 1, { type: "joker", seat: 0, rack: 0, exposure: 0 }, "turn/not-yours");
  });

  it("jokers are exchanged after drawing, and only with the real tile", () => {
    const s = rig({ toAct: 0, phase: "draw", east: { pool: "E" }, west: { pool: "", exposures: [{ rack: 0, tiles: "N N J" }] } });
    refuse(s, 0, { type: "joker", seat: 1, rack: 0, exposure: 0 }, "turn/draw-first");
    const t = rig({ east: { pool: "E" }, west: { pool: "", exposures: [{ rack: 0, tiles: "N N J" }] } });
    refuse(t, 0, { type: "joker", seat: 1, rack: 0, exposure: 0 }, "joker/tile-missing");
  });

  it("never from a declared Mah Jongg hand", () => {
    let s = rig({ east: { pool: "2D 2D 2D 3D 3D 3D 4D 4D 4D 5D 5D", exposures: [{ rack: 0, tiles: "1D J J" }] }, west: { pool: "1D" } });
    s = play(s, 0, { type: "mahjong", rack: 0, line: "run-1" });
    s = play(s, 0, { type: "discard", tile: idOf(s, 0, "8B") });
    s = play(s, 1, { type: "draw" });
    expect(siamese.legalMoves(s, 1).some((m) => m.type === "joker")).toBe(false);
    expect(refuse(s, 1, { type: "joker", seat: 0, rack: 0, exposure: 0 }, "joker/locked")).toMatch(/declared Mah Jongg/);
  });
});
