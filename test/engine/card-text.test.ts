import { describe, expect, it } from "vitest";
import { builtinCards, cardFromText, cardToText, checkTextLine, numberProblems, validateCard, CARD_LIMITS } from "../../worker/engine/card";
import { cardOf } from "../../worker/engine/game/card-of";
import { cardModule } from "../../worker/engine/card";

const problems = (text: string, name = "Club card") => {
  const r = cardFromText(text, { id: "c1", name });
  return r.ok ? [] : r.problems.map((p) => (p.line === null ? p.message : `line ${p.line}: ${p.message}`));
};

describe("typed cards: one line per hand, every problem on its line in plain words", () => {
  it("reads category | hand | value | C/X | note, skips blanks and comments, repeats an empty category", () => {
    const r = cardFromText(
      ["name: Club card 2027", "# copied from the printed card", "", "2468 | FF 2222a 44a 6666b 88b | 25 | X | any two suits", " | 222a 4444a 666a 8888a | 25 | x", "Singles & Pairs | 2468a 2468b 2468c FF | 75 | C", "Atomic | 13579a 2468b NEWS R | 75 | C atomic"].join("\n"),
      { id: "c1" },
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.card.name).toBe("Club card 2027");
    expect(r.card.lines.map((l) => [l.id, l.category, l.value, l.concealed, l.atomic, l.note])).toEqual([
      ["2468-1", "2468", 25, false, false, "any two suits"],
      ["2468-2", "2468", 25, false, false, undefined],
      ["singles-pairs-1", "Singles & Pairs", 75, true, false, undefined],
      ["atomic-1", "Atomic", 75, true, true, undefined],
    ]);
    expect(r.lineAt).toEqual([4, 5, 6, 7]);
  });

  it("says how many tiles each group has when a hand is not 14 tiles", () => {
    expect(problems("x | FF 2222a 44a 666b 88b | 25 | X")).toEqual([
      "line 1: has 13 tiles, a hand needs 14: FF is a pair, 2222a is a kong, 44a is a pair, 666b is a pung, 88b is a pair",
    ]);
    expect(problems("x | 2026a 222b 666c FFF | 25 | X")[0]).toMatch(/^line 1: has 13 tiles, a hand needs 14: 2026a is 4 singles, 222b is a pung/);
  });

  it("names every missing or wrong part", () => {
    expect(problems("2468 FF 2222a 44a 6666b 88b 25 X")).toEqual(["line 1: write the hand as: category | hand | value | C or X | note (found 1 part; separate them with |)"]);
    expect(problems("x | FF 2222a 44a 6666b 88b | 25 | Q")).toEqual(['line 1: "Q" should be C (concealed) or X (may be exposed), optionally followed by "atomic"']);
    expect(problems("x | FF 2222a 44a 6666b 88b | 25 | ")).toEqual(['line 1: the fourth part should be C (concealed) or X (may be exposed), not ""']);
    expect(problems(" | FF 2222a 44a 6666b 88b | 25 | X")).toEqual(["line 1: has no category: write the heading printed on the card first, e.g. 2468 | …"]);
    expect(problems("x |  | 25 | X")).toEqual(["line 1: has no hand: write its groups in the second part, e.g. FF 2222a 44a 6666b 88b"]);
    expect(problems("x | FF 2222a 44a 6666b 88b |  | X")).toEqual(["line 1: has no value: write its points in the third part, e.g. 25"]);
    expect(problems("x | FF 2222a 44a 6666b 88b | lots | X")).toEqual(['line 1: value "lots" is not a number']);
    expect(problems("x | FF 2222a 44a 6666b 88b | 0 | X")).toEqual(["line 1: value 0 is not a whole number of points above 0"]);
  });

  it("passes on the engine validator's problems with the text line number, all of them, in order", () => {
    const text = ["name: c", "x | FF 2222a 44a 6666b 88b | 25 | X", "", "x | XYZ 222a | 25 | X", "x | 2222 NNNN EEEE WW | 25 | X", "Atomic | 1111a 2222b 3333c NN | 50 | C atomic"].join("\n");
    const p = problems(text);
    expect(p[0]).toBe('line 4: unknown group "XYZ": "X" is not a tile (use 1-9, 0 for Soap, N E W S, R G, D, F, n m p)');
    expect(p[1]).toMatch(/^line 5: group "2222" needs a suit/);
    expect(p[2]).toBe("line 6: is marked Atomic, but an Atomic hand may not repeat a number");
    expect(p).toHaveLength(3);
  });

  it("asks for a name and for at least one hand, and keeps to the limits", () => {
    expect(problems("x | FF 2222a 44a 6666b 88b | 25 | X", "")).toEqual(['the card has no name: give it one, or start with a line "name: …"']);
    expect(problems("# nothing yet\n")).toEqual(["the card has no hands yet: write one per line, e.g. 2468 | FF 2222a 44a 6666b 88b | 25 | X"]);
    const many = Array.from({ length: CARD_LIMITS.lines + 1 }, () => "x | FF 2222a 44a 6666b 88b | 25 | X").join("\n");
    expect(problems(many)).toEqual([`line 121: a card has at most 120 hands; this is hand 121`]);
    expect(problems("# " + "x".repeat(CARD_LIMITS.bytes))).toEqual(["the card is larger than 64 KB"]);
  });

  it("checks one line as it is typed", () => {
    expect(checkTextLine("")).toEqual({ ok: true, line: null });
    expect(checkTextLine("# note")).toEqual({ ok: true, line: null });
    const ok = checkTextLine("2468 | FF 2222a 44a 6666b 88b | 25 | X");
    expect(ok.ok && ok.line?.text).toBe("FF 2222a 44a 6666b 88b");
    // an empty category stands for the one of the line above, as in the whole card
    expect(checkTextLine(" | FF 2222a 44a 6666b 88b | 25 | X", "2468")).toMatchObject({ ok: true, line: { category: "2468" } });
    expect(checkTextLine(" | FF 2222a 44a 6666b 88b | 25 | X")).toEqual({ ok: false, messages: ["has no category: write the heading printed on the card first, e.g. 2468 | …"] });
    expect(checkTextLine("2468 | FF 2222a 44a 666b 88b | 25 | X")).toEqual({
      ok: false,
      messages: ["has 13 tiles, a hand needs 14: FF is a pair, 2222a is a kong, 44a is a pair, 666b is a pung, 88b is a pair"],
    });
  });

  it("writes a card back as text that reads to the same card (export, duplicate)", () => {
    const sample = builtinCards["sample-2026"]!;
    const again = cardFromText(cardToText(sample), { id: "copy" });
    expect(again.ok).toBe(true);
    if (!again.ok) return;
    expect(again.card.name).toBe(sample.name);
    expect(again.card.lines.map(({ id: _id, ...l }) => l)).toEqual(sample.lines.map(({ id: _id, ...l }) => l));
  });

  it("numbers a JSON card's problems by the line's place in the list", () => {
    const data = { id: "j", name: "j", lines: [{ id: "a", category: "x", value: 25, text: "FF 2222a 44a 6666b 88b" }, { id: "b", category: "x", value: 25, text: "FF" }, { category: "x", value: 25, text: "FF" }] };
    const check = validateCard(data);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(numberProblems(data, check.problems).map((p) => p.line)).toEqual([2, 3, 3]);
  });

  it("a card object in a game's options is read once, not again on every move", () => {
    const r = cardFromText("x | FF 2222a 44a 6666b 88b | 25 | X", { id: "c1", name: "n" });
    if (!r.ok) throw new Error("card");
    const options = { card: JSON.parse(JSON.stringify(r.card)) };
    const a = cardOf(cardModule, options);
    expect(cardOf(cardModule, options)).toBe(a);
    // the same card data read again from storage (a new object) still gives the same compiled card
    expect(cardOf(cardModule, { card: JSON.parse(JSON.stringify(r.card)) })).toBe(a);
  });
});

describe("a game cannot start with an invalid card", () => {
  it("newGame refuses a card object that does not validate, for every card ruleset", async () => {
    const { newGame } = await import("../../worker/engine/index");
    const bad = { id: "bad", name: "bad", lines: [{ id: "a", category: "x", value: 25, text: "FF 2222a 44a 666b 88b" }] };
    for (const ruleset of ["siamese", "american"] as const) {
      const r = newGame(ruleset, { card: bad }, "some-seed-123");
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).toMatch(/has 13 tiles/);
    }
  });
});
