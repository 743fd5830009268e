/**
 * How a finished game becomes results and rating periods: pure rules, no storage.
 * The wording for players is on the rules page (web/src/content/rules/ratings.md).
 */
import type { ResultLine } from "../engine/api";
import type { Outcome, Rating } from "./glicko2";

/** One rating per rule family, a field of each ruleset's head: every Siamese edition (Royale included) counts as Siamese, every Chinese rule set as Chinese. */
export { FAMILIES, familyOf, type RatingFamily as Family } from "../engine/rulesets";

/**
 * RULES §10, ruling (a rated result costs a real game): a resignation or abandonment before most of
 * the wall is drawn counts as a loss for the one who left and changes no one else's rating; rated
 * games between the same two players count at most three times in seven days. "Most of the wall":
 * at least this share of a wall drawn in the game (a match of several hands counts every hand's draws).
 */
export const MOST_OF_THE_WALL = 0.5;
export const PAIR_LIMIT = 3;
export const PAIR_WINDOW_MS = 7 * 24 * 3600_000;

/** The seat that abandoned the game (its recorded "abandon", the last one); null when nobody did. */
export function abandoner(moves: readonly { seat: number; move: { type: string } }[]): number | null {
  return moves.findLast((m) => m.move.type === "abandon")?.seat ?? null;
}

/**
 * How much of a wall the game drew: tiles drawn from the wall (replacement draws aside) over the
 * wall's length at the first draw, from the game's events (every ruleset's draw event says how many
 * tiles the wall has left). 0 when nothing was drawn.
 */
export function wallShare(events: readonly { type?: string; wall?: unknown; loose?: unknown }[]): number {
  const draws = events.filter((e) => e.type === "draw" && typeof e.wall === "number" && !e.loose);
  if (!draws.length) return 0;
  return draws.length / ((draws[0]!.wall as number) + 1);
}

export interface RatedQuestion {
  /** The game was created as rated. */
  rated: boolean;
  userIds: string[];
  /** The engine's result reason. */
  reason: string;
  /** The seat that abandoned or resigned the game, if one did. */
  abandoner: number | null;
  /** The share of a wall drawn in the game (wallShare). */
  wallShare: number;
  /** An organiser declared a forfeit (or the player deleted their account). */
  forfeit: boolean;
  /** Somebody went Mah Jongg in the game (a Siamese game ends on its last hand's wall, Mah Jonggs before it count). */
  mahjong: boolean;
}

/**
 * Whether a finished game changes ratings, and if not, why (the rules page says the same).
 * `leftEarly`: the seat that left before most of the wall was drawn, whose loss alone is rated.
 */
export function ratedWhy(q: RatedQuestion): { rated: true; leftEarly: number | null } | { rated: false; why: string } {
  if (!q.rated) return { rated: false, why: "unrated" };
  if (q.userIds.some((u) => !u || u.startsWith("computer:"))) return { rated: false, why: "computer" };
  if (q.reason === "void") return { rated: false, why: "void" };
  if (q.reason === "wall" && !q.mahjong) return { rated: false, why: "wall" };
  if (q.forfeit) return { rated: false, why: "forfeit" };
  if (q.reason === "abandoned" && q.abandoner !== null && q.wallShare < MOST_OF_THE_WALL) return { rated: true, leftEarly: q.abandoner };
  return { rated: true, leftEarly: null };
}

/** Two players, in the order a counted pair is kept (the smaller id first). */
export const pairKey = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a]);

/**
 * The pairs of seats a rated game counts: every two players, or only the leaver with each other
 * (`leftEarly`), less the pairs that already counted PAIR_LIMIT rated games in the window
 * (`counted(a, b)`, read by the caller).
 */
export function ratedPairs(userIds: readonly string[], leftEarly: number | null, counted: (a: string, b: string) => number): [number, number][] {
  const pairs: [number, number][] = [];
  for (let i = 0; i < userIds.length; i++)
    for (let j = i + 1; j < userIds.length; j++) {
      if (leftEarly !== null && i !== leftEarly && j !== leftEarly) continue;
      if (counted(...pairKey(userIds[i]!, userIds[j]!)) >= PAIR_LIMIT) continue;
      pairs.push([i, j]);
    }
  return pairs;
}

/**
 * Each seat's results of the counted pairs (Glicko-2 outcomes against the opponents as they were
 * rated before): by final points, the higher total winning; a leaver who left early loses to each
 * and is the only one rated. A seat with no results is not rated by this game.
 */
export function pairOutcomes(points: readonly number[], ratings: readonly Rating[], pairs: readonly [number, number][], leftEarly: number | null): Outcome[][] {
  const out: Outcome[][] = points.map(() => []);
  const vs = (j: number) => ({ rating: ratings[j]!.rating, rd: ratings[j]!.rd });
  for (const [i, j] of pairs) {
    if (leftEarly !== null) {
      const [left, stayed] = i === leftEarly ? [i, j] : [j, i];
      out[left]!.push({ opponent: vs(stayed), score: 0 });
      continue;
    }
    const score = points[i]! > points[j]! ? 1 : points[i]! < points[j]! ? 0 : 0.5;
    out[i]!.push({ opponent: vs(j), score });
    out[j]!.push({ opponent: vs(i), score: 1 - score });
  }
  return out;
}

/** Per seat: total points, place (1 = highest; equal totals share), and whether the seat went Mah Jongg. */
export function seatResults(seats: number, lines: readonly ResultLine[], wentMahjong?: readonly boolean[]) {
  const points = Array<number>(seats).fill(0);
  const mahjong = Array<boolean>(seats).fill(false);
  for (const l of lines) {
    if (l.seat < 0 || l.seat >= seats) continue;
    points[l.seat]! += Math.round(l.points);
    if (l.reason.startsWith("mahjong")) mahjong[l.seat] = true;
  }
  const place = points.map((p) => 1 + points.filter((q) => q > p).length);
  if (wentMahjong) wentMahjong.forEach((m, seat) => seat < seats && m && (mahjong[seat] = true));
  return { points, place, mahjong };
}

/** Every seat gets a line: a seat the engine gave nothing gets a zero line, so it counts as a game played. */
export function withZeroLines(seats: number, lines: readonly ResultLine[]): ResultLine[] {
  const out = [...lines];
  for (let seat = 0; seat < seats; seat++) {
    if (!lines.some((l) => l.seat === seat)) out.push({ seat, points: 0, reason: "played", detail: "Played; no points in this game (0)" });
  }
  return out;
}
