/**
 * What a ruleset gives its expert (./index.ts) beside its computer player, each written in the
 * ruleset's folder (variants/<folder>/expert.ts) and listed in the registry: worlds from a seat's
 * view, the points so far, which hand it is, and who plays the samples forward.
 */
import type { CoreState, Move, Seat } from "../api";
import type { ExpertBudget } from "./index";
import { startWork } from "../bots/card-hand";
import type { Bot, BotStrength } from "../bots/common";
import type { Rules } from "../game/simulate";
import type { GameState } from "../registry";
import { seedRng, type RngState } from "../random";

/** What a ruleset's expert needs beside its bot: worlds, the points so far, which hand it is, and who plays the samples forward. */
export interface ExpertParts<S extends CoreState = GameState> {
  world(view: unknown, rng: RngState): S;
  /** Points per seat so far (over finished hands of a match too). */
  score(state: S): number[];
  /** Which hand (deal) of the game this is: a sample ends when it changes or the game ends. */
  deal(state: S): number;
  /** Chooses the move of the seat to act in a sample (fast; it may read the sampled world whole); `me`: the expert's seat. */
  player(rules: Rules<S>, seed: string, me: Seat): (state: S, acting: Seat[]) => { seat: Seat; move: Move };
  /**
   * What one of the expert's own moves in a sample counts for in the budget's moves (absent: 1): a
   * seat played on by the strong player costs about this many fast players' moves.
   */
  ownCost?: number;
  /**
   * How far `seat`'s hand is from going out in a world (lower: nearer; absent: worlds are taken as
   * dealt). The other players chose what to keep and throw all hand long, so their real hands are
   * nearer than tiles dealt at random: the expert deals a few worlds and keeps the one whose other
   * seats are nearest, the more the later in the hand (see ../expert/index.ts `WORLD_CHOICE`).
   */
  distance?(state: S, seat: Seat): number;
  /**
   * The ruleset's own budget over the service's (EXPERT), whole or by the seat's view (e.g. by the
   * number of players): its samples' moves cost more or less than most, and its decisions are fewer or more.
   */
  budget?: Partial<ExpertBudget> | ((view: unknown) => Partial<ExpertBudget>);
  /**
   * Whether the expert's own seat's next move in a sample (`made` of its moves made so far in it) is
   * its own player's (`ownAndOthers`' `own`, at `ownCost`) or the fast one's (absent: always its own):
   * a long game (Royale's four racks, some 150 own moves) costs that many strong moves per sample
   * otherwise, and the few worlds a decision could then afford said nothing.
   */
  ownPlays?(state: S, me: Seat, made: number): boolean;
}

/**
 * The expert's own seat played forward by `own` (the player whose choice it improves on: the strong
 * one), the others by the fast `others`: the samples judge a choice as the expert will go on playing.
 */
export function ownAndOthers<S extends CoreState>(own: ExpertParts<S>["player"], others: ExpertParts<S>["player"], ownPlays?: ExpertParts<S>["ownPlays"]): ExpertParts<S>["player"] {
  return (rules, seed, me) => {
    const mine = own(rules, seed, me);
    const theirs = others(rules, seed, me);
    let made = 0;
    return (s, acting) => (acting.includes(me) && (!ownPlays || ownPlays(s, me, made++)) ? mine(s, [me]) : theirs(s, acting));
  };
}

/**
 * A ruleset's own computer player of `strength` as a fast player of the samples: the seat to act
 * (the first of those asked), its view of the sampled world and its legal moves, as the service gives them.
 */
export function botPlayer<S extends CoreState>(bot: Bot, strength: BotStrength): ExpertParts<S>["player"] {
  return (rules, seed) => {
    const rng = seedRng(`rollout:${seed}`);
    return (s, acting) => {
      const seat = acting[0]!;
      const legal = rules.legalMoves(s, seat).filter((m) => m.type !== "orders" && m.type !== "preference");
      startWork();
      const m = legal.length === 1 ? legal[0]! : bot(rules.viewFor(s, seat), legal, strength, rng);
      return { seat, move: m };
    };
  };
}
