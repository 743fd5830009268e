import { describe, expect, it } from "vitest";
import { match, validateCard, type Card, type Group } from "../../worker/engine/card";
import { parseTile, parseTiles } from "../../worker/engine/tiles";

/** A card from lines of notation; ids L1, L2, … */
function card(...texts: string[]): Card {
  const c = validateCard({ id: "t", name: "t", lines: texts.map((text, i) => ({ id: `L${i + 1}`, category: "T", value: 25, text })) });
  if (!c.ok) throw new Error(JSON.stringify(c.problems));
  return c.card;
}
const ids = (tiles: string, c: Card, exposures: Group[] = []) => match(parseTiles(tiles), c, exposures).map((m) => m.line.id);
const group = (tile: string, size: number, jokers = 0): Group => ({ kind: parseTile(tile), size, jokers });

describe("matching a line (RULES §2)", () => {
  const groups = card("N 22a 333a 4444b FFFF", "11111a 222222b EEE");

  it("recognises single, pair, pung, kong, quint and sextet", () => {
    expect(ids("N 2B 2B 3B 3B 3B 4C 4C 4C 4C F F F F", groups)).toEqual(["L1"]);
    expect(ids("1D 1D 1D 1D J 2C 2C 2C 2C J J E E E", groups)).toEqual(["L2"]);
  });

  it("jokers stand in for groups of 3 or more, never for a single or a pair", () => {
    expect(ids("N 2B 2B 3B J J 4C J 4C 4C F F J F", groups)).toEqual(["L1"]);
    expect(ids("J 2B 2B 3B 3B 3B 4C 4C 4C 4C F F F F", groups)).toEqual([]);
    expect(ids("N 2B J 3B 3B 3B 4C 4C 4C 4C F F F F", groups)).toEqual([]);
  });

  it("a year is singles with Soap as zero, and takes no joker", () => {
    const year = card("2026a 2026b NNN EEE");
    expect(ids("2B 0 2B 6B 2C 0 2C 6C N N N E E E", year)).toEqual(["L1"]);
    expect(ids("2B J 2B 6B 2C 0 2C 6C N N N E E E", year)).toEqual([]);
    expect(ids("2B G 2B 6B 2C 0 2C 6C N N N E E E", year)).toEqual([]);
  });

  it("different suit letters are different suits; the same letter is the same suit", () => {
    const suits = card("111a 222b 333c NNNN E", "11a 22a 33a 4444a NNNN");
    expect(ids("1B 1B 1B 2C 2C 2C 3D 3D 3D N N N N E", suits)).toEqual(["L1"]);
    expect(ids("1B 1B 1B 2B 2B 2B 3D 3D 3D N N N N E", suits)).toEqual([]);
    expect(ids("1D 1D 2D 2D 3D 3D 4D 4D 4D 4D N N N N", suits)).toEqual(["L2"]);
    expect(ids("1D 1D 2D 2D 3C 3C 4D 4D 4D 4D N N N N", suits)).toEqual([]);
  });

  it("D is the dragon that matches the suit: Red–Craks, Green–Bams, Soap–Dots", () => {
    const dragons = card("DDDa 111a NNNN EEEE");
    expect(ids("R R R 1C 1C 1C N N N N E E E E", dragons)).toEqual(["L1"]);
    expect(ids("G G G 1B 1B 1B N N N N E E E E", dragons)).toEqual(["L1"]);
    expect(ids("G G G 1C 1C 1C N N N N E E E E", dragons)).toEqual([]);
  });

  it("number letters with offsets make consecutive runs", () => {
    const run = card("nnna (n+1)(n+1)(n+1)a (n+2)(n+2)(n+2)(n+2)a NNNN", "n(n+1)(n+2)(n+3)(n+4)a nnnb (n+4)(n+4)(n+4)c FFF");
    expect(ids("4D 4D 4D 5D 5D 5D 6D 6D 6D 6D N N N N", run)).toEqual(["L1"]);
    expect(ids("7B 7B 7B 8B 8B 8B 9B 9B 9B 9B N N N N", run)).toEqual(["L1"]);
    expect(ids("4D 4D 4D 5D 5D 5D 7D 7D 7D 7D N N N N", run)).toEqual([]);
    expect(ids("3C 4C 5C 6C 7C 3B 3B 3B 7D 7D J F F F", run)).toEqual(["L2"]);
    expect(ids("3C 4C 5C J 7C 3B 3B 3B 7D 7D 7D F F F", run)).toEqual([]);
  });

  it("restrictions: odd, even, a list", () => {
    const odd = card("nnnna nnnnb nnnnc FF ; n odd", "FFFF nnnna nnnb nnnc ; n in 3,6,9");
    expect(ids("3B 3B 3B 3B 3C 3C 3C 3C 3D 3D 3D 3D F F", odd)).toEqual(["L1"]);
    expect(ids("4B 4B 4B 4B 4C 4C 4C 4C 4D 4D 4D 4D F F", odd)).toEqual([]);
    expect(ids("F F F F 6B 6B 6B 6B 6C 6C 6C 6D 6D 6D", odd)).toEqual(["L2"]);
    expect(ids("F F F F 5B 5B 5B 5B 5C 5C 5C 5D 5D 5D", odd)).toEqual([]);
  });

  it("jokerless: no joker in a line that could take one; singles-and-pairs never count", () => {
    const c = card("N 22a 333a 4444b FFFF", "NN EE WW SS 2026a FF");
    const [plain] = match(parseTiles("N 2B 2B 3B 3B 3B 4C 4C 4C 4C F F F F"), c);
    expect(plain!.jokerless).toBe(true);
    expect(match(parseTiles("N 2B 2B 3B 3B J 4C 4C 4C 4C F F F F"), c)[0]!.jokerless).toBe(false);
    const [sp] = match(parseTiles("N N E E W W S S 2C 0 2C 6C F F"), c);
    expect(sp!.line.id).toBe("L2");
    expect(sp!.jokerless).toBe(false);
  });

  it("gives the arrangement as the line's groups", () => {
    const [m] = match(parseTiles("N 2B 2B 3B J 3B 4C 4C J 4C F F F F"), groups);
    expect(m!.arrangement).toEqual([group("N", 1), group("2B", 2), group("3B", 3, 1), group("4C", 4, 1), group("F", 4)]);
  });
});

describe("exposures are fixed (RULES §2, §3)", () => {
  const c = card("222a 2222b FFFF EEE");
  const tiles = "2B 2B 2B 2C 2C 2C 2C F F F F E E E";

  it("an exposed pung fixes its suit for the rest of the line", () => {
    expect(ids(tiles, c)).toEqual(["L1"]);
    expect(ids(tiles, c, [group("2B", 3)])).toEqual(["L1"]);
    // 2 Craks exposed as a pung: the kong of 2 must then be Bams or Dots, and the fourth 2 Crak cannot join it.
    expect(ids(tiles, c, [group("2C", 3)])).toEqual([]);
    expect(ids("2B 2B 2B J 2C 2C 2C F F F F E E E", c, [group("2C", 3)])).toEqual(["L1"]);
  });

  it("an exposure must be a group of the line with the same tile and size", () => {
    expect(ids(tiles, c, [group("2C", 4)])).toEqual(["L1"]);
    expect(ids(tiles, c, [group("E", 3), group("F", 4)])).toEqual(["L1"]);
    expect(ids("2B 2B 2B 2C 2C 2C 2C F F F F E E E", c, [group("F", 3)])).toEqual([]);
  });

  it("a concealed line allows no exposures", () => {
    const cc = validateCard({ id: "c", name: "c", lines: [{ id: "C1", category: "T", value: 50, concealed: true, text: "222a 2222b FFFF EEE" }] });
    if (!cc.ok) throw new Error("bad card");
    expect(ids(tiles, cc.card)).toEqual(["C1"]);
    expect(ids(tiles, cc.card, [group("E", 3)])).toEqual([]);
  });

  it("bad input is refused with a clear error", () => {
    expect(() => match(parseTiles("2B 2B"), c)).toThrow(/14 tiles, got 2/);
    expect(() => match(parseTiles(tiles), c, [group("9D", 3)])).toThrow(/not among the 14/);
    expect(() => match(parseTiles(tiles), c, [group("E", 2, 1)])).toThrow(/cannot hold a joker/);
  });
});
