/** RULES §3–4 dead hands: the deadHands option ("prevent" / "enforce"), Mah Jongg in error, both hands dead. */
import { describe, expect, it } from "vitest";
import { idOf, play, refuse, rig, siamese, mjm } from "./fixtures/rig";
import type { SiameseState } from "../../worker/engine/variants/siamese";
import type { SiameseView } from "../../worker/engine/variants/siamese/view";

const enforce = { deadHands: "enforce" as const, card: "fixture" };
const killRack = (s: SiameseState, seat: number, rack: number): SiameseState => {
  const t = structuredClone(s);
  t.seats[seat]!.racks[rack]!.dead = { reason: "exposure", message: "fixture", turn: 0 };
  return t;
};

describe("Siamese dead hands, deadHands: prevent (default)", () => {
  it("an exposure that would make a hand dead is refused with a message that says why, and nothing changes", () => {
    const s = rig({ toAct: 0, phase: "draw", discard: "W", east: { pool: "W W", exposures: [{ rack: 0, tiles: "8D 8D 8D 8D" }] }, west: { pool: "" } });
    const msg = refuse(s, 0, { type: "claim", rack: 0, size: 3, jokers: 0 }, "hand/dead");
    expect(msg).toBe("no line on the card has a kong of 8 Dots together with a pung of West: that pung would make rack 1 dead");
    expect(siamese.legalMoves(s, 0)).toContainEqual({ type: "claim", rack: 1, size: 3, jokers: 0 });
  });

  it("a declaration that does not match the line is refused", () => {
    const s = rig({ east: { pool: "1D 1D 1D 2D 2D 2D" }, west: { pool: "" } });
    expect(refuse(s, 0, { type: "mahjong", rack: 0, line: "run-1" }, "mahjong/not-complete")).toMatch(/do not make Pungs, line 1/);
    refuse(s, 0, { type: "mahjong", rack: 0, line: "no-such-line" }, "mahjong/no-line");
  });
});

describe("Siamese dead hands, deadHands: enforce", () => {
  it("the dead-making exposure is accepted and the hand is dead at once; play goes on with the other rack", () => {
    let s = rig({ options: enforce, toAct: 0, phase: "draw", discard: "W", east: { pool: "W W J", exposures: [{ rack: 0, tiles: "8D 8D J J" }] }, west: { pool: "8D W" } });
    s = play(s, 0, { type: "claim", rack: 0, size: 4, jokers: 1 });
    const rack = s.seats[0]!.racks[0]!;
    expect(rack.dead?.message).toBe("no line on the card has a kong of 8 Dots together with a kong of West");
    expect(rack.exposures[1]!.killed).toBe(true);
    expect(siamese.legalMoves(s, 0).some((m) => m.type === "claim" || (m.type === "mahjong" && m.rack === 0))).toBe(false);
    expect(siamese.legalMoves(s, 0)).toContainEqual({ type: "mahjong", rack: 1, line: "run-1" });
    s = play(s, 0, { type: "discard", tile: idOf(s, 0, "8B") });
    s = play(s, 1, { type: "draw" });
    // jokers may still come out of the dead hand's other exposure, never out of the one that killed it
    expect(siamese.legalMoves(s, 1).filter((m) => m.type === "joker")).toEqual([{ type: "joker", seat: 0, rack: 0, exposure: 0 }]);
    expect(refuse(s, 1, { type: "joker", seat: 0, rack: 0, exposure: 1 }, "joker/locked")).toMatch(/made a hand dead/);
  });

  it("one Mah Jongg declared and the other hand dead: that player stops and the opponent plays on alone", () => {
    let s = rig({
      options: enforce,
      east: { pool: "1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D 5D W W W", exposures: [{ rack: 1, tiles: "8D 8D 8D 8D" }] },
      west: { pool: "W" },
      wall: "S",
    });
    s = play(s, 0, { type: "mahjong", rack: 0, line: "run-1" });
    s = play(s, 0, { type: "discard", tile: idOf(s, 0, "8B") });
    s = play(s, 1, { type: "draw" });
    s = play(s, 1, { type: "discard", tile: idOf(s, 1, "W") });
    s = play(s, 0, { type: "claim", rack: 1, size: 4, jokers: 0 });
    expect(s.seats[0]!.racks[1]!.dead).not.toBeNull();
    s = play(s, 0, { type: "discard", tile: idOf(s, 0, "8B") });
    expect(s.seats[0]!.stopped).toBe(true);
    expect(s.toAct).toBe(1);
    s = play(s, 1, { type: "draw" });
    s = play(s, 1, { type: "discard", tile: idOf(s, 1, "9C") });
    expect(s.toAct).toBe(1); // alone: the stopped player never draws again
    expect(s.claimable).toBeNull();
    expect(siamese.legalMoves(s, 0)).toEqual([]);
  });

  it("both hands dead: the game ends at once; siamese −4 × the lowest card value when the opponent has no Mah Jongg", () => {
    let s = killRack(rig({ options: enforce, toAct: 0, phase: "draw", discard: "W", east: { pool: "W W W", exposures: [{ rack: 1, tiles: "8D 8D 8D 8D" }] }, west: { pool: "" } }), 0, 0);
    s = play(s, 0, { type: "claim", rack: 1, size: 4, jokers: 0 });
    expect(s.phase).toBe("over");
    expect(s.result).toEqual({
      reason: "dead",
      totals: [-100, 0],
      lines: [{ seat: 0, points: -100, reason: "dead/both", detail: "Both hands dead (−4 × 25, the lowest value on the card)" }],
    });
  });

  it("both hands dead: siamese −4 × the value of the opponent's existing Mah Jongg", () => {
    let s = rig({ options: enforce, east: { pool: "1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D 5D W" }, west: { pool: "W W W", exposures: [{ rack: 1, tiles: "8D 8D 8D 8D" }] } });
    s = play(s, 0, { type: "mahjong", rack: 1, line: "run-1" });
    s = play(s, 0, { type: "discard", tile: idOf(s, 0, "W") });
    s = play(killRack(s, 1, 0), 1, { type: "claim", rack: 1, size: 4, jokers: 0 });
    expect(s.result).toEqual({
      reason: "dead",
      totals: [50, -100],
      lines: [
        { seat: 0, points: 50, reason: "mahjong/first", detail: "First Mah Jongg: Pungs, line 1, jokerless (2 × 25)" },
        { seat: 1, points: -100, reason: "dead/both", detail: "Both hands dead (−4 × 25, the opponent's Mah Jongg)" },
      ],
    });
  });

  it("both hands dead under siamese-mjm: the game ends and that player scores −100", () => {
    let s = killRack(rig({ ruleset: "siamese-mjm", options: enforce, toAct: 0, phase: "draw", discard: "W", east: { pool: "W W W", exposures: [{ rack: 1, tiles: "8D 8D 8D 8D" }] }, west: { pool: "" } }), 0, 0);
    s = play(s, 0, { type: "claim", rack: 1, size: 4, jokers: 0 });
    expect(s.result?.lines).toEqual([{ seat: 0, points: -100, reason: "dead/both", detail: "Both hands dead (−100)" }]);
  });

  it("Mah Jongg in error (siamese): the valid hand is kept, the other is dead, and the player stops", () => {
    let s = rig({ options: enforce, east: { pool: "1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D 5D 7D 7D" }, west: { pool: "" } });
    s = play(s, 0, { type: "mahjong", rack: 0, line: "run-1" });
    s = play(s, 0, { type: "mahjong", rack: 1, line: "kongs-1" });
    expect(s.phase).toBe("discard");
    expect(s.seats[0]!.racks[0]!.mahjong?.void).toBeUndefined();
    expect(s.seats[0]!.racks[1]!.dead).toMatchObject({ reason: "error", line: "kongs-1" });
    s = play(s, 0, { type: "discard", tile: idOf(s, 0, "8B") });
    expect(s.seats[0]!.stopped).toBe(true);
    expect(s.seats[0]!.revealed).toBe(false);
  });

  it("§4 Ruling: a Mah Jongg in error ends the game (siamese-mjm): both hands dead, all shown, −100 and nothing else", () => {
    let s = rig({ ruleset: "siamese-mjm", options: enforce, east: { pool: "2D 2D 2D 3D 3D 3D 4D 4D 4D 5D 5D 7D 7D", exposures: [{ rack: 0, tiles: "1D 1D J" }] }, west: { pool: "1D" }, wall: "S" });
    s = play(s, 0, { type: "mahjong", rack: 0, line: "run-1" });
    const r = mjm.apply(s, 0, { type: "mahjong", rack: 1, line: "kongs-1" });
    if (!r.ok) throw new Error(r.message);
    s = r.state;
    expect(r.events.map((e) => e.type)).toEqual(["mahjong-error", "revealed", "end"]);
    expect(s.phase).toBe("over"); // at once: no wall game follows
    expect(s.seats[0]!.racks.every((x) => x.dead)).toBe(true);
    expect(s.seats[0]!.racks[0]!.mahjong?.void).toBe(true);
    expect(s.seats[0]!.revealed).toBe(true);
    // −100 only: the valid hand is not paid, and no +10 wall payment
    expect(s.result).toEqual({
      reason: "dead",
      totals: [-100, 0],
      lines: [{ seat: 0, points: -100, reason: "dead/both", detail: "Mah Jongg in error: both hands dead (−100)" }],
    });
    expect(mjm.legalMoves(s, 0)).toEqual([]);
    expect(mjm.legalMoves(s, 1)).toEqual([]);
    const view = mjm.viewFor(s, 1) as SiameseView;
    expect(view.seats[0]!.concealed?.length).toBe(s.seats[0]!.pool.length);
  });

  it("§4 Ruling: a Mah Jongg in error ends the game (siamese-mjm), also when the wrong declaration comes first in the turn", () => {
    let s = rig({ ruleset: "siamese-mjm", options: enforce, east: { pool: "1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D 5D 7D 7D" }, west: { pool: "" } });
    s = play(s, 0, { type: "mahjong", rack: 1, line: "kongs-1" });
    expect(s.phase).toBe("discard"); // one declaration in error so far: that hand is dead, the turn goes on
    s = play(s, 0, { type: "mahjong", rack: 0, line: "run-1" });
    expect(s.phase).toBe("over");
    expect(s.seats[0]!.racks[0]!.mahjong?.void).toBe(true);
    expect(s.result?.totals).toEqual([-100, 0]);
  });

  it("§4 Ruling: after a Mah Jongg in error (siamese-mjm) the opponent keeps the Mah Jongg they had already declared", () => {
    // west declared run-1 on turn 3; east now declares a valid run-1 and a wrong kongs-1 in one turn
    let s = rig({ ruleset: "siamese-mjm", options: enforce, turn: 6, east: { pool: "2D 2D 2D 3D 3D 3D 4D 4D 4D 5D 5D 7D 7D", exposures: [{ rack: 0, tiles: "1D 1D J" }] }, west: { pool: "W W", exposures: [{ rack: 0, tiles: "1B 1B 1B" }] } });
    s.seats[1]!.racks[1]!.mahjong = { line: "run-1", value: 25, jokerless: true, turn: 3, tiles: [], groups: [], claimed: null, from: null };
    s = play(s, 0, { type: "mahjong", rack: 0, line: "run-1" });
    s = play(s, 0, { type: "mahjong", rack: 1, line: "kongs-1" });
    expect(s.result).toEqual({
      reason: "dead",
      totals: [-100, 50],
      lines: [
        { seat: 1, points: 50, reason: "mahjong/first", detail: "First Mah Jongg: Pungs, line 1, jokerless (2 × 25)" },
        { seat: 0, points: -100, reason: "dead/both", detail: "Mah Jongg in error: both hands dead (−100)" },
      ],
    });
  });
});

describe("§4 Ruling (both editions): two Mah Jonggs at the same time means declared in the same turn", () => {
  for (const ruleset of ["siamese", "siamese-mjm"] as const) {
    it(`${ruleset}: a Mah Jongg declared and verified on an earlier turn is never voided by a later declaration in error`, () => {
      let s = rig({ ruleset, options: enforce, east: { pool: "1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D 5D 7D 7D" }, west: { pool: "S" }, wall: "N W" });
      s = play(s, 0, { type: "mahjong", rack: 0, line: "run-1" });
      s = play(s, 0, { type: "discard", tile: idOf(s, 0, "8B") });
      s = play(s, 1, { type: "draw" });
      s = play(s, 1, { type: "discard", tile: idOf(s, 1, "S") });
      s = play(s, 0, { type: "draw" });
      // a later turn: the other rack is declared in error
      s = play(s, 0, { type: "mahjong", rack: 1, line: "kongs-1" });
      expect(s.phase).toBe("discard"); // the game goes on: only that hand is dead
      expect(s.seats[0]!.racks[0]!.mahjong?.void).toBeUndefined();
      expect(s.seats[0]!.racks[0]!.dead).toBeNull();
      expect(s.seats[0]!.racks[1]!.dead).toMatchObject({ reason: "error", line: "kongs-1" });
      expect(s.seats[0]!.revealed).toBe(false);
      s = play(s, 0, { type: "discard", tile: idOf(s, 0, "8B") });
      expect(s.seats[0]!.stopped).toBe(true); // one Mah Jongg and a dead hand: that player stops
      // the opponent plays on alone until the wall is empty; the first Mah Jongg is paid
      while (s.phase !== "over") {
        s = play(s, 1, { type: "draw" });
        s = play(s, 1, { type: "discard", tile: s.seats[1]!.drawn! });
      }
      expect(s.result?.lines).toEqual([{ seat: 0, points: 50, reason: "mahjong/first", detail: "First Mah Jongg: Pungs, line 1, jokerless (2 × 25)" }]);
    });
  }
});
