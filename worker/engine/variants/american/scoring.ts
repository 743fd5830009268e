/**
 * American payments (RULES §6), one ledger line per seat per reason.
 * - Win on a discard: the discarder pays 2 × the hand's value, the others 1 ×.
 * - Self-drawn, or won by redeeming a joker: everyone pays 2 ×.
 * - Jokerless on a discard: option `jokerlessDiscard` — "each-3x" (Ruling, default) each of the three
 *   pays 3 ×; "discarder-3x" (the literal reading) the discarder pays 3 ×, the others 1 ×.
 * - Jokerless self-drawn: everyone pays 4 ×. Singles-and-pairs hands are never jokerless.
 * - Wall game, dead table, void game: nobody pays. Each seat still gets a line of 0 points (reason
 *   "wall", "dead" or "void"), so the ledger shows every seat played the game (standings count it).
 *   Dead players still pay the winner.
 * - Ruling (abandoned, the timeout ruling three times in a row): the absent player pays each of the
 *   others the lowest value on the card.
 */
import type { GameResult, ResultLine, Seat } from "../../api";
import { lineLabel, lowestValue } from "../../game/card-of";
import type { Ctx } from "./moves";
import type { AmericanState } from "./state";

const NOBODY_PAYS: Partial<Record<GameResult["reason"], string>> = {
  wall: "Wall game: nobody pays",
  dead: "Every hand dead: nobody pays",
  void: "Void game (two others had thrown in their hands): nobody pays",
};

export function finish(ctx: Ctx, s: AmericanState, reason: GameResult["reason"], seat: Seat | null): AmericanState {
  s.phase = "over";
  s.window = null;
  s.charleston = null;
  s.ended = { reason, seat };
  s.result = score(ctx, s, reason, seat);
  return s;
}

function score(ctx: Ctx, s: AmericanState, reason: GameResult["reason"], seat: Seat | null): GameResult {
  const lines: ResultLine[] = [];
  const others = (x: Seat) => s.seats.map((_, i) => i).filter((i) => i !== x);
  if (reason === "mahjong" && seat !== null) {
    const d = s.seats[seat]!.mahjong!;
    const what = `${lineLabel(ctx.card, d.line)}${d.jokerless ? ", jokerless" : ""}`;
    const selfDrawn = d.from === null;
    const factor = (payer: Seat) =>
      selfDrawn ? (d.jokerless ? 4 : 2)
      : d.jokerless ? (s.options.jokerlessDiscard === "discarder-3x" ? (payer === d.from ? 3 : 1) : 3)
      : payer === d.from ? 2 : 1;
    let won = 0;
    for (const payer of others(seat)) {
      const f = factor(payer);
      won += f * d.value;
      const role = selfDrawn ? "self-drawn" : payer === d.from ? "discarder" : "other";
      lines.push({ seat: payer, points: -f * d.value, reason: `pays/${role}`, detail: `Pays ${f} × ${d.value} for ${what}${role === "discarder" ? " (discarded the winning tile)" : ""}` });
    }
    lines.push({ seat, points: won, reason: selfDrawn ? "mahjong/self-drawn" : "mahjong/discard", detail: `Mah Jongg ${selfDrawn ? "self-drawn" : "on a discard"}: ${what}` });
  } else if (reason === "abandoned" && seat !== null) {
    const v = lowestValue(ctx.card);
    for (const o of others(seat)) lines.push({ seat: o, points: v, reason: "abandoned/paid", detail: `A player abandoned the game (+${v}, the lowest value on the card)` });
    lines.push({ seat, points: -3 * v, reason: "abandoned", detail: `Abandoned the game: pays each player ${v}, the lowest value on the card` });
  } else if (reason in NOBODY_PAYS) {
    for (const i of s.seats.keys()) lines.push({ seat: i, points: 0, reason, detail: NOBODY_PAYS[reason]! });
  }
  const totals = s.seats.map((_, i) => lines.filter((x) => x.seat === i).reduce((t, x) => t + x.points, 0));
  return { reason, totals, lines };
}
