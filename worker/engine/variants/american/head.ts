/** The head of American Mah Jongg (RULES §6): what lists, forms, the API and the rating read (engine/rulesets.ts). */
import { CARD, DEAD_HANDS, HINTS, JOKERLESS_DISCARD, WINDOW_HOURS } from "../../options";
import { defineHead } from "../../head";

/** The options American games take. */
export const AMERICAN_OPTIONS = { fields: [DEAD_HANDS, CARD, HINTS, JOKERLESS_DISCARD, WINDOW_HOURS] };

export const AMERICAN_HEAD = defineHead({
  id: "american",
  name: "American Mah Jongg",
  short: "American",
  choice: "American (four players, one hand each)",
  seasonChoice: "American (four players a table)",
  family: "american",
  description: "Four players, one hand each, American tiles and card; Charleston, claim windows and call preferences for play by correspondence.",
  players: 4,
  handsPerPlayer: 1,
  sets: 1,
  tileSet: "american",
  optionsSchema: AMERICAN_OPTIONS,
  hintsIn: "view",
});
