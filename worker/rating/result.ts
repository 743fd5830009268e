/**
 * How a finished game becomes results and rating periods: pure rules, no storage.
 * The wording for players is on the rules page (web/src/content/rules/ratings.md).
 */
import type { ResultLine } from "../engine/api";

/** One rating per rule family, a field of each ruleset's head: every Siamese edition (Royale included) counts as Siamese, every Chinese rule set as Chinese. */
export { FAMILIES, familyOf, type RatingFamily as Family } from "../engine/rulesets";

/**
 * An abandoned game is rated only when the player who abandoned it made at least this many moves
 * themselves: turns played for them by the clock do not count, or an accomplice could make a few
 * moves, let the clock run and hand over a rated win.
 */
export const MIN_MOVES_RATED_ABANDON = 10;

/**
 * Records that are not plays of the player's own: the clock's (a turn played for them, the end)
 * and standing orders, which a player may set as often as they like without playing a tile.
 */
const NOT_OWN = new Set(["timeout", "abandon", "orders"]);

/**
 * The seat that abandoned the game (its recorded "abandon", the last one) and how many moves that
 * seat made itself; null when nobody abandoned it.
 */
export function abandonerMoves(moves: readonly { seat: number; move: { type: string } }[]): number | null {
  const gone = moves.findLast((m) => m.move.type === "abandon");
  if (!gone) return null;
  return moves.filter((m) => m.seat === gone.seat && !NOT_OWN.has(m.move.type)).length;
}

export interface RatedQuestion {
  /** The game was created as rated. */
  rated: boolean;
  userIds: string[];
  /** The engine's result reason. */
  reason: string;
  /** Moves the player who abandoned the game made themselves (timeouts played for them are not theirs). */
  moves: number;
  /** An organiser declared a forfeit. */
  forfeit: boolean;
  /** Somebody went Mah Jongg in the game (a Siamese game ends on its last hand's wall, Mah Jonggs before it count). */
  mahjong: boolean;
}

/** Whether a finished game changes ratings, and if not, why (the rules page says the same). */
export function ratedWhy(q: RatedQuestion): { rated: true } | { rated: false; why: string } {
  if (!q.rated) return { rated: false, why: "unrated" };
  if (q.userIds.some((u) => !u || u.startsWith("computer:"))) return { rated: false, why: "computer" };
  if (q.reason === "void") return { rated: false, why: "void" };
  if (q.reason === "wall" && !q.mahjong) return { rated: false, why: "wall" };
  if (q.forfeit) return { rated: false, why: "forfeit" };
  if (q.reason === "abandoned" && q.moves < MIN_MOVES_RATED_ABANDON) return { rated: false, why: "abandoned-early" };
  return { rated: true };
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
