/**
 * RULES §3, the Atomic hand: declared right after the deal; it lives on the first rack, which starts
 * with 13 tiles; no tiles move between racks unless the player abandons it; no number may repeat.
 * Played with the sample card's Atomic line atomic-1 "13579a 2468b NEWS R" (rulings in
 * worker/engine/variants/siamese/atomic.ts).
 */
import { describe, expect, it } from "vitest";
import type { Move, Seat } from "../../worker/engine/api";
import { cardModule } from "../../worker/engine/card";
import { kindsOf } from "../../worker/engine/game/physical";
import { parseTiles } from "../../worker/engine/tiles";
import { siameseVariant, type SiameseState } from "../../worker/engine/variants/siamese";
import { hints, viewEvent } from "../../worker/engine";
import type { SiameseView } from "../../worker/engine/variants/siamese/view";
import { rig, type Rig } from "./fixtures/rig";

const K = kindsOf("american");
const siamese = siameseVariant("siamese", cardModule);
const ATOMIC = "1B 3B 5B 7B 9B 2C 4C 6C 8C N E W S"; // atomic-1 without its Red dragon

function play(s: SiameseState, seat: Seat, move: Move): SiameseState {
  expect(siamese.legalMoves(s, seat)).toContainEqual(move);
  const r = siamese.apply(s, seat, move);
  if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
  return r.state;
}
function refuse(s: SiameseState, seat: Seat, move: Move, code: string): string {
  const before = structuredClone(s);
  expect(siamese.legalMoves(s, seat)).not.toContainEqual(move);
  const r = siamese.apply(s, seat, move);
  expect(r.ok || r.code).toBe(code);
  expect(s).toEqual(before);
  return r.ok ? "" : r.message;
}
/** Distinct ids of the pool for the kinds named, in order. */
function idsOf(s: SiameseState, seat: Seat, codes: string): number[] {
  const pool = s.seats[seat]!.pool.slice();
  return parseTiles(codes).map((k) => {
    const id = pool.find((x) => K[x] === k);
    if (id === undefined) throw new Error(`seat ${seat} holds no ${k}`);
    pool.splice(pool.indexOf(id), 1);
    return id;
  });
}
/** A rigged sample-card game in which East already goes for the Atomic hand with `atomic` on rack 1. */
function atomicRig(r: Omit<Rig, "west"> & { atomic?: string; west?: Rig["west"] }): SiameseState {
  const s = rig({ west: { pool: "" }, ...r, options: { card: "sample-2026", ...r.options } });
  s.seats[0]!.atomic = idsOf(s, 0, r.atomic ?? ATOMIC).sort((a, b) => a - b);
  return s;
}
const atomicOf = (s: SiameseState, seat: Seat) => s.seats[seat]!.atomic?.map((id) => K[id]).sort((a, b) => a! - b!);

describe("the Atomic hand is declared right after the deal", () => {
  it("East may go for it before the first discard, West on their first turn, nobody later", () => {
    let s = siamese.newGame({}, "atomic-first-turn");
    const offers = siamese.legalMoves(s, 0).filter((m) => m.type === "atomic");
    expect(offers.length).toBeGreaterThan(0);
    for (const m of offers) {
      const tiles = m.tiles as number[];
      expect(tiles).toHaveLength(13);
      expect(new Set(tiles).size).toBe(13);
      expect(tiles.every((id) => s.seats[0]!.pool.includes(id))).toBe(true);
      expect(tiles).toEqual(tiles.slice().sort((a, b) => a - b));
    }
    s = play(s, 0, { type: "discard", tile: s.seats[0]!.drawn! });
    expect(siamese.legalMoves(s, 1).some((m) => m.type === "atomic")).toBe(true);
    s = play(s, 1, { type: "draw" });
    expect(siamese.legalMoves(s, 1).some((m) => m.type === "atomic")).toBe(true);
    s = play(s, 1, { type: "discard", tile: s.seats[1]!.drawn! });
    s = play(s, 0, { type: "draw" });
    expect(siamese.legalMoves(s, 0).some((m) => m.type === "atomic")).toBe(false);
    const tiles = s.seats[0]!.pool.slice(0, 13);
    expect(refuse(s, 0, { type: "atomic", tiles }, "atomic/too-late")).toMatch(/first turn/);
  });

  it("rack 1 starts with the 13 tiles the player chooses: the engine's pick or any other 13 concealed tiles", () => {
    const s = siamese.newGame({}, "atomic-choose");
    const pick = siamese.legalMoves(s, 0).find((m) => m.type === "atomic")!.tiles as number[];
    const other = s.seats[0]!.pool.find((id) => !pick.includes(id))!;
    const mine = [...pick.slice(1), other];
    const t = play(s, 0, { type: "atomic", tiles: pick }); // the offer as listed
    expect(t.seats[0]!.atomic).toEqual(pick);
    const r = siamese.apply(s, 0, { type: "atomic", tiles: mine }); // the player's own choice
    expect(r.ok && r.state.seats[0]!.atomic).toEqual(mine.slice().sort((a, b) => a - b));
    expect(r.ok && r.events).toEqual([expect.objectContaining({ type: "atomic", seat: 0, rack: 0 })]);
    expect(r.ok && r.state.phase).toBe("discard"); // declaring is not the turn: East still discards
  });

  it("a wrong choice of tiles is refused and changes nothing", () => {
    const s = siamese.newGame({}, "atomic-bad");
    const pool = s.seats[0]!.pool;
    expect(refuse(s, 0, { type: "atomic", tiles: pool.slice(0, 12) }, "atomic/tiles")).toMatch(/exactly 13/);
    expect(refuse(s, 0, { type: "atomic", tiles: [...pool.slice(0, 12), pool[0]!] }, "atomic/tiles")).toMatch(/only once/);
    expect(refuse(s, 0, { type: "atomic", tiles: [...pool.slice(0, 12), s.seats[1]!.pool[0]!] }, "atomic/tiles")).toMatch(/hold concealed/);
    expect(refuse(s, 0, { type: "atomic", tiles: "all" } as unknown as Move, "atomic/tiles")).toMatch(/exactly 13/);
    expect(refuse(s, 1, { type: "atomic", tiles: s.seats[1]!.pool.slice(0, 13) }, "turn/not-yours")).toMatch(/not your turn/);
  });

  it("the engine's pick holds the tiles of the line already in hand", () => {
    const s = rig({ east: { pool: `1B 3B 5B 7B 2C 4C N E R 1D 1D 1D` }, west: { pool: "" }, turn: 0, options: { card: "sample-2026" } });
    const picks = siamese.legalMoves(s, 0).filter((m) => m.type === "atomic").map((m) => (m.tiles as number[]).map((id) => K[id]!));
    const want = parseTiles("1B 3B 5B 7B 2C 4C N E R");
    expect(picks.some((kinds) => want.every((k) => kinds.includes(k)))).toBe(true);
    expect(picks.every((kinds) => kinds.length === 13)).toBe(true);
  });
});

describe("the Atomic hand lives on rack 1", () => {
  it("it is declared with rack 1's 13 tiles and the tile drawn, for the line's value", () => {
    let s = atomicRig({ east: { pool: `${ATOMIC} 1D 1D 1D` }, phase: "draw", wall: "R", fill: false });
    s = play(s, 0, { type: "draw" });
    expect(siamese.legalMoves(s, 0)).toContainEqual({ type: "mahjong", rack: 0, line: "atomic-1" });
    expect(siamese.legalMoves(s, 0)).not.toContainEqual({ type: "mahjong", rack: 1, line: "atomic-1" });
    const r = siamese.apply(s, 0, { type: "mahjong", rack: 0, line: "atomic-1" });
    if (!r.ok) throw new Error(r.message);
    const rack = r.state.seats[0]!.racks[0]!;
    expect(rack.mahjong).toMatchObject({ line: "atomic-1", value: 75, jokerless: false });
    expect(rack.mahjong!.tiles.map((id) => K[id]).sort((a, b) => a! - b!)).toEqual(parseTiles(`${ATOMIC} R`).sort((a, b) => a - b));
    expect(r.state.seats[0]!.atomic).toBeUndefined(); // the rest is rack 2's
    expect(r.state.seats[0]!.pool.map((id) => K[id])).toEqual(parseTiles("1D 1D 1D"));
  });

  it("a discard that completes it can be claimed for it", () => {
    const s = atomicRig({ east: { pool: ATOMIC }, phase: "draw", discard: "R" });
    const t = play(s, 0, { type: "claim-mahjong", rack: 0, line: "atomic-1" });
    expect(t.seats[0]!.racks[0]!.mahjong).toMatchObject({ line: "atomic-1", from: 1 });
  });

  it("tiles of rack 2 cannot complete it: the tile must come to rack 1", () => {
    // East holds a Red dragon, but on rack 2: no Atomic Mah Jongg until one is drawn or claimed
    const s = atomicRig({ east: { pool: `${ATOMIC} R` }, phase: "draw", wall: "6D", fill: false });
    const t = play(s, 0, { type: "draw" });
    refuse(t, 0, { type: "mahjong", rack: 0, line: "atomic-1" }, "mahjong/not-complete");
  });

  it("no tile moves between the racks: rack 1 takes no exposure and gives no tile to rack 2", () => {
    const s = atomicRig({ east: { pool: `${ATOMIC} 5D 5D` }, phase: "draw", discard: "5D" });
    expect(refuse(s, 0, { type: "claim", rack: 0, size: 3, jokers: 0 }, "rack/atomic")).toMatch(/Atomic hand/);
    const t = play(s, 0, { type: "claim", rack: 1, size: 3, jokers: 0 });
    // after a claim there is no drawn tile to take a rack-1 tile's place
    const n = idsOf(t, 0, "N")[0]!;
    expect(refuse(t, 0, { type: "discard", tile: n }, "discard/atomic")).toMatch(/rack 2/);
    expect(t.seats[0]!.atomic).toHaveLength(13);
  });

  it("claims for rack 2 use rack 2's tiles only", () => {
    // the only 2 Bams held are on rack 1: a pung of 2 Bams cannot be made for rack 2
    const s = atomicRig({ east: { pool: `1B 2B 5B 7B 9B 2C 4C 6C 8C N E W S 2B` }, atomic: "1B 2B 5B 7B 9B 2C 4C 6C 8C N E W S", phase: "draw", discard: "2B" });
    refuse(s, 0, { type: "claim", rack: 1, size: 3, jokers: 0 }, "claim/tiles-missing");
  });

  it("discarding a rack-1 tile after drawing puts the drawn tile in its place", () => {
    let s = atomicRig({ east: { pool: `${ATOMIC} 1D` }, phase: "draw", wall: "R", fill: false });
    s = play(s, 0, { type: "draw" });
    s = play(s, 0, { type: "discard", tile: idsOf(s, 0, "N")[0]! });
    expect(atomicOf(s, 0)).toEqual(parseTiles("1B 3B 5B 7B 9B 2C 4C 6C 8C E W S R").sort((a, b) => a - b));
    expect(s.seats[0]!.pool).toHaveLength(14);
  });

  it("an Atomic line is declared only on an Atomic rack 1, and rack 1 declares nothing else", () => {
    const s = rig({ east: { pool: `${ATOMIC} R` }, west: { pool: "" }, options: { card: "sample-2026" } });
    expect(refuse(s, 0, { type: "mahjong", rack: 0, line: "atomic-1" }, "mahjong/atomic")).toMatch(/right after the deal/);
    const t = atomicRig({ east: { pool: ATOMIC }, phase: "discard" });
    const plain = cardModule.builtinCards["sample-2026"]!.lines.find((l) => !l.atomic)!.id;
    expect(refuse(t, 0, { type: "mahjong", rack: 0, line: plain }, "mahjong/atomic-rack")).toMatch(/only an Atomic line/);
  });

  it("giving it up lets tiles move again, and it cannot be declared again", () => {
    let s = siamese.newGame({}, "atomic-abandon");
    s = play(s, 0, siamese.legalMoves(s, 0).find((m) => m.type === "atomic")!);
    s = play(s, 0, { type: "abandon-atomic" });
    expect(s.seats[0]!.atomic).toBeUndefined();
    expect(siamese.legalMoves(s, 0).some((m) => m.type === "atomic" || m.type === "abandon-atomic")).toBe(false);
    refuse(s, 0, { type: "atomic", tiles: s.seats[0]!.pool.slice(0, 13) }, "atomic/too-late");
    refuse(s, 0, { type: "abandon-atomic" }, "atomic/none");
  });

  it("the opponent sees that a player goes for it, never which tiles", () => {
    let s = siamese.newGame({}, "atomic-view");
    const r = siamese.apply(s, 0, siamese.legalMoves(s, 0).find((m) => m.type === "atomic")!);
    if (!r.ok) throw new Error(r.message);
    s = r.state;
    const mine = (siamese.viewFor(s, 0) as SiameseView).seats[0]!;
    const theirs = (siamese.viewFor(s, 1) as SiameseView).seats[0]!;
    expect(mine).toMatchObject({ atomic: true });
    expect(mine.atomicTiles!.map((t) => t.id)).toEqual(s.seats[0]!.atomic);
    expect(theirs).toMatchObject({ atomic: true, atomicTiles: null, concealed: null });
    const event = r.events[0]!;
    expect(viewEvent(event, 1)).not.toHaveProperty("secret");
    expect(viewEvent(event, 0)).toHaveProperty("secret");
  });

  it("hints show the Atomic lines for rack 1, from its own tiles", () => {
    const s = atomicRig({ east: { pool: ATOMIC }, phase: "draw" });
    const h = hints(s, 0)!;
    expect(h.racks[0]!.closest[0]).toMatchObject({ line: "atomic-1", away: 1 });
    expect(h.racks[1]!.closest.every((l) => !l.line.startsWith("atomic"))).toBe(true);
    expect(h.together).toBeNull();
  });

  it("a timeout discards the drawn tile or a rack-2 tile, never one of rack 1's", () => {
    const s = atomicRig({ east: { pool: `${ATOMIC} 1D` }, phase: "draw", wall: "6D", fill: false });
    const r = siamese.timeout(s, 0);
    if (!r.ok) throw new Error(r.message);
    expect(atomicOf(r.state, 0)).toEqual(atomicOf(s, 0));
  });
});

describe("the Atomic hand and dead hands (deadHands: enforce)", () => {
  it("declaring it in error makes rack 1 dead and frees its tiles", () => {
    const s = atomicRig({ east: { pool: ATOMIC }, phase: "discard", options: { card: "sample-2026", deadHands: "enforce" } });
    const moves = siamese.legalMoves(s, 0);
    expect(moves).toContainEqual({ type: "mahjong", rack: 0, line: "atomic-1" });
    expect(moves).not.toContainEqual({ type: "mahjong", rack: 0, line: expect.not.stringMatching(/^atomic/) });
    const t = play(s, 0, { type: "mahjong", rack: 0, line: "atomic-2" });
    expect(t.seats[0]!.racks[0]!.dead).toMatchObject({ reason: "error" });
    expect(t.seats[0]!.atomic).toBeUndefined();
  });
});
