/**
 * Each ruleset's table on the game page: the registry's `table` (./registry.ts), kept apart from the
 * rest of the registry (replay frames, rule book, hand lists, readings) so that the game page's first
 * script carries these few lines only. Each table is a chunk of its own (vite.config.ts, ./table-modules.ts).
 */
import type { RulesetId } from "../../../worker/engine/rulesets";
import type { TableProps } from "../table-types";
import { lazy, type Lazy } from "../lazy";
import { withSampleCard as withCard } from "../table/card";

// Tables that play from a card come with the sample card's lines, which they name from their first drawing; the Siamese
// table only when the game it is loaded for names a line (table/SiameseGame.tsx `ready`): most turns name none.
const SiameseGame = lazy<TableProps>(() => import("../table/SiameseGame").then((m) => m.ready()));

export const GAME_TABLES: Record<RulesetId, Lazy<TableProps>> = {
  siamese: SiameseGame,
  "siamese-mjm": SiameseGame,
  // Royale: the Siamese table with three or four racks, folded to one line each on a phone; the folded racks come
  // with the table, so that its first drawing is whole (no "Loading…" in their place, nor beside the worker's drawing of them)
  royale: lazy<TableProps>(() => import("../table/SiameseGame").then((m) => m.ready(true))),
  "siamese-wp": lazy(() => import("./siamese-wp/WpGame")),
  american: lazy(() => withCard(import("./american/AmericanGame"))),
  "chinese-ming": lazy(() => import("./chinese-ming/ChineseGame")),
};
