/** Hints for an American hand: the service's closest card lines (GET /api/games/:id `hints`), tiles still needed drawn as tiles. */
import { useState } from "preact/hooks";
import { parseTiles } from "../../../../worker/engine/tiles";
import type { Hints } from "../../../../worker/engine/variants/siamese/hints";
import { Tile } from "../../components/Tile";
import { lineText } from "../card";

const away = (n: number) => (n === 0 ? "Complete!" : `${n} ${n === 1 ? "tile" : "tiles"} away`);

export function AmericanHints({ hints }: { hints: Hints }) {
  const [shown, setShown] = useState(() => localStorage.getItem("hints") !== "off");
  const rack = hints.racks[0];
  return (
    <section class="hints" aria-label="Hints">
      <label class="check">
        <input
          type="checkbox"
          checked={shown}
          onChange={(e) => {
            setShown(e.currentTarget.checked);
            localStorage.setItem("hints", e.currentTarget.checked ? "on" : "off");
          }}
        />
        Show hints (the card lines closest to your tiles)
      </label>
      {shown && rack ? (
        <div class="hint-panel">
          {rack.status === "declared" ? <p class="muted">Mah Jongg declared.</p> : rack.status === "dead" ? <p class="muted">Your hand is dead.</p> : null}
          <ul>
            {rack.closest.map((l) => (
              <li key={l.line}>
                <strong>{away(l.away)}</strong>: {lineText(l.line)}
                {l.needed ? (
                  <div class="hint-needed">
                    <span class="muted">Still needed: </span>
                    {parseTiles(l.needed).map((k, i) => (
                      <Tile key={i} kind={k} size="sm" />
                    ))}
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
