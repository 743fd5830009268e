/**
 * What the expert (engine/expert/) needs of Wright-Patterson: worlds from a seat's view, the points
 * (the match's running totals: a sample ends with its game) and the fast players.
 */
import { botPlayer, type ExpertParts } from "../../expert/parts";
import { chooseWp } from "./bot";
import type { WpState } from "./state";
import { wpWorld } from "./world";

export const wpExpert: ExpertParts<WpState> = {
  world: wpWorld,
  score: (s) => s.match.totals,
  deal: (s) => s.game,
  player: botPlayer<WpState>(chooseWp, "easy"),
};
