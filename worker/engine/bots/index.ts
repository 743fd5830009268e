/**
 * Computer players for every ruleset. A computer player's move is a pure function of what its seat
 * sees (viewFor(state, seat)) and legalMoves(state, seat), never of the state: no clock, no
 * Math.random, only the seed's PRNG (the service passes `${gameId}:${version}:${seat}`).
 *
 * Strengths (plain words in RULES.md):
 *   easy    legal and simple: declares when it can, claims now and then, discards its loneliest tile
 *   medium  discards by tiles away from its nearest card lines, claims and exchanges jokers when
 *           that brings it nearer, goes for the Atomic hand (Siamese) when it is close
 *   strong  as medium, and looks further: counts the tiles it has not seen (its own, every exposure
 *           and discard are seen), and plays out sampled draws of those tiles for its closest choices
 * Each ruleset's player is in its variant's folder (variants/<folder>/bot.ts), listed in the registry
 * (../registry.ts); this folder holds what they share. Wright-Patterson's judges by tiles away from
 * the hands of its list (strong: live tiles); Royale's plays as Siamese on four racks and answers
 * 3–4 player claim windows.
 * Strong play's look ahead is bounded by a count of lines measured per decision (startWork /
 * workDone in ./card-hand.ts), never by a clock, so it degrades to medium's judgement on a costly
 * position and its choice stays a pure function of the view.
 * A ruleset whose registry entry has no `bot` gets computer players that make a simple legal move.
 */
import type { Move, RulesetId } from "../api";
import { rulesetOf } from "../registry";
import { simpleChoice, type Strength } from "./common";
import { decide } from "./decide";

export type { Strength };
export const STRENGTHS: readonly Strength[] = ["easy", "medium", "strong"];

/**
 * A computer player's move: a pure function of what its seat sees (viewFor(state, seat)) and
 * legalMoves(state, seat). `seed` makes choices repeatable. Always returns one of `given` (as given),
 * never the standing orders move.
 */
export function chooseMove(ruleset: RulesetId, view: unknown, given: Move[], strength: Strength, seed: string): Move {
  // standing orders are for people: a computer player never sets them (the service decides for it)
  const legal = given.some((m) => m.type === "orders") ? given.filter((m) => m.type !== "orders") : given;
  if (!legal.length) throw new Error("chooseMove: there is no legal move to choose from");
  const bot = rulesetOf(ruleset)?.bot;
  const level: Strength = STRENGTHS.includes(strength) ? strength : "easy";
  if (!bot) return simpleChoice(legal);
  return decide(bot, view, legal, level, seed);
}
