/**
 * Wright-Patterson Siamese (`siamese-wp`, RULES §5) as a ruleset of its own: two players × two racks
 * like `siamese`, built from its own parts instead of the American card's:
 *   head     name, options, sizes (head.ts, light: the web lists the ruleset from it alone)
 *   tiles    the 144-tile Chinese set, eight flowers, no jokers (tiles.ts, `tileSet: "chinese"`)
 *   deal     `dealWp`: 28/27 in fours, the flower wall, flowers laid out and replaced (deal.ts)
 *   judge    `WP_JUDGE`: the hand list, what a hand is and is worth, tiles away, claims (chows only
 *            to go Mah Jongg), dead hands, hints (judge.ts over mahjong.ts, match.ts, hints.ts)
 *   scoring  `scoreWp`: payout option 2, the Bouquet, offsets, double Mah Jongg, the pot (scoring.ts)
 *   match    one service game is one match of `games` games, each dealt inside the state (state.ts)
 *   play     the moves over these parts (play.ts), standing orders (orders.ts), views (view.ts)
 * What it shares with the Siamese rulesets (one pool over two racks, the dead-hand rules, the
 * timeout's tile) it takes as functions from variants/siamese/racks.ts.
 */
import type { GameOptions, Seat, Variant } from "../../api";
import { defineVariant } from "../../game/variant";
import { chooseWp } from "./bot";
import { checkOptions } from "../../options";
import { rackStatus, turnPace } from "../siamese/racks";
import { WP_HEAD } from "./head";
import { WP_JUDGE, type WpJudge } from "./judge";
import { handIds, ordered } from "./orders";
import { newGame } from "./games";
import { legalMoves } from "./moves";
import { abandon, step, timeout } from "./play";
import { setsOf } from "./state";
import { kindsOfIds } from "./tiles";
import type { WpState } from "./state";
import { tilesOf } from "./tiles-of";
import { viewFor } from "./view";

export type { WpState } from "./state";
export { WP_HEAD } from "./head";

/** The ruleset over a hand judge (the shipped hand list's by default). */
export function wpVariant(judge: WpJudge = WP_JUDGE): Variant<WpState> {
  const schema = WP_HEAD.optionsSchema;
  return defineVariant<WpState, Variant<WpState>>(
    {
      ...WP_HEAD,
      newGame(options: GameOptions, seed: string) {
        const opts = { ...options };
        checkOptions(schema, opts);
        return newGame(opts, seed);
      },
      legalMoves: (s, seat) => legalMoves(judge, s, seat),
      apply: (s, seat, move) => step(judge, s, seat, move),
      viewFor: (s, seat) => viewFor(s, seat),
      toAct: (s) => (s.phase === "over" ? [] : [s.toAct]),
      tilesOf,
      result: (s) => s.result,
      hints: (s, seat: Seat) => {
        const me = s.seats[seat]!;
        return judge.hints(
          kindsOfIds(me.pool),
          me.racks.map((r) => ({ exposed: setsOf(r), status: rackStatus(r) })),
        );
      },
      pace: turnPace,
      ordered: (s, seat, orders, events, decide) => ordered(judge, s, seat, orders, events, decide),
      orderTargets: () => handIds(judge),
      timeout: (s, seat) => timeout(judge, s, seat),
      abandon: (s, seat) => abandon(judge, s, seat),
    },
    "match",
    chooseWp,
  );
}

/** Wright-Patterson Siamese over the shipped hand list: the ruleset the registry lists. */
export const siameseWp = wpVariant();
