/**
 * The two registries: the heads (worker/engine/rulesets.ts, light) and the rulesets whole
 * (worker/engine/registry.ts). One entry per head, in the same order; each variant says what its
 * head says; family, seats and the list come from the heads, never from an id's spelling.
 */
import { describe, expect, it } from "vitest";
import * as engine from "../../worker/engine/index";
import { FAMILIES, FAMILY_NAMES, HEADS, headOf, isFamily, isRulesetId, RULESET_IDS, seatsOf } from "../../worker/engine/rulesets";
import { RULESETS, variantOf } from "../../worker/engine/registry";

describe("ruleset registries", () => {
  it("one registry entry per head, in the heads' order, its variant built over that head", () => {
    expect(RULESETS.map((r) => r.head)).toEqual([...HEADS]);
    for (const r of RULESETS) {
      const { head, variant } = r;
      expect(variant.id).toBe(head.id);
      expect(variantOf(head.id)).toBe(variant);
      for (const k of ["name", "short", "choice", "seasonChoice", "description", "family", "players", "handsPerPlayer", "sets", "tileSet", "hintsIn"] as const) expect([head.id, k, variant[k]]).toEqual([head.id, k, head[k]]);
      expect(variant.optionsSchema.fields.map((f) => f.key)).toEqual(head.optionsSchema.fields.map((f) => f.key));
    }
  });

  it("every ruleset has its computer player, and the card and tile games their simulated player where they have one", () => {
    expect(RULESETS.filter((r) => !r.bot).map((r) => r.head.id)).toEqual([]);
    for (const r of RULESETS.filter((r) => r.simulated)) expect(typeof r.simulated!.player).toBe("function");
  });

  it("the engine's list, ids and families come from the heads", () => {
    expect(engine.rulesets.map((r) => r.id)).toEqual(HEADS.map((h) => h.id));
    expect(RULESET_IDS).toEqual(HEADS.map((h) => h.id));
    for (const id of RULESET_IDS) {
      expect(isRulesetId(id)).toBe(true);
      expect(engine.familyOf(id)).toBe(headOf(id).family);
      expect(FAMILIES).toContain(headOf(id).family);
    }
    expect(isRulesetId("siamese-deluxe")).toBe(false);
    expect(isRulesetId(undefined)).toBe(false);
    expect(() => headOf("siamese-deluxe")).toThrow(/unknown ruleset "siamese-deluxe"/);
    expect(FAMILIES.map((f) => [f, isFamily(f), typeof FAMILY_NAMES[f]])).toEqual(FAMILIES.map((f) => [f, true, "string"]));
    expect(isFamily("bridge")).toBe(false);
  });

  it("seats: the head's number, or the players a ruleset's options let them choose", () => {
    for (const h of HEADS) expect(seatsOf(h.id, {})).toBe(h.players);
    for (const h of HEADS.filter((h) => h.optionsSchema.fields.some((f) => f.key === "players")))
      for (const n of [2, 3, 4]) {
        const g = engine.newGame(h.id, { players: n }, "rulesets-seats-1");
        expect(g.ok && g.state.players).toBe(seatsOf(h.id, { players: n }));
      }
  });
});
