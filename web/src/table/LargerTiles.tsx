/** "Larger tiles": every tile bigger, on every page and every device of the player (kept with the account: ../access/prefs.ts). */
import { savePrefs, useAccessPrefs } from "../access/prefs";

export function LargerTiles() {
  const { largeTiles } = useAccessPrefs();
  return (
    <label class="check larger-tiles">
      <input type="checkbox" checked={largeTiles} onChange={(e) => void savePrefs({ largeTiles: e.currentTarget.checked })} />
      Larger tiles
    </label>
  );
}
