/**
 * What the expert (engine/expert/) needs of a Siamese edition (Siamese, MahJong Masters, Royale):
 * worlds from a seat's view, the points (the result's, once the game is over: a Siamese game is one
 * hand) and who plays its samples forward: its own seat the strong player, the others the card
 * player (expert/card-player.ts).
 */
import { cardPlayer, handDistance, type CardTable } from "../../expert/card-player";
import { botPlayer, ownAndOthers, type ExpertParts } from "../../expert/parts";
import type { Bot } from "../../bots/common";
import { kindsOf } from "../../game/physical";
import { tableOf, type siameseVariant, type SiameseState } from "./index";
import { asGroup } from "./judge";
import { siameseWorld } from "./world";

/** `bot`: the edition's computer player, whose strong play continues the expert's own seat in the samples. */
export function siameseExpert(v: ReturnType<typeof siameseVariant>, bot: Bot): ExpertParts<SiameseState> {
  const table: CardTable<SiameseState> = {
    card: (s) => v.ctx(s).card,
    kinds: (s) => v.ctx(s).kinds,
    pool: (s, seat) => s.seats[seat]!.pool,
    racks: (s, seat) => {
      const kinds = v.ctx(s).kinds;
      return s.seats[seat]!.racks.map((r) => ({ exps: r.exposures.map((e) => asGroup(e, kinds)), open: !r.mahjong && !r.dead }));
    },
    offered: (s) => (s.phase === "window" ? (s.window?.tile ?? null) : s.phase === "draw" ? (s.claimable?.tile ?? null) : null),
    legalMoves: (s, seat) => v.legalMoves(s, seat),
    enforce: (s) => s.options.deadHands === "enforce",
    jokerKind: (s, m) => s.seats[m.seat as number]?.racks[m.rack as number]?.exposures[m.exposure as number]?.kind ?? null,
  };
  const fast = cardPlayer(table);
  // four racks (Royale): a sample is a long game, so the strong player makes only the first few own
  // moves, and every move while the seat goes for the Atomic hand (which the card player never plays)
  const ownPlays = v.edition.racks > 2 ? (s: SiameseState, me: number, made: number) => made < ROYALE_OWN_MOVES || s.seats[me]!.atomic !== undefined : undefined;
  const play = ownAndOthers<SiameseState>(botPlayer(bot, "strong"), (_rules, seed) => fast(seed), ownPlays);
  return {
    world: (view, rng) => {
      const { sets } = tableOf(v.edition, (view as { options: SiameseState["options"] }).options);
      return siameseWorld(view, rng, kindsOf(v.edition.tileSet, sets));
    },
    score: (s) => s.result?.totals ?? s.seats.map(() => 0),
    deal: () => 0,
    distance: (s, seat) => handDistance(table, s, seat),
    player: play,
    // the strong player's move costs about ten of the card player's
    ownCost: 10,
    ownPlays,
    // four racks: fewer moves per decision than the budget's (its samples' moves cost more), within the decision time
    ...(v.edition.racks > 2 ? { budget: ROYALE_BUDGET } : {}),
  };
}

/**
 * Royale's samples (four racks, some 300 moves to the end): the expert's own seat is played by the
 * strong player for this many moves (and while it goes for the Atomic hand), then by the card player. Played strong to the end, a sample
 * cost some 1,700 moves' budget and a decision could judge only 2–6 worlds, too few to tell its
 * candidates apart (its choices against the strong one were noise).
 */
export const ROYALE_OWN_MOVES = 4;

/**
 * Royale's budget per decision over EXPERT: 16,000 moves (a median ~85 ms CPU with a choice). At this
 * many a decision judges a median 5 worlds (4 players) or 9 (2), under EXPERT's minWorlds (8), so the
 * expert seldom leaves the strong choice (2 of 167 decisions of a reviewed 4-player game). Measured
 * and not kept (bench-output/bots-expert-royale-2026-11-28b.txt, -z15-): 32,000 moves (a median 11
 * worlds with 4 players, 16 with 2; a median 164 and 131 ms) played no clearly better at z 2 from 8
 * worlds (4 players mean place 2.375, 95% 2.211-2.539 after 28 deals; 2 players 52.9 %, 49.7-56.1
 * after 35; against 2.450 and 53.9 % before) and worse at z 1.5 from 6 (2.638, 43.1 %): twice the
 * time bought no measurable strength.
 */
export const ROYALE_PLIES = 16_000;
export const ROYALE_BUDGET = { plies: ROYALE_PLIES };
