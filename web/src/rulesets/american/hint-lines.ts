/** The service's hints for an American hand, read as the table shows them (see ../hint-line). */
import { cardModule } from "../../../../worker/engine/card/index";
import { cardOf } from "../../../../worker/engine/game/card-of";
import { parseTiles } from "../../../../worker/engine/tiles";
import type { AmericanView } from "../../../../worker/engine/variants/american/view";
import type { RackHint } from "../../../../worker/engine/variants/siamese/hints";
import { groupOf, hintLine, type HintLineM } from "../../table/hint-line";

/** Each closest line of `rack` for the seat whose tiles are `seat` (its own view), on the game's card. */
export function americanHintLines(rack: RackHint, seat: AmericanView["seats"][number], options: AmericanView["options"]): HintLineM[] {
  const card = cardOf(cardModule, options);
  const pool = (seat.concealed ?? []).map((t) => t.kind);
  const exposures = seat.exposures.map(groupOf);
  return rack.closest.map((l) => hintLine({ line: l.line, text: l.text, away: l.away, needed: parseTiles(l.needed) }, pool, exposures, card));
}
