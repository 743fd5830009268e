/**
 * Royale scoring and game end (RULES §3 and §8, issue 17), one ledger line per player per reason.
 * - Your k-th Mah Jongg scores k × its card value, ×2 again when jokerless (as in Siamese), plus 25
 *   when made without jokers. Mah Jonggs declared in one turn all count as the last of them (the
 *   Siamese Double Mah Jongg, both ×2, carried over to four racks).
 * - The discarder of a claimed Mah Jongg (any of the four) loses 25.
 * - A player whose four hands are all dead (no Mah Jongg) scores −4 × the highest value among the
 *   Mah Jonggs the other players had declared by then, or −4 × the lowest value on the card if none.
 *   An abandon is scored the same way, and the abandoner's Mah Jonggs are not paid.
 * - Wall game (the wall used up and no Mah Jongg exposed by anyone): +10 each player still playing.
 * - The game ends when one player has declared all four hands, when the wall is used up, when with
 *   2 players one player's four hands are dead (as in Siamese), or when nobody can play on.
 * Scores are points per player, as in Siamese; the ledger takes them as they are.
 */
import type { GameResult, ResultLine, Seat } from "../../api";
import type { Card } from "../../card/api";
import { lineLabel, lowestValue } from "../../game/card-of";
import type { Declaration, Rack } from "../siamese/state";

export interface RoyaleSeat {
  racks: readonly Rack[];
}

const ORDINAL = ["First", "Second", "Third", "Fourth"];
const ordinal = (k: number) => ORDINAL[k - 1] ?? `${k}th`;

/** A seat's paid declarations in the order they were made. */
const declared = (seat: RoyaleSeat): Declaration[] =>
  seat.racks.flatMap((r) => (r.mahjong && !r.mahjong.void ? [r.mahjong] : [])).sort((a, b) => a.turn - b.turn);

/** Every hand dead and none declared: the four-rack "both hands dead". */
export const allDead = (seat: RoyaleSeat): boolean => seat.racks.every((r) => r.dead && !r.mahjong);

/** A player stops when each hand is declared or dead (and not all four are declared: that ends the game). */
export const stops = (seat: RoyaleSeat): boolean =>
  seat.racks.every((r) => r.mahjong || r.dead) && !seat.racks.every((r) => r.mahjong);

/** The turn a seat's last hand died (when it went all dead). */
const diedOn = (seat: RoyaleSeat): number => Math.max(...seat.racks.map((r) => r.dead?.turn ?? -1));

/**
 * Whether the game is over, and why; `wallEmpty` once the last tile was drawn and its discard made.
 * With 2 players a player with four dead hands ends the game at once (Siamese); with 3–4 they stop
 * and the others play on.
 */
export function royaleEnd(seats: readonly RoyaleSeat[], wallEmpty: boolean): { reason: GameResult["reason"]; seat: Seat | null } | null {
  const all = seats.findIndex((p) => p.racks.every((r) => r.mahjong && !r.mahjong.void));
  if (all >= 0) return { reason: "mahjong", seat: all };
  if (seats.length === 2) {
    const dead = seats.findIndex(allDead);
    if (dead >= 0) return { reason: "dead", seat: dead };
  }
  if (seats.every(stops)) return { reason: "dead", seat: null };
  if (wallEmpty) return { reason: "wall", seat: null };
  return null;
}

/**
 * The result of a finished Royale game. `abandoned` is the seat that abandoned (scored as four dead
 * hands), if any. Pure: it reads the racks' declarations and dead hands only.
 */
export function royaleResult(card: Card, seats: readonly RoyaleSeat[], reason: GameResult["reason"], abandoned: Seat | null = null): GameResult {
  const lines: ResultLine[] = [];
  const label = (d: Declaration) => `${lineLabel(card, d.line)}${d.jokerless ? ", jokerless" : ""}`;
  const penalised = (seat: Seat) => seat === abandoned || allDead(seats[seat]!);
  const paid = seats.map((p, seat) => (seat === abandoned ? [] : declared(p)));
  seats.forEach((_, seat) => {
    const mj = paid[seat]!;
    mj.forEach((d, i) => {
      // declarations of one turn all count as the last of them
      let k = i + 1;
      while (k < mj.length && mj[k]!.turn === d.turn) k++;
      const together = mj.filter((x) => x.turn === d.turn).length;
      const factor = k * (d.jokerless ? 2 : 1);
      const bonus = d.jokerless ? 25 : 0;
      const sum = `(${k}${d.jokerless ? " × 2" : ""} × ${d.value})${bonus ? " + 25" : ""}`;
      const what = together > 1 ? `${ordinal(k)} Mah Jongg (${together} declared in one turn)` : `${ordinal(k)} Mah Jongg`;
      lines.push({ seat, points: d.value * factor + bonus, reason: `mahjong/${k}`, detail: `${what}: ${label(d)} ${sum}` });
      if (d.from !== null && d.from !== seat)
        lines.push({ seat: d.from, points: -25, reason: "discarder", detail: `Discard claimed for another player's ${ordinal(k).toLowerCase()} Mah Jongg (−25)` });
    });
  });
  seats.forEach((p, seat) => {
    if (!penalised(seat)) return;
    const by = seat === abandoned ? Infinity : diedOn(p);
    const others = paid.flatMap((mj, s) => (s === seat ? [] : mj.filter((d) => d.turn <= by)));
    const top = others.length ? Math.max(...others.map((d) => d.value)) : null;
    const value = top ?? lowestValue(card);
    const why = top !== null ? `4 × ${value}, the highest Mah Jongg of another player` : `4 × ${value}, the lowest value on the card`;
    const what = seat === abandoned ? "Abandoned the game, scored as four hands dead" : "All four hands dead";
    lines.push({ seat, points: -4 * value, reason: seat === abandoned ? "abandoned" : "dead/all", detail: `${what} (−${why})` });
  });
  if (reason === "wall" && paid.every((mj) => mj.length === 0))
    seats.forEach((_, seat) => {
      if (!penalised(seat)) lines.push({ seat, points: 10, reason: "wall", detail: "Wall game (+10)" });
    });
  const totals = seats.map((_, seat) => lines.filter((l) => l.seat === seat).reduce((t, l) => t + l.points, 0));
  return { reason, totals, lines };
}
