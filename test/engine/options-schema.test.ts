/** One options schema per variant: the ruleset list is derived from it, and parseOptions checks posted options with the service's words. */
import { describe, expect, it } from "vitest";
import * as engine from "../../worker/engine/index";

describe("options schema", () => {
  it("the ruleset list comes from the variants: ids, shapes and the options each takes", () => {
    expect(engine.rulesets.map((r) => [r.id, r.players, r.handsPerPlayer, r.sets, r.hintsIn])).toEqual([
      ["siamese", 2, 2, 1, "device"],
      ["siamese-mjm", 2, 2, 1, "device"],
      ["siamese-wp", 2, 2, 1, "view"],
      ["american", 4, 1, 1, "view"],
      ["chinese-ming", 4, 1, 1, "view"],
      ["royale", 2, 4, 2, "device"],
    ]);
    expect(engine.rulesets.map((r) => r.options.map((o) => o.key))).toEqual([
      ["deadHands", "card", "hints"],
      ["deadHands", "card", "hints"],
      ["deadHands", "hints", "games"],
      ["deadHands", "card", "hints", "jokerlessDiscard", "windowHours"],
      ["windowHours", "length"],
      ["players", "deadHands", "card", "hints", "windowHours"],
    ]);
    for (const r of engine.rulesets) for (const o of r.options) expect(Object.keys(o).sort()).toEqual(["default", "description", "key", "label", "values"]);
  });

  it("parseOptions fills deadHands and hints, keeps known options, leaves the card and other fields out", () => {
    expect(engine.parseOptions("siamese", undefined)).toEqual({ ok: true, options: { deadHands: "prevent", hints: true }, seats: 2 });
    expect(engine.parseOptions("american", { card: "sample-2026", daysPerMove: 3, windowHours: 4, jokerlessDiscard: "discarder-3x" })).toEqual({
      ok: true,
      options: { deadHands: "prevent", hints: true, jokerlessDiscard: "discarder-3x", windowHours: 4 },
      seats: 4,
    });
    expect(engine.parseOptions("chinese-ming", { windowHours: 24 })).toMatchObject({ ok: true, options: { windowHours: 24 } });
  });

  it("parseOptions refuses in the service's words", () => {
    expect(engine.parseOptions("siamese", "fast")).toEqual({ ok: false, code: "bad-field", message: `"options" must be an object.` });
    expect(engine.parseOptions("siamese", { deadHands: "maybe" })).toEqual({ ok: false, code: "bad-field", message: `"deadHands" must be one of: prevent, enforce.` });
    expect(engine.parseOptions("siamese", { hints: "yes" })).toEqual({ ok: false, code: "bad-field", message: `"hints" must be true or false.` });
    expect(engine.parseOptions("american", { jokerlessDiscard: "x" })).toEqual({ ok: false, code: "bad-field", message: `"jokerlessDiscard" must be one of: each-3x, discarder-3x.` });
    expect(engine.parseOptions("chinese-ming", { windowHours: 0 })).toEqual({ ok: false, code: "bad-field", message: `"windowHours" must be a whole number from 1 to 336.` });
    expect(engine.parseOptions("bridge", {})).toMatchObject({ ok: false, code: "game/ruleset" });
    // a ruleset's own field is checked by its own rule
    expect(engine.parseOptions("royale", { players: 5 })).toEqual({ ok: false, code: "bad-field", message: `"players" must be a whole number from 2 to 4.` });
    // an option the ruleset does not have (another ruleset's, or none at all) is refused, not stored
    expect(engine.parseOptions("siamese", { players: 4 })).toEqual({ ok: false, code: "bad-field", message: `Siamese Mah Jongg has no option "players"; its options are "deadHands", "card", "hints".` });
    expect(engine.parseOptions("royale", { length: "match" })).toMatchObject({ ok: false, code: "bad-field", message: expect.stringContaining(`no option "length"`) });
    expect(engine.parseOptions("chinese-ming", { deadHands: "enforce" })).toMatchObject({ ok: false, code: "bad-field" });
    expect(engine.parseOptions("siamese", { daysPerMove: 3, speed: "fast" })).toMatchObject({ ok: false, message: expect.stringContaining(`no option "speed"`) });
  });

  it("parseOptions says how many sit at the table: the ruleset's own number, or the players its options choose", () => {
    expect(engine.rulesets.map((r) => [r.id, (engine.parseOptions(r.id, {}) as { seats: number }).seats])).toEqual(engine.rulesets.map((r) => [r.id, r.players]));
    expect(engine.parseOptions("royale", { players: 3 })).toMatchObject({ ok: true, options: { players: 3 }, seats: 3 });
    expect(engine.parseOptions("royale", { players: 4 })).toMatchObject({ ok: true, seats: 4 });
    // a ruleset with a fixed table has no `players` to choose: refused, never stored (issue 38, 7)
    expect(engine.parseOptions("american", { players: 2 })).toMatchObject({ ok: false, code: "bad-field" });
    expect(engine.seatsOf("royale", { players: 3 })).toBe(3);
    expect(engine.seatsOf("siamese", { players: 3 })).toBe(2);
  });

  it("options parseOptions accepts, every ruleset deals (the API deals no trial game)", () => {
    const raws: unknown[] = [
      {},
      { deadHands: "enforce", hints: false },
      { players: 2 },
      { players: 3 },
      { players: 4 },
      { players: 5 },
      { players: 3.5 },
      { games: 1 },
      { games: 8 },
      { games: 9 },
      { windowHours: 1 },
      { windowHours: 336 },
      { windowHours: 337 },
      { length: "hand" },
      { length: "season" },
      { jokerlessDiscard: "discarder-3x" },
      { deadHands: "enforce", games: 2, players: 4, windowHours: 24, length: "match", jokerlessDiscard: "each-3x", hints: true },
      { card: "sample-2026" },
      { daysPerMove: 7, somethingElse: "x" },
    ];
    for (const r of engine.rulesets)
      for (const raw of raws) {
        const parsed = engine.parseOptions(r.id, raw);
        if (!parsed.ok) continue;
        const dealt = engine.newGame(r.id, parsed.options, "options-seed-3");
        expect({ ruleset: r.id, raw, dealt: dealt.ok ? "ok" : dealt.message }).toEqual({ ruleset: r.id, raw, dealt: "ok" });
        if (dealt.ok) expect(dealt.state.players).toBe(parsed.seats);
      }
  });

  it("newGame checks the options its variant takes with the same fields", () => {
    expect(engine.newGame("siamese", { deadHands: "maybe" as never }, "options-seed-1")).toMatchObject({ ok: false, code: "game/options" });
    expect(engine.newGame("american", { windowHours: 0 }, "options-seed-1")).toMatchObject({ ok: false, code: "game/options" });
  });

  it("no hints under tournament rules (deadHands enforce), nor for a ruleset without them", () => {
    const g = engine.newGame("siamese", { deadHands: "enforce" }, "options-seed-2");
    expect(g.ok && engine.hints(g.state, 0)).toBeNull();
    const c = engine.newGame("chinese-ming", {}, "options-seed-2");
    expect(c.ok && engine.hints(c.state, 0)).toBeNull();
    expect(c.ok && engine.closeWindow(c.state)).toMatchObject({ ok: false, code: "window/none" });
    const s = engine.newGame("siamese", {}, "options-seed-2");
    expect(s.ok && engine.closeWindow(s.state)).toMatchObject({ ok: false, code: "window/none", message: "this game has no claim windows" });
    expect(s.ok && engine.paceOf(s.state)).toEqual({ key: "", hours: null });
  });
});
