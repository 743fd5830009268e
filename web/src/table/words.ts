/** Moves and groups in plain words, for buttons and screen readers. */
import { tileName as setName, type Kind } from "../../../worker/engine/tile-kinds";
import type { Move } from "../../../worker/engine/api";
import type { TableM } from "./model";
import { ordersWords } from "./orders-value";

/** A tile in the American set's words, the tables' words unless a page provides its set (components/tile-words.ts). */
const americanName = (k: Kind) => setName(k);

export const GROUP_NAMES: Record<number, string> = { 1: "single", 2: "pair", 3: "pung", 4: "kong", 5: "quint", 6: "sextet" };
/** "pung of 5 Craks"; `name` names the tile in the table's words (the American set's unless given). */
export const groupName = (size: number, kind: Kind, name: (k: Kind) => string = americanName) => `${GROUP_NAMES[size] ?? `group of ${size}`} of ${name(kind)}`;
export const rackName = (rack: number) => `rack ${rack + 1}`;

/** The call preferences where any player may claim a discard (American, Royale with 3–4 players). */
export const PREFERENCES = [
  { value: "ask", label: "Ask me every time" },
  { value: "mahjong", label: "Pass unless I can call Mah Jongg (called for me)" },
  { value: "never", label: "Never call discards" },
] as const;

/**
 * The words on the button for a legal move. `lineText` names a card line, e.g. "2468, line 3 (25 points)";
 * `tileName` names a tile in the table's words (the American set's unless given).
 */
export function moveLabel(m: Move, t: TableM, me: number, who: (seat: number) => string, lineText: (id: string) => string, tileName: (k: Kind) => string = americanName): string {
  const claimed = t.window ? tileName(t.window.tile.kind) : t.claimable ? tileName(t.claimable.tile.kind) : "the discard";
  const rack = typeof m.rack === "number" ? rackName(m.rack) : "";
  switch (m.type) {
    case "draw":
      return "Draw a tile from the wall";
    // a claim now, or a claim window's answer (Royale with 3–4 players), carried out when the window closes
    case "claim":
      if (typeof m.set === "string") return `Claim ${claimed} for a ${m.set} on ${rack}`; // Wright-Patterson: no jokers
    // falls through
    case "call": {
      const size = Number(m.size), jokers = Number(m.jokers);
      return `Claim ${claimed} for a ${GROUP_NAMES[size] ?? `group of ${size}`} on ${rack} (${jokers ? `with ${jokers} ${jokers === 1 ? "joker" : "jokers"}` : "no jokers"})`;
    }
    case "pass":
      return "Pass (do not claim)";
    case "call-mahjong": {
      const hands = Number(m.hands ?? 1);
      return `Claim ${claimed} and declare Mah Jongg on ${rack}: ${lineText(String(m.line))}${hands > 1 ? `, with ${hands - 1} more ${hands === 2 ? "hand" : "hands"} declared at once` : ""}`;
    }
    case "preference":
      return PREFERENCES.find((p) => p.value === m.call)?.label ?? String(m.call);
    case "orders":
      return ordersWords(m);
    case "claim-mahjong":
      return m.line === undefined ? `Claim ${claimed} and declare Mah Jongg on ${rack}` : `Claim ${claimed} and declare Mah Jongg on ${rack}: ${lineText(String(m.line))}`;
    case "chow":
      return `Claim ${claimed} for a chow on ${rack} and go Mah Jongg`;
    case "kong":
      return `Lay out a kong of ${tileName(Number(m.kind))} on ${rack}`;
    case "mahjong": {
      // The other rack declared on this same turn: this one makes it a Double Mah Jongg.
      const other = t.seats[me]?.racks.find((r, i) => i !== m.rack && r.mahjong && r.mahjong.turn === t.turn);
      return `Declare ${other ? "Double Mah Jongg (your second hand)" : "Mah Jongg"} on ${rack}${m.line === undefined ? "" : `: ${lineText(String(m.line))}`}`;
    }
    case "joker": {
      const seat = Number(m.seat);
      const e = t.seats[seat]?.racks[Number(m.rack)]?.exposures[Number(m.exposure)];
      const whose = seat === me ? `your ${rackName(Number(m.rack))}` : `${who(seat)}'s ${rackName(Number(m.rack))}`;
      return e
        ? `Swap your ${tileName(e.kind)} for the joker in the ${groupName(e.tiles.length, e.kind, tileName)} on ${whose}`
        : `Swap a tile for a joker on ${whose}`;
    }
    case "move-exposure": {
      const e = t.seats[me]?.racks[Number(m.rack)]?.exposures[Number(m.exposure)];
      return `Move the ${e ? groupName(e.tiles.length, e.kind, tileName) : "exposure"} from ${rack} to ${rackName(Number(m.to))}`;
    }
    case "discard": {
      const id = Number(m.tile);
      const tile = t.seats[me]?.pool?.find((x) => x.id === id);
      return `Discard ${tile ? tileName(tile.kind) : "this tile"}`;
    }
    case "atomic":
      return "Go for the Atomic hand";
    case "abandon-atomic":
      return "Give up the Atomic hand";
    default:
      return m.type;
  }
}
