/** A running two-player game's document and its clocks, for the tests of the game DO's pure parts. */
import { DAY, type Clock } from "../../worker/game/clock";
import type { GameDoc } from "../../worker/game/store";

export const T0 = Date.UTC(2026, 10, 23, 12);

export const clock = (seat: number, startedAt = T0, reminded: Clock["reminded"] = 0): Clock => ({ seat, startedAt, allowanceMs: 3 * DAY, pausedMs: 0, reminded });

export function doc(over: Partial<GameDoc> = {}): GameDoc {
  return {
    id: "g1", ruleset: "siamese", options: {}, daysPerMove: 3, seats: 2,
    players: [{ userId: "ann", name: "Ann" }, { userId: "bob", name: "Bob" }],
    inviteHash: "h", seed: "s", commitment: "c", appUrl: "https://mj.test", status: "active", version: 7, createdAt: T0,
    clocks: [clock(0)], vacations: {}, timeouts: [0, 0], ledger: "none", ledgerAttempts: 0,
    facts: { result: null, toAct: [0], pace: { key: "", hours: null } },
    ...over,
  } as GameDoc;
}
