/**
 * verify(record): re-deal from the revealed seed, check sha256(seed) = the published commitment,
 * re-apply every move, and say where the record stops making sense. Timeouts and abandons are
 * recorded by the service as {type:"timeout"} and {type:"abandon"} entries.
 */
import type { ApplyResult, CoreState, GameRecord, GameResult, Variant } from "../api";
import { commitment } from "../random";

export type Verdict<S> =
  | { ok: true; state: S; result: GameResult | null }
  | { ok: false; at: number | null; code: string; message: string };

export function verifyWith<S extends CoreState>(variant: Variant<S> | undefined, record: GameRecord): Verdict<S> {
  if (!variant) return { ok: false, at: null, code: "verify/ruleset", message: `unknown ruleset "${record?.ruleset}"` };
  if (typeof record.seed !== "string" || commitment(record.seed) !== record.commitment)
    return { ok: false, at: null, code: "verify/commitment", message: "the seed does not match the commitment published when the game was created" };
  let state: S;
  try {
    state = variant.newGame(record.options ?? {}, record.seed);
  } catch (e) {
    return { ok: false, at: null, code: "verify/options", message: (e as Error).message };
  }
  if (!Array.isArray(record.moves)) return { ok: false, at: null, code: "verify/moves", message: "the record has no list of moves" };
  for (const [i, entry] of record.moves.entries()) {
    const { seat, move } = entry ?? ({} as GameRecord["moves"][number]);
    const r: ApplyResult<S> =
      move?.type === "timeout" ? variant.timeout(state, seat) : move?.type === "abandon" ? variant.abandon(state, seat) : variant.apply(state, seat, move);
    if (!r.ok) return { ok: false, at: i, code: r.code, message: `move ${i + 1} (seat ${seat}, ${JSON.stringify(move)}): ${r.message}` };
    state = r.state;
  }
  return { ok: true, state, result: variant.result(state) };
}
