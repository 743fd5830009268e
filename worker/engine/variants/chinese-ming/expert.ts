/**
 * What the expert (engine/expert/) needs of the Chinese game: worlds from a seat's view, the points
 * (each seat's running total: a sample ends with its hand) and the fast players.
 */
import { botPlayer, type ExpertParts } from "../../expert/parts";
import { chooseChinese } from "./bot";
import type { ChineseState } from "./state";
import { KINDS } from "./deal";
import { chineseWorld } from "./world";

export const chineseExpert: ExpertParts<ChineseState> = {
  world: chineseWorld,
  score: (s) => s.points,
  deal: (s) => s.hand.number,
  distance,
  player: botPlayer<ChineseState>(chooseChinese, "strong"),
};

/**
 * Tiles a seat still needs for four sets and a pair (pungs only): its sets laid out and three of a
 * kind held count as sets; each further set takes a pair held and one tile, or a single and two.
 */
function distance(s: ChineseState, seat: number): number {
  const p = s.hand.seats[seat]!;
  const count = new Map<number, number>();
  for (const id of p.concealed) count.set(KINDS[id]!, (count.get(KINDS[id]!) ?? 0) + 1);
  let sets = p.melds.length;
  let pairs = 0;
  for (const n of count.values()) {
    sets += Math.floor(n / 3);
    if (n % 3 === 2) pairs++;
  }
  const left = Math.max(0, 4 - sets);
  const fromPairs = Math.min(pairs, left);
  return fromPairs + 2 * (left - fromPairs) + (pairs - fromPairs >= 1 ? 0 : 1);
}
