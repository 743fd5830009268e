/**
 * The development clock (POST /api/dev/games/:id/clock) as the browser tests and the benchmarks use it: a jump with
 * `fire` makes the game's stored alarm ring now for what became due, by itself (the platform's alarm, not a test's
 * call of the alarm handler). The alarm is written only when it must ring sooner (alarm.ts); the jump moves the game's
 * clock and not the stored alarm's real time, so its time on the game's clock must be asked again after a jump.
 */
import { describe, expect, it } from "vitest";
import { signIn, startGame } from "./client";

const DAY = 86_400_000;
const ann = await signIn("ann.dev-clock@example.com");
const bob = await signIn("bob.dev-clock@example.com");

describe("the development clock", { timeout: 30_000 }, () => {
  it("a jump past a player's deadline with fire: the stored alarm rings by itself and the turn times out", async () => {
    const id = await startGame(ann, bob, "dev-clock-1", { daysPerMove: 1 });
    const before = (await ann.get(`/api/games/${id}`)).body;
    expect(before.status).toBe("active");
    const jumped = await ann.post(`/api/dev/games/${id}/clock`, { advanceMs: 3 * DAY, fire: true });
    expect(jumped.status).toBe(200);
    // The platform rings the alarm (a moment later): the late player's turn is timed out, the game moves on.
    let after = before;
    for (let i = 0; i < 30 && after.version === before.version; i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = (await ann.get(`/api/games/${id}`)).body;
    }
    expect(after.version).toBeGreaterThan(before.version);
  });
});
