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
    expect(engine.parseOptions("siamese", undefined)).toEqual({ ok: true, options: { deadHands: "prevent", hints: true } });
    expect(engine.parseOptions("american", { card: "sample-2026", daysPerMove: 3, windowHours: 4, jokerlessDiscard: "discarder-3x" })).toEqual({
      ok: true,
      options: { deadHands: "prevent", hints: true, jokerlessDiscard: "discarder-3x", windowHours: 4 },
    });
    expect(engine.parseOptions("chinese-ming", { windowHours: 24 })).toMatchObject({ ok: true, options: { windowHours: 24 } });
  });

  it("parseOptions refuses in the service's words", () => {
    expect(engine.parseOptions("siamese", "fast")).toEqual({ ok: false, code: "bad-field", message: `"options" must be an object.` });
    expect(engine.parseOptions("siamese", { deadHands: "maybe" })).toEqual({ ok: false, code: "bad-field", message: `"deadHands" must be one of: prevent, enforce.` });
    expect(engine.parseOptions("siamese", { hints: "yes" })).toEqual({ ok: false, code: "bad-field", message: `"hints" must be true or false.` });
    expect(engine.parseOptions("american", { jokerlessDiscard: "x" })).toEqual({ ok: false, code: "bad-field", message: `"jokerlessDiscard" must be one of: each-3x, discarder-3x.` });
    expect(engine.parseOptions("chinese-ming", { windowHours: 0 })).toEqual({ ok: false, code: "bad-field", message: `"windowHours" must be a whole number from 1 to 336.` });
    expect(engine.parseOptions("bridge" as never, {})).toMatchObject({ ok: false, code: "game/ruleset" });
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
