/**
 * A finished game reviewed for one seat: each of its decisions (a move it chose among several that
 * differ for it; not a timeout, nor standing orders or call preferences) judged as the expert judges
 * its own, from what the seat saw then (its view, never the state): the strong player's first
 * choices and the move played, played forward in the same sampled worlds. Where the expert would
 * have chosen otherwise, and is as sure that its choice gains over the move played as it must be to
 * deviate from the strong player in play, the item says what, and how many points (the seat's own
 * less the others' mean, to the end of the hand) it expected that to gain over the move played.
 *
 * The work is done in slices (`reviewSlice`), each bounded by a count of moves played in samples, so
 * the service can spread a long game over several alarms: a slice replays the record to where the
 * last one stopped and goes on from there.
 */
import type { GameRecord, Move, RulesetId, Seat } from "../api";
import { rulesetOf, variantOf, type GameState } from "../registry";
import { budgetFor, EXPERT, expertPick, judge, moveKey, stats, strongRanking, type ExpertBudget } from "./index";
import { seenIds, WorldError } from "./world";
import { moveWords } from "./words";

/** One decision where the expert would have chosen otherwise. */
export interface ReviewItem {
  /** Index of the move in the record (0 = the first move after the deal). */
  move: number;
  /** The replay's frame showing the position before it (the replay adds a frame where a hand of a match ended). */
  frame: number;
  played: Move;
  expert: Move;
  /** Both in plain words, as the seat saw its tiles ("throw 7 Dots"). */
  playedText: string;
  expertText: string;
  /** Points the expert expected its choice to gain over the move played (mean over `worlds`), and that mean's standard error. */
  gain: number;
  se: number;
  worlds: number;
}

export interface Review {
  seat: Seat;
  /** Decisions judged so far, and of them where the expert would have chosen otherwise. */
  decisions: number;
  items: ReviewItem[];
  /** The next record move to look at; `done` once every move was looked at. */
  next: number;
  /** Frames the replay adds before `next` (hands of a match that ended). */
  extraFrames: number;
  done: boolean;
}

export const newReview = (seat: Seat): Review => ({ seat, decisions: 0, items: [], next: 0, extraFrames: 0, done: false });

/** The three costliest items first, then the rest by the order of the game. */
export function costliestFirst(items: readonly ReviewItem[]): ReviewItem[] {
  const top = items
    .slice()
    .sort((a, b) => b.gain - a.gain || a.move - b.move)
    .slice(0, 3);
  return [...top, ...items.filter((x) => !top.includes(x))];
}

/**
 * The moves one reviewed decision may play at most: a review judges every decision of a seat in a
 * whole game (Royale for 2: 110), so a ruleset whose decisions may play more is reviewed at this
 * many, the whole game within its minute (Royale for 2 with 32,000 a decision: 55.9 s CPU; capped
 * here, 36.8 s). No ruleset's budget is above it today.
 */
export const REVIEW_PLIES = 20_000;

const notChosen = (m: Move) => m.type === "orders" || m.type === "preference" || m.type === "timeout" || m.type === "abandon";

/**
 * The expert's verdict on one decision: the seat in `state` (its view) played `played`. Null when it
 * was no real choice (one distinct move) or the expert agrees; otherwise the item (without its place in the game).
 */
export function reviewDecision(ruleset: RulesetId, state: GameState, seat: Seat, played: Move, seed: string, budget: ExpertBudget = EXPERT): { decision: boolean; item: Omit<ReviewItem, "move" | "frame"> | null; plies: number } {
  if (notChosen(played)) return { decision: false, item: null, plies: 0 };
  const v = variantOf(ruleset);
  const view = v.viewFor(state, seat);
  budget = budgetFor(ruleset, view, budget);
  if (budget.plies > REVIEW_PLIES) budget = { ...budget, plies: REVIEW_PLIES };
  const legal = v.legalMoves(state, seat).filter((m) => !notChosen(m));
  const kinds = seenIds(view);
  const ranked = strongRanking(ruleset, view, legal, seed, budget.candidates, kinds);
  const key = moveKey(played, kinds);
  let at = ranked.findIndex((m) => moveKey(m, kinds) === key);
  const candidates = at >= 0 ? ranked : [...ranked, played];
  if (at < 0) at = candidates.length - 1;
  if (candidates.length <= 1) return { decision: false, item: null, plies: 0 };
  let j: ReturnType<typeof judge>;
  try {
    j = judge(ruleset, view, candidates, seed, budget, at);
  } catch (e) {
    if (e instanceof WorldError) return { decision: true, item: null, plies: 0 };
    throw e;
  }
  // the expert's own choice among its candidates (the move played joins them only to be measured)
  const own = at < ranked.length ? j.judged : j.judged.slice(0, ranked.length);
  const best = expertPick(own, budget.z, budget.minWorlds);
  if (best === at) return { decision: true, item: null, plies: j.plies };
  const n = Math.min(j.values[best]!.length, j.values[at]!.length);
  const d = stats(j.values[best]!.slice(0, n), j.values[at]!.slice(0, n));
  // said only when the expert is as sure its choice gains over the move played as it must be to deviate itself
  if (!(n >= (budget.minWorlds ?? 0) && d.gain - budget.z * d.se > 0)) return { decision: true, item: null, plies: j.plies };
  const head = rulesetOf(ruleset)!.head;
  const expert = candidates[best]!;
  return {
    decision: true,
    item: { played, expert, playedText: moveWords(played, kinds, head), expertText: moveWords(expert, kinds, head), gain: d.gain, se: d.se, worlds: j.worlds },
    plies: j.plies,
  };
}

/**
 * Goes on with `review` of `record` for its seat until `plies` moves were played in samples (at least
 * one decision is judged), and returns where it stands. `seed` names the game (the samples' seeds
 * follow from it, the move and the seat).
 */
export function reviewSlice(record: GameRecord, review: Review, seed: string, plies: number, budget: ExpertBudget = EXPERT): Review {
  if (review.done) return review;
  const parts = rulesetOf(record.ruleset)?.expert;
  const v = variantOf(record.ruleset);
  let s = v.newGame(record.options ?? {}, record.seed);
  const out: Review = { ...review, items: review.items.slice() };
  let spent = 0;
  for (let k = 0; k < record.moves.length; k++) {
    const { seat, move } = record.moves[k]!;
    if (k >= out.next) {
      if (spent > 0 && spent >= plies) return out;
      if (seat === review.seat && s.phase !== "over") {
        const r = reviewDecision(record.ruleset, s, seat, move, `${seed}:${k}:${seat}`, budget);
        spent += Math.max(1, r.plies);
        if (r.decision) out.decisions++;
        if (r.item) out.items.push({ ...r.item, move: k, frame: k + out.extraFrames });
      }
    }
    const r = move.type === "timeout" ? v.timeout(s, seat) : move.type === "abandon" ? v.abandon(s, seat) : v.apply(s, seat, move);
    if (!r.ok) throw new Error(`move ${k + 1} of the record does not replay: ${r.message}`);
    if (k >= out.next) {
      // a move that ended a hand of a match and dealt the next is two frames of the replay
      if (parts && r.state.phase !== "over" && parts.deal(r.state) !== parts.deal(s)) out.extraFrames++;
      out.next = k + 1;
    }
    s = r.state;
  }
  out.done = true;
  return out;
}

