/** The head of Chinese Mah Jongg, Ming family rules (RULES §7): what lists, forms, the API and the rating read (engine/rulesets.ts). */
import { LENGTH, WINDOW_HOURS } from "../../options";
import { defineHead } from "../../head";

/** The options Chinese matches take (the card-game options of other rulesets mean nothing here). */
export const CHINESE_OPTIONS = { fields: [WINDOW_HOURS, LENGTH] };

export const CHINESE_MING_HEAD = defineHead({
  id: "chinese-ming",
  name: "Chinese Mah Jongg (Ming family rules)",
  short: "Chinese (Ming)",
  choice: "Chinese, Ming family rules (four players; one hand, one round or a whole match)",
  seasonChoice: "Chinese, Ming family rules (four players a table)",
  description: "Four players, Chinese tiles with flowers, no chows; from 2,010 points each, one hand, one round (the Jong goes round once) or a whole match of at least 16 hands, the Jong paying and paid double, no limit.",
  family: "chinese",
  players: 4,
  handsPerPlayer: 1,
  sets: 1,
  tileSet: "chinese",
  optionsSchema: CHINESE_OPTIONS,
  hintsIn: "view",
});
