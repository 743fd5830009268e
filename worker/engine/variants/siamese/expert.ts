/**
 * What the expert (engine/expert/) needs of a Siamese edition: worlds from a seat's view, the points
 * (the result's, once the game is over: a Siamese game is one hand) and the fast players.
 */
import type { ExpertParts } from "../../expert/parts";
import { kindsOf } from "../../game/physical";
import { tableOf, type siameseVariant, type SiameseState } from "./index";
import { siamesePlayer } from "./simulated";
import { siameseWorld } from "./world";

export function siameseExpert(v: ReturnType<typeof siameseVariant>): ExpertParts<SiameseState> {
  return {
    world: (view, rng) => {
      const { sets } = tableOf(v.edition, (view as { options: SiameseState["options"] }).options);
      return siameseWorld(view, rng, kindsOf(v.edition.tileSet, sets));
    },
    score: (s) => s.result?.totals ?? s.seats.map(() => 0),
    deal: () => 0,
    player: siamesePlayer(v) as ExpertParts<SiameseState>["player"],
  };
}
