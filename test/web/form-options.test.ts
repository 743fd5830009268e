/**
 * What the New Game, practice, challenge and season forms send as `options`, built from each
 * ruleset's head (components/form-options.ts): every option the ruleset takes, its default until the
 * player chooses, the service's own check accepts it, and the seats follow from it. The bodies are
 * those the forms sent when each option had its own hand-written state.
 */
import { describe, expect, it } from "vitest";
import { HEADS, headOf, parseOptions, seatsOf } from "../../worker/engine/rulesets";
import type { OptionForm } from "../../worker/engine/options";
import { askedOptions, formOptions } from "../../web/src/components/form-options";

const FORMS: OptionForm[] = ["game", "practice", "challenge", "season"];
const CARD = "sample-2026";

describe("the options a form sends", () => {
  it("a new game sends every option of its ruleset, each at its default until chosen", () => {
    expect(formOptions(headOf("siamese"), "game", {})).toEqual({ deadHands: "prevent", card: CARD, hints: true });
    expect(formOptions(headOf("siamese-wp"), "game", {})).toEqual({ deadHands: "prevent", hints: true, games: 4 });
    expect(formOptions(headOf("american"), "game", {})).toEqual({ deadHands: "prevent", card: CARD, hints: true, jokerlessDiscard: "each-3x", windowHours: 12 });
    expect(formOptions(headOf("chinese-ming"), "game", {})).toEqual({ windowHours: 12, length: "round" });
  });

  it("Royale asks the claim window only of three or four players: two play claim-or-draw", () => {
    const royale = headOf("royale");
    expect(formOptions(royale, "game", {})).toEqual({ players: 2, deadHands: "prevent", card: CARD, hints: true });
    expect(formOptions(royale, "game", { players: 3, windowHours: 4 })).toEqual({ players: 3, deadHands: "prevent", card: CARD, hints: true, windowHours: 4 });
    expect(seatsOf("royale", formOptions(royale, "challenge", { players: 4 }))).toBe(4);
  });

  it("tournament dead hands turn hints off, and the form says why", () => {
    const sent = askedOptions(headOf("american"), "game", { deadHands: "enforce", hints: true });
    expect(sent.find((a) => a.field.key === "hints")).toMatchObject({ value: false, settled: { why: "off in tournament games" } });
    expect(formOptions(headOf("siamese"), "challenge", { deadHands: "enforce" })).toMatchObject({ deadHands: "enforce", hints: false });
    expect(formOptions(headOf("siamese"), "challenge", { deadHands: "prevent", hints: false })).toMatchObject({ hints: false });
  });

  it("practice asks only what shapes the table: how many play and how long", () => {
    expect(formOptions(headOf("siamese"), "practice", { deadHands: "enforce" })).toEqual({});
    expect(formOptions(headOf("american"), "practice", { windowHours: 1 })).toEqual({});
    expect(formOptions(headOf("chinese-ming"), "practice", { length: "match" })).toEqual({ length: "match" });
    expect(formOptions(headOf("royale"), "practice", { players: 4 })).toEqual({ players: 4 });
  });

  it("a choice outlives a change of ruleset; one the new ruleset does not offer gives way to its default", () => {
    const chosen = { length: "hand", players: 4, games: 3, card: "a-stored-card-id" };
    expect(formOptions(headOf("siamese"), "season", chosen)).toEqual({ deadHands: "prevent", card: "a-stored-card-id", hints: true });
    expect(formOptions(headOf("chinese-ming"), "season", chosen)).toEqual({ windowHours: 12, length: "hand" });
    expect(formOptions(headOf("siamese-wp"), "game", chosen)).toMatchObject({ games: 4 }); // 3 games is no choice the form offers
  });

  it("whatever a form offers, the service takes, with the seats the form counted", () => {
    for (const head of HEADS) {
      for (const form of FORMS) {
        const choices = [{}, ...head.optionsSchema.fields.flatMap((f) => f.values.map((v) => ({ [f.key]: v.value })))];
        for (const chosen of choices) {
          const options = formOptions(head, form, chosen);
          const parsed = parseOptions(head.id, options);
          expect(parsed, `${head.id} ${form} ${JSON.stringify(chosen)}`).toMatchObject({ ok: true, seats: seatsOf(head.id, options) });
        }
      }
    }
  });
});
