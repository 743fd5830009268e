/**
 * A finished game's review, kept with the game (its own storage, one entry per seat reviewed):
 * asked for by a player once the game has ended, worked out by the engine (engine/expert/review.ts)
 * a slice at a time in the game's alarm, so no request and no alarm does more than a bounded amount
 * of work; the page asks again until it is ready. Computed once: asking again reads what is kept.
 */
import type { Seat } from "../engine/api";
import { costliestFirst, newReview, reviewSlice, type Review, type ReviewItem } from "./engine";
import type { GameDoc, GameStore } from "./store";

/**
 * Moves one alarm may play in the review's samples (about one to three decisions' worth): a slice
 * takes at most a few seconds of CPU on this machine, far inside a Durable Object alarm's limit.
 */
export const REVIEW_PLIES_PER_SLICE = 30_000;

/** What a player reads: still working (how far), or the review with the costliest three first. */
export type ReviewAnswer =
  | { status: "working"; seat: Seat; done: number; moves: number; decisions: number }
  | { status: "ready"; seat: Seat; decisions: number; moves: number; items: ReviewItem[] };

const keyOf = (seat: Seat) => `review:${seat}`;

export class Reviews {
  constructor(private readonly store: GameStore) {}

  private get(seat: Seat): Review | null {
    return this.store.get<Review>(keyOf(seat));
  }

  /** The answer for `seat`; `start`: begin the review when it was never asked for (else null). */
  answer(doc: GameDoc, seat: Seat, start: boolean): ReviewAnswer | null {
    let r = this.get(seat);
    if (!r) {
      if (!start) return null;
      this.store.put(keyOf(seat), (r = newReview(seat)));
      this.store.put("reviews", [...this.pending(), seat]);
    }
    const moves = this.store.moveCount();
    return r.done
      ? { status: "ready", seat, decisions: r.decisions, moves, items: costliestFirst(r.items) }
      : { status: "working", seat, done: r.next, moves, decisions: r.decisions };
  }

  /** Seats whose review is still being worked out, in the order asked. */
  private pending(): Seat[] {
    return this.store.get<Seat[]>("reviews") ?? [];
  }

  /** When the alarm should ring for a review: now while one is unfinished (the game's clock is not involved). */
  dueAt(now: number): number | null {
    return this.pending().length ? now : null;
  }

  /** One slice of the first unfinished review (`doc`: the ended game, whose id names the samples). */
  slice(doc: GameDoc): void {
    const [seat, ...rest] = this.pending();
    if (seat === undefined) return;
    const r = this.get(seat);
    if (!r || r.done) return void this.store.put("reviews", rest);
    const record = { ruleset: doc.ruleset, options: doc.options, seed: doc.seed, commitment: doc.commitment, moves: this.store.moves() };
    let next: Review;
    try {
      next = reviewSlice(record, r, `review:${doc.id}`, REVIEW_PLIES_PER_SLICE);
    } catch (e) {
      // a record the engine cannot replay (it always can): the review ends with what it found
      console.error(`review of ${doc.id} seat ${seat} stopped`, e);
      next = { ...r, done: true };
    }
    this.store.put(keyOf(seat), next);
    if (next.done) this.store.put("reviews", rest);
  }
}
