/**
 * RULES §5 Wright-Patterson Siamese, the edition's own parts that the Siamese factory takes as an
 * edition record's parts: the deal with the flower wall, what a hand is and its value, chows
 * claimed only for Mah Jongg, dead hands and their penalty, payout option 2 with the pot carried
 * through a match, hints per rack, and the hand list as view data. Positions in tile notation.
 */
import { describe, expect, it } from "vitest";
import { isFlower, parseTile, parseTiles, windKind, type Kind } from "../../worker/engine/tiles";
import { nextInt, seedRng, shuffle } from "../../worker/engine/random";
import { dealerOf, dealWp, drawReplacement, drawTile, FLOWER_WALL, prevailingWind, rackWinds, receive, wallUsedUp, type Replacement, type WpDealSeat } from "../../worker/engine/variants/siamese-wp/deal";
import { chowClaimAllowed, claimsAllowed, deadPenalty, deadReason, handValue, isMahJongg } from "../../worker/engine/variants/siamese-wp/mahjong";
import { bouquetLines, newMatch, scoreWp, type WpMatch, type WpOutcome } from "../../worker/engine/variants/siamese-wp/scoring";
import { hintsWp, nearestHands } from "../../worker/engine/variants/siamese-wp/hints";
import { EXAMPLES, handListView } from "../../worker/engine/variants/siamese-wp/list-view";
import { matchHands, tilesAway, type WpSet } from "../../worker/engine/variants/siamese-wp/match";
import { WP_HAND_LIST } from "../../worker/engine/variants/siamese-wp/hands";
import { WP_KINDS } from "../../worker/engine/variants/siamese-wp/tiles";

const T = parseTiles;
const pung = (t: string, concealed = false): WpSet => ({ type: "pung", kind: parseTile(t), concealed });
const kong = (t: string, concealed = false): WpSet => ({ type: "kong", kind: parseTile(t), concealed });
const chow = (t: string): WpSet => ({ type: "chow", kind: parseTile(t) });
const kindsOf = (ids: readonly number[]) => ids.map((id) => WP_KINDS[id]!);

describe("§5 Deal and flowers", () => {
  it("144 tiles, no jokers: dealt to 28 (dealer) and 27, flowers laid out and out of the hands, every tile accounted for", () => {
    for (let g = 0; g < 30; g++) {
      const d = dealWp(`deal:${g}`, g % 2);
      const [dealer, other] = [d.seats[d.dealer]!, d.seats[1 - d.dealer]!];
      expect(dealer.pool).toHaveLength(28);
      expect(other.pool).toHaveLength(27);
      for (const s of d.seats) {
        expect(kindsOf(s.pool).some(isFlower)).toBe(false);
        expect(kindsOf(s.flowers).every(isFlower)).toBe(true);
      }
      const all = [...d.seats.flatMap((s) => [...s.pool, ...s.flowers]), ...d.wall, ...d.flowerWall];
      expect(new Set(all).size).toBe(144);
      expect(all).toHaveLength(144);
      expect(d.replacements).toHaveLength(d.seats[0]!.flowers.length + d.seats[1]!.flowers.length);
      expect(dealer.drawn).not.toBeNull();
      expect(dealer.pool).toContain(dealer.drawn);
      expect(other.drawn).toBeNull();
    }
  });

  it("the wall is broken with the die; the last 16 tiles are the flower wall; four at a time, dealer first, until 24, then 4 and 3", () => {
    const seed = "deal-order";
    const d = dealWp(seed, 1);
    // replay the shuffle and the break
    const rng = seedRng(seed);
    let all = shuffle(rng, WP_KINDS.map((_, id) => id));
    const die = nextInt(rng, 6) + 1;
    expect(d.die).toBe(die);
    all = [...all.slice(die * 2), ...all.slice(0, die * 2)];
    const flowerWall = all.slice(144 - FLOWER_WALL).reverse();
    const live = all.slice(0, 144 - FLOWER_WALL);
    const dealt = [[], []] as number[][];
    let at = 0;
    for (let r = 0; r < 6; r++) for (const s of [1, 0]) dealt[s]!.push(...live.slice(at, (at += 4)));
    dealt[1]!.push(...live.slice(at, (at += 4)));
    dealt[0]!.push(...live.slice(at, (at += 3)));
    // every dealt tile that is no flower is in the pool; the live wall continues after the 55 dealt
    for (const s of [0, 1]) for (const id of dealt[s]!) expect(isFlower(WP_KINDS[id]!) ? d.seats[s]!.flowers : d.seats[s]!.pool).toContain(id);
    const used = d.replacements.filter((r) => r.from === "flower-wall").length;
    expect(d.flowerWall).toEqual(flowerWall.slice(used));
    expect(d.wall[0]).toBe(live[55]);
    // the dealer lays out and replaces first, then the opponent
    const firstOther = d.replacements.findIndex((r) => r.seat === 0);
    if (firstOther >= 0) expect(d.replacements.slice(firstOther).every((r) => r.seat === 0)).toBe(true);
  });

  it("replacements come from the flower wall (its last tile first), then from the end of the wall; a flower drawn as a replacement is laid out and replaced at once", () => {
    // ids 136.. are the flowers; 0..135 four of each playing kind (0–3 are 1B)
    const walls = { wall: [10, 20, 30, 40], flowerWall: [136, 50] };
    const seat: WpDealSeat = { pool: [], flowers: [], drawn: null };
    const log: Replacement[] = [];
    expect(receive(seat, 0, 137, walls, log)).toBe(50); // 137 → 136 (a flower) → 50
    expect(seat.flowers).toEqual([137, 136]);
    expect(seat.pool).toEqual([50]);
    expect(log.map((r) => r.from)).toEqual(["flower-wall", "flower-wall"]);
    expect(drawReplacement(walls)).toEqual({ tile: 40, from: "wall-end" }); // flower wall empty: the end of the wall
    expect(drawTile(walls)).toBe(10); // ordinary draws: the head of the wall
    expect(wallUsedUp(walls)).toBe(false);
    drawTile(walls), drawTile(walls);
    expect(wallUsedUp(walls)).toBe(true);
    expect(drawReplacement(walls)).toBeNull();
  });

  it("seat winds per rack: the dealer's racks East and South, the opponent's West and North; the prevailing wind moves on each game; the dealer alternates", () => {
    expect(rackWinds(0, 0)).toEqual([windKind("E"), windKind("S")]);
    expect(rackWinds(1, 0)).toEqual([windKind("W"), windKind("N")]);
    expect(rackWinds(1, 1)).toEqual([windKind("E"), windKind("S")]);
    expect([0, 1, 2, 3, 4].map(prevailingWind)).toEqual(T("E S W N E"));
    expect([0, 1, 2, 3].map(dealerOf)).toEqual([0, 1, 0, 1]);
    expect(dealWp("x", 1).seats[1]!.pool).toHaveLength(28);
  });
});

describe("§5 Hands: four sets and a pair with chows, or a special hand of the list", () => {
  it("a Mah Jongg is exactly four sets and a pair (14 tiles, one more per kong) that make a hand; its value is the best limit", () => {
    expect(isMahJongg(T("1B 2B 3B 4C 5C 6C 7D 8D 9D E E E R R"))).toMatchObject({ limit: "single", points: 25, hand: { id: "ordinary" } });
    expect(handValue(T("1B 1B 1B 5C 5C 5C 9D 9D 9D E E E R R"))).toEqual({ limit: "double", points: 50 }); // All Pungs
    expect(handValue(T("1B 2B 3B 4B 5B 6B 7B 7B 7B 8B 8B 8B 9B 9B"))).toEqual({ limit: "triple", points: 75 }); // Pure One Suit
    expect(isMahJongg(T("1B 2B 3B 4C 5C 6C 7D 8D 9D E E E R G"))).toBeNull();
    expect(isMahJongg(T("1B 2B 3B 4C 5C 6C 7D 8D 9D E E E R R 5B"))).toBeNull(); // 15 tiles: not a hand
    expect(isMahJongg(T("7D 8D 9D E E E R R"), [chow("1B"), pung("5C")])).toMatchObject({ limit: "single" });
    expect(isMahJongg(T("R R"), [kong("1B"), kong("5C"), kong("9D"), kong("E", true)])).toMatchObject({ limit: "triple", hand: { id: "four-kongs" } });
    expect(isMahJongg(T("E E E R R"), [kong("1B"), kong("5C"), kong("9D")])).toMatchObject({ limit: "double" }); // all pungs
    // a concealed hand of the list is not made with a claimed set
    expect(isMahJongg(T("1B 1B 3C 3C 5D 5D E E R R 9B 9B 7C 7C"))).toMatchObject({ limit: "double", hand: { id: "seven-pairs" } });
    expect(isMahJongg(T("9D 9D 9D E E E R R"), [pung("1B"), pung("5C")])!.hands.map((h) => h.id)).not.toContain("hidden-pungs");
  });

  it("chows may be claimed only to go Mah Jongg; pungs and kongs as usual", () => {
    const open = { exposed: [], open: true };
    const closed = { exposed: [], open: false };
    const pool = T("1B 2B 3B 4C 5C 6C 7D 8D E E E R R");
    // 9D completes 7D 8D 9D: the chow may be claimed, and the Mah Jongg
    expect(claimsAllowed(pool, [open, closed], parseTile("9D"))).toEqual([
      { type: "chow", rack: 0, start: parseTile("7D") },
      { type: "mahjong", rack: 0, limit: "single" },
    ]);
    expect(chowClaimAllowed(pool, open, parseTile("9D"), parseTile("7D"))).toBe(true);
    // 2B would make a chow 1B 2B 3B, which does not complete the hand: no chow claim
    expect(claimsAllowed(pool, [open], parseTile("2B"))).toEqual([]);
    expect(chowClaimAllowed(pool, open, parseTile("2B"), parseTile("1B"))).toBe(false);
    // East: pung and kong as usual (and no Mah Jongg)
    expect(claimsAllowed(pool, [open, open], parseTile("E")).map((c) => `${c.type}@${c.rack}`)).toEqual(["pung@0", "kong@0", "pung@1", "kong@1"]);
    // Red: a pung may be claimed; R R R would leave no pair, so it is no Mah Jongg
    expect(claimsAllowed(pool, [open], parseTile("R")).map((c) => c.type)).toEqual(["pung"]);
    // a pool that already holds a hand: the discard is not claimed for it
    expect(claimsAllowed(T("1B 2B 3B 4C 5C 6C 7D 8D 9D E E E R R"), [open], parseTile("5B"))).toEqual([]);
    // a concealed hand (seven pairs) may be completed by a claimed discard
    expect(claimsAllowed(T("1B 1B 3C 3C 5D 5D E E R R 9B 9B 7C"), [open], parseTile("7C"))).toEqual([{ type: "mahjong", rack: 0, limit: "double" }]);
    // with the rack's exposures
    expect(claimsAllowed(T("7D 8D E E E R R"), [{ exposed: [chow("1B"), pung("5C")], open: true }], parseTile("9D")).map((c) => c.type)).toEqual(["chow", "mahjong"]);
  });
});

describe("§5 Dead hands and the Double/Triple Limit penalty", () => {
  it("a rack is dead when no hand of the list can take its exposures, with the reason in words", () => {
    expect(deadReason([pung("1B"), chow("4C"), kong("E")])).toBeNull();
    expect(deadReason([pung("1B"), pung("2B"), pung("3B"), pung("4B"), pung("5B")])).toBe("a hand has four sets and a pair: this rack has 5 sets laid out");
    expect(deadReason([kong("1B"), pung("1B")])).toBe("no hand of the list has a kong of 1 Bamboo with a pung of 1 Bamboo");
    expect(deadReason([chow("1B"), chow("1B"), chow("1B"), chow("1B"), chow("1B")])).toMatch(/^a hand has four sets/);
  });

  it("both hands dead: the offender pays a Double Limit, a Triple Limit if the opponent has a Mah Jongg", () => {
    expect(deadPenalty(false)).toEqual({ limit: "double", points: 50, words: "Double Limit" });
    expect(deadPenalty(true)).toEqual({ limit: "triple", points: 75, words: "Triple Limit" });
    const m = newMatch(4);
    expect(scoreWp({ mahjongs: [], bothDead: 0 }, m).result).toMatchObject({ reason: "dead", totals: [-50, 50] });
    // the opponent's declared Mah Jongg is paid as well (Ruling)
    const r = scoreWp({ mahjongs: [{ seat: 1, rack: 0, hand: "ordinary", turn: 3 }], bothDead: 0 }, m).result;
    expect(r.totals).toEqual([-100, 100]);
    expect(r.lines.find((l) => l.reason === "dead/both")!.detail).toBe("Both hands dead: pays a Triple Limit (75), as the opponent has a Mah Jongg");
  });
});

describe("§5 Payout option 2: Bouquet, Mah Jonggs with offsets, double Mah Jongg, the wall-game pot through a match", () => {
  const game = (o: WpOutcome, m: WpMatch = newMatch(4)) => scoreWp(o, m);
  const mj = (seat: number, hand: string, turn: number, rack = 0) => ({ seat, rack, hand, turn });

  it("Bouquet: all four flowers of one colour, 25 paid by the opponent at once", () => {
    expect(bouquetLines({ seat: 0, colour: "red" })).toEqual([
      { seat: 0, points: 25, reason: "bouquet", detail: "Bouquet: all four Flowers (red, 1–4) laid out (25, paid by the opponent)" },
      { seat: 1, points: -25, reason: "bouquet/paid", detail: "Pays the opponent's Bouquet: all four Flowers (red, 1–4) (25)" },
    ]);
    // paid whatever happens later: also in a wall game
    expect(game({ mahjongs: [], bouquets: [{ seat: 1, colour: "blue" }] }).result.totals).toEqual([-25 - 25, 25 - 25]);
  });

  it("one Mah Jongg: the opponent pays its value (Single 25, Double 50, Triple 75); East is not paid double", () => {
    expect(game({ mahjongs: [mj(0, "ordinary", 4)] }).result.totals).toEqual([25, -25]);
    expect(game({ mahjongs: [mj(1, "all-pungs", 4)] }).result.totals).toEqual([-50, 50]);
    const r = game({ mahjongs: [mj(0, "full-flush", 4)] }).result;
    expect(r).toMatchObject({ reason: "mahjong", totals: [75, -75] });
    expect(r.lines[0]).toEqual({ seat: 0, points: 75, reason: "mahjong/first", detail: "Mah Jongg: Pure One Suit, a Triple Limit (75)" });
  });

  it("each has one: the lower pays the difference", () => {
    const r = game({ mahjongs: [mj(0, "ordinary", 4), mj(1, "all-pungs", 6)] }).result;
    expect(r.totals).toEqual([-25, 25]);
    expect(r.lines.find((l) => l.seat === 0 && l.reason === "mahjong/paid")!.detail).toBe("Pays the opponent's Mah Jongg: 50 (offset by your own 25: you pay 25 in all)");
    const even = game({ mahjongs: [mj(0, "ordinary", 4), mj(1, "ordinary", 6)] }).result;
    expect(even.totals).toEqual([0, 0]);
    expect(even.lines.find((l) => l.seat === 1 && l.reason === "mahjong/paid")!.detail).toBe("Pays the opponent's Mah Jongg: 25 (offset by your own 25: nobody pays)");
  });

  it("two on different turns: the first plus double the second; the opponent's Mah Jongg offsets", () => {
    expect(game({ mahjongs: [mj(0, "ordinary", 4), mj(0, "all-pungs", 9, 1)] }).result.totals).toEqual([125, -125]);
    expect(game({ mahjongs: [mj(0, "ordinary", 4), mj(1, "ordinary", 6), mj(0, "all-pungs", 9, 1)] }).result.totals).toEqual([100, -100]);
  });

  it("double Mah Jongg (both in the same turn): double both; the opponent's Mah Jongg offsets", () => {
    const r = game({ mahjongs: [mj(1, "full-flush", 2), mj(0, "ordinary", 7), mj(0, "all-pungs", 7, 1)] }).result;
    expect(r.totals).toEqual([150 - 75, 75 - 150]);
    expect(r.lines.filter((l) => l.reason === "mahjong/double").map((l) => l.detail)).toEqual([
      "Double Mah Jongg: Four Sets and a Pair, Single Limit doubled (2 × 25)",
      "Double Mah Jongg: All Pungs, Double Limit doubled (2 × 50)",
    ]);
  });

  it("wall game: each puts 25 into the pot, which grows and goes to the next Mah Jongg, carried from game to game", () => {
    let m = newMatch(4);
    let r;
    ({ result: r, match: m } = scoreWp({ mahjongs: [] }, m));
    expect(r).toMatchObject({ reason: "wall", totals: [-25, -25] });
    expect(m).toMatchObject({ pot: 50, played: 1 });
    ({ result: r, match: m } = scoreWp({ mahjongs: [] }, m));
    expect(m.pot).toBe(100);
    expect(r.lines[1]!.detail).toBe("Wall game: 25 into the pot (the pot now holds 100)");
    ({ result: r, match: m } = scoreWp({ mahjongs: [mj(1, "ordinary", 5)] }, m));
    expect(r.totals).toEqual([-25, 125]);
    expect(r.lines.find((l) => l.reason === "pot/won")).toEqual({ seat: 1, points: 100, reason: "pot/won", detail: "The pot: 100 from 2 wall games, won with the next Mah Jongg" });
    expect(m).toMatchObject({ pot: 0, played: 3, totals: [-75, 75] });
    expect(m.ledger.map((g) => g.reason)).toEqual(["wall", "wall", "mahjong"]);
  });

  it("matches (Ruling): 1–8 games; a pot nobody won is returned in equal shares at the end; the lines of a match sum to zero", () => {
    expect(() => newMatch(0)).toThrow(/1 to 8 games/);
    expect(() => newMatch(9)).toThrow(/1 to 8 games/);
    expect(newMatch().games).toBe(4);
    let m = newMatch(3);
    m = scoreWp({ mahjongs: [mj(0, "ordinary", 5)], bouquets: [{ seat: 1, colour: "red" }] }, m).match;
    m = scoreWp({ mahjongs: [] }, m).match;
    const last = scoreWp({ mahjongs: [] }, m);
    expect(last.result.lines.filter((l) => l.reason === "pot/returned").map((l) => l.points)).toEqual([50, 50]);
    expect(last.match.pot).toBe(0);
    expect(last.match.totals).toEqual([0, 0]);
    const all = last.match.ledger.flatMap((g) => g.lines);
    expect(all.reduce((t, l) => t + l.points, 0)).toBe(0);
    expect(() => scoreWp({ mahjongs: [] }, last.match)).toThrow(/over/);
  });
});

describe("§5 Matches: pot balance over random matches", () => {
  it("whatever the games, every line is a payment between the players or the pot, and the match ends with the pot settled", () => {
    const rng = seedRng("wp-matches");
    const hands = WP_HAND_LIST.hands.map((h) => h.id);
    for (let m = 0; m < 200; m++) {
      let match = newMatch(1 + nextInt(rng, 8));
      while (match.played < match.games) {
        const mahjongs = [];
        const kind = nextInt(rng, 5);
        const pick = () => hands[nextInt(rng, hands.length)]!;
        if (kind >= 1) mahjongs.push({ seat: nextInt(rng, 2), rack: 0, hand: pick(), turn: 3 });
        if (kind >= 3) mahjongs.push({ seat: mahjongs[0]!.seat, rack: 1, hand: pick(), turn: kind === 3 ? 3 : 8 });
        if (kind === 4 && nextInt(rng, 2)) mahjongs.splice(1, 0, { seat: 1 - mahjongs[0]!.seat, rack: 0, hand: pick(), turn: 5 });
        const bothDead = kind === 2 && nextInt(rng, 2) ? 1 - mahjongs[0]!.seat : null;
        const bouquets = nextInt(rng, 4) === 0 ? [{ seat: nextInt(rng, 2), colour: "red" as const }] : [];
        const before = match.pot;
        const { result, match: after } = scoreWp({ mahjongs, bothDead, bouquets }, match);
        const moved = result.lines.filter((l) => l.reason.startsWith("pot/")).reduce((t, l) => t + l.points, 0);
        expect(result.totals[0]! + result.totals[1]!, "the players' lines sum to what came from the pot").toBe(moved);
        expect(after.pot - before, "the pot moves by what the lines put in or took out").toBe(0 - moved);
        expect(after.pot).toBeGreaterThanOrEqual(0);
        match = after;
      }
      expect(match.pot).toBe(0);
      expect(match.totals[0] + match.totals[1]).toBe(0);
    }
  });
});

describe("§5 Hints per rack: tiles away from the nearest hands, with the tiles that would complete them", () => {
  it("one tile away: the waiting tiles are named, in the Siamese hints shape", () => {
    const pool = T("1B 2B 3B 4C 5C 6C 7D 8D E E E R R");
    const h = hintsWp(pool, [{ exposed: [], status: "open" }, { exposed: [], status: "declared" }]);
    expect(h.together).toBeNull();
    expect(h.racks[1]).toEqual({ rack: 1, status: "declared", closest: [] });
    expect(h.racks[0]!.closest[0]).toEqual({ line: "ordinary", category: "Single Limit", value: 25, text: "Any four sets (chows, pungs or kongs) and a pair", concealed: false, away: 1, needed: "6D 9D" });
  });

  it("a complete hand is 0 away, highest limit first; the exposures of each rack count", () => {
    const closest = nearestHands(T("1B 1B 1B 5C 5C 5C 9D 9D 9D E E E R R 4B"), []);
    expect(closest.map((c) => [c.line, c.away])).toEqual([["all-pungs", 0], ["hidden-pungs", 0], ["ordinary", 0]]);
    const h = hintsWp(T("9D 9D 9D E E E R R 4B 6C"), [{ exposed: [pung("1B"), pung("5C")], status: "open" }, { exposed: [chow("4B")], status: "open" }]);
    expect(h.racks[0]!.closest.map((c) => c.line)).not.toContain("hidden-pungs");
    expect(h.racks[0]!.closest[0]).toMatchObject({ line: "all-pungs", away: 0, needed: "" });
    expect(h.racks[1]!.closest.every((c) => c.line !== "all-pungs")).toBe(true);
  });

  it("on dealt pools the nearest hand's tiles bring it closer (figure printed)", () => {
    let ms = 0;
    for (let g = 0; g < 20; g++) {
      const pool = kindsOf(dealWp(`hints:${g}`).seats[0]!.pool);
      const t0 = performance.now();
      const h = hintsWp(pool, [{ exposed: [], status: "open" }, { exposed: [], status: "open" }]);
      ms += performance.now() - t0;
      const near = h.racks[0]!.closest[0]!;
      const hand = WP_HAND_LIST.hands.find((x) => x.id === near.line)!;
      for (const k of T(near.needed)) expect(tilesAway(hand, { concealed: [...pool, k] })!.away).toBe(near.away - 1);
    }
    console.log(`siamese-wp hints: ${(ms / 20).toFixed(2)} ms per seat (two racks, 28-tile pool)`);
  });
});

describe("§5 Hands: the hand list as the card viewer and rules page show it", () => {
  it("names, words, limits and an example in tiles that makes exactly that hand", () => {
    const v = handListView();
    expect(v.limits).toEqual([
      { limit: "single", words: "Single Limit", points: 25 },
      { limit: "double", words: "Double Limit", points: 50 },
      { limit: "triple", words: "Triple Limit", points: 75 },
    ]);
    expect(v.hands).toHaveLength(WP_HAND_LIST.hands.length);
    expect(v.hands[0]).toMatchObject({ id: "ordinary", ordinary: true, limitWords: "Single Limit", concealedWords: "Sets may be claimed", example: "1B 2B 3B 4C 5C 6C 7D 8D 9D E E E R R" });
    expect(v.hands[0]!.exampleWords).toMatch(/^1 Bamboo, 2 Bamboo, 3 Bamboo, 4 Characters/);
    const order = { single: 0, double: 1, triple: 2 };
    expect(v.hands.slice(1).map((h) => order[h.limit])).toEqual(v.hands.slice(1).map((h) => order[h.limit]).sort());
    for (const h of v.hands) {
      expect(h.example, h.id).not.toBeNull();
      expect(matchHands(WP_HAND_LIST, { concealed: T(h.example!) }).map((x) => x.id), h.id).toContain(h.id);
      expect(h.concealedWords).toBe(h.concealed ? "Concealed: nothing claimed before Mah Jongg" : "Sets may be claimed");
    }
    expect(Object.keys(EXAMPLES).sort()).toEqual(WP_HAND_LIST.hands.map((h) => h.id).sort());
    expect(handListView(WP_HAND_LIST, {}).hands[0]!.example).toBeNull();
  });
});
