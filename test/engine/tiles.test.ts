import { describe, expect, it } from "vitest";
import {
  FLOWER,
  JOKER,
  KIND_COUNT,
  countKinds,
  dragonKind,
  formatTiles,
  matchingDragon,
  parseTile,
  parseTiles,
  tileCode,
  tileName,
  tileSet,
  tileSets,
} from "../../worker/engine/tiles";

describe("tiles (RULES §1)", () => {
  it("every kind's code parses back to the same kind", () => {
    for (let k = 0; k < KIND_COUNT; k++) expect(parseTile(tileCode(k))).toBe(k);
  });

  it("notation round-trips and is case-insensitive; Wh is Soap", () => {
    const text = "1B 9B 5C 7D N E W S R G 0 F J F1r F4g";
    expect(formatTiles(parseTiles(text))).toBe(text);
    expect(formatTiles(parseTiles("1b 7d n wh f2G"))).toBe("1B 7D N 0 F2g");
  });

  it("a bad token is refused with a clear error", () => {
    expect(() => parseTiles("1B 10B")).toThrow(/"10B" is not a tile/);
  });

  it("the American set has 152 tiles: 108 suited, 16 winds, 12 dragons, 8 flowers, 8 jokers", () => {
    const set = tileSet("american");
    expect(set).toHaveLength(152);
    const c = countKinds(set);
    for (let k = 0; k < 34; k++) expect(c[k]).toBe(4);
    expect(c[FLOWER]).toBe(8);
    expect(c[JOKER]).toBe(8);
  });

  it("the Chinese set has 144 tiles, 8 numbered flowers and no jokers", () => {
    const c = countKinds(tileSet("chinese"));
    expect(tileSet("chinese")).toHaveLength(144);
    expect(c[JOKER]).toBe(0);
    expect(c.slice(36).every((n) => n === 1)).toBe(true);
    expect(tileSets("american", 2)).toHaveLength(304);
  });

  it("dragons go with suits: Green–Bams, Red–Craks, Soap–Dots", () => {
    expect([0, 1, 2].map(matchingDragon)).toEqual([dragonKind("G"), dragonKind("R"), dragonKind("0")]);
    expect(parseTiles("7D N 0 J").map((k) => tileName(k))).toEqual(["7 Dots", "North", "Soap", "joker"]);
  });

  it("tiles are named in their set's words: Bams, Craks, Dots and Soap for the American set; Bamboo, Characters, Circles and White dragon for the Chinese", () => {
    const tiles = parseTiles("5B 1C 7D N R 0 F F4g F2r J");
    expect(tiles.map((k) => tileName(k))).toEqual(["5 Bams", "1 Craks", "7 Dots", "North", "Red dragon", "Soap", "flower", "flower 4 (green)", "flower 2 (red)", "joker"]);
    expect(tiles.map((k) => tileName(k, "american"))).toEqual(tiles.map((k) => tileName(k)));
    expect(parseTiles("5B 1C 7D N R 0 F4g F2r").map((k) => tileName(k, "chinese"))).toEqual([
      "5 Bamboo", "1 Characters", "7 Circles", "North", "Red dragon", "White dragon", "flower 4 green", "flower 2 red",
    ]);
  });
});
