/**
 * What the expert (engine/expert/) needs of Wright-Patterson: worlds from a seat's view, the points
 * (the match's running totals: a sample ends with its game) and who plays its samples forward.
 */
import { botPlayer, ownAndOthers, type ExpertParts } from "../../expert/parts";
import { chooseWp } from "./bot";
import type { WpState } from "./state";
import { wpWorld } from "./world";

export const wpExpert: ExpertParts<WpState> = {
  world: wpWorld,
  score: (s) => s.match.totals,
  deal: (s) => s.game,
  // its own seat goes on as the strong player, the other as the easy one (the hand list's judge makes any other slow)
  player: ownAndOthers<WpState>(botPlayer(chooseWp, "strong"), botPlayer(chooseWp, "easy")),
  ownCost: 10,
  // a move of its samples costs about three of the other rulesets' (the hand list's judge)
  budget: { plies: 5000 },
};
