/** Hints for an American hand: the service's closest card lines (GET /api/games/:id `hints`), shown in tiles like the Siamese ones. */
import { useState } from "preact/hooks";
import type { AmericanView } from "../../../../worker/engine/variants/american/view";
import type { Hints } from "../../../../worker/engine/variants/siamese/hints";
import { lazy } from "../../lazy";

const HintPanel = lazy(() => import("./HintPanel"));

export function AmericanHints({ hints, seat, options }: { hints: Hints; seat: AmericanView["seats"][number]; options: AmericanView["options"] }) {
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
      {shown && rack ? <HintPanel rack={rack} seat={seat} options={options} /> : null}
    </section>
  );
}
