/**
 * Which table draws a game, by ruleset. A new ruleset registers one line here; a ruleset without
 * one gets a plain notice from the game page.
 */
import type { ComponentType } from "preact";
import type { GameInfo } from "../api";
import { lazy } from "../lazy";
import { SiameseGame } from "../table/SiameseGame";
import type { GameSync } from "./useGame";

export interface TableProps {
  game: GameInfo;
  /** The player's seat (seatOf), -1 when watching. */
  seat: number;
  sync: GameSync;
}

export const TABLES: Record<string, ComponentType<TableProps>> = {
  siamese: SiameseGame,
  "siamese-mjm": SiameseGame,
  "siamese-wp": lazy(() => import("../table/wp/WpGame")),
  american: lazy(() => import("../table/american/AmericanGame")),
  "chinese-ming": lazy(() => import("../table/chinese/ChineseGame")),
  // Royale: the Siamese table with four racks, folded to one line each on a phone
  royale: SiameseGame,
};
