/** Events in plain words for the game log, notifications and screen readers. */
import type { GameEvent } from "./api";
import type { TileRef } from "./game/physical";
import { headOf, isRulesetId } from "./rulesets";
import { tileName, type TileSet } from "./tiles";
import { describeChineseEvent } from "./variants/chinese-ming/describe";
import { describeWpEvent } from "./variants/siamese-wp/describe";

const GROUP = ["", "single", "pair", "pung", "kong", "quint", "sextet"];
const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;
/** "Bob", "Bob and Cy", "Bob, Cy and Dee". */
const and = (xs: string[]) => (xs.length < 2 ? (xs[0] ?? "") : `${xs.slice(0, -1).join(", ")} and ${xs.at(-1)}`);

/** `ruleset` names tiles in its set's words: "7 Circles" in a chinese-ming game, "Season 3 (blue)" in siamese-wp, "7 Dots" otherwise. */
export function describeEvent(event: GameEvent, names: string[], ruleset?: string): string {
  const head = isRulesetId(ruleset) ? headOf(ruleset) : null;
  const set: TileSet = head?.tileSet ?? "american";
  // a ruleset whose tiles have names of their own beyond their set's (Wright-Patterson: Flowers red, Seasons blue)
  const own = head?.tileName;
  const tile = (t: unknown) => (own ? own((t as TileRef).kind) : tileName((t as TileRef).kind, set));
  const who = event.seat === null ? "The game" : (names[event.seat] ?? `Seat ${event.seat + 1}`);
  const other = (s: unknown) => (typeof s === "number" ? (names[s] ?? `Seat ${s + 1}`) : "someone");
  // American players have one rack: their events name none
  const rack = (r: unknown) => (typeof r === "number" ? `rack ${r + 1}` : "their rack");
  const dir = (d: unknown) => (d === "across" ? "across" : `to the ${String(d)}`);
  // the ruleset's own words first (Wright-Patterson: its flowers named its way, its match ending its way)
  const mine = head?.describeEvent?.(event, who, other) ?? null;
  if (mine) return mine;
  // claim windows of the American and Royale games (their events name the discard; chinese-ming's have words of their own)
  if (event.tile !== undefined && typeof event.discarder === "number") {
    const theirs = `${other(event.discarder)}'s ${tile(event.tile)}`;
    if (event.type === "window") {
      const waiting = Array.isArray(event.awaiting) && event.awaiting.length ? `: waiting for ${and((event.awaiting as number[]).map(other))} to call or pass` : "";
      return `The others may claim ${theirs}${waiting}`;
    }
    if (event.type === "window-closed") return `${event.expired ? "Time to call ran out: " : ""}Nobody claimed ${theirs}`;
  }
  switch (event.type) {
    case "draw":
      return event.secret ? `${who} drew ${tile(event.secret.tile)}` : `${who} drew a tile`;
    case "discard":
      return `${who} discarded ${tile(event.tile)}`;
    case "claim": {
      if (typeof event.set === "string") return `${who} claimed ${tile(event.tile)} for a ${event.set} on ${rack(event.rack)}`; // siamese-wp: pung, kong or chow
      const jokers = event.jokers as number;
      return `${who} claimed ${tile(event.tile)} for a ${GROUP[event.size as number]} on ${rack(event.rack)}${jokers ? ` with ${plural(jokers, "joker")}` : ""}`;
    }
    case "mahjong":
      return `${who} declared Mah Jongg on ${rack(event.rack)} (${typeof event.label === "string" ? event.label : `line ${event.line}`}${event.jokerless ? ", jokerless" : ""})${event.from !== null ? `, claiming ${other(event.from)}'s discard` : ""}`;
    case "mahjong-error":
      return `${who} declared Mah Jongg in error on ${rack(event.rack)}: ${event.message}`;
    case "dead":
      return `${who}'s ${rack(event.rack)} is dead: ${event.message}`;
    case "joker":
      return `${who} exchanged ${tile(event.tile)} for a joker from ${event.owner === event.seat ? "their own" : `${other(event.owner)}'s`} ${rack(event.rack)}`;
    case "move-exposure":
      return `${who} moved an exposure from ${rack(event.rack)} to ${rack(event.to)}`;
    case "atomic":
      return `${who} is going for the Atomic hand on rack 1`;
    case "atomic-abandoned":
      return `${who} gave up the Atomic hand`;
    case "stopped":
      return `${who} stops playing`;
    case "revealed":
      return `${who}'s tiles are shown`;
    case "charleston-chosen":
      return `${who} chose tiles to pass`;
    case "charleston":
      return `Charleston: everyone passed ${dir(event.direction)}`;
    case "charleston-received": {
      const got = (event.secret?.got as unknown[] | undefined) ?? null;
      return got ? `${who} received ${got.length ? got.map(tile).join(", ") : "nothing"}` : `${who} received their tiles`;
    }
    case "charleston-stopped":
      return "The Charleston was stopped after the first Charleston";
    case "charleston-done":
      return "The Charleston is over: East discards first";
    case "window-answered":
      // the answer itself stays secret until the window closes: the claim (or "Nobody claimed") tells it
      return `${who} answered`;
    case "timeout":
      return `${who}'s time ran out: their turn was played for them`;
    case "abandoned":
      return event.resigned ? `${who} resigned` : `${who} abandoned the game`;
    case "end": {
      const r = event.result as { reason: string; totals: number[] } | null;
      const score = r ? r.totals.map((t, s) => `${other(s)} ${t > 0 ? "+" : ""}${t}`).join(", ") : "";
      const why = r?.reason === "wall" ? "the wall is empty" : r?.reason === "mahjong" ? (r.totals.length > 2 ? "Mah Jongg" : "a second Mah Jongg") : r?.reason === "void" ? "void: a third Mah Jongg in error" : r?.reason === "dead" ? "dead hands" : r?.reason === "match" ? "the match is complete" : "abandoned";
      return `The game ended (${why}): ${score}`;
    }
    default:
      return describeChineseEvent(event, who, other) ?? describeWpEvent(event, who, other) ?? `${who}: ${event.type}`;
  }
}
