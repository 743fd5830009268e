/**
 * The expert computer player (every ruleset): decides from its own seat's view only. It asks the
 * strong player for its first few choices (its own ranking: the strong choice, then its choice with
 * that one taken away, and so on), samples worlds consistent with everything the seat has seen (the
 * ruleset's `world`: the tiles it cannot see dealt at random to the places it cannot see), plays each
 * candidate forward to the end of the hand in every world with the fast players, and takes the
 * candidate with the best mean points (its own less the others' mean), every candidate judged on the
 * same worlds and the same luck after its move.
 *
 * Bounded by counts, never by a clock, so its choice is a pure function of (view, legal moves,
 * seed): `worlds` samples at most, and `plies` moves played in all of a decision's samples (a world
 * is finished for every candidate or not begun). The sampling generator is seeded from the decision's
 * seed (game, version, seat: public) and nothing else, so two games that look the same from the seat
 * get the same decision, whatever the hidden tiles (the leak test).
 */
import type { CoreState, Move, RulesetId, Seat } from "../api";
import { rulesetOf } from "../registry";
import { rulesOfVariant, type Rules } from "../game/simulate";
import { seedRng, type RngState } from "../random";
import { startWork } from "../bots/card-hand";
import { rngFor, sameMove, simpleChoice, type Strength } from "../bots/common";
import type { ExpertParts } from "./parts";
import { seenIds, WorldError } from "./world";
import type { GameState } from "../registry";

export interface ExpertBudget {
  /** Sampled worlds per decision, at most. */
  worlds: number;
  /** Candidates from the strong player's ranking, at most. */
  candidates: number;
  /** Moves played in all samples of one decision, at most (the time cap, as a count). */
  plies: number;
  /**
   * How sure the expert must be to play another candidate than the strong player's first: its mean
   * gain over that one, world by world, must stand this many standard errors above nothing.
   */
  z: number;
  /**
   * Candidates that look worse than the strong player's first after `early` worlds (their gain below
   * `drop` standard errors under nothing) are no longer played out; when none is left, the decision
   * is the strong one. (A review keeps the move played to the end: it is measured, not chosen.)
   */
  early: number;
  drop: number;
  /**
   * Worlds a candidate must have been judged on before it may replace the strong player's first (absent: no
   * minimum): a standard error from two or three worlds says nothing, and Royale's long samples let a
   * decision play only that many, so the expert left the strong choice on noise.
   */
  minWorlds?: number;
}

/** The service's budget per decision: about 250 ms on this machine for a typical decision, a few seconds at most. */
export const EXPERT: ExpertBudget = { worlds: 32, candidates: 3, plies: 20_000, z: 2, early: 6, drop: 0.5, minWorlds: 8 };

/**
 * The budget of one decision of `ruleset` seen from `view`: the ruleset's own (ExpertParts.budget)
 * over EXPERT when the caller asks for EXPERT; any other budget (a test's) as given.
 */
export function budgetFor(ruleset: RulesetId, view: unknown, budget: ExpertBudget = EXPERT): ExpertBudget {
  if (budget !== EXPERT) return budget;
  const own = rulesetOf(ruleset)?.expert?.budget;
  const part = typeof own === "function" ? own(view) : own;
  return part ? { ...EXPERT, ...part } : EXPERT;
}

/** One candidate as the expert judged it: its mean points over `n` worlds (own less the others' mean, to the end of the hand). */
export interface Judged {
  move: Move;
  mean: number;
  n: number;
  /** Its mean gain over the strong player's first choice, world by world, and that mean's standard error (0 for the first itself). */
  gain: number;
  se: number;
}

export interface ExpertDecision {
  move: Move;
  /** The candidates judged, in the strong player's order (empty: one sensible answer, nothing sampled). */
  judged: Judged[];
  worlds: number;
  plies: number;
}

/** A move's identity for the seat: tile ids as kinds (any copy of a kind is the same choice). */
export function moveKey(m: Move, kindOf: ReadonlyMap<number, number>): string {
  return JSON.stringify(m, (k, x) => {
    if ((k === "tile" || k === "claimed") && typeof x === "number") return `k${kindOf.get(x) ?? `#${x}`}`;
    if (k === "tiles" && Array.isArray(x)) return x.map((id) => (typeof id === "number" ? `k${kindOf.get(id) ?? `#${id}`}` : id)).sort();
    return x;
  });
}

/** Moves that declare a win. */
const WINS = new Set(["mahjong", "claim-mahjong", "call-mahjong", "woo"]);

/** Standing orders and call preferences are for people: a computer player never sets them (nor samples them). */
const chosenByComputers = (m: Move) => m.type !== "orders" && m.type !== "preference";

/**
 * The strong player's first `max` choices among `legal`, distinct for the seat (one discard of a
 * kind stands for every copy): its choice, then its choice among the moves left, and so on.
 */
export function strongRanking(ruleset: RulesetId, view: unknown, legal: readonly Move[], seed: string, max: number, kindOf = seenIds(view)): Move[] {
  const bot = rulesetOf(ruleset)?.bot;
  const out: Move[] = [];
  const keys = new Set<string>();
  let left = legal.filter(chosenByComputers);
  while (out.length < max && left.length) {
    let m: Move;
    if (!bot) m = simpleChoice(left);
    else {
      startWork();
      // the first is exactly the strong player's move (same generator as chooseMove)
      const chosen = bot(view, left, "strong", rngFor(out.length ? `${seed}:${out.length}` : seed));
      m = left.find((x) => x === chosen) ?? left.find((x) => sameMove(x, chosen)) ?? simpleChoice(left);
    }
    const key = moveKey(m, kindOf);
    if (keys.has(key)) break;
    keys.add(key);
    out.push(m);
    left = left.filter((x) => moveKey(x, kindOf) !== key);
  }
  return out;
}

const seatOf = (view: unknown): Seat => (view as { you: Seat }).you;

/**
 * Plays `state` forward with the fast players to the end of the hand of `from` (the state the move
 * judged was made in; or `limit` moves) and returns the points each seat gained since `from` and the
 * moves played (the expert's own counted at `parts.ownCost`).
 */
export function rollout<S extends GameState>(rules: Rules<S>, parts: ExpertParts<S>, state: S, seed: string, limit: number, me: Seat, from: S = state): { gain: number[]; plies: number; done: boolean } {
  // counted from `from`, the world before the move judged: a move may score at once (a Woo ends the hand)
  const before = parts.score(from);
  const hand = parts.deal(from);
  const player = parts.player(rules, seed, me);
  let s = state;
  let plies = 0;
  // the own seat's moves its own player makes cost ownCost each (ExpertParts.ownPlays says which, as the player asks it)
  let made = 0;
  while (s.phase !== "over" && parts.deal(s) === hand && plies < limit) {
    const acting = rules.toAct(s);
    if (!acting.length) break;
    const ownTurn = acting.includes(me) && (!parts.ownPlays || parts.ownPlays(s, me, made++));
    const { seat, move } = player(s, acting);
    const r = move.type === "timeout" ? rules.timeout(s, seat) : rules.apply(s, seat, move);
    plies += ownTurn ? (parts.ownCost ?? 1) : 1;
    if (!r.ok) break;
    s = r.state;
  }
  const after = parts.score(s);
  // done: the hand ended (a sample cut short by `limit` has not scored what it was heading for)
  return { gain: after.map((x, i) => x - before[i]!), plies, done: s.phase === "over" || parts.deal(s) !== hand };
}

/** A world from the view; a view it cannot read is a WorldError (the caller then plays the strong choice). */
export function worldOf<S extends CoreState>(parts: ExpertParts<S>, view: unknown, rng: RngState): S {
  try {
    return parts.world(view, rng);
  } catch (e) {
    throw e instanceof WorldError ? e : new WorldError(`no world from this view: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/**
 * Worlds dealt per world kept, by the discards made so far per player: one at first (the others' hands
 * are as dealt), then up to `max`, the world whose other seats are nearest to going out kept.
 */
export const WORLD_CHOICE = { per: 3, max: 4 };

/** A world for the seat `me`: the best of a few by the others' distance to going out (ExpertParts.distance). */
export function chooseWorld<S extends CoreState>(parts: ExpertParts<S>, view: unknown, rng: RngState, me: Seat): S {
  const discards = (view as { discards?: unknown[]; hand?: { discards?: unknown[] } }).discards ?? (view as { hand?: { discards?: unknown[] } }).hand?.discards ?? [];
  const players = ((view as { seats?: unknown[]; hand?: { seats?: unknown[] } }).seats ?? (view as { hand?: { seats?: unknown[] } }).hand?.seats ?? [0, 0]).length;
  const k = parts.distance ? Math.min(WORLD_CHOICE.max, 1 + Math.floor(discards.length / (WORLD_CHOICE.per * players))) : 1;
  let best = worldOf(parts, view, rng);
  if (k === 1) return best;
  const far = (w: S) => {
    let d = 0;
    for (let seat = 0; seat < players; seat++) if (seat !== me) d += parts.distance!(w, seat);
    return d;
  };
  let bestFar = far(best);
  for (let i = 1; i < k; i++) {
    const w = worldOf(parts, view, rng);
    const f = far(w);
    if (f < bestFar) (best = w), (bestFar = f);
  }
  return best;
}

/** The seat's points gained less the others' mean. */
export const margin = (gain: readonly number[], seat: Seat): number => {
  let others = 0;
  for (let i = 0; i < gain.length; i++) if (i !== seat) others += gain[i]!;
  return gain[seat]! - others / Math.max(1, gain.length - 1);
};

/**
 * Each of `candidates` judged over the same sampled worlds: its mean margin to the end of the hand.
 * Stops adding worlds when the next one could pass the budget's moves.
 */
export interface Judgement {
  judged: Judged[];
  /** Per candidate, its margin in each world (the same worlds for all). */
  values: number[][];
  worlds: number;
  plies: number;
}

export function judge(ruleset: RulesetId, view: unknown, candidates: readonly Move[], seed: string, budget: ExpertBudget = EXPERT, keep = -1): Judgement {
  const entry = rulesetOf(ruleset);
  const parts = entry?.expert as ExpertParts | undefined;
  if (!entry || !parts) return { judged: candidates.map((move) => ({ move, mean: 0, n: 0, gain: 0, se: 0 })), values: candidates.map(() => []), worlds: 0, plies: 0 };
  const rules = rulesOfVariant(entry.variant);
  const me = seatOf(view);
  budget = budgetFor(ruleset, view, budget);
  const rng = seedRng(`expert:${seed}`);
  const values: number[][] = candidates.map(() => []);
  const live = candidates.map(() => true);
  let plies = 0;
  let worlds = 0;
  let perWorld = 0;
  for (let w = 0; w < budget.worlds; w++) {
    if (w > 0 && plies + perWorld > budget.plies) break;
    if (w === budget.early || (w > budget.early && w % 4 === 0)) {
      for (let i = 1; i < candidates.length; i++) {
        if (!live[i] || i === keep) continue;
        const st = stats(values[i]!, values[0]!);
        if (st.gain + budget.drop * st.se < 0) live[i] = false;
      }
      if (live.every((x, i) => !x || i === 0)) break;
    }
    const world = chooseWorld(parts, view, rng, me);
    const start = plies;
    const got: (number | null)[] = candidates.map(() => null);
    let cut = false;
    candidates.forEach((c, i) => {
      if (!live[i] || cut) return;
      const r = rules.apply(world, me, c);
      // a move the sampled world refuses (it never should: the moves are the seat's own) counts as the worst
      if (!r.ok) return void (got[i] = -1e6);
      const out = rollout(rules, parts, r.state, `${seed}:${w}`, Math.max(1, budget.plies - plies), me, world);
      plies += out.plies + 1;
      // a sample the budget cut short scored nothing yet: the world is not counted for any candidate
      if (!out.done) cut = true;
      else got[i] = margin(out.gain, me);
    });
    if (cut) break;
    got.forEach((x, i) => void (x !== null && values[i]!.push(x)));
    worlds++;
    perWorld = Math.max(perWorld, plies - start);
  }
  // a candidate dropped early is judged on the worlds it was played in
  return { judged: candidates.map((move, i) => ({ move, ...stats(values[i]!, values[0]!.slice(0, values[i]!.length)) })), values, worlds, plies };
}

/** Mean of `xs`, and the mean and standard error of its differences from `base`, world by world. */
export function stats(xs: readonly number[], base: readonly number[]): { mean: number; n: number; gain: number; se: number } {
  const n = xs.length;
  if (!n) return { mean: -Infinity, n, gain: -Infinity, se: 0 };
  let sum = 0, d = 0, d2 = 0;
  for (let i = 0; i < n; i++) {
    sum += xs[i]!;
    const x = xs[i]! - base[i]!;
    d += x;
    d2 += x * x;
  }
  const gain = d / n;
  const se = n > 1 ? Math.sqrt(Math.max(0, d2 / n - gain * gain) / (n - 1)) : Infinity;
  return { mean: sum / n, n, gain, se };
}

/** The expert's decision: one of `legal` (as given), never the standing orders move. */
export function expertDecide(ruleset: RulesetId, view: unknown, legal: readonly Move[], seed: string, budget: ExpertBudget = EXPERT): ExpertDecision {
  const moves = legal.filter(chosenByComputers);
  if (!moves.length) return { move: simpleChoice(legal), judged: [], worlds: 0, plies: 0 };
  budget = budgetFor(ruleset, view, budget);
  const ranked = strongRanking(ruleset, view, moves, seed, budget.candidates);
  // a win the strong player takes is taken (see expertPick): nothing to sample
  if (ranked.length <= 1 || WINS.has(ranked[0]!.type)) return { move: ranked[0] ?? simpleChoice(moves), judged: [], worlds: 0, plies: 0 };
  let out: ReturnType<typeof judge>;
  try {
    out = judge(ruleset, view, ranked, seed, budget);
  } catch (e) {
    // a view no world can be built from (it never should be): the strong player's choice
    if (!(e instanceof WorldError)) throw e;
    return { move: ranked[0]!, judged: [], worlds: 0, plies: 0 };
  }
  const { judged, worlds, plies } = out;
  return { move: ranked[expertPick(judged, budget.z, budget.minWorlds)]!, judged, worlds, plies };
}

/**
 * The strong choice (the first) unless another gains clearly more over it, world by world (`z`
 * standard errors, judged on `minWorlds` worlds at least); then the one that gains most.
 */
export function expertPick(judged: readonly Judged[], z: number, minWorlds = 0): number {
  // a win the strong player takes is taken: the samples cannot tell how near the others really are,
  // and a world that deals them tiles at random makes waiting for a bigger hand look safer than it is
  if (judged[0] && WINS.has(judged[0].move.type)) return 0;
  let best = 0;
  for (let i = 1; i < judged.length; i++) {
    const j = judged[i]!;
    if (j.n >= minWorlds && j.gain - z * j.se > 0 && j.gain > (best ? judged[best]!.gain : 0)) best = i;
  }
  return best;
}

export type { Strength };
export type { ExpertParts } from "./parts";

