/** "Larger tiles": a setting kept on this device; it makes every tile of the table bigger. */
import { useEffect, useState } from "preact/hooks";

const KEY = "tiles";
const apply = (on: boolean) => document.documentElement.classList.toggle("big-tiles", on);

export function LargerTiles() {
  const [on, setOn] = useState(() => localStorage.getItem(KEY) === "large");
  useEffect(() => void apply(on), [on]);
  return (
    <label class="check larger-tiles">
      <input
        type="checkbox"
        checked={on}
        onChange={(e) => {
          const v = e.currentTarget.checked;
          localStorage.setItem(KEY, v ? "large" : "normal");
          setOn(v);
        }}
      />
      Larger tiles
    </label>
  );
}
