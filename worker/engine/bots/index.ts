/**
 * Computer players. This is a small placeholder with the final signature: it picks a sensible
 * legal move (Mah Jongg when offered, else a draw, else the first discard, else a pass, else the
 * first move). The real strategies at three strengths replace this file.
 */
import type { Move, RulesetId } from "../api";

export type Strength = "easy" | "medium" | "strong";
export const STRENGTHS: readonly Strength[] = ["easy", "medium", "strong"];

const MAH_JONGG = new Set(["mahjong", "call-mahjong", "claim-mahjong", "woo"]);

/** Pure function of what its seat sees; always returns one of `legal`. */
export function chooseMove(ruleset: RulesetId, view: unknown, legal: Move[], strength: Strength, seed: string): Move {
  void ruleset, view, strength, seed;
  const own = legal.filter((m) => m.type !== "preference");
  return (
    own.find((m) => MAH_JONGG.has(m.type)) ??
    own.find((m) => m.type === "draw") ??
    own.find((m) => m.type === "discard") ??
    own.find((m) => m.type === "pass" && (!("blind" in m) || m.blind === 0)) ??
    own.find((m) => m.type === "pass") ??
    own[0] ??
    legal[0]!
  );
}
