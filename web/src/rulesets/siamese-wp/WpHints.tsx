/** The Wright-Patterson hints under the table (the nearest hands of the list per rack), loaded after the tiles. */
import { useContext } from "preact/hooks";
import type { Hints } from "../../../../worker/engine/game/hints";
import { parseTiles } from "../../../../worker/engine/tiles";
import { PinsContext } from "../../table/pins";
import { handName } from "./names";
import { WP_WORDS } from "./tile-words";

/** "7 Circles, 8 Circles" from the hints' tile notation ("7D 8D"). */
const neededWords = (needed: string) => {
  try {
    return parseTiles(needed).map(WP_WORDS.name).join(", ");
  } catch {
    return needed;
  }
};

export function WpHints({ hints }: { hints: Hints }) {
  const pins = useContext(PinsContext);
  return (
    <section class="hints" aria-label="Hints">
      <h3>Hints</h3>
      {hints.racks.map((r) => (
        <div key={r.rack} class="rack-hints">
          <h4>Rack {r.rack + 1}</h4>
          {r.status !== "open" ? (
            <p class="small">{r.status === "declared" ? "Declared." : "Dead."}</p>
          ) : (
            <ul>
              {r.closest.map((l) => (
                <li key={l.line}>
                  {handName(l.line)}: {l.away === 0 ? "complete" : `${l.away} tile${l.away === 1 ? "" : "s"} away`}
                  {l.needed ? <span class="small"> — would help: {neededWords(l.needed)}</span> : null}
                  {pins ? (
                    <button type="button" class={`pin${pins.pinned.includes(l.line) ? " on" : ""}`} aria-pressed={pins.pinned.includes(l.line)} aria-label={`${pins.pinned.includes(l.line) ? "Unpin" : "Pin"} ${handName(l.line)} as a target hand`} disabled={pins.busy} onClick={() => pins.toggle(l.line)}>
                      {pins.pinned.includes(l.line) ? "Pinned" : "Pin"}
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </section>
  );
}

