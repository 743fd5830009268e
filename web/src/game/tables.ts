/**
 * Which table draws a game: its ruleset's, from the web registry (web/src/rulesets/registry.ts). A
 * ruleset without one gets a plain notice from the game page.
 */
import type { ComponentType } from "preact";
import type { GameInfo } from "../api";
import { webRuleset } from "../rulesets/registry";
import type { GameSync } from "./useGame";

export interface TableProps {
  game: GameInfo;
  /** The player's seat (seatOf), -1 when watching. */
  seat: number;
  sync: GameSync;
}

/** The table of a game's ruleset, or undefined for a ruleset this app does not know. */
export const tableOf = (ruleset: string): ComponentType<TableProps> | undefined => webRuleset(ruleset)?.table;
