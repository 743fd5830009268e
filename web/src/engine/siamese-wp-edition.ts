/**
 * The web build's stand-in for worker/engine/variants/siamese-wp/index.ts (vite.config.ts aliases
 * the registry's import of it here): the ruleset's head as is, and its play loaded in the
 * background, so the game page lists and offers siamese-wp without carrying its play (the game
 * page's 60 KB budget). The play is needed only where the browser runs the engine itself: a
 * replay and "Verify this deal", both reached after loading a record, long after the start; until
 * the play has arrived its members say so instead of answering wrongly.
 */
import type { Variant } from "../../../worker/engine/api";
import type { WpState } from "../../../worker/engine/variants/siamese-wp/state";
import { WP_HEAD } from "../../../worker/engine/variants/siamese-wp/head";

let play: Variant<WpState> | null = null;
export const wpPlayLoaded: Promise<void> = new Promise((resolve) => setTimeout(resolve, 0))
  .then(() => import("../../../worker/engine/variants/siamese-wp/index"))
  .then((m) => void (play = m.siameseWp));

const ready = (): Variant<WpState> => {
  if (!play) throw new Error("the Wright-Patterson rules are still loading: try again in a moment");
  return play;
};

export const siameseWp: Variant<WpState> = {
  ...WP_HEAD,
  newGame: (o, seed) => ready().newGame(o, seed),
  legalMoves: (s, seat) => ready().legalMoves(s, seat),
  apply: (s, seat, m) => ready().apply(s, seat, m),
  viewFor: (s, seat) => ready().viewFor(s, seat),
  toAct: (s) => ready().toAct(s),
  result: (s) => ready().result(s),
  hints: (s, seat) => ready().hints!(s, seat),
  pace: (s) => ready().pace(s),
  timeout: (s, seat) => ready().timeout(s, seat),
  abandon: (s, seat) => ready().abandon(s, seat),
  ordered: (s, seat, orders, events) => ready().ordered!(s, seat, orders, events),
  orderTargets: (s) => ready().orderTargets!(s),
  tilesOf: (s) => ready().tilesOf!(s),
};
