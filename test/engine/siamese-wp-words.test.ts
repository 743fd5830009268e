/**
 * RULES §5 Tiles, in words: a Wright-Patterson game names its tiles in its own set's words
 * (Bamboo, Characters, Circles; winds; Red, Green and White dragons; Flowers 1–4 red and Seasons
 * 1–4 blue), in the game log and at the table (the WP pages' tile words), never in the American
 * set's (Bams, Craks, Dots, Soap); the other rulesets keep theirs.
 */
import { describe, expect, it } from "vitest";
import { describeEvent } from "../../worker/engine/describe";
import { chineseFlower, dragonKind, parseTile, windKind, type Kind } from "../../worker/engine/tiles";
import { WP_KINDS } from "../../worker/engine/variants/siamese-wp/tiles";
import { WP_WORDS } from "../../web/src/rulesets/siamese-wp/tile-words";
import { AMERICAN_WORDS } from "../../web/src/components/tile-words";
import { moveLabel, groupName } from "../../web/src/table/words";

const ref = (kind: Kind) => ({ id: WP_KINDS.indexOf(kind), kind });
const names = ["Ann", "Bob"];

describe("§5 Tiles: the Wright-Patterson set's words", () => {
  it("the game log names discards, claims and flowers in WP words; other rulesets keep theirs", () => {
    const discard = { type: "discard", seat: 0, tile: ref(parseTile("5C")) };
    expect(describeEvent(discard, names, "siamese-wp")).toBe("Ann discarded 5 Characters");
    expect(describeEvent({ type: "discard", seat: 1, tile: ref(dragonKind("0")) }, names, "siamese-wp")).toBe("Bob discarded White dragon");
    expect(describeEvent({ type: "claim", seat: 1, rack: 0, set: "pung", tile: ref(parseTile("7D")) }, names, "siamese-wp")).toBe("Bob claimed 7 Circles for a pung on rack 1");
    expect(describeEvent({ type: "flower", seat: 0, tile: ref(chineseFlower(3, "g")) }, names, "siamese-wp")).toBe("Ann laid out Season 3 (blue) and takes a replacement");
    expect(describeEvent({ type: "flower", seat: 0, tile: ref(chineseFlower(2, "r")) }, names, "siamese-wp")).toBe("Ann laid out Flower 2 (red) and takes a replacement");
    const end = { type: "end", seat: null, result: { reason: "mahjong", totals: [25, -25] } };
    expect(describeEvent(end, names, "siamese-wp")).toBe("The match ended (every game is played): Ann +25, Bob -25");
    // unchanged elsewhere
    expect(describeEvent(end, names, "siamese")).toBe("The game ended (a second Mah Jongg): Ann +25, Bob -25");
    expect(describeEvent(discard, names, "siamese")).toBe("Ann discarded 5 Craks");
    expect(describeEvent(discard, names, "chinese-ming")).toBe("Ann discarded 5 Characters");
    expect(describeEvent({ type: "flower", seat: 0, tile: ref(chineseFlower(3, "g")) }, names, "chinese-ming")).not.toMatch(/Season/);
  });

  it("the WP table's words: names on tiles and buttons, faces with Flowers red and Seasons blue; the American words unchanged", () => {
    const k = parseTile("5C");
    expect(WP_WORDS.label(k)).toBe("5 Characters");
    expect(WP_WORDS.name(parseTile("1B"))).toBe("1 Bamboo");
    expect(WP_WORDS.name(parseTile("9D"))).toBe("9 Circles");
    expect(WP_WORDS.name(windKind("E"))).toBe("East");
    expect(WP_WORDS.name(dragonKind("0"))).toBe("White dragon");
    expect(WP_WORDS.face(chineseFlower(4, "g"))).toEqual({ big: "4", small: "Season", tone: "flower-blue" });
    expect(WP_WORDS.face(chineseFlower(1, "r"))).toEqual({ big: "1", small: "Flower", tone: "flower-red" });
    expect(WP_WORDS.face(dragonKind("0")).small).toBe("White");
    expect(AMERICAN_WORDS.label(k)).toBe("5 Crak");
    expect(AMERICAN_WORDS.name(k)).toBe("5 Craks");
    expect(AMERICAN_WORDS.face(dragonKind("0")).small).toBe("Soap");
    for (let kind = 0; kind < 34; kind++) expect(WP_WORDS.name(kind)).not.toMatch(/\b(Bams?|Craks?|Dots?|Soap)\b/);
  });

  it("the shared table's move words take the table's tile words: \"Discard 5 Characters\", the American words by default", () => {
    const t = { claimable: { seat: 1, tile: ref(parseTile("7D")) }, seats: [{ pool: [ref(parseTile("5C"))], racks: [] }, { racks: [] }], turn: 3 } as never;
    const who = (s: number) => names[s]!;
    const line = (id: string) => id;
    expect(moveLabel({ type: "discard", tile: WP_KINDS.indexOf(parseTile("5C")) }, t, 0, who, line, WP_WORDS.name)).toBe("Discard 5 Characters");
    expect(moveLabel({ type: "discard", tile: WP_KINDS.indexOf(parseTile("5C")) }, t, 0, who, line)).toBe("Discard 5 Craks");
    expect(moveLabel({ type: "claim", rack: 1, set: "kong" }, t, 0, who, line, WP_WORDS.name)).toBe("Claim 7 Circles for a kong on rack 2");
    expect(moveLabel({ type: "chow", rack: 0 }, t, 0, who, line, WP_WORDS.name)).toBe("Claim 7 Circles for a chow on rack 1 and go Mah Jongg");
    expect(groupName(3, dragonKind("0"), WP_WORDS.name)).toBe("pung of White dragon");
    expect(groupName(3, dragonKind("0"))).toBe("pung of Soap");
  });
});
