/**
 * What the expert (engine/expert/) needs of the American game: worlds from a seat's view, the points
 * (the result's, once the game is over: one hand) and the fast players.
 */
import { botPlayer, type ExpertParts } from "../../expert/parts";
import { kindsOf } from "../../game/physical";
import { chooseAmerican } from "./bot";
import type { AmericanState } from "./state";
import { americanWorld } from "./world";

const KINDS = kindsOf("american");

export const americanExpert: ExpertParts<AmericanState> = {
  world: (view, rng) => americanWorld(view, rng, KINDS),
  score: (s) => s.result?.totals ?? s.seats.map(() => 0),
  deal: () => 0,
  player: botPlayer<AmericanState>(chooseAmerican, "medium"),
};
