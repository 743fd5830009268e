/**
 * The Royale computer player (RULES §8): four racks from one pool, played as the Siamese player
 * plays (./siamese.ts: each rack's nearest line from what the racks before it leave). With three or
 * four players a discard opens a claim window: `call-mahjong` {rack, line}, `call` {rack, size,
 * jokers} and `pass`. The window is answered by the same judgement as a Siamese claim: the window's
 * moves are read as the Siamese claim moves (call-mahjong as claim-mahjong, call as claim, pass as
 * draw) and the answer mapped back, so Mah Jongg is called whenever it is legal and a call is made
 * only when it brings a rack nearer; anything not understood is answered by passing, so a window
 * never waits on a computer seat.
 *
 * The strong player's Royale judgement lives in ./siamese.ts beside the Siamese one (it needs three
 * or more racks, so Siamese play is untouched): a discard is judged on the chain of four lines, each
 * measured on what the lines before it leave of the one pool (judged each on the whole pool, one
 * tile counts for up to four lines and the look ahead cannot tell discards apart), with sampled
 * draws in which each drawn tile serves one line only, within a counted work budget; and a complete
 * hand is held back, to be declared with the next (the k-th Mah Jongg scores k × its value, and
 * those declared in one turn all count as the last) until an opponent has declared two hands or the
 * wall runs low. With three or four players a Mah Jongg called in a window declares the held hands
 * with it (the call-mahjong with the most `hands`, below).
 */
import type { GameOptions, Move } from "../../api";
import type { RngState } from "../../random";
import { cardFor } from "../../bots/card-hand";
import { simpleChoice, type Strength, type TileRef } from "../../bots/common";
import { chooseSiamese } from "../siamese/bot";

const AS_SIAMESE: Record<string, string> = { "call-mahjong": "claim-mahjong", call: "claim", pass: "draw" };

export function chooseRoyale(view: unknown, legal: Move[], strength: Strength, rng: RngState): Move {
  const windowMoves = legal.filter((m) => m.type in AS_SIAMESE);
  const inWindow = legal.some((m) => m.type === "pass" || m.type === "call" || m.type === "call-mahjong");
  const sets = Math.max(1, (view as { seats?: unknown[] }).seats?.length ?? 1); // one American set per player
  if (!inWindow) return chooseSiamese(view, legal, strength, rng, sets);
  const v = view as { window?: { tile?: TileRef } | null; claimable?: { seat: number; tile: TileRef } | null };
  const tile = v.window?.tile ?? v.claimable?.tile;
  const pass = legal.find((m) => m.type === "pass");
  const mahjong = legal.filter((m) => m.type === "call-mahjong");
  if (!tile) return mahjong[0] ?? pass ?? simpleChoice(legal);
  // strong: a Mah Jongg call that declares hands held back with it (all count as the last) declares
  // as many as it can, the most valuable line first (only lines that complete carry more hands)
  const most = Math.max(0, ...mahjong.map((m) => (m.hands as number | undefined) ?? 1));
  if (strength === "strong" && most >= 2) {
    const card = cardFor((view as { options?: GameOptions }).options);
    const value = (m: Move) => card.lines.find((l) => l.id === m.line)?.value ?? 0;
    return mahjong.filter((m) => m.hands === most).sort((a, b) => value(b) - value(a))[0]!;
  }
  const asClaims = windowMoves.map((m) => ({ ...m, type: AS_SIAMESE[m.type]! }));
  if (!asClaims.some((m) => m.type === "draw")) asClaims.push({ type: "draw" });
  const seatOf = (v.claimable?.seat ?? -1) as number;
  const siameseView = { ...(view as object), phase: "draw", claimable: { seat: seatOf, tile } };
  const chosen = chooseSiamese(siameseView, asClaims, strength, rng, sets);
  const i = asClaims.indexOf(chosen);
  return (i >= 0 && i < windowMoves.length ? windowMoves[i] : undefined) ?? mahjong[0] ?? pass ?? simpleChoice(legal);
}
