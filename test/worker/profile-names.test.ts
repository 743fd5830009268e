/**
 * A profile names every opponent of a finished game: a computer seat by its strength, "Computer
 * (strong)", never "Deleted player" (which is kept for accounts that were deleted).
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm } from "cloudflare:test";
import { signIn } from "./client";

const DAY = 24 * 3600_000;
const ann = await signIn("ann@names.example.com");

describe("names on a profile", () => {
  it("a practice game's computer opponent is named by its strength", async () => {
    const created = await ann.post("/api/games", { ruleset: "siamese", seed: "names-seed-0001", options: { daysPerMove: 1 }, computers: { seats: 1, strength: "strong", delayMs: 0 } });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    // Ann never moves: three turns played for her end the game as abandoned.
    for (let i = 0; i < 40 && (await ann.get(`/api/games/${id}`)).body.status !== "ended"; i++) {
      expect((await ann.post(`/api/dev/games/${id}/clock`, { advanceMs: DAY + 60_000, fire: false })).status).toBe(200);
      // the timeout, then the computer's answer
      for (let k = 0; k < 3; k++) await runDurableObjectAlarm(env.GAME.get(env.GAME.idFromName(id)));
    }
    expect((await ann.get(`/api/games/${id}`)).body.status).toBe("ended");
    const annId = (await ann.get("/api/me")).body.id;
    let recent: any[] = [];
    for (let i = 0; i < 50 && !recent.length; i++) {
      recent = (await ann.get(`/api/players/${annId}`)).body.recentGames;
      if (!recent.length) await new Promise((r) => setTimeout(r, 100));
    }
    expect(recent).toHaveLength(1);
    expect(recent[0].opponents).toEqual([{ userId: "computer:strong:1", name: "Computer (strong)", points: expect.any(Number) }]);
    expect((await ann.get(`/api/players/${annId}/games`)).body.games[0].opponents[0].name).toBe("Computer (strong)");
  });
});
