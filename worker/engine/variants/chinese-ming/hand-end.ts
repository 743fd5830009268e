/**
 * The end of a hand and the course of the match (RULES §7 "Players and money", "The Jong").
 * Every player's tiles are scored; the hand is settled; the Jong keeps the deal while winning and
 * otherwise passes it to the right (a drawn hand passes it too); the prevailing wind moves on
 * (East, South, West, North) each time the Jong has gone round. The match ends after the North
 * round, or as soon as a player has no points left (Ruling: a hand is paid in full even if it
 * takes a player below zero). A shorter game (option `length`, RULES §9) ends after its one hand,
 * or when the Jong has gone round once, and is settled the same way.
 */
import type { GameEvent, GameResult, ResultLine, Seat } from "../../api";
import { dealHand, KINDS } from "./deal";
import { scoreHand } from "./scoring";
import { settle } from "./settlement";
import { START_POINTS, type ChineseState, type HandRecord } from "./state";
import { setsOf } from "./woo";
import { windWord } from "./words";

/** Ends the current hand: `winner` null is a drawn hand; `from` is the discarder of the winning tile. */
export function endHand(s: ChineseState, winner: Seat | null, from: Seat | null, events: GameEvent[]): void {
  const h = s.hand;
  const claimedKind = winner !== null && from !== null ? KINDS[h.seats[winner]!.concealed.at(-1)!]! : null;
  const sheets = h.seats.map((me, seat) => {
    const won = seat === winner;
    const { sets, pairs } = setsOf(me, won ? claimedKind : null);
    return scoreHand({
      sets,
      pairs,
      flowers: me.flowers.map((id) => KINDS[id]!),
      seat,
      prevailing: h.prevailing,
      jong: seat === h.jong,
      winner: won,
      replacement: won && from === null && h.lastTile === "loose",
      concealed: won && me.melds.every((m) => m.claimed === null),
    });
  });
  const { transfers, net } = settle(
    sheets.map((x) => x.score),
    winner,
    h.jong,
  );
  s.points = s.points.map((p, i) => p + net[i]!);
  const record: HandRecord = {
    number: h.number,
    jong: h.jong,
    prevailing: h.prevailing,
    winner,
    from,
    sheets,
    transfers,
    net,
    points: s.points.slice(),
    tiles: h.seats.map((me) => ({
      concealed: me.concealed.map((id) => KINDS[id]!).sort((a, b) => a - b),
      melds: me.melds.map((m) => ({ kind: m.kind, size: m.tiles.length, natural: m.natural })),
      flowers: me.flowers.map((id) => KINDS[id]!),
    })),
  };
  s.hands = [...s.hands, record];
  events.push({ type: "hand-end", seat: winner, from, number: h.number, scores: sheets.map((x) => x.score), net, points: s.points.slice() });

  if (s.points.some((p) => p <= 0)) return finishMatch(s, "match", null, events);
  // A game of one hand ends with its first hand, won or drawn.
  if (s.options.length === "hand") return finishMatch(s, "match", null, events);
  let { jong, prevailing } = h;
  if (winner !== jong) {
    jong = (jong + 1) % 4;
    if (jong === 0) prevailing++;
  }
  // A game of one round ends when the Jong has gone round once (the East round is over); a match after the North round.
  if (s.options.length === "round" && prevailing === 1) return finishMatch(s, "match", null, events);
  if (prevailing === 4) return finishMatch(s, "match", null, events);
  s.hand = dealHand(s.rng, h.number + 1, jong, prevailing, events);
}

/** Points as people write them ("2,000"): one formatter, not one for every number. */
const NUMBER = new Intl.NumberFormat("en-US");

/** Ends the match; each seat's ledger line is its points won or lost over the match. */
export function finishMatch(s: ChineseState, reason: GameResult["reason"], culprit: Seat | null, events: GameEvent[]): void {
  s.phase = "over";
  s.hand = { ...s.hand, window: null };
  s.ended = { reason, seat: culprit };
  const n = s.hands.length;
  const last = s.hands.at(-1);
  const hands = `${n} hand${n === 1 ? "" : "s"}`;
  const where = !last ? "Match: no hand finished" : s.options.length === "hand" ? "One hand" : s.options.length === "round" ? `One round: ${hands}` : `Match: ${hands}, last in the ${windWord(last.prevailing)} round`;
  const lines: ResultLine[] = s.points.map((p, seat) => ({ seat, points: p - START_POINTS, reason: "match", detail: `${where}; ${NUMBER.format(p)} points from ${NUMBER.format(START_POINTS)}` }));
  if (culprit !== null) {
    // Ruling (abandon): the absent player's remaining points go to the other three in equal shares.
    const left = Math.max(0, s.points[culprit]!);
    const others = [1, 2, 3].map((i) => (culprit + i) % 4);
    lines.push({ seat: culprit, points: -left, reason: "abandoned", detail: `Abandoned the match: forfeits the ${left} points left` });
    others.forEach((o, i) => {
      const share = Math.floor(left / 3) + (i < left % 3 ? 1 : 0);
      lines.push({ seat: o, points: share, reason: "abandoned/share", detail: `Share of the points forfeited by an absent player (${share})` });
    });
  }
  const totals = s.points.map((_, seat) => lines.filter((l) => l.seat === seat).reduce((t, l) => t + l.points, 0));
  const mahjong = s.points.map((_, seat) => s.hands.some((h) => h.winner === seat));
  s.result = { reason, totals, lines, mahjong };
  events.push({ type: "end", seat: null, result: s.result });
}
