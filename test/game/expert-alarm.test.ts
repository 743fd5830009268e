/**
 * Expert computer seats in the game's alarm (computers.ts, alarm.ts): one alarm plays at most one
 * of their decisions that samples, stores it, and is due again at once; computers of the other
 * strengths play on as before (up to MAX_MOVES_PER_ALARM in a row).
 */
import { describe, expect, it } from "vitest";
import { alarmAt, rung } from "../../worker/game/alarm";
import { computerPlayer, computerTurn } from "../../worker/game/computers";
import { seated, type Played } from "../../worker/game/turns";
import type { Strength } from "../../worker/engine/bots";
import { doc, T0 } from "./fixtures";

/** A dealt Siamese game between two computers of `strength` that play at once. */
function computersOnly(strength: Strength): Played {
  const open = doc({ status: "open", clocks: [], seed: "expert-alarm-seed", players: [null, null] });
  const dealt = seated(open, [computerPlayer(strength, 0, 0), computerPlayer(strength, 1, 0)], T0);
  if (!("doc" in dealt)) throw new Error(dealt.message);
  return dealt;
}

describe("expert seats in the alarm", () => {
  it("one alarm plays moves up to the first expert decision that samples, then is due again at once", { timeout: 600_000 }, () => {
    const { doc: d, state } = computersOnly("expert");
    const r = rung(d, state, T0, -1, () => false);
    expect(r.changes.length).toBeGreaterThan(0);
    // the last move played was the one that sampled; every one before it was answered without samples
    const positions = [{ doc: d, state }, ...r.changes];
    const plies = r.changes.map((_, i) => computerTurn(positions[i]!.doc, positions[i]!.state, T0)!.plies);
    expect(plies.at(-1)).toBeGreaterThan(0);
    expect(plies.slice(0, -1).every((p) => p === 0)).toBe(true);
    const last = r.changes.at(-1)!;
    expect(last.state!.phase).not.toBe("over");
    expect(alarmAt(last.doc, last.state, { now: T0, offsetMs: 0, stuck: -1 })).toBeLessThanOrEqual(T0);
  });

  it("strong computers play on in the same alarm (their decisions take a fraction of a millisecond)", () => {
    const { doc: d, state } = computersOnly("strong");
    const r = rung(d, state, T0, -1, () => false);
    expect(r.changes.length).toBeGreaterThan(20);
  });
});
