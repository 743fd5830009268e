/**
 * What a form sends of a ruleset's options (components/RulesetOptions.tsx asks them): from the
 * ruleset head's options schema and what the player chose so far, kept by option key across a
 * change of ruleset. Pure, so a test holds it against the service's check.
 */
import type { GameOptions } from "../../../worker/engine/api";
import type { OptionField, OptionForm, OptionsSchema } from "../../../worker/engine/options";

/** What a form needs of a ruleset's head. */
export interface OptionsOf {
  optionsSchema: OptionsSchema;
}

export type Chosen = Partial<Record<keyof GameOptions, unknown>>;

/** The fields a form asks, in the schema's order: practice only those that shape the table. */
const askedIn = (head: OptionsOf, form: OptionForm): OptionField[] => head.optionsSchema.fields.filter((f) => form !== "practice" || f.quick);

/** The player's choice when this ruleset offers it (a card: any card id the picker gave), else the field's default. */
const choiceOf = (f: OptionField, chosen: Chosen): unknown => {
  const c = chosen[f.key];
  if (f.control === "card") return typeof c === "string" && c ? c : f.default;
  return f.values.some((v) => v.value === c) ? c : f.default;
};

export interface Asked {
  field: OptionField;
  /** What the form sends for it. */
  value: unknown;
  /** Another choice settles it (the form shows it, not to be changed, and why). */
  settled: { value: unknown; why: string } | null;
}

/**
 * The fields a form asks of `head`'s ruleset now, with the value each sends: as chosen or by
 * default; a field the other choices leave out (shownWhen) is not asked, one they settle
 * (settledBy) is sent as settled.
 */
export function askedOptions(head: OptionsOf, form: OptionForm, chosen: Chosen): Asked[] {
  const fields = askedIn(head, form);
  const all = Object.fromEntries(fields.map((f) => [f.key, choiceOf(f, chosen)])) as GameOptions;
  return fields
    .filter((f) => !f.shownWhen || f.shownWhen(all))
    .map((field) => {
      const settled = field.settledBy?.(all) ?? null;
      return { field, value: settled ? settled.value : all[field.key], settled };
    });
}

/** The options a form sends for `head`'s ruleset (what POST /api/games, /api/challenges and a season take as `options`). */
export const formOptions = (head: OptionsOf, form: OptionForm, chosen: Chosen): Record<string, unknown> =>
  Object.fromEntries(askedOptions(head, form, chosen).map((a) => [a.field.key, a.value]));
