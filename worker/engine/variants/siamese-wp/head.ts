/**
 * The head of Wright-Patterson Siamese (RULES §5): what the ruleset list, the forms, the API and
 * the rating read (engine/rulesets.ts), without its parts or play (./index.ts builds the ruleset
 * over it).
 */
import { defineHead } from "../../head";
import { DEAD_HANDS, GAMES, HINTS } from "../../options";
import { describeWpEvent } from "./describe";
import { wpTileName } from "./tiles";

export const WP_HEAD = defineHead({
  id: "siamese-wp",
  name: "Wright-Patterson Siamese",
  description: "Two players, two racks each, Chinese tiles with flowers and our hand list; a match of games with the wall-game pot carried.",
  short: "Siamese (Wright-Patterson)",
  choice: "Siamese, Wright-Patterson (Chinese tiles, hand list)",
  seasonChoice: "Siamese, Wright-Patterson (two players)",
  family: "siamese",
  players: 2,
  handsPerPlayer: 2,
  sets: 1,
  tileSet: "chinese",
  optionsSchema: { fields: [DEAD_HANDS, HINTS, GAMES] },
  // worked out by the service: the web's own hint code reads American cards
  hintsIn: "view",
  // its flowers and seasons go by colour, its games and the match end in words of its own
  tileName: wpTileName,
  describeEvent: describeWpEvent,
});
