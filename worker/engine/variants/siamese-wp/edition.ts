/**
 * Wright-Patterson Siamese (`siamese-wp`, RULES §5) as a Siamese edition record: two players × two
 * racks like `siamese`, with its own parts instead of the American card's:
 *   tiles    the 144-tile Chinese set, eight flowers, no jokers (tiles.ts, `tileSet: "chinese"`)
 *   deal     `dealWp`: 28/27 in fours, the flower wall, flowers laid out and replaced (deal.ts)
 *   judge    `WP_JUDGE`: the hand list, what a hand is and is worth, tiles away, claims (chows only
 *            to go Mah Jongg), dead hands, hints (judge.ts over mahjong.ts, match.ts, hints.ts)
 *   scoring  `scoreWp`: payout option 2, the Bouquet, offsets, double Mah Jongg, the pot (scoring.ts)
 *   match    one service game is one match of `games` games, each dealt inside the state (state.ts)
 * The play over these parts is play.ts; `siameseVariant(SIAMESE_WP, cardModule)` registers it.
 * Its name, options and sizes are ./head.ts (light, so the web's game page can list the ruleset
 * without carrying its play: see web/src/engine/siamese-wp-edition.ts).
 */
import type { Seat } from "../../api";
import type { EditionPlay, SiameseEdition } from "../siamese/edition";
import { dealWp } from "./deal";
import { WP_JUDGE, type WpJudge } from "./judge";
import { abandon, kindsOfIds, legalMoves, newGame, open, setsOf, step, timeout } from "./play";
import { scoreWp } from "./scoring";
import type { WpState } from "./state";
import { viewFor } from "./view";
import { tilesOf } from "./tiles-of";
import { handIds, ordered } from "./orders";
import { SIAMESE_WP_HEAD } from "./head";

/** The play of the edition over a hand judge (the shipped hand list's by default). */
export function wpPlay(judge: WpJudge = WP_JUDGE): EditionPlay {
  return {
    newGame,
    legalMoves: (s: WpState, seat: Seat) => legalMoves(judge, s, seat),
    apply: (s: WpState, seat: Seat, move) => step(judge, s, seat, move),
    viewFor: (s: WpState, seat: Seat | null) => viewFor(s, seat),
    toAct: (s: WpState) => (s.phase === "over" ? [] : [s.toAct]),
    tilesOf,
    result: (s: WpState) => s.result,
    // worked out by the service: the web's own hint code reads American cards
    hintsIn: "view",
    hints: (s: WpState, seat: Seat) => {
      const me = s.seats[seat]!;
      return judge.hints(
        kindsOfIds(me.pool),
        me.racks.map((r) => ({ exposed: setsOf(r), status: r.mahjong ? "declared" : r.dead ? "dead" : open(r) ? "open" : "dead" })),
      );
    },
    pace: () => ({ key: "", hours: null }),
    ordered: (s: WpState, seat: Seat, orders, events) => ordered(judge, s, seat, orders, events),
    orderTargets: () => handIds(judge),
    timeout: (s: WpState, seat: Seat) => timeout(judge, s, seat),
    abandon: (s: WpState, seat: Seat) => abandon(judge, s, seat),
  };
}

/** The edition's record with its parts and its play. */
export const SIAMESE_WP: SiameseEdition & { parts: { deal: typeof dealWp; judge: WpJudge; scoring: typeof scoreWp } } = {
  ...SIAMESE_WP_HEAD,
  parts: { deal: dealWp, judge: WP_JUDGE, scoring: scoreWp },
  play: wpPlay(WP_JUDGE),
};
