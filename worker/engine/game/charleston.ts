/**
 * Charleston passes (RULES §6), pure: given every seat's choice for one pass, who ends up with
 * which tiles. Seats are in turn order (seat + 1 is next in turn, i.e. on your right, since play
 * goes counter-clockwise): right = +1, across = +2, left = −1.
 *
 * Blind pass ("stealing"): a seat passing `blind` = b tiles puts 3 − b of its own tiles in its
 * packet, then forwards, unseen, the FIRST b tiles of the packet it receives in the same pass.
 * A packet lists the sender's own tiles first (in the order chosen), then what it forwards.
 * Following a packet position back through the chain always ends at someone's own tile, except
 * when every seat passes all three blind: then nothing moves.
 *
 * Ruling (loop): when blind passes form a loop, the tiles in the loop stay with the player who
 * put them in. With the forwarding order above this falls out of the chain itself: a tile that
 * travels all the way round arrives back at a position its owner keeps, and a full loop moves
 * nothing. Resolution is deterministic and conserves every tile.
 *
 * Courtesy pass (across, 0–3 tiles): Ruling: each proposes a number by choosing tiles, the smaller
 * number is used, and each passes the first that many tiles of their proposal.
 */
import type { Seat } from "../api";

export type Direction = "right" | "across" | "left";

export const targetOf = (seat: Seat, d: Direction, players = 4): Seat =>
  (seat + (d === "right" ? 1 : d === "across" ? 2 : players - 1)) % players;

export interface PassChoice {
  /** Own tiles put in the packet, 3 − blind of them, in order. */
  tiles: number[];
  /** How many of the incoming tiles are forwarded unseen (0 unless the pass allows blind passing). */
  blind: number;
}

export interface Exchange {
  /** Own tiles that left this seat. */
  gave: number[];
  /** Tiles this seat received and keeps (forwarded ones are not among them, and were never seen). */
  got: number[];
  /** How many tiles this seat forwarded unseen. */
  forwarded: number;
}

/** One simultaneous pass of three among `players` seats in direction `d`. */
export function resolvePass(choices: readonly PassChoice[], d: Direction): Exchange[] {
  const n = choices.length;
  const source = (seat: Seat) => choices.findIndex((_, s) => targetOf(s, d, n) === seat);
  const own = (seat: Seat) => 3 - choices[seat]!.blind;
  // The tile at `position` of `seat`'s packet, following forwarded positions back to an own tile.
  const tileAt = (seat: Seat, position: number): number | null => {
    const seen = new Set<number>();
    for (;;) {
      if (position < own(seat)) return choices[seat]!.tiles[position]!;
      const key = seat * 3 + position;
      if (seen.has(key)) return null; // full loop: nothing entered it
      seen.add(key);
      position -= own(seat);
      seat = source(seat);
    }
  };
  return choices.map((c, seat) => {
    const from = source(seat);
    const got: number[] = [];
    for (let p = c.blind; p < 3; p++) {
      const t = tileAt(from, p);
      if (t !== null) got.push(t);
    }
    return { gave: c.tiles.slice(), got, forwarded: c.blind };
  });
}

/** Courtesy pass across: the smaller proposal is used; each passes the first that many tiles of its own proposal. */
export function resolveCourtesy(proposals: readonly number[][]): Exchange[] {
  const n = proposals.length;
  return proposals.map((mine, seat) => {
    const partner = targetOf(seat, "across", n);
    const count = Math.min(mine.length, proposals[partner]!.length);
    return { gave: mine.slice(0, count), got: proposals[partner]!.slice(0, count), forwarded: 0 };
  });
}

/** Applies exchanges to concealed hands (copies): gave out, got in. */
export function applyExchanges(hands: readonly number[][], xs: readonly Exchange[]): number[][] {
  return hands.map((h, seat) => [...h.filter((id) => !xs[seat]!.gave.includes(id)), ...xs[seat]!.got]);
}
