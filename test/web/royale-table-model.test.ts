/**
 * The Royale table for 3–4 players as the web app reads it: every opponent placed around you, the
 * claim window's discard with claim and pass choices (your answer only), the status line and the
 * buttons' words. Pure: the engine's views, no browser.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { apply, legalMoves, newGame, viewFor, type GameState } from "../../worker/engine/index";
import { choicesOf, statusLine } from "../../web/src/table/choices";
import { initTableState, rackToOpen, readTable, reconcile, seatPlace, type Arrangement } from "../../web/src/table/model";
import { declaredGroups, declaredWords } from "../../web/src/table/declared";
import { loadSampleCard } from "../../web/src/table/card";
import SAMPLE_CARD from "../../worker/engine/cards/sample-2026.json";

// the sample card's lines are a chunk the game page loads with its table: named from then on
beforeAll(() => loadSampleCard());
import { moveLabel } from "../../web/src/table/words";
import { JOKER, tileName } from "../../worker/engine/tiles";

const names = (s: number) => ["Ann", "Bob", "Cy", "Di"][s]!;
const who = (me: number) => (s: number) => (s === me ? "You" : names(s));

/** A 3-player Royale game right after East's first discard (not a joker): the window is open. */
function windowOpen(): GameState {
  const r = newGame("royale", { players: 3, card: "sample-2026" }, "royale-web-model-1");
  if (!r.ok) throw new Error(r.message);
  const discard = legalMoves(r.state, 0).find((m) => m.type === "discard" && (viewFor(r.state, 0) as any).seats[0].concealed.find((t: any) => t.id === m.tile).kind !== JOKER)!;
  const d = apply(r.state, 0, discard);
  if (!d.ok) throw new Error(d.message);
  return d.state;
}

describe("your folded racks on a phone", () => {
  it("keep the rack you opened, and once it is declared (no tiles left) open the first rack with tiles", () => {
    expect(rackToOpen(0, [14, 14, 14, 14])).toBe(0);
    expect(rackToOpen(2, [14, 14, 14, 14])).toBe(2);
    expect(rackToOpen(null, [14, 14, 14, 14])).toBe(null); // you folded them all
    expect(rackToOpen(0, [0, 14, 13, 14])).toBe(1);
    expect(rackToOpen(1, [0, 0, 13, 14])).toBe(2);
    expect(rackToOpen(3, [0, 0, 0, 0])).toBe(-1); // nothing left to open
  });
});

describe("the Royale table with 3–4 players", () => {
  it("places the two others right and left (the next in turn on your right), and four players as American games do", () => {
    expect([1, 2].map((s) => seatPlace(0, s, 3))).toEqual(["right", "left"]);
    expect([0, 1].map((s) => seatPlace(2, s, 3))).toEqual(["right", "left"]);
    expect([1, 2, 3].map((s) => seatPlace(0, s, 4))).toEqual(["right", "across", "left"]);
    expect(seatPlace(0, 1, 2)).toBe("across");
  });

  it("a claim window: the asked player sees the discard with pass and claim choices, the discarder waits; answers stay their own", () => {
    const s = windowOpen();
    const t = readTable(viewFor(s, 1))!;
    expect(t.phase).toBe("window");
    expect(t.window).toMatchObject({ discarder: 0, awaiting: [1, 2], asked: true, answered: false, yourAnswer: null, hours: 12 });
    expect(t.preference).toBe("ask");
    const legal = legalMoves(s, 1);
    const c = choicesOf(t, 1, legal, initTableState(t.seats[1]!, legal, null));
    expect(c.myTurn).toBe(true);
    expect(c.windowMoves[0]).toEqual({ type: "pass" });
    expect(c.rest.concat(c.claims, c.mahjongs).some((m) => m.type === "preference" || m.type === "pass")).toBe(false);
    const tile = tileName(t.window!.tile.kind);
    expect(statusLine(t, 1, c, null, who(1))).toBe(`Claim Ann's ${tile}, or pass.`);
    expect(moveLabel({ type: "pass" }, t, 1, who(1), String)).toBe("Pass (do not claim)");
    expect(moveLabel({ type: "call", rack: 2, size: 3, jokers: 1 }, t, 1, who(1), String)).toBe(`Claim ${tile} for a pung on rack 3 (with 1 joker)`);
    expect(moveLabel({ type: "call-mahjong", rack: 0, line: "x", hands: 2 }, t, 1, who(1), (id) => `line ${id}`)).toBe(`Claim ${tile} and declare Mah Jongg on rack 1: line x, with 1 more hand declared at once`);
    expect(moveLabel({ type: "preference", call: "never" }, t, 1, who(1), String)).toBe("Never call discards");
    // the discarder is not asked: nothing to do, and the status says who is awaited
    const east = readTable(viewFor(s, 0))!;
    const ce = choicesOf(east, 0, legalMoves(s, 0), initTableState(east.seats[0]!, legalMoves(s, 0), null));
    expect(ce.myTurn).toBe(false);
    expect(statusLine(east, 0, ce, null, who(0))).toBe(`The others may claim your ${tile}: waiting for Bob and Cy (at most 12 hours).`);
    // Bob passes: his answer is his, Cy still sees none
    const p = apply(s, 1, { type: "pass" });
    if (!p.ok) throw new Error(p.message);
    expect(readTable(viewFor(p.state, 1))!.window).toMatchObject({ answered: true, awaiting: [2] });
    expect(readTable(viewFor(p.state, 2))!.window).toMatchObject({ answered: false, yourAnswer: null, awaiting: [2] });
  });
});

/** A Royale deal where East can declare a rack at once, and the state after East declares it. */
function declaredAtTheDeal(): { before: GameState; after: GameState; rack: number; line: string } {
  for (let i = 0; i < 200; i++) {
    const r = newGame("royale", { players: 2, card: "sample-2026" }, `royale-declared-${i}`);
    if (!r.ok) throw new Error(r.message);
    const m = legalMoves(r.state, 0).find((x) => x.type === "mahjong");
    if (!m) continue;
    const a = apply(r.state, 0, m);
    if (!a.ok) throw new Error(a.message);
    return { before: r.state, after: a.state, rack: m.rack as number, line: m.line as string };
  }
  throw new Error("no deal with a Mah Jongg at once in 200 seeds");
}

describe("a declared Royale hand (issue 28)", () => {
  it("is shown in its line's order, group by group, with the line's name and value; the tiles left on its rack go back to the open racks", () => {
    const { before, after, rack, line } = declaredAtTheDeal();
    const t = readTable(viewFor(after, 0))!;
    const m = t.seats[0]!.racks[rack]!.mahjong!;
    const groups = declaredGroups(m, t.seats[0]!.racks[rack]!.exposures);
    // the line's groups in order, jokers after the real tiles of each group; the same 14 tiles as declared
    expect(groups.map((g) => g.length)).toEqual(m.groups.map((g) => g.size));
    groups.forEach((g, i) => expect(g).toEqual([...Array(m.groups[i]!.size - m.groups[i]!.jokers).fill(m.groups[i]!.kind), ...Array(m.groups[i]!.jokers).fill(JOKER)]));
    expect(groups.flat().sort()).toEqual(m.tiles.map((x) => x.kind).sort());
    const l = SAMPLE_CARD.lines.find((x) => x.id === line)!;
    expect(declaredWords(m)).toMatch(new RegExp(`^Mah Jongg: ${l.category}, line \\d+, ${l.value} points`));
    // tiles the player had on the declared rack stay in play, on the open racks
    const was = readTable(viewFor(before, 0))!.seats[0]!;
    const prev = initTableState(was, legalMoves(before, 0), null).arr;
    const pool = t.seats[0]!.pool!;
    const left = prev[rack]!.filter((id) => pool.some((x) => x.id === id));
    expect(left.length).toBeGreaterThan(0);
    const arr: Arrangement = reconcile(prev, pool, t.seats[0]!.racks);
    expect(arr[rack]).toEqual([]);
    expect(arr.flat().sort()).toEqual(pool.map((x) => x.id).sort());
  });

  it("a Wright-Patterson hand of the list (no card line, no groups) is named from the list, its like tiles together: a Seven Pairs as seven pairs", () => {
    const r = newGame("siamese-wp", {}, "wp-declared-0");
    if (!r.ok) throw new Error(r.message);
    const a = apply(r.state, 0, { type: "mahjong", rack: 0 });
    if (!a.ok) throw new Error(a.message);
    const rack = readTable(viewFor(a.state, 0))!.seats[0]!.racks[0]!;
    expect(declaredWords(rack.mahjong!)).toBe("Mah Jongg: Seven Pairs, 50 points");
    const groups = declaredGroups(rack.mahjong!, rack.exposures);
    expect(groups).toHaveLength(7);
    for (const g of groups) expect(g).toEqual([g[0], g[0]]);
    expect(groups.map((g) => g[0])).toEqual(groups.map((g) => g[0]).sort((x, y) => x! - y!));
  });
});

