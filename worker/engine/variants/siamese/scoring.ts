/**
 * Siamese scoring (RULES §3–4), one ledger line per player per reason.
 * - First Mah Jongg: card value, ×2 if jokerless; the discarder is not penalised.
 * - Second Mah Jongg (a later turn; it ends the game): value ×2, ×2 again if jokerless.
 * - Double Mah Jongg (both in one turn): each hand ×2, and (Ruling) ×2 again if jokerless.
 * - −25 for the player whose discard was claimed for the opponent's second Mah Jongg, also when
 *   both were declared together and the claimed tile sits in the first.
 * - Both hands dead (or abandoned): the edition's `bothDead`: siamese −4 × the value of the opponent's
 *   Mah Jongg, or −4 × the lowest value on the card if none; siamese-mjm −100.
 * - errorKillsBoth (siamese-mjm) Mah Jongg in error (two declared in one turn, one valid): the game ends at once; the
 *   erring player scores −100 and nothing else; the opponent keeps what they had earned.
 * - Wall game (no Mah Jongg exposed at all): +10 each.
 * Ruling: Mah Jonggs of a stopped player and the opponent's first Mah Jongg are still paid at the end.
 */
import type { GameResult, ResultLine, Seat } from "../../api";
import { lineLabel, lowestValue } from "../../game/card-of";
import type { Ctx } from "./moves";
import type { Declaration, SiameseState } from "./state";

const label = (ctx: Ctx, d: Declaration) => `${lineLabel(ctx.card, d.line)}${d.jokerless ? ", jokerless" : ""}`;

export function finish(ctx: Ctx, s: SiameseState, reason: GameResult["reason"], seat: Seat | null): SiameseState {
  s.phase = "over";
  s.claimable = null;
  s.ended = { reason, seat };
  s.result = ctx.edition.result ? ctx.edition.result(ctx.card, s.seats, reason, seat) : score(ctx, s, reason, seat);
  return s;
}

function score(ctx: Ctx, s: SiameseState, reason: GameResult["reason"], culprit: Seat | null): GameResult {
  const lines: ResultLine[] = [];
  const valid = (seat: Seat) =>
    s.seats[seat]!.racks.flatMap((r) => (r.mahjong && !r.mahjong.void ? [r.mahjong] : [])).sort((a, b) => a.turn - b.turn);
  const penalised = (reason === "dead" || reason === "abandoned") && culprit !== null;
  s.seats.forEach((_, seat) => {
    if (penalised && seat === culprit) return;
    const mj = valid(seat);
    if (mj.length === 2) {
      const [a, b] = mj as [Declaration, Declaration];
      const double = a.turn === b.turn;
      for (const [i, d] of mj.entries()) {
        const factor = (double || i === 1 ? 2 : 1) * (d.jokerless ? 2 : 1);
        const what = double ? "Double Mah Jongg" : i === 0 ? "First Mah Jongg" : "Second Mah Jongg";
        lines.push({ seat, points: d.value * factor, reason: double ? "mahjong/double" : i === 0 ? "mahjong/first" : "mahjong/second", detail: `${what}: ${label(ctx, d)} (${factor} × ${d.value})` });
      }
      const claimed = mj.find((d) => d.turn === b.turn && d.from !== null);
      if (claimed && claimed.from !== seat)
        lines.push({ seat: claimed.from!, points: -25, reason: "discarder/second", detail: "Discard claimed for the opponent's second Mah Jongg (−25)" });
    } else if (mj.length === 1) {
      const d = mj[0]!;
      const factor = d.jokerless ? 2 : 1;
      lines.push({ seat, points: d.value * factor, reason: "mahjong/first", detail: `First Mah Jongg: ${label(ctx, d)} (${factor} × ${d.value})` });
    }
  });
  if (penalised) {
    const opponentMj = s.seats.flatMap((_, seat) => (seat === culprit ? [] : valid(seat)))[0];
    const rule = ctx.edition.bothDead;
    const base = opponentMj ? opponentMj.value : lowestValue(ctx.card);
    const points = "fixed" in rule ? -rule.fixed : -rule.times * base;
    // errorKillsBoth Mah Jongg in error: the voided declaration marks it (nothing else is paid to that player).
    const erred = s.seats[culprit!]!.racks.some((r) => r.mahjong?.void);
    const why = "fixed" in rule ? `${rule.fixed}` : `${rule.times} × ${base}, ${opponentMj ? "the opponent's Mah Jongg" : "the lowest value on the card"}`;
    lines.push({
      seat: culprit!,
      points,
      reason: reason === "abandoned" ? "abandoned" : "dead/both",
      detail: `${reason === "abandoned" ? "Abandoned the game, scored as both hands dead" : erred ? "Mah Jongg in error: both hands dead" : "Both hands dead"} (−${why})`,
    });
  }
  const anyMj = s.seats.some((_, seat) => valid(seat).length > 0);
  if (reason === "wall" && !anyMj) s.seats.forEach((_, seat) => lines.push({ seat, points: 10, reason: "wall", detail: "Wall game (+10)" }));
  const totals = s.seats.map((_, seat) => lines.filter((l) => l.seat === seat).reduce((t, l) => t + l.points, 0));
  return { reason, totals, lines };
}
