/**
 * How fast computer seats answer (issue 26 §2): answers given together (the Charleston's passes,
 * a claim window) come at once, whatever the computer's delay; only a computer's own turn waits its
 * delay, on the game's clock, so a person can follow it.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm } from "cloudflare:test";
import { botMove } from "./american-bot";
import { key, signIn } from "./client";

const stubOf = (id: string) => env.GAME.get(env.GAME.idFromName(id));
const ann = await signIn("ann.pace@example.com");

describe("computer seats' pace", () => {
  it("an American practice game: the computers pass in the Charleston and answer claim windows at once; their own turns wait their delay", async () => {
    const created = await ann.post("/api/games", { ruleset: "american", seed: "computer-pace-01", options: { card: "sample-2026" }, computers: { seats: 3, strength: "medium", delayMs: 60_000 } });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const seen = { together: 0, ownTurns: 0 };
    for (let i = 0; i < 400 && (seen.together < 3 || seen.ownTurns < 2); i++) {
      const g = (await ann.get(`/api/games/${id}`)).body;
      if (g.status !== "active") break;
      const mine = g.legalMoves.filter((m: { type: string }) => m.type !== "orders" && m.type !== "preference");
      if (g.players[0].toAct && mine.length) {
        const r = await ann.post(`/api/games/${id}/moves`, { version: g.version, move: botMove(mine, g.view.seats[0].concealed), idempotencyKey: key() });
        expect(r.status).toBe(200);
        continue;
      }
      // Only computers are to act: the alarm, without the clock moving on.
      await runDurableObjectAlarm(stubOf(id));
      const after = (await ann.get(`/api/games/${id}`)).body;
      if (g.view.phase === "charleston" || g.view.phase === "window") {
        expect(after.version, `the computers answer a ${g.view.phase} at once`).toBeGreaterThan(g.version);
        seen.together++;
      } else if (after.version === g.version) {
        // A computer's own turn: it waits its minute.
        await ann.post(`/api/dev/games/${id}/clock`, { advanceMs: 61_000, fire: false });
        await runDurableObjectAlarm(stubOf(id));
        expect((await ann.get(`/api/games/${id}`)).body.version).toBeGreaterThan(g.version);
        seen.ownTurns++;
      }
    }
    expect(seen.together).toBeGreaterThanOrEqual(3);
    expect(seen.ownTurns).toBeGreaterThanOrEqual(2);
  }, 120_000);
});
