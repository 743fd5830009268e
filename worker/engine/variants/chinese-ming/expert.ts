/**
 * What the expert (engine/expert/) needs of the Chinese game: worlds from a seat's view, the points
 * (each seat's running total: a sample ends with its hand) and the fast players.
 */
import { botPlayer, type ExpertParts } from "../../expert/parts";
import { chooseChinese } from "./bot";
import type { ChineseState } from "./state";
import { chineseWorld } from "./world";

export const chineseExpert: ExpertParts<ChineseState> = {
  world: chineseWorld,
  score: (s) => s.points,
  deal: (s) => s.hand.number,
  player: botPlayer<ChineseState>(chooseChinese, "strong"),
};
