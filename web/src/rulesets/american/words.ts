/** American table words: seat positions, moves as button labels, call preferences. */
import type { Move } from "../../../../worker/engine/api";
import { tileName } from "../../../../worker/engine/tile-kinds";
import { lineOf } from "../../table/card";
import { GROUP_NAMES } from "../../table/words";

/** Where another seat sits from `me`: play goes counter-clockwise, so the next player is on your right. */
export const position = (me: number, s: number) => ["you", "on your right", "across", "on your left"][(s - me + 4) % 4]!;

// The call preferences live with the table's words (the Siamese table names them too); kept importable from here.
export { PREFERENCES } from "../../table/words";

/** "2468a 2468b 22c 8888c (any 3 suits, 2468, 30 points)" */
export function lineText(id: string): string {
  const l = lineOf(id);
  return l ? `${l.text} (${[l.note, l.category, `${l.value} points`, l.concealed ? "concealed" : ""].filter(Boolean).join(", ")})` : `line ${id}`;
}

export function moveLabel(m: Move, who: (s: number) => string, lineText: (id: string) => string, discardKind: number | null, exposureKind: (seat: number, i: number) => number | null): string {
  const jokers = (n: unknown) => (n ? `with ${n} joker${n === 1 ? "" : "s"}` : "no jokers");
  switch (m.type) {
    case "pass":
      return "tiles" in m ? `Pass ${(m.tiles as number[]).length} tiles` : "Pass (do not call)";
    case "call":
      return `Call the ${discardKind === null ? "discard" : tileName(discardKind)} for a ${GROUP_NAMES[m.size as number]}, ${jokers(m.jokers)}`;
    case "call-mahjong":
      return `Mah Jongg with the ${discardKind === null ? "discard" : tileName(discardKind)}: ${lineText(m.line as string)}`;
    case "mahjong":
      return `Mah Jongg: ${lineText(m.line as string)}`;
    case "joker": {
      const k = exposureKind(m.seat as number, m.exposure as number);
      return `Redeem the joker from ${who(m.seat as number) === "You" ? "your" : `${who(m.seat as number)}'s`} ${k === null ? "exposure" : `exposure of ${tileName(k)}`}`;
    }
    case "stop":
      return "Stop the Charleston (no second Charleston)";
    case "courtesy":
      return `Offer ${(m.tiles as number[]).length} tiles across`;
    default:
      return m.type;
  }
}
