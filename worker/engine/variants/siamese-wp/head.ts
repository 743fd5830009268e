/**
 * The head of the Wright-Patterson Siamese edition record (RULES §5): what the ruleset list shows
 * and the factory reads (name, options, players, racks, tiles), without its parts or play
 * (./edition.ts adds those).
 */
import { DEAD_HANDS, GAMES, HINTS } from "../../options";
import type { SiameseEdition } from "../siamese/edition";

export const SIAMESE_WP_HEAD: SiameseEdition = {
  id: "siamese-wp",
  name: "Wright-Patterson Siamese",
  description: "Two players, two racks each, Chinese tiles with flowers and our hand list; a match of games with the wall-game pot carried.",
  short: "Siamese (Wright-Patterson)",
  choice: "Siamese, Wright-Patterson (Chinese tiles, hand list)",
  seasonChoice: "Siamese, Wright-Patterson (two players)",
  options: { fields: [DEAD_HANDS, HINTS, GAMES] },
  tileSet: "chinese",
  sets: 1,
  players: 2,
  racks: 2,
  hand: 27,
  errorKillsBoth: false,
  // not used: this edition's own scoring pays a Double or Triple Limit (scoring.ts)
  bothDead: { fixed: 50 },
  noun: "match",
};
