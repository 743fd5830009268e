/**
 * One of a ruleset's options as a labelled choice, in the words the engine's option gives (label,
 * choices, description): nothing when the ruleset does not take it. The usual choice is marked.
 */
import { rulesets } from "../../../worker/engine/index";

export const optionOf = (ruleset: string, key: string) => rulesets.find((r) => r.id === ruleset)?.options.find((o) => o.key === key);

export function OptionChoice({ ruleset, option, id, value, onChange }: { ruleset: string; option: string; id: string; value: string; onChange: (value: string) => void }) {
  const o = optionOf(ruleset, option);
  if (!o) return null;
  return (
    <>
      <label for={id}>{o.label}</label>
      <select id={id} name={option} aria-describedby={`${id}-help`} value={value} onChange={(e) => onChange((e.target as HTMLSelectElement).value)}>
        {o.values.map((v) => (
          <option key={String(v.value)} value={String(v.value)}>
            {v.label}
            {v.value === o.default ? " (usual)" : ""}
          </option>
        ))}
      </select>
      <p id={`${id}-help`} class="muted">
        {o.description}
      </p>
    </>
  );
}

/** The usual value of an option, as the form's starting choice. */
export const usual = (ruleset: string, option: string) => String(optionOf(ruleset, option)?.default ?? "");
