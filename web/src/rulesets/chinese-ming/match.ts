/**
 * A Chinese match in a replay: a match of hands (RULES §7), the hand under way in `state.hand` and
 * the ended ones in `state.hands`; the view keeps the hand's seats in `view.hand.seats`.
 */
import type { ChineseState, GameState } from "../../../../worker/engine/index";
import type { MatchReplay } from "../../table-types";

type Seats = { seats: unknown[] };
const chinese = (state: GameState) => state as ChineseState;

export const chineseMatch: MatchReplay = {
  handOf: (state) => chinese(state).hand.number,
  handsDone: (state) => chinese(state).hands.length,
  openView: (all, own) => {
    const v = all as { hand: Seats };
    return { ...v, hand: { ...v.hand, seats: v.hand.seats.map((_, i) => (own(i) as { hand: Seats }).hand.seats[i]) } };
  },
};
