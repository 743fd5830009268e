/** RULES §7 chinese-ming, one describe per paragraph: seats, the Jong, wall and deal, flowers, play, scoring in play. */
import { describe, expect, it } from "vitest";
import { kindsOf } from "../../worker/engine/game/physical";
import { isFlower, parseTile, parseTiles } from "../../worker/engine/tiles";
import { chineseMing, type ChineseState } from "../../worker/engine/variants/chinese-ming";
import { idOf, kindsHeld, passAll, play, refused, rig } from "./fixtures/chinese-rig";

const KINDS = kindsOf("chinese");
const held = (s: ChineseState, seat: number) => s.hand.seats[seat]!.concealed.length + s.hand.seats[seat]!.melds.length * 3;

describe("§7 Players and money", () => {
  it("four players start with 2,010 points each", () => {
    const s = chineseMing.newGame({}, "players-and-money");
    expect(s.players).toBe(4);
    expect(s.points).toEqual([2010, 2010, 2010, 2010]);
  });
});

describe("§7 Seats", () => {
  it("the Jong is East with flower 1; seats keep their wind and flower when the Jong passes", () => {
    // Seat 1 (South, flower 2) is Jong; a drawn hand scores seat 1's flower 2 as its own, seat 0's flower 1 as its own.
    let s = rig({ jong: 1, toAct: 1, liveTiles: 0, seats: { 0: { flowers: "F1r" }, 1: { flowers: "F2g" } } });
    s = passAll(play(s, 1, { type: "discard", tile: s.hand.seats[1]!.concealed[0]! }));
    const [east, south] = s.hands[0]!.sheets;
    expect(east!.lines.map((l) => l.what)).toContain("own flower (flower 1 red)");
    expect(south!.lines.map((l) => l.what)).toContain("own flower (flower 2 green)");
  });
});

describe("§7 Wall and deal", () => {
  it("144 tiles; the dealer deals 13 to each and a 14th to himself; flowers are laid out", () => {
    const s = chineseMing.newGame({}, "wall-and-deal-1");
    expect(s.hand.jong).toBe(0);
    const dealer = s.hand.dealer!;
    expect(s.hand.toAct).toBe(dealer);
    expect([0, 1, 2, 3].map((seat) => held(s, seat))).toEqual([0, 1, 2, 3].map((seat) => (seat === dealer ? 14 : 13)));
    const all = [...s.hand.wall, ...s.hand.seats.flatMap((p) => [...p.concealed, ...p.flowers])];
    expect(new Set(all).size).toBe(144);
    for (const p of s.hand.seats) expect(p.concealed.some((id) => isFlower(KINDS[id]!))).toBe(false);
  });

  it("the last 14 tiles are never drawn: reaching them makes the hand a draw, and the Jong passes", () => {
    let s = rig({ toAct: 0, liveTiles: 0 });
    s = play(s, 0, { type: "discard", tile: s.hand.seats[0]!.concealed[0]! });
    s = passAll(s);
    expect(s.hands).toHaveLength(1);
    expect(s.hands[0]!.winner).toBeNull();
    expect(s.hand.jong).toBe(1);
    expect(s.hand.number).toBe(1);
  });

  it("one live tile left: the next player still draws it", () => {
    let s = rig({ toAct: 0, liveTiles: 1, wall: "5C" });
    s = passAll(play(s, 0, { type: "discard", tile: s.hand.seats[0]!.concealed[0]! }));
    expect(s.hands).toHaveLength(0);
    expect(s.hand.toAct).toBe(1);
    expect(s.hand.wall.length).toBe(14);
  });

  it("drawn hand (Ruling): everyone scores their tiles without winner-only doubles; differences at single rate", () => {
    let s = rig({ toAct: 0, liveTiles: 0, jong: 0, seats: { 0: { concealed: "1B 1B 1B 2B 3C 4D 5B 6C 7D 8B 9C S W N" }, 2: { melds: "5D 5D 5D" } } });
    s = passAll(play(s, 0, { type: "discard", tile: idOf(s, 0, "N") }));
    const h = s.hands[0]!;
    expect(h.sheets.map((x) => x.score)).toEqual([8, 0, 2, 0]); // natural three of 1 Bamboo: 2 × 4; exposed 5 Circles ½ × 4
    expect(h.sheets[0]!.lines.some((l) => l.what === "the Jong")).toBe(false);
    expect(h.net).toEqual([8 + 6 + 8, -8 - 2, -6 + 2 + 2, -8 - 2]);
    expect(h.net.reduce((a, b) => a + b, 0)).toBe(0);
  });
});

describe("§7 Flowers", () => {
  it("during the deal flowers are replaced from the loose end, dealer first, then to the right", () => {
    const s = chineseMing.newGame({}, "flowers-in-the-deal");
    const r = chineseMing.apply(s, 0, { type: "preference", call: "ask" });
    expect(r.ok).toBe(false); // already "ask": refused, nothing changes
    const flowers = s.hand.seats.reduce((t, p) => t + p.flowers.length, 0);
    expect(s.hand.wall.length).toBe(144 - 53 - flowers);
  });

  it("a flower drawn is laid out and replaced from the loose end", () => {
    let s = rig({ toAct: 0, wall: "F3r", loose: "7B" });
    s = passAll(play(s, 0, { type: "discard", tile: s.hand.seats[0]!.concealed[0]! }));
    expect(s.hand.seats[1]!.flowers.map((id) => KINDS[id])).toEqual([parseTile("F3r")]);
    expect(KINDS[s.hand.seats[1]!.drawn!]).toBe(parseTile("7B"));
    expect(s.hand.lastTile).toBe("loose");
  });
});

describe("§7 Play", () => {
  it("the dealer discards first; with no call the player to the right draws", () => {
    let s = rig({ toAct: 0, wall: "3C" });
    expect(chineseMing.toAct(s)).toEqual([0]);
    s = play(s, 0, { type: "discard", tile: s.hand.seats[0]!.concealed[0]! });
    expect(s.hand.phase).toBe("window");
    expect(chineseMing.toAct(s)).toEqual([1, 2, 3]);
    s = passAll(s);
    expect(s.hand.toAct).toBe(1);
    expect(KINDS[s.hand.seats[1]!.drawn!]).toBe(parseTile("3C"));
  });

  it("no chows: a run of three cannot be claimed (the next player may only take the tile instead of drawing)", () => {
    let s = rig({ toAct: 0, seats: { 0: { concealed: "5B 1C 2C 3C 4C 6C 7C 8C 9C E S W N G" }, 1: { concealed: "4B 6B 1D 2D 3D 4D 5D 6D 7D 8D 9D E S" } } });
    s = play(s, 0, { type: "discard", tile: idOf(s, 0, "5B") });
    expect(chineseMing.legalMoves(s, 1).map((m) => m.type).filter((t) => t !== "preference")).toEqual(["pass", "take"]);
    refused(s, 1, { type: "pung" }, "claim/not-allowed");
  });

  it("pung out of turn: the players between lose their turns; play continues from the punger's right", () => {
    let s = rig({ toAct: 0, seats: { 0: { concealed: "5B 1C 2C 3C 4C 6C 7C 8C 9C E S W N G" }, 2: { concealed: "5B 5B 1D 2D 3D 4D 6D 7D 8D 9D E S W" } } });
    s = play(s, 0, { type: "discard", tile: idOf(s, 0, "5B") });
    s = play(s, 2, { type: "pung" });
    expect(s.hand.phase).toBe("window"); // still open for the others: nothing shows who called
    s = play(s, 1, { type: "pass" });
    s = play(s, 3, { type: "pass" });
    expect(s.hand.toAct).toBe(2);
    expect(s.hand.seats[2]!.melds).toHaveLength(1);
    expect(s.hand.seats[2]!.melds[0]!.natural).toBe(false);
    expect(held(s, 2)).toBe(14);
    s = play(s, 2, { type: "discard", tile: idOf(s, 2, "W") });
    s = passAll(s);
    expect(s.hand.toAct).toBe(3); // seat 1 lost its turn
  });

  it("the window is leak-free: everyone is asked whatever they hold, and answers stay secret until it closes", () => {
    let s = rig({ toAct: 0, seats: { 0: { concealed: "5B 1C 2C 3C 4C 6C 7C 8C 9C E S W N G" }, 2: { concealed: "5B 5B 1D 2D 3D 4D 6D 7D 8D 9D E S W" } } });
    s = play(s, 0, { type: "discard", tile: idOf(s, 0, "5B") });
    s = play(s, 2, { type: "pung" });
    for (const seat of [0, 1, 3, null]) expect(JSON.stringify(chineseMing.viewFor(s, seat))).not.toContain("pung");
    expect((chineseMing.viewFor(s, 1) as { hand: { window: { awaiting: number[] } } }).hand.window.awaiting).toEqual([1, 3]);
  });

  it("call preferences: \"never\" seats are not asked; \"mahjong\" seats are not asked and Woo is called for them", () => {
    let s = rig({ toAct: 0, seats: { 0: { concealed: "5B 1C 2C 3C 4C 6C 7C 8C 9C E S W N G" }, 3: { concealed: "5B 5B 1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D" } } });
    s = play(s, 1, { type: "preference", call: "never" });
    s = play(s, 3, { type: "preference", call: "mahjong" });
    s = play(s, 0, { type: "discard", tile: idOf(s, 0, "5B") });
    expect(chineseMing.toAct(s)).toEqual([2]);
    s = play(s, 2, { type: "pass" });
    expect(s.hands[0]!.winner).toBe(3);
    expect(s.hands[0]!.from).toBe(0);
  });

  it("the pung must be claimed before the next player draws: once the window closes the discard is gone", () => {
    let s = rig({ toAct: 0, seats: { 0: { concealed: "5B 1C 2C 3C 4C 6C 7C 8C 9C E S W N G" }, 2: { concealed: "5B 5B 1D 2D 3D 4D 6D 7D 8D 9D E S W" } } });
    s = passAll(play(s, 0, { type: "discard", tile: idOf(s, 0, "5B") }));
    refused(s, 2, { type: "pung" }, "turn/not-yours");
  });

  it("kong: a claimed kong is exposed and the player draws a replacement from the loose end", () => {
    let s = rig({ toAct: 0, loose: "2C", seats: { 0: { concealed: "9D 1C 3C 4C 5C 6C 7C 8C 9C E S W N G" }, 1: { concealed: "9D 9D 9D 1B 2B 3B 4B 5B 6B 7B 8B E S" } } });
    s = play(s, 0, { type: "discard", tile: idOf(s, 0, "9D") });
    s = passAll(play(s, 1, { type: "kong" }));
    expect(s.hand.seats[1]!.melds[0]!.tiles).toHaveLength(4);
    expect(KINDS[s.hand.seats[1]!.drawn!]).toBe(parseTile("2C"));
    expect(held(s, 1)).toBe(14);
  });

  it("kong: four of a kind built from self-drawn tiles is natural (concealed) and marked so", () => {
    let s = rig({ toAct: 0, loose: "2C", seats: { 0: { concealed: "E E E E 1C 3C 4C 5C 6C 7C 8C 9C W N" } } });
    s = play(s, 0, { type: "kong", kind: parseTile("E") });
    expect(s.hand.seats[0]!.melds[0]).toMatchObject({ kind: parseTile("E"), natural: true, claimed: null });
    expect(KINDS[s.hand.seats[0]!.drawn!]).toBe(parseTile("2C"));
    expect(held(s, 0)).toBe(14);
    const seen = chineseMing.viewFor(s, 1) as { hand: { seats: { melds: { natural: boolean }[] }[] } };
    expect(seen.hand.seats[0]!.melds[0]!.natural).toBe(true);
  });

  it("kong: the fourth tile added to an exposed pung makes an exposed kong", () => {
    let s = rig({ toAct: 0, loose: "2C", seats: { 0: { melds: "7B 7B 7B", concealed: "7B 1C 3C 4C 5C 6C 7C 8C 9C W N" } } });
    s = play(s, 0, { type: "kong", kind: parseTile("7B") });
    expect(s.hand.seats[0]!.melds[0]).toMatchObject({ natural: false });
    expect(s.hand.seats[0]!.melds[0]!.tiles).toHaveLength(4);
    refused(s, 0, { type: "kong", kind: parseTile("5C") }, "kong/tiles-missing");
  });

  it("Woo: all tiles in pungs or kongs plus exactly one pair; winning on the replacement tile doubles", () => {
    let s = rig({ toAct: 0, loose: "9B", seats: { 0: { concealed: "E E E E 1D 1D 1D 5C 5C 5C 9B 9B 2D 2D", flowers: "F1r" } } });
    refused(s, 0, { type: "woo" }, "woo/not-complete");
    s = play(s, 0, { type: "kong", kind: parseTile("E") });
    s = play(s, 0, { type: "woo" });
    const sheet = s.hands[0]!.sheets[0]!;
    expect(sheet.lines.filter((l) => l.doubles).map((l) => l.what)).toEqual([
      "own flower (flower 1 red)", "own wind (East)", "prevailing wind (East)", "the Jong", "moon through the needle (won on the replacement tile)", "concealed hand",
    ]);
    expect(s.hand.jong).toBe(0); // the Jong won: he stays Jong
  });

  it("Woo beats Pung", () => {
    let s = rig({ toAct: 0, seats: { 0: { concealed: "5B 1C 2C 3C 4C 6C 7C 8C 9C E S W N G" }, 1: { concealed: "5B 5B 1C 2C 3C 4C 6C 7C 8C 9C E S W" }, 3: { concealed: "5B 1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D 4D" } } });
    s = play(s, 0, { type: "discard", tile: idOf(s, 0, "5B") });
    s = play(s, 1, { type: "pung" });
    s = play(s, 2, { type: "pass" });
    s = play(s, 3, { type: "woo" });
    expect(s.hands[0]!.winner).toBe(3);
  });

  it("two Woo claims on the same discard go to the one next in turn after the discarder", () => {
    let s = rig({ toAct: 1, seats: { 1: { concealed: "5B 1C 2C 3C 4C 6C 7C 8C 9C E S W N G" }, 0: { concealed: "5B 1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D 4D" }, 3: { concealed: "5B 5B 6B 6B 6B 7B 7B 7B 8B 8B 8B R R" } } });
    s = play(s, 1, { type: "discard", tile: idOf(s, 1, "5B") });
    s = play(s, 0, { type: "woo" });
    s = play(s, 2, { type: "pass" });
    s = play(s, 3, { type: "woo" });
    expect(s.hands[0]!.winner).toBe(3); // seat 3 comes before seat 0 after seat 1
  });

  it("a Woo on a discard: the completed pung counts exposed, the hand still counts as concealed", () => {
    let s = rig({ toAct: 1, seats: { 1: { concealed: "4D 1C 2C 3C 4C 6C 7C 8C 9C E S W N G" }, 2: { concealed: "5B 5B 1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D" } } });
    s = play(s, 1, { type: "discard", tile: idOf(s, 1, "4D") });
    s = play(s, 2, { type: "woo" });
    s = passAll(s);
    const sheet = s.hands[0]!.sheets[2]!;
    expect(sheet.lines.map((l) => l.what)).toContain("exposed pung of 4 Circles");
    expect(sheet.lines.map((l) => l.what)).toContain("concealed hand");
    expect(sheet.lines.map((l) => l.what)).not.toContain("the Jong");
  });

  it("bad input gets a clear error and changes nothing", () => {
    const s = rig({ toAct: 0 });
    refused(s, 1, { type: "discard", tile: s.hand.seats[1]!.concealed[0]! }, "turn/not-yours");
    refused(s, 0, { type: "discard", tile: s.hand.seats[1]!.concealed[0]! }, "discard/not-held");
    refused(s, 0, { type: "chow" }, "move/unknown");
    refused(s, 0, { type: "discard", tile: 1, extra: 1 }, "move/malformed");
    refused(s, 0, { type: "pung" }, "claim/nothing");
    refused(s, 0, { type: "preference", call: "sometimes" }, "preference/unknown");
    refused(s, 7, { type: "woo" }, "seat/unknown");
  });
});

describe("§7 The Jong and settlement in play", () => {
  it("the Jong loses: he pays the winner double; the Jong passes to the right", () => {
    let s = rig({ toAct: 1, jong: 0, seats: { 1: { concealed: "4D 1C 2C 3C 4C 6C 7C 8C 9C E S W N G" }, 2: { concealed: "5B 5B 1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D" } } });
    s = passAll(play(play(s, 1, { type: "discard", tile: idOf(s, 1, "4D") }), 2, { type: "woo" }));
    const h = s.hands[0]!;
    const w = h.sheets[2]!.score;
    expect(h.transfers.filter((t) => t.why === "winner")).toEqual([
      { from: 0, to: 2, points: 2 * w, why: "winner" },
      { from: 1, to: 2, points: w, why: "winner" },
      { from: 3, to: 2, points: w, why: "winner" },
    ]);
    expect(h.net.reduce((a, b) => a + b, 0)).toBe(0);
    expect(s.points.reduce((a, b) => a + b, 0)).toBe(4 * 2010);
    expect(s.hand.jong).toBe(1);
    expect(s.hand.toAct).toBe(s.hand.dealer); // the next hand's dealer, chosen by the new Jong's dice, discards first
  });

  it("the match ends when a player has no points left", () => {
    let s = rig({ toAct: 1, jong: 0, points: [10, 3000, 2500, 2530], seats: { 1: { concealed: "4D 1C 2C 3C 4C 6C 7C 8C 9C E S W N G" }, 2: { concealed: "5B 5B 1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D" } } });
    s = passAll(play(play(s, 1, { type: "discard", tile: idOf(s, 1, "4D") }), 2, { type: "woo" }));
    expect(s.phase).toBe("over");
    expect(s.result!.reason).toBe("match");
    expect(s.result!.totals.reduce((a, b) => a + b, 0)).toBe(0);
    expect(chineseMing.toAct(s)).toEqual([]);
    expect(kindsHeld(s, 0).length).toBeGreaterThan(0);
    expect(parseTiles("4D")).toHaveLength(1);
  });
});
