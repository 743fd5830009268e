/** The American hint lines in tiles (loaded with the card matcher only when hints are shown). */
import type { AmericanView } from "../../../../worker/engine/variants/american/view";
import type { RackHint } from "../../../../worker/engine/variants/siamese/hints";
import { HintLine } from "../../table/Hints";
import { americanHintLines } from "./hint-lines";

export default function HintPanel({ rack, seat, options }: { rack: RackHint; seat: AmericanView["seats"][number]; options: AmericanView["options"] }) {
  return (
    <div class="hint-panel">
      {rack.status === "declared" ? <p class="muted">Mah Jongg declared.</p> : rack.status === "dead" ? <p class="muted">Your hand is dead.</p> : null}
      {rack.closest.length ? (
        <p class="muted small hint-legend">Tiles with a dashed outline and “need” are the ones still missing; the rest come from your hand.</p>
      ) : null}
      <ul class="hint-list">
        {americanHintLines(rack, seat, options).map((m) => (
          <HintLine key={m.line} m={m} />
        ))}
      </ul>
    </div>
  );
}
