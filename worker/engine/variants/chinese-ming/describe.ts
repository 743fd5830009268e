/** chinese-ming events in plain words (the engine's describeEvent asks here for the events it does not know). */
import type { GameEvent } from "../../api";
import type { TileRef } from "../../game/physical";
import { chineseTileName, windWord } from "./words";

const tile = (t: unknown) => chineseTileName((t as TileRef).kind);

/** "; the Jong rolled 3 + 4: Cy deals" (hands dealt before the dealer rule have no dealer in the event). */
function dealt(event: GameEvent, other: (s: unknown) => string): string {
  const dice = event.dice as [number, number] | undefined;
  if (event.dealer === undefined || !dice) return "";
  return `; the Jong rolled ${dice[0]} + ${dice[1]}: ${other(event.dealer)} deals`;
}

export function describeChineseEvent(event: GameEvent, who: string, other: (s: unknown) => string): string | null {
  switch (event.type) {
    case "hand":
      return `Hand ${(event.number as number) + 1}: ${other(event.jong)} is the Jong, ${windWord(event.prevailing as number)} prevailing${dealt(event, other)}`;
    case "flower":
      return `${who} laid out ${tile(event.tile)} and takes a replacement`;
    case "window":
      return Array.isArray(event.awaiting) ? `Waiting for ${(event.awaiting as number[]).map(other).join(", ")} to call or pass` : null;
    case "answer":
      return event.secret ? `${who} answered: ${event.secret.call}` : `${who} answered`;
    case "window-closed":
      return event.expired ? "Time to call ran out: the claim window closed" : "The claim window closed";
    case "pung":
      return `${who} punged ${other(event.from)}'s ${tile(event.tile)}`;
    case "take":
      return `${who} took ${other(event.from)}'s ${tile(event.tile)} instead of drawing`;
    case "kong":
      if (event.from !== null && event.added) return `${who} konged ${other(event.from)}'s ${tile(event.tile)} onto their exposed pung`;
      if (event.from !== null) return `${who} konged ${other(event.from)}'s ${tile(event.tile)}`;
      return `${who} laid out ${event.natural ? "a natural" : "an exposed"} kong of ${tile((event.tiles as TileRef[])[0])}`;
    case "woo":
      return event.from === null ? `${who} went Woo on their own tile${event.loose ? " (the replacement tile)" : event.taken ? " (the discard they took, which counts as drawn)" : ""}` : `${who} went Woo on ${other(event.from)}'s ${tile(event.tile)}`;
    case "drawn-hand":
      return "Play reached the dead wall: the hand is a draw";
    case "hand-end": {
      const net = event.net as number[];
      return `Hand ${(event.number as number) + 1} settled: ${net.map((n, s) => `${other(s)} ${n > 0 ? "+" : ""}${n}`).join(", ")}`;
    }
    case "preference":
      return `${who} now ${event.call === "ask" ? "is asked about every discard" : event.call === "mahjong" ? "calls only Woo, automatically" : "never calls"}`;
    default:
      return null;
  }
}
