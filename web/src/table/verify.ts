/** "Verify this deal": re-deal from the revealed seed and replay the record with the engine, in the browser. */
import { verify, type GameRecord } from "../../../worker/engine/index";

export function verifyDeal(record: unknown, commitment: string): { ok: boolean; text: string } {
  const r = record as GameRecord;
  if (!r || typeof r !== "object") return { ok: false, text: "The game's record could not be read." };
  if (r.commitment !== commitment) return { ok: false, text: "The record's fingerprint is not the one published when the game began." };
  const v = verify(r);
  if (!v.ok) return { ok: false, text: `The deal does not check out: ${v.message}` };
  return {
    ok: true,
    text: `Checked: the seed matches the fingerprint published at the start, and all ${r.moves.length} moves replay to the same result.`,
  };
}
