/**
 * RULES §5 Wright-Patterson Siamese, the building blocks a later siamese-wp variant plugs in: the
 * 144-tile set, the hand list as validated data, and the matcher (complete hands, tiles-away with
 * the tiles that would complete them). Racks are written in tile notation (D = Circles).
 */
import { describe, expect, it } from "vitest";
import { parseTile, parseTiles, tileSet, type Kind } from "../../worker/engine/tiles";
import { seedRng, shuffle } from "../../worker/engine/random";
import { formatHandProblem, isOrdinary, LIMIT_POINTS, MIN_SPECIAL, validateHandList, WP_HAND_LIST } from "../../worker/engine/variants/siamese-wp/hands";
import { handHints, matchHands, tilesAway, type WpSet } from "../../worker/engine/variants/siamese-wp/match";
import { bouquets, flowerOf, isWpSet, WP_KINDS, wpTileName } from "../../worker/engine/variants/siamese-wp/tiles";
import listData from "../../worker/engine/variants/siamese-wp/hand-list.json";

const hand = (id: string) => WP_HAND_LIST.hands.find((h) => h.id === id)!;
const rack = (concealed: string, exposed: WpSet[] = []) => ({ concealed: parseTiles(concealed), exposed });
const made = (concealed: string, exposed: WpSet[] = []) => matchHands(WP_HAND_LIST, rack(concealed, exposed)).map((h) => h.id);
const pung = (t: string, concealed = false): WpSet => ({ type: "pung", kind: parseTile(t), concealed });
const kong = (t: string, concealed = false): WpSet => ({ type: "kong", kind: parseTile(t), concealed });
const chow = (t: string): WpSet => ({ type: "chow", kind: parseTile(t) });

describe("§5 Tiles (Ruling): 144 tiles, eight flowers in two colours, no jokers", () => {
  it("three suits 1–9 ×4, four winds ×4, three dragons ×4, four red Flowers and four blue Seasons", () => {
    expect(WP_KINDS).toHaveLength(144);
    expect(isWpSet(WP_KINDS)).toBe(true);
    expect(isWpSet(tileSet("american"))).toBe(false); // 152 tiles with jokers
    expect(isWpSet(WP_KINDS.slice(0, 143))).toBe(false);
    const flowers = WP_KINDS.filter((k) => flowerOf(k));
    expect(flowers.map(wpTileName)).toEqual([
      "Flower 1 (red)", "Flower 2 (red)", "Flower 3 (red)", "Flower 4 (red)",
      "Season 1 (blue)", "Season 2 (blue)", "Season 3 (blue)", "Season 4 (blue)",
    ]);
    expect(wpTileName(parseTile("5B"))).toBe("5 Bamboo");
    expect(wpTileName(parseTile("0"))).toBe("White dragon");
  });

  it("the Bouquet is all four flowers of one colour", () => {
    expect(bouquets(parseTiles("F1r F2r F3r F4r F1g"))).toEqual(["red"]);
    expect(bouquets(parseTiles("F1g F2g F3g F4g F1r F2r F3r F4r"))).toEqual(["red", "blue"]);
    expect(bouquets(parseTiles("F1r F2r F3r F1g"))).toEqual([]);
  });
});

describe("§5 Hands (Ruling): our own hand list, as data with a validator", () => {
  it("the shipped list is valid: the ordinary hand (a Single Limit) and at least 12 special hands, each a Single, Double or Triple Limit", () => {
    expect(validateHandList(listData).ok).toBe(true);
    const ordinary = WP_HAND_LIST.hands.filter(isOrdinary);
    expect(ordinary.map((h) => [h.id, h.limit])).toEqual([["ordinary", "single"]]);
    expect(WP_HAND_LIST.hands.length - 1).toBeGreaterThanOrEqual(MIN_SPECIAL);
    for (const h of WP_HAND_LIST.hands) expect(LIMIT_POINTS[h.limit]).toBeGreaterThan(0);
    expect(LIMIT_POINTS).toEqual({ single: 25, double: 50, triple: 75 });
    // the list says per hand whether it must be concealed
    expect(WP_HAND_LIST.hands.filter((h) => h.concealed).map((h) => h.id)).toEqual(["all-chows", "hidden-pungs", "seven-pairs", "thirteen-orphans", "nine-gates"]);
  });

  const good = () => structuredClone(listData) as { id: string; name: string; hands: Record<string, unknown>[] };
  const problems = (data: unknown) => {
    const r = validateHandList(data);
    return r.ok ? [] : r.problems.map(formatHandProblem);
  };
  const withHand = (change: (h: Record<string, unknown>) => void, index = 1) => {
    const d = good();
    change(d.hands[index]!);
    return problems(d);
  };

  it("messages about the whole list", () => {
    expect(problems("{")[0]).toMatch(/^the hand list is not valid JSON: /);
    expect(problems(JSON.stringify(good()))).toEqual([]);
    expect(problems([])).toEqual(["a hand list is an object with id, name and hands"]);
    expect(problems({ ...good(), id: "" })).toEqual(["the hand list has no id"]);
    expect(problems({ ...good(), name: 3 })).toEqual(["the hand list has no name"]);
    expect(problems({ ...good(), hands: [] })).toEqual(["the hand list has no hands"]);
    const noOrdinary = good();
    noOrdinary.hands.shift();
    expect(problems(noOrdinary)).toEqual(["the hand list needs exactly one ordinary hand (shape sets, any sets, any tiles, nothing else, not concealed); it has 0"]);
    const short = good();
    short.hands = short.hands.slice(0, 12);
    expect(problems(short)).toEqual(["the hand list needs at least 12 special hands beside the ordinary one; it has 11"]);
    expect(withHand((h) => (h.limit = "double"), 0)).toEqual(['hand "ordinary": the ordinary hand is a Single Limit']);
  });

  it("messages about one hand", () => {
    const d = good();
    d.hands[2] = 7 as never;
    expect(problems(d)).toEqual(["hand 3: is not an object with id, name, text, limit, concealed and shape"]);
    expect(withHand((h) => (h.colour = "red"))).toEqual(['hand "all-pungs": has an unknown field "colour"']);
    expect(withHand((h) => delete h.id)).toEqual(["hand 2: has no id"]);
    expect(withHand((h) => (h.id = "ordinary"))).toEqual(['hand "ordinary": has the same id as another hand']);
    expect(withHand((h) => (h.name = " "))).toEqual(['hand "all-pungs": has no name']);
    expect(withHand((h) => delete h.text)).toEqual(['hand "all-pungs": has no text saying the hand in words']);
    expect(withHand((h) => (h.limit = "quadruple"))).toEqual(['hand "all-pungs": limit must be single, double or triple']);
    expect(withHand((h) => (h.concealed = "yes"))).toEqual(['hand "all-pungs": concealed must be true or false']);
    expect(withHand((h) => (h.shape = "knitted"))).toEqual(['hand "all-pungs": shape must be sets, pairs, orphans or gates']);
    expect(withHand((h) => (h.sets = "runs"))).toEqual(['hand "all-pungs": sets must be any, pungs or chows']);
    expect(withHand((h) => (h.tiles = "odd"))).toEqual(['hand "all-pungs": tiles must be any, suits, one-suit, one-suit-honours, honours, simples, ends, ends-honours or even']);
    expect(withHand((h) => (h.kongs = 2))).toEqual(['hand "all-pungs": kongs must be 4 (every set a kong) or left out']);
    expect(withHand((h) => (h.dragonPungs = 4))).toEqual(['hand "all-pungs": dragonPungs must be a whole number from 1 to 3']);
    expect(withHand((h) => (h.windPungs = 0))).toEqual(['hand "all-pungs": windPungs must be a whole number from 1 to 4']);
    expect(withHand((h) => (h.pair = "flower"))).toEqual(['hand "all-pungs": pair must be dragon or wind']);
    const pairs = WP_HAND_LIST.hands.findIndex((h) => h.id === "seven-pairs");
    expect(withHand((h) => (h.sets = "pungs"), pairs)).toEqual(['hand "seven-pairs": has "sets", which only a hand of shape sets takes']);
    const orphans = WP_HAND_LIST.hands.findIndex((h) => h.id === "thirteen-orphans");
    expect(withHand((h) => (h.tiles = "honours"), orphans)).toEqual(['hand "thirteen-orphans": has "tiles", which a hand of shape orphans does not take (its tiles are fixed)']);
    expect(withHand((h) => (h.concealed = false), orphans)).toEqual(['hand "thirteen-orphans": a hand of shape orphans cannot be made with an exposure: it must be concealed']);
    // conditions no fourteen tiles meet
    expect(withHand((h) => ((h.tiles = "honours"), (h.sets = "chows")))).toEqual(['hand "all-pungs": cannot be made: no fourteen tiles meet all its conditions']);
    expect(withHand((h) => ((h.windPungs = 4), (h.dragonPungs = 1)))).toEqual(['hand "all-pungs": cannot be made: no fourteen tiles meet all its conditions']);
    expect(withHand((h) => ((h.tiles = "simples"), (h.pair = "wind")))).toEqual(['hand "all-pungs": cannot be made: no fourteen tiles meet all its conditions']);
  });
});

describe("§5 Hands: the matcher says which hands 14 tiles make", () => {
  it("the ordinary hand: four sets and a pair, chows allowed (a Single Limit)", () => {
    expect(made("1B 2B 3B 4C 5C 6C 7D 8D 9D E E E R R")).toEqual(["ordinary"]);
    expect(made("1B 2B 3B 4C 5C 6C 7D 8D 9D E E E R G")).toEqual([]);
  });

  it("special hands, each from its own rack", () => {
    expect(made("1B 1B 1B 5C 5C 5C 9D 9D 9D E E E R R")).toEqual(["all-pungs", "hidden-pungs", "ordinary"]);
    expect(made("1B 2B 3B 2C 3C 4C 5D 6D 7D 6B 7B 8B 9C 9C")).toEqual(["ordinary", "all-chows"]);
    expect(made("1B 2B 3B 4B 5B 6B 7B 7B 7B E E E R R")).toEqual(["half-flush", "ordinary"]);
    expect(made("1B 2B 3B 4B 5B 6B 7B 7B 7B 8B 8B 8B 9B 9B")).toEqual(["full-flush", "ordinary"]);
    expect(made("E E E S S S R R R G G G 0 0")).toEqual(["all-honours", "all-pungs", "ends-and-honours", "hidden-pungs", "two-dragons", "ordinary"]);
    expect(made("2B 3B 4B 5C 6C 7C 6D 7D 8D 8D 8D 4C 4C 4C")).toEqual(["ordinary", "all-simples"]);
    expect(made("1B 1B 1B 9C 9C 9C 1D 1D 1D 9B 9B 9B N N")).toEqual(["all-pungs", "ends-and-honours", "hidden-pungs", "ordinary"]);
    expect(made("1B 1B 1B 9C 9C 9C 1D 1D 1D 9B 9B 9B 1C 1C")).toEqual(["all-ends", "all-pungs", "ends-and-honours", "hidden-pungs", "ordinary"]);
    expect(made("2B 2B 2B 4C 4C 4C 6D 6D 6D 8B 8B 8B 4D 4D")).toEqual(["all-pungs", "even-pungs", "hidden-pungs", "ordinary", "all-simples"]);
    expect(made("R R R G G G 0 0 0 1B 2B 3B 5C 5C")).toEqual(["three-dragons", "ordinary"]);
    expect(made("R R R G G G 0 0 1B 2B 3B 5C 5C 5C")).toEqual(["two-dragons", "ordinary"]);
    expect(made("E E E S S S W W W N N N 5C 5C")).toEqual(["four-winds", "all-pungs", "half-flush", "hidden-pungs", "ordinary"]);
    expect(made("E E E S S S W W W N N 1B 2B 3B")).toEqual(["half-flush", "three-winds", "ordinary"]);
    expect(made("1B 1B 3C 3C 5D 5D E E R R 9B 9B 7C 7C")).toEqual(["seven-pairs"]);
    expect(made("1B 9B 1C 9C 1D 9D E S W N R G 0 0")).toEqual(["thirteen-orphans"]);
    expect(made("1D 1D 1D 2D 3D 4D 5D 6D 7D 8D 9D 9D 9D 5D")).toEqual(["full-flush", "nine-gates", "ordinary"]);
  });

  it("exposures count as the rack's sets; a claimed set rules out the concealed hands", () => {
    const exposed = [pung("1B"), pung("5C")];
    expect(made("9D 9D 9D E E E R R", exposed)).toEqual(["all-pungs", "ordinary"]);
    expect(tilesAway(hand("hidden-pungs"), rack("9D 9D 9D E E E R R", exposed))).toBeNull();
    expect(made("9D 9D 9D E E E R R", [pung("1B", true), pung("5C", true)])).toContain("hidden-pungs");
    expect(made("7D 8D 9D E E E R R", [chow("1B"), pung("5C")])).toEqual(["ordinary"]);
    expect(tilesAway(hand("all-pungs"), rack("9D 9D 9D E E E R R", [chow("1B"), pung("5C")]))).toBeNull();
  });

  it("four kongs: every set a kong (18 tiles in all)", () => {
    const four = [kong("1B"), kong("5C"), kong("9D"), kong("E", true)];
    expect(made("R R", four)).toEqual(expect.arrayContaining(["four-kongs", "all-pungs", "ordinary"]));
    expect(tilesAway(hand("four-kongs"), rack("R R", [kong("1B"), kong("5C"), kong("9D"), pung("E")]))).toBeNull();
    expect(tilesAway(hand("four-kongs"), rack("E E E R R", [kong("1B"), kong("5C"), kong("9D")]))).toEqual({ away: 1, need: [parseTile("E")], open: 0 });
  });
});

describe("§5 Hints: tiles-away for each hand with the tiles that would complete it", () => {
  it("13 tiles one away: the waiting tiles are named", () => {
    expect(tilesAway(hand("ordinary"), rack("1B 2B 3B 4C 5C 6C 7D 8D 9D E E E R"))).toEqual({ away: 1, need: [parseTile("R")], open: 0 });
    const twoSided = tilesAway(hand("ordinary"), rack("2B 3B 4C 5C 6C 7D 8D 9D E E E R R"))!;
    expect(twoSided.away).toBe(1);
    expect(twoSided.need).toEqual(expect.arrayContaining(parseTiles("1B 4B")));
    expect(tilesAway(hand("thirteen-orphans"), rack("1B 9B 1C 9C 1D 9D E S W N R G 0"))).toEqual({
      away: 1,
      need: parseTiles("1B 9B 1C 9C 1D 9D E S W N R G 0").sort((a, b) => a - b),
      open: 0,
    });
    expect(tilesAway(hand("seven-pairs"), rack("1B 1B 3C 3C 5D 5D E E R R 9B 9B 7C"))).toEqual({ away: 1, need: [parseTile("7C")], open: 0 });
  });

  it("further away: the count of tiles to change, and sets still to find", () => {
    const far = tilesAway(hand("four-winds"), rack("1B 2B 3B 4C 5C 6C 7D 8D 9D E E R R G"))!;
    expect(far.away).toBe(10); // E E and one of the pair stand; 10 tiles to change
    expect(far.need).toEqual(expect.arrayContaining(parseTiles("E S W N")));
    const open = tilesAway(hand("ordinary"), rack("1B 5C 9D E S W N R G 0 2B 6C 3D"))!;
    expect(open.away).toBeGreaterThan(5);
    expect(handHints(WP_HAND_LIST, rack("1B 9B 1C 9C 1D 9D E S W N R G 0"))[0]).toMatchObject({ hand: "thirteen-orphans", away: 1 });
  });

  it("agrees with the matcher: tiles-away is 0 exactly for the hands the rack makes, and adding a needed tile to a 13-tile rack one away completes it", () => {
    const rng = seedRng("wp-hints");
    const plays = Array.from({ length: 34 }, (_, k) => k).flatMap((k) => [k, k, k, k]);
    let checked = 0;
    for (let i = 0; i < 60; i++) {
      const tiles = shuffle(rng, plays).slice(0, 13) as Kind[];
      for (const h of WP_HAND_LIST.hands) {
        const a = tilesAway(h, { concealed: tiles });
        if (!a || a.away !== 1 || a.open > 0) continue;
        for (const k of a.need) {
          if (tiles.filter((t) => t === k).length >= 4) continue;
          expect(tilesAway(h, { concealed: [...tiles, k] })!.away, `${h.id} + ${k}`).toBe(0);
          checked++;
        }
      }
    }
    // and from complete hands, taking one tile away leaves them one away with that tile needed
    const complete = "1B 2B 3B 4C 5C 6C 7D 8D 9D E E E R R";
    for (const t of new Set(parseTiles(complete))) {
      const rest = parseTiles(complete);
      rest.splice(rest.indexOf(t), 1);
      const a = tilesAway(hand("ordinary"), { concealed: rest })!;
      expect(a.away).toBe(1);
      expect(a.need).toContain(t);
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });

  it("figures: hints for the whole list on random 14-tile racks (printed, not asserted)", () => {
    const rng = seedRng("wp-bench");
    const plays = Array.from({ length: 34 }, (_, k) => k).flatMap((k) => [k, k, k, k]);
    const racks = Array.from({ length: 200 }, () => shuffle(rng, plays).slice(0, 14) as Kind[]);
    const t0 = performance.now();
    for (const r of racks) handHints(WP_HAND_LIST, { concealed: r });
    const ms = (performance.now() - t0) / racks.length;
    console.log(`siamese-wp hints: ${ms.toFixed(2)} ms per 14-tile rack for the ${WP_HAND_LIST.hands.length} hands of the list`);
    expect(racks).toHaveLength(200);
  });
});


