/**
 * A ruleset's options as a form asks them, built from its head's options schema (the engine's
 * worker/engine/options.ts): each field in its own control and words, its default chosen at first.
 * The New Game, practice, challenge and season forms all use it; none keeps a state per option.
 * The form keeps what the player chose (`chosen`, by option key) across a change of ruleset;
 * `formOptions` (./form-options.ts) turns it into the options the form sends.
 */
import type { OptionField, OptionForm } from "../../../worker/engine/options";
import { CardPicker } from "../cards/CardPicker";
import { askedOptions, type Chosen, type OptionsOf } from "./form-options";
import { OptionChoice } from "./OptionChoice";

export { formOptions, type Chosen } from "./form-options";

const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * Each option `form` asks of `head`'s ruleset; `part` "table" only those that shape the table (how
 * many play, how long: a form asks them before the seats it fills), "rest" the others. Ids are the
 * option's key in kebab case after `idPrefix` ("post-" gives post-length, post-window-hours);
 * `league` lets the card picker offer the league's cards.
 */
export function RulesetOptions({ head, form, chosen, onChange, part, idPrefix = "", league }: { head: OptionsOf; form: OptionForm; chosen: Chosen; onChange: (chosen: Chosen) => void; part?: "table" | "rest"; idPrefix?: string; league?: string }) {
  const set = (key: string) => (value: unknown) => onChange({ ...chosen, [key]: value });
  return (
    <>
      {askedOptions(head, form, chosen)
        .filter(({ field: f }) => !part || (part === "table") === !!f.quick)
        .map(({ field: f, value, settled }) => (
          <Field key={f.key} field={f} prompt={f.promptIn?.[form] ?? f.prompt ?? f.label} id={idPrefix + kebab(f.key)} value={value} settled={settled} onChange={set(f.key)} league={league} />
        ))}
    </>
  );
}

function Field({ field: f, prompt, id, value, settled, onChange, league }: { field: OptionField; prompt: string; id: string; value: unknown; settled: { why: string } | null; onChange: (value: unknown) => void; league?: string }) {
  switch (f.control) {
    case "card":
      return <CardPicker id={id} name="card" value={String(value)} onChange={onChange} league={league} />;
    case "switch":
      return (
        <label class="check">
          <input type="checkbox" id={id} name={f.key} checked={value === true} disabled={!!settled} onChange={(e) => onChange((e.target as HTMLInputElement).checked)} />
          {prompt}
          {settled ? ` — ${settled.why}` : ""}
        </label>
      );
    case "sentences":
      return (
        <fieldset class="sentences" aria-describedby={f.help ? `${id}-help` : undefined} disabled={!!settled}>
          <legend>
            {prompt}
            {settled ? ` — ${settled.why}` : ""}
          </legend>
          {f.values.map((v) => (
            <label class="check" key={String(v.value)}>
              <input type="radio" name={id} checked={value === v.value} onChange={() => onChange(v.value)} />
              {v.sentence ?? v.label}
            </label>
          ))}
          {/* each choice says what it does; the help, where there is one, says why there are two */}
          {f.help ? (
            <p id={`${id}-help`} class="muted">
              {f.help}
            </p>
          ) : null}
        </fieldset>
      );
    default:
      return <OptionChoice field={f} prompt={prompt} id={id} value={value} onChange={onChange} disabled={!!settled} />;
  }
}
