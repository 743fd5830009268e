/**
 * Each ruleset's table module, as the registry (./registry.ts) imports it, from web/src/: the build
 * (vite.config.ts) finds each one's chunk and everything it imports, and writes the list into
 * web/public/early.js, which preloads a game's table beside the first script as soon as the game's
 * answer says its ruleset. A table the registry loads from another module must be named here too:
 * the build fails on a name in no table chunk.
 */
import type { RulesetId } from "../../../worker/engine/rulesets";

export const TABLE_MODULES: Record<RulesetId, string> = {
  siamese: "table/SiameseGame.tsx",
  "siamese-mjm": "table/SiameseGame.tsx",
  royale: "table/SiameseGame.tsx",
  "siamese-wp": "rulesets/siamese-wp/WpGame.tsx",
  american: "rulesets/american/AmericanGame.tsx",
  "chinese-ming": "rulesets/chinese-ming/ChineseGame.tsx",
};

/** The sample card's lines (table/card.ts loadSampleCard), which the American table names from its first drawing. */
const SAMPLE_CARD = "../../worker/engine/cards/sample-2026.json";

/**
 * The names of the sample card's lines (table/card-names.ts), which the Siamese table (Siamese editions, Royale) takes with
 * it only when its game names a line (table/names-lines.ts): listed apart, under "card" in tables.json (not in early.js),
 * for the worker, which links them into the page it draws of such a game (worker/web/game-page.tsx).
 */
export const CARD_NAMES = "table/card-names.ts";

/**
 * The files of what a ruleset's table loads on its own as it draws the first turn, preloaded with it: the sample card,
 * and Royale's parts (its racks folded on a phone: loaded with the table, ./game-tables.ts; its Mah Jongg choices
 * grouped: loaded before the worker draws the table, worker/web/game-page.tsx FIRST_TURN).
 */
export const FIRST_TURN_PARTS: Partial<Record<RulesetId, string[]>> = {
  royale: ["rulesets/royale/FoldedRacks.tsx", "rulesets/royale/MahjongGroups.tsx"],
  american: [SAMPLE_CARD],
};

/** The rulesets whose table takes the names of the sample card's lines when its game names a line (table/SiameseGame.tsx ready). */
export const CARD_WHEN_NAMED: readonly RulesetId[] = ["siamese", "siamese-mjm", "royale"];
