/**
 * RULES §7 chinese-ming, the rules a referee's review found missing: an exposed pung is not dead,
 * the next player may take the last discard instead of drawing, and the Jong's dice choose the
 * dealer of each hand. Positions in tile notation (D = Circles, B = Bamboo, C = Characters).
 */
import { describe, expect, it } from "vitest";
import { describeEvent, paceOf, verify, viewEvent } from "../../worker/engine/index";
import { kindsOf } from "../../worker/engine/game/physical";
import { parseTile } from "../../worker/engine/tiles";
import { chineseMing, type ChineseState } from "../../worker/engine/variants/chinese-ming";
import { dealerOf, dealHand } from "../../worker/engine/variants/chinese-ming/deal";
import { seedRng } from "../../worker/engine/random";
import type { GameEvent } from "../../worker/engine/api";
import { simulateMatch } from "../../worker/engine/variants/chinese-ming/simulated";
import { idOf, passAll, play, refused, rig } from "./fixtures/chinese-rig";

const KINDS = kindsOf("chinese");
const NAMES = ["Ann", "Bo", "Cy", "Di"];
const held = (s: ChineseState, seat: number) => s.hand.seats[seat]!.concealed.length + s.hand.seats[seat]!.melds.length * 3;
const calls = (s: ChineseState, seat: number) => chineseMing.legalMoves(s, seat).map((m) => m.type).filter((t) => t !== "preference");
const applied = (s: ChineseState, seat: number, move: { type: string }) => {
  const r = chineseMing.apply(s, seat, move);
  if (!r.ok) throw new Error(r.message);
  return r;
};

describe("§7 Pung: an exposed pung is not dead", () => {
  const position = (liveTiles?: number) =>
    rig({
      toAct: 0,
      loose: "2C",
      ...(liveTiles === undefined ? {} : { liveTiles }),
      seats: { 0: { concealed: "6D 1C 3C 4C 5C 7C 8C 9C E S W N G R" }, 2: { melds: "6D 6D 6D", concealed: "1B 2B 3B 4B 5B 7B 8B 9B 1D 2D" } },
    });

  it("with an exposed pung of 6 Circles, the fourth 6 Circles discarded is offered as a kong", () => {
    const s = play(position(), 0, { type: "discard", tile: idOf(position(), 0, "6D") });
    expect(calls(s, 2)).toEqual(["pass", "kong"]); // no pung: the three are on the table
    expect(calls(s, 1)).toEqual(["pass", "take"]);
    expect(calls(s, 3)).toEqual(["pass"]);
    expect(refused(s, 3, { type: "kong" }, "claim/not-allowed")).toBe("you need three 6 Circles concealed, or an exposed pung of it, to kong that discard");
    refused(s, 2, { type: "kong", kind: parseTile("6D") }, "move/malformed");
  });

  it("the kong is applied: the players between lose their turns and the punger draws a replacement from the loose end", () => {
    let s = play(position(), 0, { type: "discard", tile: idOf(position(), 0, "6D") });
    s = play(s, 2, { type: "kong" });
    s = play(s, 1, { type: "pass" });
    const r = applied(s, 3, { type: "pass" });
    s = r.state;
    const kong = r.events.find((e) => e.type === "kong")!;
    expect(describeEvent(kong, NAMES, "chinese-ming")).toBe("Cy konged Ann's 6 Circles onto their exposed pung");
    const meld = s.hand.seats[2]!.melds[0]!;
    expect(meld.tiles.map((id) => KINDS[id])).toEqual([6, 6, 6, 6].map(() => parseTile("6D")));
    expect(meld.natural).toBe(false);
    expect(s.hand.seats[2]!.melds).toHaveLength(1);
    expect(s.hand.toAct).toBe(2);
    expect(KINDS[s.hand.seats[2]!.drawn!]).toBe(parseTile("2C"));
    expect(s.hand.lastTile).toBe("loose");
    expect(held(s, 2)).toBe(14);
    expect(s.hand.discards.some((d) => KINDS[d.tile] === parseTile("6D"))).toBe(false);
  });

  it("the kong is scored as an exposed kong (low: 2 counters)", () => {
    let s = position(1);
    s = passAll(play(play(s, 0, { type: "discard", tile: idOf(s, 0, "6D") }), 2, { type: "kong" }));
    // the replacement came from the loose end: play has reached the dead wall, so the next draw ends the hand
    s = passAll(play(s, 2, { type: "discard", tile: idOf(s, 2, "1B") }));
    const sheet = s.hands[0]!.sheets[2]!;
    expect(sheet.lines).toContainEqual({ what: "exposed kong of 6 Circles", points: 2, doubles: 0 });
  });
});

describe("§7 Play: the next player may take the last discard instead of drawing", () => {
  const position = () =>
    rig({
      toAct: 0,
      wall: "3C",
      seats: { 0: { concealed: "5B 1C 2C 3C 4C 6C 7C 8C 9C E S W N G" }, 1: { concealed: "1D 2D 3D 4D 6D 7D 8D 9D E S W N R" } },
    });

  it("only the next player is offered to take, without holding a pair (or even one) of the tile", () => {
    let s = position();
    s = play(s, 0, { type: "discard", tile: idOf(s, 0, "5B") });
    expect(calls(s, 1)).toEqual(["pass", "take"]);
    expect(calls(s, 2)).toEqual(["pass"]);
    expect(refused(s, 2, { type: "take" }, "claim/not-allowed")).toBe("only the next player in turn may take the last discard instead of drawing");
    refused(position(), 0, { type: "take" }, "claim/nothing");
  });

  it("applied: the discard goes into the concealed hand as the tile drawn; nothing is drawn from the wall", () => {
    let s = position();
    s = play(s, 0, { type: "discard", tile: idOf(s, 0, "5B") });
    const wall = s.hand.wall.length;
    const tile = s.hand.window!.tile;
    s = play(s, 1, { type: "take" });
    // the answer stays secret while the window is open
    for (const seat of [0, 2, 3, null]) expect(JSON.stringify(chineseMing.viewFor(s, seat))).not.toContain("take");
    s = play(s, 2, { type: "pass" });
    const r = applied(s, 3, { type: "pass" });
    s = r.state;
    expect(s.hand.toAct).toBe(1);
    expect(s.hand.phase).toBe("discard");
    expect(s.hand.seats[1]!.drawn).toBe(tile);
    expect(s.hand.seats[1]!.concealed).toContain(tile);
    expect(s.hand.lastTile).toBe("taken");
    expect(s.hand.wall.length).toBe(wall);
    expect(s.hand.discards).toEqual([]);
    expect(held(s, 1)).toBe(14);
    const take = r.events.find((e) => e.type === "take")!;
    expect(take).toMatchObject({ seat: 1, from: 0, tile: { id: tile } });
    for (const viewer of [0, 1, 2, 3, null]) expect(describeEvent(viewEvent(take, viewer), NAMES, "chinese-ming")).toBe("Bo took Ann's 5 Bamboo instead of drawing");
    // views: the taker sees the tile as their drawn tile; the others see only 14 tiles held
    const mine = chineseMing.viewFor(s, 1) as { hand: { seats: { drawn: { id: number } | null; concealedCount: number }[] } };
    expect(mine.hand.seats[1]!.drawn?.id).toBe(tile);
    const theirs = chineseMing.viewFor(s, 2) as typeof mine;
    expect(theirs.hand.seats[1]!.drawn).toBeNull();
    expect(theirs.hand.seats[1]!.concealedCount).toBe(14);
    expect(calls(s, 1)).toContain("discard");
  });

  it("a pung, a kong or a Woo of another player beats the take", () => {
    let s = rig({ toAct: 0, seats: { 0: { concealed: "5B 1C 2C 3C 4C 6C 7C 8C 9C E S W N G" }, 2: { concealed: "5B 5B 1D 2D 3D 4D 6D 7D 8D 9D E S W" } } });
    s = play(s, 0, { type: "discard", tile: idOf(s, 0, "5B") });
    s = play(play(play(s, 1, { type: "take" }), 2, { type: "pung" }), 3, { type: "pass" });
    expect(s.hand.toAct).toBe(2);
    expect(s.hand.seats[2]!.melds).toHaveLength(1);
    expect(held(s, 1)).toBe(13);
  });

  it("Ruling: the taken tile counts as drawn: the set made with it stays natural and the Woo is on one's own tile", () => {
    let s = rig({ toAct: 0, seats: { 0: { concealed: "5B 1C 2C 3C 4C 6C 7C 8C 9C E S W N G" }, 1: { concealed: "5B 5B 1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D" } } });
    s = play(s, 0, { type: "discard", tile: idOf(s, 0, "5B") });
    expect(calls(s, 1)).toEqual(["pass", "woo", "pung", "take"]);
    s = passAll(play(s, 1, { type: "take" }));
    const r = applied(s, 1, { type: "woo" });
    expect(describeEvent(r.events[0]!, NAMES, "chinese-ming")).toBe("Bo went Woo on their own tile (the discard they took, which counts as drawn)");
    const h = r.state.hands[0]!;
    expect(h).toMatchObject({ winner: 1, from: null });
    const what = h.sheets[1]!.lines.map((l) => l.what);
    expect(what).toContain("natural pung of 5 Bamboo");
    expect(what).toContain("concealed hand");
    // Called as a Woo on the discard instead, the same pung counts as exposed.
    let t = rig({ toAct: 0, seats: { 0: { concealed: "5B 1C 2C 3C 4C 6C 7C 8C 9C E S W N G" }, 1: { concealed: "5B 5B 1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D" } } });
    t = passAll(play(play(t, 0, { type: "discard", tile: idOf(t, 0, "5B") }), 1, { type: "woo" }));
    expect(t.hands[0]!.sheets[1]!.lines.map((l) => l.what)).toContain("exposed pung of 5 Bamboo");
  });

  it("timeouts are unaffected: a silent next player passes and draws; after a take the timeout discards the taken tile", () => {
    let s = position();
    s = play(s, 0, { type: "discard", tile: idOf(s, 0, "5B") });
    const closed = chineseMing.closeWindow(s);
    if (!closed.ok) throw new Error(closed.message);
    expect(closed.state.hand.seats[1]!.drawn).not.toBe(s.hand.window!.tile);
    expect(KINDS[closed.state.hand.seats[1]!.drawn!]).toBe(parseTile("3C"));
    let t = passAll(play(s, 1, { type: "take" }));
    const tile = t.hand.seats[1]!.drawn!;
    const r = chineseMing.timeout(t, 1);
    if (!r.ok) throw new Error(r.message);
    t = r.state;
    expect(t.hand.discards.at(-1)).toEqual({ seat: 1, tile });
  });

  it("a take gives a fresh clock: the next turn's pace key differs from every earlier one", () => {
    let s = position();
    const keys = [paceOf(s).key];
    s = play(s, 0, { type: "discard", tile: idOf(s, 0, "5B") });
    keys.push(paceOf(s).key);
    s = passAll(play(s, 1, { type: "take" }));
    expect(keys).not.toContain(paceOf(s).key);
  });

  it("once play has reached the dead wall the discard can no longer be taken (the hand is a draw)", () => {
    let s = rig({ toAct: 0, liveTiles: 0 });
    s = play(s, 0, { type: "discard", tile: s.hand.seats[0]!.concealed[0]! });
    expect(calls(s, 1)).toEqual(["pass"]);
    expect(refused(s, 1, { type: "take" }, "claim/not-allowed")).toMatch(/dead wall/);
  });
});

describe("§7 Wall and deal: the Jong's dice choose the dealer of each hand", () => {
  it("the Jong rolls two dice and counts that many seats to the right, starting with himself", () => {
    expect(dealerOf(0, [1, 1])).toBe(1);
    expect(dealerOf(0, [2, 2])).toBe(3);
    expect(dealerOf(0, [3, 2])).toBe(0);
    expect(dealerOf(2, [6, 6])).toBe(1);
    expect(dealerOf(3, [1, 2])).toBe(1);
  });

  it("the dealer takes the 14th tile and discards first; the dice come from the seeded generator", () => {
    const dealers = new Set<number>();
    for (let g = 0; g < 16; g++) {
      const s = chineseMing.newGame({}, `dealer-dice-${g}`);
      const dealer = dealerOf(s.hand.jong, s.hand.dice);
      dealers.add(dealer);
      expect(s.hand.dealer).toBe(dealer);
      expect(chineseMing.toAct(s)).toEqual([dealer]);
      expect([0, 1, 2, 3].map((seat) => held(s, seat))).toEqual([0, 1, 2, 3].map((seat) => (seat === dealer ? 14 : 13)));
      expect(chineseMing.newGame({}, `dealer-dice-${g}`)).toEqual(s); // the same seed, the same dice
      const view = chineseMing.viewFor(s, 0) as { hand: { dealer: number; jong: number } };
      expect(view.hand).toMatchObject({ dealer, jong: 0 });
    }
    expect(dealers.size).toBeGreaterThan(1); // not always the Jong
  });

  it("the hand's event says who rolled what and who deals", () => {
    const events: GameEvent[] = [];
    const hand = dealHand(seedRng("dealer-words"), 0, 1, 0, events);
    const e = events.find((x) => x.type === "hand")!;
    expect(e).toMatchObject({ jong: 1, dealer: hand.dealer, dice: hand.dice });
    const [a, b] = hand.dice;
    expect(describeEvent(e, NAMES, "chinese-ming")).toBe(`Hand 1: Bo is the Jong, East prevailing; the Jong rolled ${a} + ${b}: ${NAMES[hand.dealer!]} deals`);
  });

  it("each new hand is dealt by the seat the new Jong's dice choose", () => {
    let s = rig({ toAct: 0, liveTiles: 0, jong: 0 });
    s = passAll(play(s, 0, { type: "discard", tile: s.hand.seats[0]!.concealed[0]! }));
    expect(s.hands).toHaveLength(1);
    expect(s.hand.jong).toBe(1);
    const dealer = dealerOf(1, s.hand.dice);
    expect(s.hand.dealer).toBe(dealer);
    expect(s.hand.toAct).toBe(dealer);
    expect(held(s, dealer)).toBe(14);
  });

  it("records replay identically (verify), dealers chosen by the dice included", () => {
    for (const seed of ["dealer-replay-1", "dealer-replay-2"]) {
      const { state, record } = simulateMatch(seed, { timeoutEvery: 11 });
      expect(state.hands.length).toBeGreaterThan(1);
      const v = verify(record);
      expect(v.ok).toBe(true);
      if (v.ok) {
        expect(v.result).toEqual(state.result);
        expect((v.state as ChineseState).hands).toEqual(state.hands);
      }
    }
  });
});
