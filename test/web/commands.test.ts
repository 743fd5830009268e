/**
 * The command line's words (web/src/access/commands.ts), as a player types them: tiles in each
 * ruleset's own words (its head's, Wright-Patterson's own), the verbs and their spellings, and what
 * a command comes to against the moves the engine allows — one move, a numbered choice, or a clear
 * answer that sends nothing. Pure: no browser.
 */
import { describe, expect, it } from "vitest";
import { headOf, legalMoves, newGame, viewFor, type Move } from "../../worker/engine/index";
import { tileName, tileSet, type Kind } from "../../worker/engine/tile-kinds";
import { parseTiles } from "../../worker/engine/tiles";
import { tileLabel } from "../../web/src/components/tile-words";
import { readTable } from "../../web/src/table/model";
import { parseCommand, resolveCommand, tileVocabulary, type Command, type Context } from "../../web/src/access/commands";

/** The vocabulary the command line builds for a ruleset: its head's tile names and its faces' words. */
const words = (ruleset: string) => {
  const head = headOf(ruleset);
  const name = head.tileName ?? ((k: Kind) => tileName(k, head.tileSet));
  return { name, vocabulary: tileVocabulary(tileSet(head.tileSet), [name, (k) => tileLabel(k, head.tileSet)]) };
};
const kind = (t: string) => parseTiles(t)[0]!;
const parse = (ruleset: string, text: string): Command => {
  const r = parseCommand(text, words(ruleset).vocabulary);
  if (!r.ok) throw new Error(`${text}: ${r.message}`);
  return r.command;
};
const refused = (ruleset: string, text: string) => {
  const r = parseCommand(text, words(ruleset).vocabulary);
  return r.ok ? null : r.message;
};
const ctx = (legal: Move[], mine: { id: number; kind: Kind }[] = [], extra: Partial<Context> = {}): Context => ({ legal, mine, offered: [], name: words("siamese").name, ...extra });

describe("tiles in each ruleset's words", () => {
  it("American tiles go by their names and the spellings players type", () => {
    for (const t of ["discard 3 dot", "discard 3 dots", "discard three dots", "discard 3d", "discard 3D", "discard 3 circles", "d 3 Dot", "throw the 3 dots"]) expect(parse("siamese", t).tiles, t).toEqual([kind("3D")]);
    for (const t of ["discard 7 crak", "discard 7 craks", "discard 7 crack", "discard 7 characters", "discard 7c"]) expect(parse("american", t).tiles, t).toEqual([kind("7C")]);
    expect(parse("siamese", "discard north").tiles).toEqual([kind("N")]);
    expect(parse("siamese", "discard n").tiles).toEqual([kind("N")]);
    expect(parse("siamese", "discard red dragon").tiles).toEqual([kind("R")]);
    for (const t of ["discard soap", "discard white dragon", "discard white"]) expect(parse("siamese", t).tiles, t).toEqual([kind("0")]);
    expect(parse("siamese", "discard joker").tiles).toEqual([35]);
    expect(parse("siamese", "discard flower").tiles).toEqual([34]);
    // the Chinese set's flowers are no American tile
    expect(refused("siamese", "discard season 3")).toMatch(/did not understand "season"/);
  });

  it("Wright-Patterson's own words: Bamboo, Characters, Circles, Flowers red and Seasons blue", () => {
    expect(parse("siamese-wp", "discard 5 bamboo").tiles).toEqual([kind("5B")]);
    expect(parse("siamese-wp", "discard 7 characters").tiles).toEqual([kind("7C")]);
    expect(parse("siamese-wp", "discard 2 circles").tiles).toEqual([kind("2D")]);
    expect(parse("siamese-wp", "discard season 3").tiles).toEqual([36 + 4 + 2]);
    expect(parse("siamese-wp", "discard Season 3 (blue)").tiles).toEqual([36 + 4 + 2]);
    expect(parse("siamese-wp", "discard flower 2").tiles).toEqual([36 + 1]);
    expect(parse("siamese-wp", "discard white dragon").tiles).toEqual([kind("0")]);
    expect(refused("siamese-wp", "discard joker")).toMatch(/did not understand "joker"/);
    // Chinese Ming names its flowers by colour
    expect(parse("chinese-ming", "discard flower 4 green").tiles).toEqual([36 + 4 + 3]);
    expect(parse("chinese-ming", "discard 9 circles").tiles).toEqual([kind("9D")]);
  });

  it("a word that is no tile is named in the answer, and nothing is sent", () => {
    expect(refused("siamese", "discard 3 blorp")).toMatch(/"3 blorp"/);
    expect(refused("siamese", "dance")).toMatch(/I do not know "dance"/);
    expect(refused("siamese", "   ")).toMatch(/Type a command/);
  });
});

describe("verbs", () => {
  it("each command and its spellings", () => {
    const verb = (t: string) => parse("siamese", t).verb;
    expect(["draw", "draw a tile from the wall", "w"].map(verb)).toEqual(["draw", "draw", "draw"]);
    expect(["pass", "p", "skip"].map(verb)).toEqual(["pass", "pass", "pass"]);
    expect(["mah jongg", "Mah-Jongg", "mahjong", "mj", "woo", "m", "declare mah jongg", "call mah jongg", "claim mahjong on rack 2"].map(verb)).toEqual(Array(9).fill("mahjong"));
    expect(["hand", "discards", "pile", "clock", "who", "status", "help", "?", "last", "close"].map(verb)).toEqual(["hand", "discards", "discards", "clock", "who", "status", "help", "help", "last", "close"]);
    expect(parse("siamese", "pung")).toMatchObject({ verb: "claim", size: 3 });
    expect(parse("siamese", "kong on rack 2")).toMatchObject({ verb: "claim", size: 4, rack: 1 });
    expect(parse("siamese", "claim a quint with 1 joker")).toMatchObject({ verb: "claim", size: 5, jokers: 1 });
    expect(parse("siamese", "pung with no jokers")).toMatchObject({ verb: "claim", size: 3, jokers: 0 });
    expect(parse("siamese", "claim pung jokerless r2")).toMatchObject({ verb: "claim", size: 3, jokers: 0, rack: 1 });
    expect(parse("siamese-wp", "chow rack 1")).toMatchObject({ verb: "claim", chow: true, rack: 0 });
    expect(parse("chinese-ming", "take")).toMatchObject({ verb: "claim", take: true });
    expect(parse("american", "pass 1 dot 2 dot blind 1")).toMatchObject({ verb: "pass", tiles: [kind("1D"), kind("2D")], blind: 1 });
    expect(parse("american", "pass 3 dot, 5 bam, north").tiles).toEqual([kind("3D"), kind("5B"), kind("N")]);
    expect(parse("american", "courtesy")).toMatchObject({ verb: "courtesy", tiles: [] });
    expect(parse("siamese", "2")).toMatchObject({ verb: "pick", n: 2 });
    expect(parse("siamese", "last 5")).toMatchObject({ verb: "last", n: 5 });
    expect(parse("siamese", "mah jongg on rack 2")).toMatchObject({ verb: "mahjong", rack: 1 });
  });
});

describe("what a command comes to, against the moves the engine allows", () => {
  it("Siamese: East's first discard by name, a tile not held, drawing when it is time to discard", () => {
    const r = newGame("siamese", { card: "sample-2026" }, "commands-siamese-1");
    if (!r.ok) throw new Error(r.message);
    const mine = readTable(viewFor(r.state, 0))!.seats[0]!.pool!;
    const legal = legalMoves(r.state, 0);
    const held = mine[3]!;
    const out = resolveCommand(parse("siamese", `discard ${tileName(held.kind)}`), ctx(legal, mine));
    expect(out.kind).toBe("move");
    const move = (out as { move: Move }).move;
    expect(legal).toContainEqual(move);
    expect(mine.find((t) => t.id === move.tile)!.kind).toBe(held.kind);
    const absent = [...Array(34).keys()].find((k) => !mine.some((t) => t.kind === k))!;
    expect(resolveCommand(parse("siamese", `discard ${tileName(absent)}`), ctx(legal, mine))).toEqual({ kind: "say", text: `You have no ${tileName(absent)}.` });
    expect(resolveCommand(parse("siamese", "draw"), ctx(legal, mine))).toMatchObject({ kind: "say", text: expect.stringMatching(/discard one/) });
    expect(resolveCommand(parse("siamese", "discard"), ctx(legal, mine))).toMatchObject({ kind: "say", text: expect.stringMatching(/Say which tile/) });
    // West, not to play: nothing is sent
    const theirs = readTable(viewFor(r.state, 1))!.seats[1]!.pool!;
    expect(resolveCommand(parse("siamese", `discard ${tileName(theirs[0]!.kind)}`), ctx(legalMoves(r.state, 1), theirs))).toEqual({ kind: "say", text: "You cannot discard now." });
    expect(resolveCommand(parse("siamese", "pass"), ctx(legalMoves(r.state, 1), theirs))).toEqual({ kind: "say", text: "Nothing to pass now." });
  });

  it("American Charleston: three tiles by name become the pass the engine lists; a joker, two tiles or a tile not held send nothing", () => {
    const r = newGame("american", { card: "sample-2026" }, "commands-american-1");
    if (!r.ok) throw new Error(r.message);
    const view = viewFor(r.state, 1) as { seats: { concealed: { id: number; kind: Kind }[] }[] };
    const mine = view.seats[1]!.concealed;
    const legal = legalMoves(r.state, 1);
    const three = mine.filter((t) => t.kind !== 35).slice(0, 3);
    const out = resolveCommand(parse("american", `pass ${three.map((t) => tileName(t.kind)).join(", ")}`), ctx(legal, mine));
    expect(out.kind).toBe("move");
    expect(legal).toContainEqual((out as { move: Move }).move);
    expect((out as { move: Move }).move).toMatchObject({ type: "pass", blind: 0 });
    expect(resolveCommand(parse("american", `pass ${tileName(three[0]!.kind)} ${tileName(three[1]!.kind)}`), ctx(legal, mine))).toMatchObject({ kind: "say", text: expect.stringMatching(/Say the 3 tiles to pass/) });
    expect(resolveCommand(parse("american", "pass"), ctx(legal, mine))).toMatchObject({ kind: "say", text: expect.stringMatching(/Say the 3 tiles/) });
    expect(resolveCommand(parse("american", `pass joker ${tileName(three[0]!.kind)} ${tileName(three[1]!.kind)}`), ctx(legal, mine))).toEqual({ kind: "say", text: "Jokers are never passed." });
    const absent = [...Array(34).keys()].find((k) => !mine.some((t) => t.kind === k))!;
    expect(resolveCommand(parse("american", `pass ${tileName(absent)} ${tileName(three[0]!.kind)} ${tileName(three[1]!.kind)}`), ctx(legal, mine))).toEqual({ kind: "say", text: `You have no ${tileName(absent)}.` });
    // the first Charleston's first pass allows no blind pass
    expect(resolveCommand(parse("american", `pass ${tileName(three[0]!.kind)} ${tileName(three[1]!.kind)} blind 1`), ctx(legal, mine))).toMatchObject({ kind: "say", text: expect.stringMatching(/blind pass is allowed only/) });
    expect(resolveCommand(parse("american", "stop"), ctx(legal, mine))).toMatchObject({ kind: "say", text: expect.stringMatching(/can be stopped only/) });
  });

  it("claims: the one that fits is sent, the fewest jokers unless said, a rack to choose is asked with numbers", () => {
    const legal: Move[] = [
      { type: "draw" },
      { type: "claim", rack: 0, size: 3, jokers: 0 },
      { type: "claim", rack: 0, size: 3, jokers: 1 },
      { type: "claim", rack: 1, size: 3, jokers: 0 },
      { type: "claim", rack: 1, size: 4, jokers: 1 },
      { type: "claim-mahjong", rack: 1, line: "x-1" },
      { type: "preference", call: "never" },
    ];
    expect(resolveCommand(parse("siamese", "kong"), ctx(legal))).toEqual({ kind: "move", move: legal[4] });
    expect(resolveCommand(parse("siamese", "pung on rack 1"), ctx(legal))).toEqual({ kind: "move", move: legal[1] });
    expect(resolveCommand(parse("siamese", "pung rack 1 with 1 joker"), ctx(legal))).toEqual({ kind: "move", move: legal[2] });
    const both = resolveCommand(parse("siamese", "pung"), ctx(legal));
    expect(both).toEqual({ kind: "choose", choices: [legal[1], legal[3]] });
    // the number picks among the choices offered, and only then
    expect(resolveCommand(parse("siamese", "2"), ctx(legal, [], { offered: [legal[1]!, legal[3]!] }))).toEqual({ kind: "move", move: legal[3] });
    expect(resolveCommand(parse("siamese", "3"), ctx(legal, [], { offered: [legal[1]!, legal[3]!] }))).toEqual({ kind: "say", text: "Pick a number from 1 to 2." });
    expect(resolveCommand(parse("siamese", "1"), ctx(legal))).toEqual({ kind: "say", text: "There is no choice to pick from now." });
    expect(resolveCommand(parse("siamese", "quint"), ctx(legal))).toEqual({ kind: "say", text: "You cannot claim it for a quint; you may claim: pung, kong." });
    expect(resolveCommand(parse("siamese", "mah jongg"), ctx(legal))).toEqual({ kind: "move", move: legal[5] });
    expect(resolveCommand(parse("siamese", "mah jongg rack 1"), ctx(legal))).toEqual({ kind: "say", text: "No Mah Jongg on rack 1." });
    expect(resolveCommand(parse("siamese", "draw"), ctx(legal))).toEqual({ kind: "move", move: { type: "draw" } });
    // nothing to claim: said, nothing sent
    expect(resolveCommand(parse("siamese", "pung"), ctx([{ type: "draw" }]))).toEqual({ kind: "say", text: "There is no discard you can claim now." });
    expect(resolveCommand(parse("siamese", "mah jongg"), ctx([]))).toEqual({ kind: "say", text: "You cannot declare Mah Jongg now." });
  });

  it("a claim window (American, Royale, Chinese): pass, the calls by name, take, and a kong of your own by its tile", () => {
    const window: Move[] = [{ type: "pass" }, { type: "call", size: 3, jokers: 0 }, { type: "call", size: 3, jokers: 1 }, { type: "call", size: 4, jokers: 1 }, { type: "call-mahjong", line: "l-3" }];
    expect(resolveCommand(parse("american", "pass"), ctx(window))).toEqual({ kind: "move", move: { type: "pass" } });
    expect(resolveCommand(parse("american", "pung"), ctx(window))).toEqual({ kind: "move", move: window[1] });
    expect(resolveCommand(parse("american", "call mah jongg"), ctx(window))).toEqual({ kind: "move", move: window[4] });
    expect(resolveCommand(parse("american", "pass 3 dot"), ctx(window))).toEqual({ kind: "say", text: "Tiles are passed only in the Charleston." });
    const chinese: Move[] = [{ type: "pass" }, { type: "pung" }, { type: "kong" }, { type: "take" }];
    expect(resolveCommand(parse("chinese-ming", "pung"), ctx(chinese))).toEqual({ kind: "move", move: { type: "pung" } });
    expect(resolveCommand(parse("chinese-ming", "kong"), ctx(chinese))).toEqual({ kind: "move", move: { type: "kong" } });
    expect(resolveCommand(parse("chinese-ming", "take it instead of drawing"), ctx(chinese))).toEqual({ kind: "move", move: { type: "take" } });
    expect(resolveCommand(parse("chinese-ming", "claim"), ctx(chinese))).toEqual({ kind: "choose", choices: chinese.slice(1) });
    const own: Move[] = [{ type: "discard", tile: 1 }, { type: "kong", kind: kind("5D") }, { type: "kong", kind: kind("N") }];
    expect(resolveCommand(parse("chinese-ming", "kong 5 circles"), ctx(own))).toEqual({ kind: "move", move: own[1] });
    expect(resolveCommand(parse("chinese-ming", "kong"), ctx(own))).toEqual({ kind: "choose", choices: own.slice(1) });
    expect(resolveCommand(parse("siamese-wp", "chow"), ctx([{ type: "draw" }, { type: "chow", rack: 0, start: 3 }, { type: "claim", rack: 1, set: "pung" }]))).toEqual({ kind: "move", move: { type: "chow", rack: 0, start: 3 } });
    expect(resolveCommand(parse("siamese-wp", "pung"), ctx([{ type: "draw" }, { type: "chow", rack: 0, start: 3 }, { type: "claim", rack: 1, set: "pung" }]))).toEqual({ kind: "move", move: { type: "claim", rack: 1, set: "pung" } });
  });

  it("questions are read from the table, not sent", () => {
    for (const q of ["hand", "discards", "who", "clock", "status", "help"]) expect(resolveCommand(parse("siamese", q), ctx([{ type: "draw" }])).kind, q).toBe("read");
    expect(resolveCommand(parse("siamese", "last 3"), ctx([]))).toEqual({ kind: "read", what: "last", n: 3 });
  });
});
