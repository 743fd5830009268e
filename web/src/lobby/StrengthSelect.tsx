/** "How strong a computer?" as a labelled list: a new game's computers, a challenge's fill-ins. */
import { STRENGTH_WORDS, STRENGTHS, type Strength } from "./client";

export function StrengthSelect({ id, value, onChange }: { id: string; value: Strength; onChange: (s: Strength) => void }) {
  return (
    <>
      <label for={id}>How strong a computer?</label>
      <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value as Strength)}>
        {STRENGTHS.map((s) => (
          <option key={s} value={s}>
            {STRENGTH_WORDS[s]}
          </option>
        ))}
      </select>
    </>
  );
}
