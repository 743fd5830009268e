/**
 * Wall and deal of one hand (RULES §7 "Wall and deal", "Flowers"): the 144 tiles are shuffled from
 * the match's PRNG, then the Jong rolls two dice from the same PRNG and counts that many seats to
 * the right, starting with himself: that player is the dealer of the hand (not necessarily the
 * Jong). The dealer deals 13 to each and a 14th to himself, and discards first. The break of the
 * wall stays cosmetic. Flowers are laid face up and replaced from the loose end, during the deal
 * (dealer first, then to the right) and whenever one is drawn.
 */
import type { GameEvent, Seat } from "../../api";
import { kindsOf, ref } from "../../game/physical";
import { nextInt, shuffle, type RngState } from "../../random";
import { isFlower } from "../../tiles";
import type { Hand, HandSeat } from "./state";

export const KINDS = kindsOf("chinese");

/**
 * `seat` takes a tile from the front of the wall, or from the loose end; any flower is laid out
 * and replaced from the loose end until a non-flower comes. The drawn tile is a secret event.
 */
export function drawTile(hand: Hand, seat: Seat, from: "wall" | "loose", events: GameEvent[]): void {
  const me = hand.seats[seat]!;
  // (the wall is replaced, never changed: states share it)
  let tile = from === "wall" ? hand.wall[0]! : hand.wall.at(-1)!;
  hand.wall = from === "wall" ? hand.wall.slice(1) : hand.wall.slice(0, -1);
  let loose = from === "loose";
  while (isFlower(KINDS[tile]!)) {
    me.flowers.push(tile);
    events.push({ type: "flower", seat, tile: ref(KINDS, tile) });
    tile = hand.wall.at(-1)!;
    hand.wall = hand.wall.slice(0, -1);
    loose = true;
  }
  me.concealed.push(tile);
  me.drawn = tile;
  hand.lastTile = loose ? "loose" : "wall";
  events.push({ type: "draw", seat, loose, wall: hand.wall.length, secret: { tile: ref(KINDS, tile) }, secretFor: seat });
}

/** The dealer the Jong's dice choose: count the dice round to the right, the Jong being one. */
export const dealerOf = (jong: Seat, dice: readonly [number, number]): Seat => (jong + dice[0] + dice[1] - 1) % 4;

export function dealHand(rng: RngState, number: number, jong: Seat, prevailing: number, events: GameEvent[]): Hand {
  const wall = shuffle(rng, KINDS.map((_, id) => id));
  const dice: [number, number] = [nextInt(rng, 6) + 1, nextInt(rng, 6) + 1];
  const seats: HandSeat[] = [0, 1, 2, 3].map(() => ({ concealed: [], melds: [], flowers: [], drawn: null }));
  const dealer = dealerOf(jong, dice);
  const order = [0, 1, 2, 3].map((i) => (dealer + i) % 4);
  let at = 0;
  for (let round = 0; round < 3; round++) for (const s of order) seats[s]!.concealed.push(...wall.slice(at, (at += 4)));
  for (const s of order) seats[s]!.concealed.push(wall[at++]!);
  seats[dealer]!.concealed.push(wall[at++]!);
  const hand: Hand = { number, jong, dealer, prevailing, dice, wall: wall.slice(at), seats, toAct: dealer, phase: "discard", discards: [], window: null, lastTile: "deal" };
  events.push({ type: "hand", seat: null, number, jong, dealer, prevailing, dice });
  // Flowers in the deal: dealer first, then to the right; a replacement flower is replaced in turn.
  for (const s of order) {
    const me = seats[s]!;
    for (;;) {
      const f = me.concealed.find((id) => isFlower(KINDS[id]!));
      if (f === undefined) break;
      me.concealed.splice(me.concealed.indexOf(f), 1);
      me.flowers.push(f);
      events.push({ type: "flower", seat: s, tile: ref(KINDS, f) });
      const t = hand.wall.pop()!;
      me.concealed.push(t);
      events.push({ type: "draw", seat: s, loose: true, wall: hand.wall.length, secret: { tile: ref(KINDS, t) }, secretFor: s });
    }
  }
  seats[dealer]!.drawn = null;
  return hand;
}
