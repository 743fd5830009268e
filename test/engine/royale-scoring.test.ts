/** RULES §8 (issue 17) Royale scoring and game end, on the fixture card ("run-1" Pungs 25, "kongs-1" Kongs 30, "winds-1" Winds 35). */
import { describe, expect, it } from "vitest";
import type { Seat } from "../../worker/engine/api";
import { kindsOf } from "../../worker/engine/game/physical";
import { JOKER, parseTiles } from "../../worker/engine/tiles";
import type { Declaration, Rack } from "../../worker/engine/variants/siamese/state";
import { royaleEnd, royaleResult, stops, type RoyaleSeat } from "../../worker/engine/variants/royale/scoring";
import { fixtureCard } from "./fixtures/fixture-card";

const kinds = kindsOf("american", 2);
const LINES: Record<string, { value: number; text: string }> = {
  "run-1": { value: 25, text: "1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D 5D" },
  "kongs-1": { value: 30, text: "7D 7D 7D 7D 8D 8D 8D 8D 9D 9D 9D 9D N N" },
  "winds-1": { value: 35, text: "N N N N E E E W W W S S S S" },
};
/** Physical ids from two sets, each taken once, so declared tiles are real tiles of a 304-tile deal. */
const free = new Map<number, number[]>();
kinds.forEach((k, id) => free.set(k, [...(free.get(k) ?? []), id]));
const ids = (text: string) => parseTiles(text).map((k) => free.get(k)!.shift()!);

/** A declared hand written in tile notation ("J" for jokers); jokerless when it has none. */
function mahjong(line: string, tiles: string, turn: number, from: Seat | null = null): Rack {
  const t = ids(tiles);
  const decl: Declaration = { line, value: LINES[line]!.value, jokerless: !t.some((id) => kinds[id] === JOKER), turn, tiles: t, groups: [], claimed: from === null ? null : t[0]!, from };
  return { exposures: [], mahjong: decl, dead: null };
}
const open = (): Rack => ({ exposures: [], mahjong: null, dead: null });
const dead = (turn: number): Rack => ({ exposures: [], mahjong: null, dead: { reason: "exposure", message: "no line on the card has that", turn } });
const seat = (...racks: Rack[]): RoyaleSeat => ({ racks: [...racks, ...Array.from({ length: 4 - racks.length }, open)] });

describe("Royale scoring", () => {
  it("Scoring: the first Mah Jongg scores its card value; the discarder of a claimed Mah Jongg loses 25", () => {
    const r = royaleResult(fixtureCard, [seat(mahjong("run-1", "1D 1D J 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D 5D", 3, 2)), seat(), seat()], "wall");
    expect(r).toEqual({
      reason: "wall",
      totals: [25, 0, -25],
      lines: [
        { seat: 0, points: 25, reason: "mahjong/1", detail: "First Mah Jongg: Pungs, line 1 (1 × 25)" },
        { seat: 2, points: -25, reason: "discarder", detail: "Discard claimed for another player's first Mah Jongg (−25)" },
      ],
    });
  });

  it("Scoring: your k-th Mah Jongg scores k × its card value", () => {
    const r = royaleResult(
      fixtureCard,
      [seat(mahjong("run-1", "1D 1D J 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D 5D", 2), mahjong("kongs-1", "7D 7D 7D J 8D 8D 8D 8D 9D 9D 9D 9D N N", 6), mahjong("winds-1", "N N N J E E E W W W S S S S", 9)), seat()],
      "wall",
    );
    expect(r.lines.map((l) => [l.reason, l.points])).toEqual([["mahjong/1", 25], ["mahjong/2", 60], ["mahjong/3", 105]]);
    expect(r.totals).toEqual([190, 0]);
  });

  it("Scoring: jokerless ×2 again, as in Siamese, plus 25 for a hand made without jokers", () => {
    const r = royaleResult(fixtureCard, [seat(mahjong("kongs-1", "7D 7D 7D J 8D 8D 8D 8D 9D 9D 9D 9D N N", 1), mahjong("run-1", LINES["run-1"]!.text, 5, 1)), seat()], "wall");
    expect(r.lines[1]).toEqual({ seat: 0, points: 125, reason: "mahjong/2", detail: "Second Mah Jongg: Pungs, line 1, jokerless (2 × 2 × 25) + 25" });
    expect(r.lines[2]).toEqual({ seat: 1, points: -25, reason: "discarder", detail: "Discard claimed for another player's second Mah Jongg (−25)" });
    expect(r.totals).toEqual([30 + 125, -25]);
    const first = royaleResult(fixtureCard, [seat(mahjong("run-1", LINES["run-1"]!.text, 1)), seat()], "wall");
    expect(first.lines[0]!.detail).toBe("First Mah Jongg: Pungs, line 1, jokerless (1 × 2 × 25) + 25");
    expect(first.totals).toEqual([75, 0]);
  });

  it("Ruling: Mah Jonggs declared in one turn all count as the last of them (the Siamese Double Mah Jongg on four racks)", () => {
    const r = royaleResult(
      fixtureCard,
      [seat(mahjong("run-1", "1D 1D J 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D 5D", 2), mahjong("kongs-1", "7D 7D 7D J 8D 8D 8D 8D 9D 9D 9D 9D N N", 7), mahjong("winds-1", "N N N J E E E W W W S S S S", 7)), seat()],
      "wall",
    );
    expect(r.lines.map((l) => [l.reason, l.points])).toEqual([["mahjong/1", 25], ["mahjong/3", 90], ["mahjong/3", 105]]);
    expect(r.lines[1]!.detail).toBe("Third Mah Jongg (2 declared in one turn): Kongs, line 1 (3 × 30)");
  });

  it("Scoring: a wall game gives +10 each", () => {
    const r = royaleResult(fixtureCard, [seat(), seat(), seat(), seat()], "wall");
    expect(r.totals).toEqual([10, 10, 10, 10]);
    expect(r.lines[0]).toEqual({ seat: 0, points: 10, reason: "wall", detail: "Wall game (+10)" });
  });

  it("Ruling: it is a wall game only if nobody exposed a Mah Jongg; Mah Jonggs are paid when the wall runs out", () => {
    const r = royaleResult(fixtureCard, [seat(), seat(mahjong("run-1", "1D 1D J 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D 5D", 4)), seat()], "wall");
    expect(r.totals).toEqual([0, 25, 0]);
  });

  it("Ruling: four hands dead scores −4 × the highest Mah Jongg another player had declared by then, else −4 × the lowest card value", () => {
    const r = royaleResult(
      fixtureCard,
      [seat(dead(5), dead(6), dead(7), dead(8)), seat(mahjong("run-1", "1D 1D J 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D 5D", 3)), seat(mahjong("winds-1", "N N N J E E E W W W S S S S", 9))],
      "wall",
    );
    expect(r.lines.find((l) => l.seat === 0)).toEqual({ seat: 0, points: -100, reason: "dead/all", detail: "All four hands dead (−4 × 25, the highest Mah Jongg of another player)" });
    const none = royaleResult(fixtureCard, [seat(dead(1), dead(2), dead(3), dead(4)), seat(), seat()], "wall");
    // the lowest value on the fixture card is 25; the others still get the wall game
    expect(none.totals).toEqual([-100, 10, 10]);
    expect(none.lines[0]!.detail).toBe("All four hands dead (−4 × 25, the lowest value on the card)");
  });

  it("Ruling: an abandon is scored as four dead hands and the abandoner's Mah Jonggs are not paid", () => {
    const r = royaleResult(fixtureCard, [seat(mahjong("kongs-1", "7D 7D 7D J 8D 8D 8D 8D 9D 9D 9D 9D N N", 2)), seat(mahjong("winds-1", "N N N J E E E W W W S S S S", 3, 0))], "abandoned", 0);
    expect(r.lines).toEqual([
      { seat: 1, points: 35, reason: "mahjong/1", detail: "First Mah Jongg: Winds, line 1 (1 × 35)" },
      { seat: 0, points: -25, reason: "discarder", detail: "Discard claimed for another player's first Mah Jongg (−25)" },
      { seat: 0, points: -140, reason: "abandoned", detail: "Abandoned the game, scored as four hands dead (−4 × 35, the highest Mah Jongg of another player)" },
    ]);
  });
});

describe("Royale game end", () => {
  it("End: the game ends when one player has declared all four hands", () => {
    const four = seat(mahjong("run-1", "1D 1D J 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D 5D", 1), mahjong("run-1", "1D 1D J 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D 5D", 2), mahjong("kongs-1", "7D 7D 7D J 8D 8D 8D 8D 9D 9D 9D 9D N N", 3), mahjong("winds-1", "N N N J E E E W W W S S S S", 4));
    expect(royaleEnd([seat(), four, seat()], false)).toEqual({ reason: "mahjong", seat: 1 });
    expect(royaleEnd([seat(), seat(mahjong("run-1", "1D 1D J 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D 5D", 1)), seat()], false)).toBeNull();
  });

  it("End: the game ends when the wall is used up", () => {
    expect(royaleEnd([seat(), seat()], true)).toEqual({ reason: "wall", seat: null });
  });

  it("Ruling: with 2 players four dead hands end the game at once; with 3–4 that player stops and the others play on", () => {
    const gone = seat(dead(1), dead(2), dead(3), dead(4));
    expect(royaleEnd([seat(), gone], false)).toEqual({ reason: "dead", seat: 1 });
    expect(royaleEnd([seat(), gone, seat()], false)).toBeNull();
    expect(stops(gone)).toBe(true);
  });

  it("Ruling: a player whose every hand is declared or dead stops; when nobody can play on the game ends", () => {
    const done = seat(mahjong("run-1", "1D 1D J 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D 5D", 1), dead(2), dead(3), dead(4));
    expect(stops(done)).toBe(true);
    expect(stops(seat(dead(1), dead(2), dead(3)))).toBe(false);
    expect(royaleEnd([done, seat(), seat()], false)).toBeNull();
    expect(royaleEnd([done, seat(dead(1), dead(2), dead(3), dead(4)), done], false)).toEqual({ reason: "dead", seat: null });
  });
});

describe("Royale's rating family (issue 28)", () => {
  it("Rating: Royale is a Siamese game, a field of the ruleset in the rulesets list; no family is guessed from a name", async () => {
    const { rulesets, familyOf } = await import("../../worker/engine/index");
    expect(Object.fromEntries(rulesets.map((r) => [r.id, r.family]))).toEqual({ siamese: "siamese", "siamese-mjm": "siamese", "siamese-wp": "siamese", american: "american", "chinese-ming": "chinese", royale: "siamese" });
    for (const r of rulesets) expect(familyOf(r.id)).toBe(r.family);
    expect(() => familyOf("siamese-deluxe")).toThrow(/unknown ruleset/);
  });
});
