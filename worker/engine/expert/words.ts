/**
 * A seat's move in plain words, for the review ("throw 7 Dots", "claim it for a pung on rack 2"):
 * tile ids are named by their kinds as the seat saw them, in the ruleset's own tile words.
 */
import type { Move } from "../api";
import type { RulesetHead } from "../head";
import { tileName, type Kind } from "../tiles";

const GROUP: Record<number, string> = { 3: "a pung", 4: "a kong", 5: "a quint", 6: "a sextet" };

export function moveWords(m: Move, kindOf: ReadonlyMap<number, Kind>, head: Pick<RulesetHead, "tileSet" | "tileName">): string {
  const name = (id: unknown) => {
    const k = typeof id === "number" ? kindOf.get(id) : undefined;
    return k === undefined ? "a tile" : head.tileName ? head.tileName(k) : tileName(k, head.tileSet);
  };
  const names = (ids: unknown) => (Array.isArray(ids) && ids.length ? ids.map(name).join(", ") : "nothing");
  const rack = typeof m.rack === "number" ? ` on rack ${m.rack + 1}` : "";
  const jokers = typeof m.jokers === "number" && m.jokers > 0 ? ` with ${m.jokers === 1 ? "a joker" : `${m.jokers} jokers`}` : "";
  switch (m.type) {
    case "discard":
      return `throw ${name(m.tile)}`;
    case "draw":
      return "draw from the wall";
    case "claim":
    case "call":
      return `claim the discard for ${GROUP[m.size as number] ?? (typeof m.set === "string" ? `a ${m.set}` : "an exposure")}${rack}${jokers}`;
    case "chow":
      return `claim the discard for a chow${rack} to go Mah Jongg`;
    case "mahjong":
    case "claim-mahjong":
    case "call-mahjong":
      return `declare Mah Jongg${rack}${typeof m.line === "string" ? ` (${m.line})` : ""}`;
    case "woo":
      return "declare Woo";
    case "pung":
      return "pung the discard";
    case "kong":
      return "declare a kong";
    case "take":
      return "take the discard instead of drawing";
    case "pass":
      return Array.isArray(m.tiles) ? `pass ${names(m.tiles)}${m.blind ? ` and ${m.blind} blind` : ""}` : "let the discard go";
    case "courtesy":
      return `pass ${names(m.tiles)} across`;
    case "stop":
      return "stop the Charleston";
    case "joker":
      return "exchange a tile for a joker";
    case "atomic":
      return "go for the Atomic hand";
    case "abandon-atomic":
      return "give up the Atomic hand";
    case "move-exposure":
      return "move an exposure to the other rack";
    default:
      return m.type.replace(/-/g, " ");
  }
}
