/** "Play again": what a new game like this one needs, read from the ended game's document. Pure. */
import type { GameOptions, RulesetId } from "../engine/api";
import type { GameDoc } from "./store";
import type { Strength } from "./computers";

export interface AgainSetup {
  ruleset: RulesetId;
  options: GameOptions;
  daysPerMove: number;
  rated: boolean;
  /** The other people at the table (not computers), to be invited again. */
  opponents: string[];
  /** The computer seats: how many, how strong, how long each waits before it plays. */
  computers: { seats: number; strength: Strength; delayMs: number } | null;
}

/**
 * The same ruleset, options, pace and rating, the same people and as many computers of the same
 * strength, seen from `seat` (who will sit first). A league game is played again outside its
 * league: the season's schedule is the organiser's.
 */
export function againSetup(doc: GameDoc, seat: number): AgainSetup {
  const others = doc.players.filter((p, i) => p && i !== seat);
  const computers = others.filter((p) => p!.computer);
  const first = computers[0]?.computer;
  return {
    ruleset: doc.ruleset,
    options: doc.options,
    daysPerMove: doc.daysPerMove,
    rated: !!doc.rated && !computers.length,
    opponents: others.filter((p) => !p!.computer).map((p) => p!.userId),
    computers: first ? { seats: computers.length, strength: first.strength, delayMs: first.delayMs } : null,
  };
}
