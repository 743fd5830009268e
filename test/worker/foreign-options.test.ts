/**
 * Options a ruleset does not have are refused (issue 38, 7): another ruleset's option (Siamese
 * `{players: 4}`, Royale `{length: "match"}`) or none at all gets a clear 400 for a game, a challenge
 * and a league season alike, and nothing is created or stored.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { signIn } from "./client";

const ann = await signIn("ann.foreign-options@example.com");
const count = async (table: string) => (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())!.n;

describe("options a ruleset does not have", () => {
  it("are refused with a 400 that names them, for games, challenges and seasons; nothing is created", async () => {
    const league = (await ann.post("/api/leagues", { name: "Foreign Options Club", visibility: "private" })).body.id as string;
    const before = { games: await count("games"), challenges: await count("challenges"), seasons: await count("seasons") };
    const asks: [string, object, RegExp][] = [
      ["/api/games", { ruleset: "siamese", options: { daysPerMove: 2, players: 4 } }, /^Siamese Mah Jongg has no option "players"; its options are "deadHands", "card", "hints"\.$/],
      ["/api/games", { ruleset: "royale", options: { length: "match" } }, /no option "length"/],
      ["/api/games", { ruleset: "chinese-ming", options: { card: "sample-2026" } }, /no option "card"/],
      ["/api/games", { ruleset: "american", options: { speed: "fast" } }, /no option "speed"/],
      ["/api/challenges", { ruleset: "siamese", daysPerMove: 3, options: { players: 4 } }, /no option "players"/],
      ["/api/challenges", { ruleset: "royale", daysPerMove: 3, options: { players: 3, length: "match" } }, /no option "length"/],
      [`/api/leagues/${league}/seasons`, { name: "Spring", ruleset: "siamese", options: { windowHours: 4 }, format: "single", mode: "concurrent", daysPerMove: 3 }, /no option "windowHours"/],
    ];
    for (const [path, body, words] of asks) {
      const r = await ann.post(path, body);
      expect(r.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(r.body.code).toBe("bad-field");
      expect(r.body.message).toMatch(words);
    }
    expect({ games: await count("games"), challenges: await count("challenges"), seasons: await count("seasons") }).toEqual(before);
  });

  it("a ruleset's own options are kept, and only those", async () => {
    const siamese = await ann.post("/api/games", { ruleset: "siamese", options: { daysPerMove: 2, deadHands: "enforce" } });
    expect(siamese.status).toBe(201);
    expect(siamese.body.game.options).toEqual({ deadHands: "enforce", hints: true });
    const royale = await ann.post("/api/games", { ruleset: "royale", options: { players: 3 } });
    expect(royale.status).toBe(201);
    expect(royale.body.game.players).toHaveLength(3);
    const chinese = await ann.post("/api/games", { ruleset: "chinese-ming", options: { windowHours: 4 } });
    expect(chinese.body.game.options).toEqual({ windowHours: 4, length: "round" });
  });
});
