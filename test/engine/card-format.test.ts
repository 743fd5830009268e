import { describe, expect, it } from "vitest";
import { builtinCards, formatProblem, match, validateCard, type CardCheck } from "../../worker/engine/card";
import { parseTiles } from "../../worker/engine/tiles";
import sampleData from "../../worker/engine/cards/sample-2026.json";

const line = (text: string, extra: Record<string, unknown> = {}) => ({ id: "L1", category: "Test", value: 25, text, ...extra });
const check = (...lines: unknown[]): CardCheck => validateCard({ id: "t", name: "test", lines });
const problems = (c: CardCheck) => (c.ok ? [] : c.problems.map(formatProblem));

describe("card validator: every problem, named by line, in plain words", () => {
  it("counts tiles: a hand needs 14", () => {
    expect(problems(check(line("2468a 2468b 22c 888c", { id: "2468-3" })))).toEqual(['line "2468-3": has 13 tiles, a hand needs 14']);
  });

  it("reports every problem of every line, not just the first", () => {
    const c = check(line("XYZ 222a", { id: "a", value: "lots" }), { id: "b", value: 25, text: "FFFF NNNN EEEE WW" });
    expect(problems(c)).toEqual([
      'line "a": value "lots" is not a number',
      'line "a": unknown group "XYZ": "X" is not a tile (use 1-9, 0 for Soap, N E W S, R G, D, F, n m p)',
      'line "b": has no category',
    ]);
  });

  it("names a line without id by its position", () => {
    expect(problems(check(line("FFFF NNNN EEEE WW"), { category: "X", value: 25, text: "FFFF NNNN EEEE WW" }))).toEqual([
      "line 2: has no id",
    ]);
  });

  it("refuses lines that cannot be built even with jokers", () => {
    expect(problems(check(line("111111a 111111a 11a")))).toEqual(['line "L1": cannot be made: it needs 10 jokers but a set has only 8']);
    expect(problems(check(line("1a 1a 1a 1a 1a NNNN EEEE F")))).toEqual([
      'line "L1": cannot be made: it needs 5 × 1 Bams as singles or pairs, but there are only 4 and jokers cannot stand in for singles or pairs',
    ]);
    expect(problems(check(line("1111111a NNNN EEE")))).toEqual(['line "L1": group "1111111a" has 7 tiles; a group has at most 6 (a sextet)']);
  });

  it("numbers need a suit; suit letters are a, b, c; restrictions must make sense", () => {
    expect(problems(check(line("2222 NNNN EEEE WW")))[0]).toMatch(/group "2222" needs a suit/);
    expect(problems(check(line("2222d NNNN EEEE WW")))[0]).toMatch(/"d" is not a suit letter/);
    expect(problems(check(line("NNNNa 2222b EEEE WW")))[0]).toMatch(/group "NNNNa" has no numbers and no D/);
    expect(problems(check(line("nnnna NNNN EEEE WW ; n prime")))[0]).toMatch(/"n prime" is not a restriction/);
    expect(problems(check(line("nnnna NNNN EEEE WW ; m odd")))[0]).toMatch(/restricts "m" but no group uses it/);
    expect(problems(check(line("nnnna (n+1)(n+1)(n+1)(n+1)a EEEE WW ; n in 9")))[0]).toMatch(/no numbers fit/);
  });

  it("value, flags and duplicates are checked", () => {
    expect(problems(check(line("FFFF NNNN EEEE WW", { value: 2.5 }))).at(0)).toMatch(/value 2.5 is not a whole number/);
    expect(problems(check(line("FFFF NNNN EEEE WW", { concealed: "C" })))).toEqual(['line "L1": concealed must be true (C) or false (X)']);
    expect(problems(check(line("FFFF NNNN EEEE WW"), line("FFFF NNNN EEEE SS")))).toEqual(['line "L1": has the same id as an earlier line']);
    expect(problems(check(line("111a 222a 3333b 4444c", { atomic: true })))).toEqual([
      'line "L1": is marked Atomic, but an Atomic hand may not repeat a number',
    ]);
  });

  it("card-level problems and JSON text", () => {
    expect(problems(validateCard("{nope"))[0]).toMatch(/not valid JSON/);
    expect(problems(validateCard({ id: "x", name: "x", lines: [] }))).toEqual(["the card has no lines"]);
    expect(validateCard(JSON.stringify({ id: "x", name: "x", lines: [line("FFFF NNNN EEEE WW")] })).ok).toBe(true);
  });
});

describe("the original sample card sample-2026", () => {
  const card = builtinCards["sample-2026"]!;

  it("validates and is registered", () => {
    expect(validateCard(sampleData).ok).toBe(true);
    expect(card.id).toBe("sample-2026");
  });

  it("has at least 40 hands in at least 9 categories, worth 25 to 75", () => {
    expect(card.lines.length).toBeGreaterThanOrEqual(40);
    const cats = new Set(card.lines.map((l) => l.category));
    for (const c of ["2026", "2468", "Like Numbers", "Addition", "Quints", "Consecutive Run", "13579", "Winds & Dragons", "369", "Singles & Pairs"])
      expect(cats).toContain(c);
    for (const l of card.lines) expect(l.value).toBeGreaterThanOrEqual(25), expect(l.value).toBeLessThanOrEqual(75);
  });

  it("has concealed lines, a quint, singles-and-pairs, an Atomic line and a 2026 year", () => {
    expect(card.lines.some((l) => l.concealed)).toBe(true);
    expect(card.lines.some((l) => l.atomic)).toBe(true);
    expect(card.lines.some((l) => /(\S)\1{4}/.test(l.text.split(";")[0]!))).toBe(true);
    expect(card.lines.filter((l) => l.category === "Singles & Pairs").every((l) => l.concealed)).toBe(true);
    expect(match(parseTiles("2B 0 2B 6B 2C 2C 2C 6D 6D 6D F F F F"), card).map((m) => m.line.id)).toEqual(["2026-1"]);
  });
});
