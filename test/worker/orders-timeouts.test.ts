/**
 * Setting standing orders is not playing (issue 38, 6): a seat that never plays but changes its
 * orders between time-outs is still abandoned after three time-outs in a row, as one without orders.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm } from "cloudflare:test";
import { key, signIn, startGame } from "./client";

const DAY = 24 * 3600_000;
const ann = await signIn("ann.orders-timeouts@example.com");
const bob = await signIn("bob.orders-timeouts@example.com");
const stubOf = (id: string) => env.GAME.get(env.GAME.idFromName(id));

describe("orders and the three time-outs", () => {
  it("a seat that only changes its orders between time-outs is abandoned after the third", async () => {
    const id = await startGame(ann, bob, "orders-timeouts-0001", { daysPerMove: 1 });
    let timeouts = 0;
    for (let i = 0; i < 40; i++) {
      const g = (await ann.get(`/api/games/${id}`)).body;
      if (g.status === "ended") break;
      if (g.players[0].toAct) {
        // Ann plays her turns herself.
        const move = g.legalMoves.find((m: any) => m.type === "draw") ?? g.legalMoves.find((m: any) => m.type === "discard");
        expect((await ann.post(`/api/games/${id}/moves`, { version: g.version, move, idempotencyKey: key() })).status).toBe(200);
        continue;
      }
      // Bob's turn: he changes his orders (never a turn played), then his time runs out.
      const mine = (await bob.get(`/api/games/${id}`)).body;
      const orders = { type: "orders", claims: timeouts % 2 ? "ask" : "mahjong-only", throwUnneeded: false };
      expect((await bob.post(`/api/games/${id}/moves`, { version: mine.version, move: orders, idempotencyKey: key() })).status).toBe(200);
      await ann.post(`/api/dev/games/${id}/clock`, { advanceMs: DAY + 1000, fire: false });
      await runDurableObjectAlarm(stubOf(id));
      timeouts++;
    }
    const end = (await ann.get(`/api/games/${id}`)).body;
    expect(end.status).toBe("ended");
    expect(end.result.reason).toBe("abandoned");
    expect(timeouts).toBe(3);
    const record = (await ann.get(`/api/games/${id}/record`)).body;
    expect(record.moves.filter((m: any) => m.seat === 1 && m.move.type === "orders")).toHaveLength(3);
    expect(record.moves.at(-1)).toEqual({ seat: 1, move: { type: "abandon" } });
  });
});
