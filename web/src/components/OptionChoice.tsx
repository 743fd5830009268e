/**
 * One option of a ruleset as a labelled list, in the words its schema gives (the form's words where
 * it has them, else its label; its help, else its description). The usual choice is marked, unless
 * the option's default is no advice (how many play).
 */
import type { OptionField } from "../../../worker/engine/options";

export function OptionChoice({ field, id, value, onChange, disabled, prompt = field.prompt ?? field.label }: { field: OptionField; id: string; value: unknown; onChange: (value: unknown) => void; disabled?: boolean; prompt?: string }) {
  return (
    <>
      <label for={id}>{prompt}</label>
      <select
        id={id}
        name={field.key}
        aria-describedby={`${id}-help`}
        value={String(value)}
        disabled={disabled}
        onChange={(e) => onChange(field.values.find((v) => String(v.value) === (e.target as HTMLSelectElement).value)?.value ?? field.default)}
      >
        {field.values.map((v) => (
          <option key={String(v.value)} value={String(v.value)}>
            {v.label}
            {v.value === field.default && !field.noUsual ? " (usual)" : ""}
          </option>
        ))}
      </select>
      <p id={`${id}-help`} class="muted">
        {field.help ?? field.description}
      </p>
    </>
  );
}
