/**
 * A ruleset's head: what a list, a form, the API and the rating need to know of it, without its
 * play. Each is written in its variant's folder (`variants/<folder>/head.ts`) and listed once in
 * ./rulesets.ts; the variant built over the same folder takes its name, sizes and options from it.
 * Whatever a ruleset must say about itself so that nobody outside asks which ruleset it is (its
 * own tile words, say) is a field here.
 */
import type { GameEvent } from "./api";
import type { OptionsSchema } from "./options";
import type { RatingFamily } from "./rulesets";
import type { Kind, TileSetName } from "./tile-kinds";

export interface RulesetHead<Id extends string = string> {
  id: Id;
  /** "Siamese Mah Jongg"; `short` names it in lists ("Siamese"); `choice` and `seasonChoice` label it in the New Game and New Season forms. */
  name: string;
  short: string;
  choice: string;
  seasonChoice: string;
  description: string;
  /** The rating its games change (a game of 3 or more players is rated pairwise, whatever the family). */
  family: RatingFamily;
  /** Seats of a game when its options choose none (a `players` option in `optionsSchema` lets them). */
  players: number;
  handsPerPlayer: number;
  sets: number;
  /** The tile set dealt, and the words its tiles go by ("7 Dots" or "7 Circles"). */
  tileSet: TileSetName;
  /** The options this ruleset takes, as the forms show them and `parseOptions` checks them. */
  optionsSchema: OptionsSchema;
  /**
   * Where a table gets its hints: "view" from `hints()` in every game view the service sends, or
   * "device" worked out on the player's own device from the tiles in their view (Siamese, whose
   * tables do that with the card matcher, so the service need not work them out on every move).
   * No hints at all when the game's options turn them off or play tournament rules (deadHands "enforce").
   */
  hintsIn: "view" | "device";
  /** Tiles named in words of the ruleset's own (Wright-Patterson: "Season 3 (blue)"); absent, its tile set's words. */
  tileName?(kind: Kind): string;
  /**
   * An event in the ruleset's own words, asked before the common words (null: the common words).
   * `who` names the event's seat, `other(seat)` any seat.
   */
  describeEvent?(event: GameEvent, who: string, other: (seat: unknown) => string): string | null;
}

/** A head with its id kept as a literal type, so that the registry's list of heads gives `RulesetId`. */
export const defineHead = <const Id extends string>(head: RulesetHead<Id>): RulesetHead<Id> => head;
