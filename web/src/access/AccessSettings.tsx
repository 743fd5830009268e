/** Settings' part for seeing and playing the tables: larger tiles, play by typing, and the keys. Kept with the account (prefs.ts). */
import { useState } from "preact/hooks";
import { savePrefs, useAccessPrefs, type AccessPrefs } from "./prefs";

export function AccessSettings() {
  const p = useAccessPrefs();
  const [msg, setMsg] = useState("");
  const set = (patch: Partial<AccessPrefs>) => {
    setMsg("");
    void savePrefs(patch).then(() => setMsg("Saved for all your devices."));
  };
  return (
    <section aria-labelledby="access-h">
      <h2 id="access-h">Seeing and playing the tables</h2>
      <label class="check">
        <input type="checkbox" checked={p.largeTiles} onChange={(e) => set({ largeTiles: e.currentTarget.checked })} />
        Larger tiles, on every page
      </label>
      <label class="check">
        <input type="checkbox" checked={p.playByTyping} onChange={(e) => set({ playByTyping: e.currentTarget.checked })} />
        Play by typing: a line at every table for your moves and questions in words, answered aloud by a screen reader
      </label>
      {msg ? <p role="status" class="notice">{msg}</p> : null}
      <details>
        <summary>Keys at the table</summary>
        <ul>
          <li>When it is your turn the focus is already on your move: Enter draws.</li>
          <li>Arrow keys move among your tiles and racks, and down to the buttons; Enter or Space selects a tile.</li>
          <li>D discards the tile selected, P passes, M declares Mah Jongg, C claims, Escape cancels.</li>
          <li>T opens the line for typing: "discard 3 dot", "pass", "pung", "mah jongg", "hand", "discards", "clock", "who", "help".</li>
        </ul>
      </details>
    </section>
  );
}
