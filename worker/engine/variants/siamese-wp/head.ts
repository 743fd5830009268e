/**
 * The head of Wright-Patterson Siamese (RULES §5): what the ruleset list shows and the forms read
 * (name, options, players, racks, tiles), without its play (./index.ts adds that), so the web's
 * game page can list the ruleset without carrying its rules (see web/src/engine/siamese-wp-edition.ts).
 */
import type { Variant } from "../../api";
import { DEAD_HANDS, GAMES, HINTS } from "../../options";

/** The fields of a Variant that say what the ruleset is, not how it plays. */
export type WpHead = Pick<Variant, "name" | "description" | "short" | "choice" | "seasonChoice" | "family" | "optionsSchema" | "tileSet" | "sets" | "players" | "handsPerPlayer" | "hintsIn"> & { id: "siamese-wp" };

export const SIAMESE_WP_HEAD: WpHead = {
  id: "siamese-wp",
  name: "Wright-Patterson Siamese",
  description: "Two players, two racks each, Chinese tiles with flowers and our hand list; a match of games with the wall-game pot carried.",
  short: "Siamese (Wright-Patterson)",
  choice: "Siamese, Wright-Patterson (Chinese tiles, hand list)",
  seasonChoice: "Siamese, Wright-Patterson (two players)",
  family: "siamese",
  optionsSchema: { fields: [DEAD_HANDS, HINTS, GAMES] },
  tileSet: "chinese",
  sets: 1,
  players: 2,
  handsPerPlayer: 2,
  // worked out by the service: the web's own hint code reads American cards
  hintsIn: "view",
};
