/**
 * The chinese-ming scoring calculator for hands played at a real table (docs/score-calculator.md):
 * the same description as `npm run cli -- score`, scored in the browser by the engine.
 */
import { useState } from "preact/hooks";
import { calculate, type DescribedHand } from "../../../worker/engine/variants/chinese-ming/calculator";
import { ScoreSheet } from "../rulesets/chinese-ming/ScoreSheet";
import "../rulesets/chinese-ming/chinese.css";

const WINDS = [
  ["E", "East (flower 1)"],
  ["S", "South (flower 2)"],
  ["W", "West (flower 3)"],
  ["N", "North (flower 4)"],
] as const;

const EXAMPLE: DescribedHand = { seat: "S", prevailing: "E", exposed: "5B 5B 5B, N N N, 2D 2D 2D 2D", pairs: "R R, 8B 8B", flowers: "F2g F4r" };

export default function Calculator() {
  const [hand, setHand] = useState<DescribedHand>(EXAMPLE);
  const set = (patch: Partial<DescribedHand>) => setHand({ ...hand, ...patch });
  const result = calculate(hand);
  // The sets' boxes wrap (a phone showed only the start of "5B 5B 5B, N N N, 2D 2D 2D 2D" in one line):
  // a box of two lines that grows as it is typed into; Enter adds no line (sets are parted by commas).
  const text = (key: "exposed" | "natural" | "pairs" | "flowers", label: string, hint: string, lines = 1) => (
    <label>
      {label}
      {lines > 1 ? (
        <textarea class="calc-sets" rows={lines} value={hand[key] ?? ""} placeholder={hint} autocomplete="off" spellcheck={false}
          onKeyDown={(e) => e.key === "Enter" && e.preventDefault()} onInput={(e) => set({ [key]: e.currentTarget.value })} />
      ) : (
        <input type="text" value={hand[key] ?? ""} placeholder={hint} autocomplete="off" spellcheck={false} onInput={(e) => set({ [key]: e.currentTarget.value })} />
      )}
    </label>
  );
  const check = (key: "jong" | "winner" | "replacement" | "concealed", label: string) => (
    <label class="check">
      <input type="checkbox" checked={!!hand[key]} onChange={(e) => set({ [key]: e.currentTarget.checked })} />
      {label}
    </label>
  );
  return (
    <section class="calculator">
      <h1>Score a Chinese hand (Ming family rules)</h1>
      <p class="notice">
        Describe one player's hand from a real table. Tiles: 1B–9B Bamboo, 1C–9C Characters, 1D–9D Circles, E S W N winds, R G 0 dragons, F1r–F4r and
        F1g–F4g flowers. Separate sets with commas.
      </p>
      <form class="stack" onSubmit={(e) => e.preventDefault()}>
        <label>
          Seat wind
          <select value={hand.seat} onChange={(e) => set({ seat: e.currentTarget.value })}>
            {WINDS.map(([w, l]) => <option value={w}>{l}</option>)}
          </select>
        </label>
        <label>
          Prevailing wind
          <select value={hand.prevailing ?? "E"} onChange={(e) => set({ prevailing: e.currentTarget.value })}>
            {WINDS.map(([w, l]) => <option value={w}>{l.replace(/ \(.*/, "")}</option>)}
          </select>
        </label>
        {text("exposed", "Exposed sets (punged, claimed, or completed by a claimed discard)", "5B 5B 5B, N N N", 2)}
        {text("natural", "Natural sets (built only from self-drawn tiles)", "E E E E", 2)}
        {text("pairs", "Pairs", "R R")}
        {text("flowers", "Flowers", "F2g F4r")}
        {check("jong", "This player is the Jong")}
        {check("winner", "This player went Woo (won)")}
        {check("replacement", "Won on the replacement tile from the loose end")}
        {check("concealed", "Concealed hand (never punged)")}
      </form>
      {result.ok ? (
        <ScoreSheet sheet={result.sheet} caption="Score sheet" />
      ) : (
        <ul class="error" role="alert">
          {result.problems.map((p) => <li>{p}</li>)}
        </ul>
      )}
    </section>
  );
}
