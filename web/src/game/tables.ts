/**
 * Which table draws a game: its ruleset's, from web/src/rulesets/game-tables.ts (the registry's tables,
 * without the rest of the registry). A ruleset without one gets a plain notice from the game page.
 */
import type { RulesetId } from "../../../worker/engine/rulesets";
import type { Lazy } from "../lazy";
import { GAME_TABLES } from "../rulesets/game-tables";
import type { TableProps } from "../table-types";

/** Loads a game's table before its first drawing (nothing for a ruleset this app does not know). */
export const loadTable = (ruleset: string): Promise<void> => tableOf(ruleset)?.load() ?? Promise.resolve();

/** The table of a game's ruleset, or undefined for a ruleset this app does not know. */
export const tableOf = (ruleset: string): Lazy<TableProps> | undefined => (Object.hasOwn(GAME_TABLES, ruleset) ? GAME_TABLES[ruleset as RulesetId] : undefined);
