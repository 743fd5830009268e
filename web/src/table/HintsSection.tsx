/** The hints under the Siamese table: a switch the device remembers, and the hints themselves (loaded on demand). */
import { useState } from "preact/hooks";
import type { TableM } from "./model";
// Loaded after the tiles are on screen.
import { Hints } from "../game/parts";

export function HintsSection({ gameId, table, seat, card }: { gameId: string; table: TableM; seat: number; card: string }) {
  const [showHints, setShowHints] = useState(() => localStorage.getItem("hints") !== "off");
  return (
    <section class="hints" aria-label="Hints">
      <label class="check">
        <input
          type="checkbox"
          checked={showHints}
          onChange={(e) => {
            setShowHints(e.currentTarget.checked);
            localStorage.setItem("hints", e.currentTarget.checked ? "on" : "off");
          }}
        />
        Show hints: the closest card lines for each rack, in tiles
      </label>
      {showHints ? <Hints gameId={gameId} table={table} seat={seat} card={card} /> : null}
    </section>
  );
}
