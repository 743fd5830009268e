/**
 * What the expert (engine/expert/) needs of the American game: worlds from a seat's view, the points
 * (the result's, once the game is over: one hand) and who plays its samples forward: its own seat
 * the strong player, the others the card player (expert/card-player.ts).
 */
import { cardPlayer, handDistance, type CardTable } from "../../expert/card-player";
import { botPlayer, ownAndOthers, type ExpertParts } from "../../expert/parts";
import { chooseAmerican } from "./bot";
import { cardOf } from "../../game/card-of";
import { kindsOf } from "../../game/physical";
import { cardModule } from "../../card";
import { asGroup } from "../siamese/judge";
import type { AmericanState } from "./state";
import { americanWorld } from "./world";
import type { americanVariant } from "./index";

const KINDS = kindsOf("american");

export function americanExpert(v: ReturnType<typeof americanVariant>): ExpertParts<AmericanState> {
  const cards = new WeakMap<AmericanState["options"], ReturnType<typeof cardOf>>();
  const cardFor = (s: AmericanState) => {
    let c = cards.get(s.options);
    if (!c) cards.set(s.options, (c = cardOf(cardModule, s.options)));
    return c;
  };
  const table: CardTable<AmericanState> = {
    card: cardFor,
    kinds: () => KINDS,
    pool: (s, seat) => s.seats[seat]!.concealed,
    racks: (s, seat) => {
      const p = s.seats[seat]!;
      return [{ exps: p.exposures.map((e) => asGroup(e, KINDS)), open: !p.mahjong && !p.dead }];
    },
    offered: (s) => (s.phase === "window" ? (s.window?.tile ?? null) : null),
    legalMoves: (s, seat) => v.legalMoves(s, seat),
    enforce: (s) => s.options.deadHands === "enforce",
    jokerKind: (s, m) => s.seats[m.seat as number]?.exposures[m.exposure as number]?.kind ?? null,
  };
  const fast = cardPlayer(table);
  return {
    world: (view, rng) => americanWorld(view, rng, KINDS),
    score: (s) => s.result?.totals ?? s.seats.map(() => 0),
    deal: () => 0,
    distance: (s, seat) => handDistance(table, s, seat),
    // the expert's own seat goes on as the strong player, the others as the card player
    player: ownAndOthers<AmericanState>(botPlayer(chooseAmerican, "strong"), (_rules, seed) => fast(seed)),
    ownCost: 4,
  };
}
