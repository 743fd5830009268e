/**
 * The table as the web app reads it from the engine: views become racks and counts, every move
 * the engine offers gets a button label in plain words, and the player's own split of the
 * concealed pool between two racks follows the game.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { apply, hints, legalMoves, newGame, toAct, viewFor, type GameState, type Move } from "../../worker/engine/index";
import { readTable, type RackM, type T } from "../../web/src/table/model";
import { moveLabel } from "../../web/src/table/words";
import { atomicRacks, reconcile } from "../../web/src/table/arrangement";
import { JOKER, countKinds, parseTiles, tileName } from "../../worker/engine/tiles";
import { builtinCards, tilesAway } from "../../worker/engine/card/index";
import { closestTiles } from "../../web/src/table/closest";
import { lineTitle, loadSampleCard } from "../../web/src/table/card";

// the sample card's lines are a chunk the game page loads with its table: named from then on
beforeAll(() => loadSampleCard());
import { rackHints } from "../../web/src/table/rack-hints";
import { suggestionLines } from "../../web/src/table/atomic-picks";

const start = (seed = "web-model-seed-1"): GameState => {
  const r = newGame("siamese", { card: "sample-2026" }, seed);
  if (!r.ok) throw new Error(r.message);
  return r.state;
};
const names = (s: number) => ["Ann", "Bob"][s]!;
const lineText = (id: string) => `line ${id}`;

describe("reading the view", () => {
  it("after the deal East holds 28 tiles and West 27; each sees only their own, the wall holds the rest", () => {
    const s = start();
    const east = readTable(viewFor(s, 0))!;
    const west = readTable(viewFor(s, 1))!;
    expect(east.seats[0]!.pool).toHaveLength(28);
    expect(east.seats[1]!.pool).toBeNull();
    expect(east.seats[1]!.poolCount).toBe(27);
    expect(west.seats[1]!.pool).toHaveLength(27);
    expect(west.seats[0]!.pool).toBeNull();
    expect(west.seats[0]!.poolCount).toBe(28);
    expect(east.wall).toBe(152 - 28 - 27);
    expect(east.toAct).toBe(0);
    expect(east.phase).toBe("discard");
  });
});

describe("button labels", () => {
  it("every move offered during a whole game has a label in plain words", () => {
    let s = start("web-model-seed-2");
    const seen = new Set<string>();
    for (let ply = 0; ply < 400 && toAct(s).length; ply++) {
      const seat = toAct(s)[0]!;
      const moves = legalMoves(s, seat);
      const t = readTable(viewFor(s, seat))!;
      for (const m of moves) {
        const label = moveLabel(m, t, seat, names, lineText);
        seen.add(m.type);
        expect(label, JSON.stringify(m)).not.toMatch(/undefined|NaN|\[object/);
        expect(label).not.toBe(m.type);
      }
      // Claim whenever a pung is offered, otherwise draw; discard the last tile of the pool.
      const pick: Move =
        moves.find((m) => m.type === "mahjong" || m.type === "claim-mahjong") ??
        moves.find((m) => m.type === "claim" && m.jokers === 0) ??
        moves.find((m) => m.type === "draw") ??
        moves.filter((m) => m.type === "discard").at(-1)!;
      const r = apply(s, seat, pick);
      if (!r.ok) throw new Error(r.message);
      s = r.state;
    }
    expect(toAct(s)).toEqual([]);
    expect([...seen]).toEqual(expect.arrayContaining(["draw", "discard", "claim"]));
  });

  it("a discard is named by its tile, a draw says where it comes from", () => {
    const s = start();
    const t = readTable(viewFor(s, 0))!;
    const first = t.seats[0]!.pool![0]!;
    expect(moveLabel({ type: "discard", tile: first.id }, t, 0, names, lineText)).toBe(`Discard ${tileName(first.kind)}`);
    expect(moveLabel({ type: "draw" }, t, 0, names, lineText)).toBe("Draw a tile from the wall");
  });
});

describe("words for claims and Mah Jongg", () => {
  it("a claim names the tile, the group, the rack and the jokers; Mah Jongg names the line by category, place and value", () => {
    let s = start("web-model-seed-2");
    let claimLabel = "";
    for (let ply = 0; ply < 400 && toAct(s).length && !claimLabel; ply++) {
      const seat = toAct(s)[0]!;
      const moves = legalMoves(s, seat);
      const t = readTable(viewFor(s, seat))!;
      const claim = moves.find((m) => m.type === "claim" && m.jokers === 0);
      if (claim) {
        claimLabel = moveLabel(claim, t, seat, names, lineTitle);
        expect(claimLabel).toBe(`Claim ${tileName(t.claimable!.tile.kind)} for a ${claim.size === 3 ? "pung" : claim.size === 4 ? "kong" : "quint"} on rack ${Number(claim.rack) + 1} (no jokers)`);
        break;
      }
      const pick = moves.find((m) => m.type === "draw") ?? moves.filter((m) => m.type === "discard").at(-1)!;
      const r = apply(s, seat, pick);
      if (!r.ok) throw new Error(r.message);
      s = r.state;
    }
    expect(claimLabel).not.toBe("");
    const t = readTable(viewFor(start(), 0))!;
    expect(moveLabel({ type: "mahjong", rack: 0, line: "2468-3" }, t, 0, names, lineTitle)).toBe("Declare Mah Jongg on rack 1: 2468, line 3 (30 points)");
    expect(moveLabel({ type: "claim", rack: 1, size: 3, jokers: 1 }, { ...t, claimable: { seat: 1, tile: { id: -1, kind: parseTiles("7D")[0]! } } }, 0, names, lineTitle)).toBe(
      "Claim 7 Dots for a pung on rack 2 (with 1 joker)",
    );
  });
});

describe("hints in tiles", () => {
  const card = builtinCards["sample-2026"]!;
  it("222a 444a 666b 888b EE from 2B 2B 2B 4B 4B 6C 6C 6C 8C 8C J E: the joker fills a pung, the kong and the pair each still need a tile", () => {
    const c = closestTiles(parseTiles("2B 2B 2B 4B 4B 6C 6C 6C 8C 8C J E"), [], card, "2468-2")!;
    expect(c.away).toBe(2);
    expect(c.groups.map((g) => `${tileName(g.kind)}: ${g.tiles.join(" ")}`)).toEqual([
      "2 Bams: have have have",
      "4 Bams: have have joker",
      "6 Craks: have have have",
      "8 Craks: have have need",
      "East: have need",
    ]);
  });

  it("for every line a dealt pool can reach, the tiles shown are 14, as many marked 'need' as the line is away, and only tiles the player holds", () => {
    for (const seed of ["hint-seed-1", "hint-seed-2", "hint-seed-3"]) {
      const pool = readTable(viewFor(start(seed), 0))!.seats[0]!.pool!.map((x) => x.kind);
      const held = countKinds(pool);
      for (const a of tilesAway(pool, [], card)) {
        const c = closestTiles(pool, [], card, a.line.id)!;
        const states = c.groups.flatMap((g) => g.tiles.map((st) => ({ kind: g.kind, st })));
        expect(states, a.line.id).toHaveLength(14);
        expect(states.filter((x) => x.st === "need"), a.line.id).toHaveLength(a.away);
        const used = countKinds(states.filter((x) => x.st === "have").map((x) => x.kind));
        used[JOKER] = states.filter((x) => x.st === "joker").length;
        used.forEach((n, k) => expect(n, `${a.line.id}: ${tileName(k)}`).toBeLessThanOrEqual(held[k]!));
      }
    }
  });

  it("an exposed group shows as exposed, and a line the exposure rules out has no hint", () => {
    const exposed = [{ kind: parseTiles("2B")[0]!, size: 3, jokers: 0 }];
    const c = closestTiles(parseTiles("4B 4B 4B 6C 6C 6C 8C 8C 8C E E"), exposed, card, "2468-2")!;
    expect(c.away).toBe(0);
    expect(c.groups[0]!.tiles).toEqual(["exposed", "exposed", "exposed"]);
    expect(closestTiles(parseTiles("4B 4B 4B"), exposed, card, "2026-5")).toBeNull();
  });
});

describe("the player's two racks", () => {
  const tiles = (codes: string, from = 0): T[] => parseTiles(codes).map((kind, i) => ({ id: from + i, kind }));
  const open: RackM[] = [0, 1].map(() => ({ exposures: [], mahjong: null, dead: null }));

  it("the first look splits the pool sorted, 14 on rack 1 and the rest on rack 2", () => {
    const pool = tiles("1B 2B 3B 4B 5B 6B 7B 8B 9B 1C 2C 3C 4C 5C 6C 7C 8C 9C 1D 2D 3D 4D 5D 6D 7D 8D 9D");
    const [a, b] = reconcile(null, pool, open);
    expect(a).toHaveLength(14);
    expect(b).toHaveLength(13);
  });

  it("a drawn tile goes to the rack furthest from 14; tiles that leave the pool leave the racks; the order is the player's", () => {
    const pool = tiles("1B 2B 3B 4B 5B 6B 7B 8B 9B 1C 2C 3C 4C 5C 6C 7C 8C 9C 1D 2D 3D 4D 5D 6D 7D 8D 9D");
    const mine: [number[], number[]] = [pool.slice(0, 14).map((t) => t.id).reverse(), pool.slice(14).map((t) => t.id)];
    const drawn = { id: 99, kind: parseTiles("N")[0]! };
    const after = reconcile(mine, [...pool, drawn], open);
    expect(after[1]).toContain(99);
    expect(after[0]).toEqual(mine[0]);
    const discarded = reconcile(after, [...pool.slice(1), drawn], open);
    expect(discarded[0]).not.toContain(0);
    expect(discarded[0]).toEqual(mine[0].filter((id) => id !== 0));
  });

  it("a declared rack takes no new tiles while the other is open", () => {
    const pool = tiles("1B 2B 3B");
    const declared: RackM[] = [{ exposures: [], mahjong: { line: "x", value: 25, jokerless: false, turn: 3, tiles: tiles("N N N N E E E E W W W W S S", 50), groups: [] }, dead: null }, open[1]!];
    expect(reconcile([[], []], pool, declared)).toEqual([[], [0, 1, 2]]);
  });
});

describe("the Atomic rack", () => {
  const tiles = (codes: string, from = 0): T[] => parseTiles(codes).map((kind, i) => ({ id: from + i, kind }));
  const pool = tiles("1B 3B 5B 7B 9B 2C 4C 6C 8C N E W S R R 2D 3D 4D 5D 6D 7D 8D 9D J J F F");
  const atomic = pool.slice(0, 14).filter((t) => t.id !== 13);

  it("on declaring, rack 1 holds exactly the 13 Atomic tiles and rack 2 everything else", () => {
    const [one, two] = atomicRacks(reconcile(null, pool, []), pool, atomic);
    expect([...one].sort((a, b) => a - b)).toEqual(atomic.map((t) => t.id));
    expect([...two].sort((a, b) => a - b)).toEqual(pool.filter((t) => !atomic.includes(t)).map((t) => t.id));
  });

  it("a discarded rack-1 tile is replaced in its place by the drawn tile; a discard from rack 2 leaves rack 1 as it was", () => {
    const racks = atomicRacks(null, pool, atomic);
    const drawn = { id: 99, kind: parseTiles("R")[0]! };
    const withDrawn = atomicRacks(racks, [...pool, drawn], atomic);
    expect(withDrawn[0]).toEqual(racks[0]);
    expect(withDrawn[1]).toContain(99);
    // 7 Bams (id 3) leaves rack 1; the engine puts the drawn Red dragon there.
    const after = atomicRacks(withDrawn, [...pool, drawn].filter((t) => t.id !== 3), [...atomic.filter((t) => t.id !== 3), drawn]);
    expect(after[0]).toEqual(racks[0].map((id) => (id === 3 ? 99 : id)));
    expect(after[1]).not.toContain(99);
    // A rack-2 discard: the drawn tile joins rack 2, rack 1 is unchanged.
    const fromTwo = atomicRacks(withDrawn, [...pool, drawn].filter((t) => t.id !== 20), atomic);
    expect(fromTwo[0]).toEqual(racks[0]);
    expect(fromTwo[1]).toEqual(withDrawn[1].filter((id) => id !== 20));
  });

  it("given up, the racks keep their tiles and follow the player's arrangement again", () => {
    const racks = atomicRacks(null, pool, atomic);
    const open: RackM[] = [0, 1].map(() => ({ exposures: [], mahjong: null, dead: null }));
    expect(reconcile(racks, pool, open)).toEqual(racks);
  });
});

describe("the Atomic hand from the engine", () => {
  const play = (s: GameState, seat: number, m: Move) => {
    const r = apply(s, seat, m);
    if (!r.ok) throw new Error(r.message);
    return r.state;
  };
  /** East declares the engine's first pick with one tile changed, discards, West draws and discards, East draws. */
  const atomicGame = () => {
    let s = start("web-atomic-seed-1");
    const pick = legalMoves(s, 0).find((m) => m.type === "atomic")!.tiles as number[];
    const swap = readTable(viewFor(s, 0))!.seats[0]!.pool!.find((t) => !pick.includes(t.id))!.id;
    const tiles = [...pick.slice(1), swap].sort((a, b) => a - b);
    s = play(s, 0, { type: "atomic", tiles });
    const declared = s;
    s = play(s, 0, legalMoves(s, 0).filter((m) => m.type === "discard").at(-1)!);
    s = play(s, 1, { type: "draw" });
    s = play(s, 1, legalMoves(s, 1).filter((m) => m.type === "discard").at(-1)!);
    s = play(s, 0, { type: "draw" });
    return { declared, drawn: s, tiles };
  };

  it("the first turn offers 'Go for the Atomic hand', once declared 'Give up the Atomic hand'", () => {
    const s = start("web-atomic-seed-1");
    const t = readTable(viewFor(s, 0))!;
    const offered = legalMoves(s, 0).filter((m) => m.type === "atomic");
    expect(offered.length).toBeGreaterThan(0);
    for (const m of offered) expect(moveLabel(m, t, 0, names, lineTitle)).toBe("Go for the Atomic hand");
    const { declared } = atomicGame();
    const after = readTable(viewFor(declared, 0))!;
    const give = legalMoves(declared, 0).find((m) => m.type === "abandon-atomic")!;
    expect(moveLabel(give, after, 0, names, lineTitle)).toBe("Give up the Atomic hand");
  });

  it("each suggestion is named by the Atomic line it is for, each line once", () => {
    const s = start("web-atomic-seed-1");
    const pool = readTable(viewFor(s, 0))!.seats[0]!.pool!;
    const kind = new Map(pool.map((t) => [t.id, t.kind]));
    const offered = legalMoves(s, 0).filter((m) => m.type === "atomic");
    const lines = suggestionLines(offered.map((m) => ({ kinds: (m.tiles as number[]).map((id) => kind.get(id)!) })), "sample-2026");
    expect(new Set(lines).size).toBe(offered.length);
    for (const l of lines) expect(l).toMatch(/^atomic-/);
  });

  it("the player sees their 13 Atomic tiles; the opponent sees only that they go for it", () => {
    const { declared, tiles } = atomicGame();
    const mine = readTable(viewFor(declared, 0))!.seats[0]!;
    expect(mine.atomic).toBe(true);
    expect(mine.atomicTiles!.map((t) => t.id)).toEqual(tiles);
    const theirs = readTable(viewFor(declared, 1))!.seats[0]!;
    expect(theirs.atomic).toBe(true);
    expect(theirs.atomicTiles).toBeNull();
    expect(readTable(viewFor(declared, 1))!.seats[1]!.atomic).toBe(false);
  });

  it("hints: rack 1 the Atomic lines from its 13 tiles and the drawn one, rack 2 the other lines from the rest, as the service counts them", () => {
    const { drawn: s } = atomicGame();
    const me = readTable(viewFor(s, 0))!.seats[0]!;
    const ours = rackHints(me, "sample-2026")!;
    const service = hints(s, 0)!;
    expect(ours.both).toBeNull();
    expect(ours.racks[0]!.pool).toHaveLength(14);
    expect(ours.racks[1]!.pool).toHaveLength(28 - 13);
    for (const i of [0, 1]) {
      const seen = ours.racks[i]!.closest.map((a) => `${a.line.id} ${a.away}`);
      expect(seen, `rack ${i + 1}`).toEqual(service.racks[i]!.closest.map((h) => `${h.line} ${h.away}`));
      expect(ours.racks[i]!.closest.every((a) => a.line.atomic === (i === 0))).toBe(true);
    }
  });
});

describe("the table picture", () => {
  it("places the other seats around you: across at two; right, across, left at four", async () => {
    const { seatPlace } = await import("../../web/src/table/model");
    expect(seatPlace(0, 1, 2)).toBe("across");
    expect(seatPlace(1, 0, 2)).toBe("across");
    expect([1, 2, 3].map((s) => seatPlace(0, s, 4))).toEqual(["right", "across", "left"]);
    expect([3, 0, 1].map((s) => seatPlace(2, s, 4))).toEqual(["right", "across", "left"]);
  });

  it("gives each seat its own discards in the order thrown, and the move list newest first without unworded events", async () => {
    const { discardsBySeat, moveList } = await import("../../web/src/table/model");
    const d = (seat: number, id: number) => ({ seat, tile: { id, kind: id % 27 } });
    expect(discardsBySeat([d(0, 5), d(1, 9), d(0, 7), d(3, 2)], 4).map((r) => r.map((x) => x.id))).toEqual([[5, 7], [9], [], [2]]);
    expect(moveList([{ version: 1, text: "Ann drew" }, { version: 2, text: "" }, { version: 3, text: "Bob discarded 5 Craks" }]).map((e) => e.text)).toEqual(["Bob discarded 5 Craks", "Ann drew"]);
  });
});
