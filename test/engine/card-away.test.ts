import { describe, expect, it } from "vitest";
import { bestTwoHands, builtinCards, exposuresFit, tilesAway, validateCard, type Card, type Group } from "../../worker/engine/card";
import { JOKER, countKinds, formatTiles, parseTile, parseTiles, type Kind } from "../../worker/engine/tiles";

function card(...lines: (string | { text: string; concealed?: boolean })[]): Card {
  const c = validateCard({
    id: "t",
    name: "t",
    lines: lines.map((l, i) => ({ id: `L${i + 1}`, category: "T", value: 25 + i, ...(typeof l === "string" ? { text: l } : l) })),
  });
  if (!c.ok) throw new Error(JSON.stringify(c.problems));
  return c.card;
}
const group = (tile: string, size: number, jokers = 0): Group => ({ kind: parseTile(tile), size, jokers });
const flat = (gs: Group[]): Kind[] => gs.flatMap((g) => [...Array<Kind>(g.size - g.jokers).fill(g.kind), ...Array<Kind>(g.jokers).fill(JOKER)]);
const away = (tiles: string, c: Card, exposures: Group[] = []) =>
  Object.fromEntries(tilesAway(parseTiles(tiles), exposures, c).map((a) => [a.line.id, [a.away, formatTiles(a.needed)]]));
const sample = builtinCards["sample-2026"]!;

describe("tiles away (RULES §2)", () => {
  const c = card("2026a 222b 666c FFFF", "NNNN EEE WWW SSSS", { text: "NN EE WW SS 2026a FF", concealed: true });

  it("counts the tiles still needed, and which", () => {
    expect(away("2B 0 2B 6B 2C 2C 2C 6D 6D 6D F F F", c)["L1"]).toEqual([1, "F"]);
    expect(away("N N N E E E W W W S S S 2B", c)).toMatchObject({ L2: [2, "N S"], L3: [5, "2B 6B 0 F F"] });
  });

  it("jokers count toward groups of 3 or more, never toward singles, pairs or years", () => {
    expect(away("2B 0 2B 6B 2C 2C J 6D 6D J F F F", c)["L1"]).toEqual([1, "F"]);
    expect(away("J 0 2B 6B 2C 2C 2C 6D 6D 6D F F F F", c)["L1"]).toEqual([1, "2B"]);
    expect(away("N N J E E J W W J S S 2B 0", c)["L3"]).toEqual([4, "2B 6B F F"]);
  });

  it("is nearest first, and complete lines come with a 14-tile arrangement, jokerless when possible", () => {
    // A Siamese pool: enough real tiles for L1 and jokers besides; the arrangement should not use them.
    const pool = parseTiles("2B 0 2B 6B 2C 2C 2C 6D 6D 6D F F F F J J J N N E E W W S 5C 7C 9C 1D 2D");
    const [first] = tilesAway(pool, [], c);
    expect(first!.line.id).toBe("L1");
    expect(first!.away).toBe(0);
    expect(first!.arrangement!.every((g) => g.jokers === 0)).toBe(true);
    expect(flat(first!.arrangement!)).toHaveLength(14);
  });

  it("exposures are fixed: their jokers serve no other group, and C lines drop out", () => {
    const pool = "F F F F N N N S S S E E E J";
    expect(away(pool, card("FFFF EEEE NNN SSS"))["L1"]).toEqual([0, ""]);
    expect(away("F F F N N N S S S", card("FFFF EEEE NNN SSS"), [group("E", 4, 1)])["L1"]).toEqual([1, "F"]);
    expect(Object.keys(away("N N N E E E W W W S", c, [group("S", 4)]))).toEqual(["L2"]);
    const done = tilesAway(parseTiles("N N N N E E E W W W"), [group("S", 4, 2)], c)[0]!;
    expect(done.away).toBe(0);
    expect(done.arrangement).toContainEqual(group("S", 4, 2));
  });
});

describe("exposures that still fit (dead hands, RULES §3)", () => {
  it("fits when some exposed-allowed line has those groups", () => {
    expect(exposuresFit([group("N", 4)], sample)).toEqual({ ok: true });
    expect(exposuresFit([], sample)).toEqual({ ok: true });
  });

  it("says in plain words when no line has them", () => {
    expect(exposuresFit([group("7D", 3), group("N", 4)], sample)).toEqual({
      ok: false,
      message: "no line on the card has a pung of 7 Dots together with a kong of North",
    });
    const c = card({ text: "222a 2222b FFFF EEE", concealed: true });
    expect(exposuresFit([group("E", 3)], c)).toEqual({
      ok: false,
      message: "a pung of East is only on concealed (C) lines, which allow nothing exposed before Mah Jongg",
    });
  });
});

describe("best two hands of a Siamese pool (RULES §3)", () => {
  const c = card("2026a 222b 666c FFFF", "NNNN EEE WWW SSSS", "FF RRRR GGGG 0000");

  it("finds both hands when the pool holds two complete ones, using no tile twice", () => {
    const pool = parseTiles("2B 0 2B 6B 2C 2C 2C 6D 6D 6D F F F F N N N N E E E W W W S S S S");
    const best = bestTwoHands(pool, [[], []], c)!;
    expect(best.total).toBe(0);
    expect(best.racks.map((r) => r.line.id).sort()).toEqual(["L1", "L2"]);
    const used = flat([...best.racks[0].arrangement!, ...best.racks[1].arrangement!]);
    expect(countKinds(used)).toEqual(countKinds(pool));
  });

  it("shares tiles: two lines wanting the same tiles cannot both have them", () => {
    // Only four Soaps: L1 needs one, L3 needs four. Both complete alone, together one short.
    const pool = parseTiles("2B 0 2B 6B 2C 2C 2C 6D 6D 6D F F F F F F R R R R G G G G 0 0 0 5B");
    const best = bestTwoHands(pool, [[], []], c)!;
    expect(best.racks.map((r) => r.line.id).sort()).toEqual(["L1", "L3"]);
    expect(best.total).toBe(1);
    expect(best.racks.map((r) => r.away).sort()).toEqual([0, 1]);
  });

  it("keeps each rack's exposures with its own hand", () => {
    const pool = parseTiles("2B 0 2B 6B 2C 2C 2C 6D 6D 6D F F F F N N N N E E E W W W");
    const best = bestTwoHands(pool, [[], [group("S", 4)]], c)!;
    expect(best.total).toBe(0);
    expect(best.racks[1].line.id).toBe("L2");
    expect(best.racks[1].arrangement).toContainEqual(group("S", 4));
    expect(bestTwoHands(pool, [[], [group("7D", 3)]], c)).toBeNull();
  });

  it("a joker in the pool goes where it completes a hand", () => {
    const pool = parseTiles("2B 0 2B 6B 2C 2C 2C 6D 6D 6D F F F F F F R R R R G G G G 0 0 0 J");
    const best = bestTwoHands(pool, [[], []], c)!;
    expect(best.total).toBe(0);
    const soaps = best.racks.find((r) => r.line.id === "L3")!.arrangement!.find((g) => g.kind === parseTile("0"))!;
    expect(soaps).toEqual(group("0", 4, 1));
  });
});
