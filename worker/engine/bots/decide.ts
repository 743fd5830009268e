/**
 * One decision of a computer player, as chooseMove makes it and as judged standing orders ask it
 * (game/orders.ts): the work count started afresh (./card-hand.ts), the ruleset's player asked with
 * the seed's generator, and its choice found among the legal moves as given.
 *
 * How it rates each discard: judged orders throw a drawn tile the player did not choose when the
 * player rates it exactly as good as its choice. While `decideRated` listens, the discard routine of
 * the decision reports each candidate kind's rating (`reportRatings`: a tuple, lower is better,
 * compared in order; the tie-breaks a routine uses only to pick one of equals, as the kind's number,
 * are left out). Nothing is kept between decisions, and a decision nobody listens to reports nothing.
 */
import type { Move } from "../api";
import type { Kind } from "../tiles";
import { startWork } from "./card-hand";
import { rngFor, sameMove, simpleChoice, type Bot, type Strength } from "./common";

/** A computer player's move: always one of `legal` as given. */
export function decide(bot: Bot, view: unknown, legal: Move[], strength: Strength, seed: string): Move {
  startWork();
  const m = bot(view, legal, strength, rngFor(seed));
  // a bot building its own move finds it in the list
  return legal.find((x) => x === m) ?? legal.find((x) => sameMove(x, m)) ?? simpleChoice(legal);
}

/** Ratings of the discards a decision weighed, per kind (lower is better; see the header). */
export type Ratings = ReadonlyMap<Kind, readonly number[]>;

let listening: Map<Kind, readonly number[]> | null = null;

/** Called by a discard routine with every candidate it weighed: a no-op unless a decision listens. */
export function reportRatings(entries: Iterable<readonly [Kind, readonly number[]]>): void {
  if (!listening) return;
  listening.clear(); // the last routine of the decision is the one that chose
  for (const [k, r] of entries) listening.set(k, r);
}

/** A decision with the ratings of the discards it weighed (null: it weighed none). */
export function decideRated(bot: Bot, view: unknown, legal: Move[], strength: Strength, seed: string): { move: Move; ratings: Ratings | null } {
  const heard = new Map<Kind, readonly number[]>();
  listening = heard;
  try {
    const move = decide(bot, view, legal, strength, seed);
    return { move, ratings: heard.size ? heard : null };
  } finally {
    listening = null;
  }
}

/** Rated exactly as good: every part of the two ratings equal (to rounding). */
export const asGood = (a: readonly number[] | undefined, b: readonly number[] | undefined): boolean =>
  !!a && !!b && a.length === b.length && a.every((x, i) => Math.abs(x - b[i]!) <= 1e-9 * Math.max(1, Math.abs(x)));
