/**
 * The games index a game keeps in D1 (worker/game/index-sync.ts): a write sends the game's row and
 * only the seats whose row changed since this instance last wrote them (a turn passed in a
 * four-player game changes two seats, not four), and the lists read the same rows either way.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { IndexSync } from "../../worker/game/index-sync";
import type { IndexRow } from "../../worker/db/games";
import { metered, meterSnapshot, meterStart, meterStop } from "../../worker/lib/meter";
import type { Env } from "../../worker/lib/env";

const ctx = { waitUntil: () => {} } as unknown as DurableObjectState;

function row(version: number, toAct: number, deadline: number): IndexRow {
  return {
    id: "index-sync-1",
    ruleset: "american",
    status: "active",
    seats: 4,
    createdBy: "u0",
    inviteHash: "h",
    daysPerMove: 3,
    version,
    result: null,
    moves: version,
    createdAt: 1,
    players: [0, 1, 2, 3].map((seat) => ({ seat, userId: `u${seat}`, toAct: seat === toAct, deadline: seat === toAct ? deadline : null })),
  };
}

const seatWrites = () => Object.entries(meterSnapshot(true).d1 ?? {}).filter(([q]) => q.startsWith("INSERT INTO game_players")).reduce((n, [, v]) => n + v.n, 0);
const stored = async () =>
  (await env.DB.prepare("SELECT seat, to_act AS toAct, deadline FROM game_players WHERE game_id = 'index-sync-1' ORDER BY seat").all<{ seat: number; toAct: number; deadline: number | null }>()).results;

describe("the games index", () => {
  it("writes every seat at first, then only the seats whose row changed; the rows are the game's", async () => {
    const e = metered({ ...env, ENVIRONMENT: "development" } as Env);
    let current = row(2, 0, 1000);
    const sync = new IndexSync(ctx, () => e, () => current, async () => {});
    meterStart();
    try {
      expect(await sync.now()).toBe(true);
      expect(seatWrites()).toBe(4);
      // The turn passes from seat 0 to seat 1: two seats' rows change.
      current = row(3, 1, 2000);
      expect(await sync.now()).toBe(true);
      expect(seatWrites()).toBe(6);
      expect(await stored()).toEqual([
        { seat: 0, toAct: 0, deadline: null },
        { seat: 1, toAct: 1, deadline: 2000 },
        { seat: 2, toAct: 0, deadline: null },
        { seat: 3, toAct: 0, deadline: null },
      ]);
      const game = await env.DB.prepare("SELECT version, deadline FROM games WHERE id = 'index-sync-1'").first();
      expect(game).toEqual({ version: 3, deadline: 2000 });
    } finally {
      meterStop();
    }
  });
});
