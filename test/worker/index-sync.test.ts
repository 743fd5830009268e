/**
 * The games index a game keeps in D1 (worker/game/index-sync.ts): whose turn it is goes in the
 * game's row, so a turn passed writes no seat's row; a seat's row is written when its player
 * changes. The games list reads the same turns either way, and from the seat rows for a game row
 * written before it kept them.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { IndexSync } from "../../worker/game/index-sync";
import type { IndexRow } from "../../worker/db/games";
import { listGames } from "../../worker/db/games";
import { metered, meterSnapshot, meterStart, meterStop } from "../../worker/lib/meter";
import type { Env } from "../../worker/lib/env";

const ctx = { waitUntil: () => {} } as unknown as DurableObjectState;

function row(version: number, toAct: number, deadline: number, id = "index-sync-1", seat3 = "u3"): IndexRow {
  return {
    id,
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
    players: [0, 1, 2, 3].map((seat) => ({ seat, userId: seat === 3 ? seat3 : `u${seat}`, toAct: seat === toAct, deadline: seat === toAct ? deadline : null })),
  };
}

const seatWrites = () => Object.entries(meterSnapshot(true).d1 ?? {}).filter(([q]) => q.startsWith("INSERT INTO game_players")).reduce((n, [, v]) => n + v.n, 0);
const stored = async () =>
  (await env.DB.prepare("SELECT seat, to_act AS toAct, deadline FROM game_players WHERE game_id = 'index-sync-1' ORDER BY seat").all<{ seat: number; toAct: number; deadline: number | null }>()).results;

const mine = async (userId: string, id = "index-sync-1") => (await listGames(env, userId)).find((g) => g.id === id)!;

describe("the games index", () => {
  it("writes every seat at first, then no seat's row while only the turn passes, one when a seat's player changes; the list shows whose turn it is", async () => {
    const e = metered({ ...env, ENVIRONMENT: "development" } as Env);
    let current = row(2, 0, 1000);
    const sync = new IndexSync(ctx, () => e, () => current, async () => {});
    meterStart();
    try {
      expect(await sync.now()).toBe(true);
      expect(seatWrites()).toBe(4);
      expect(await mine("u0")).toMatchObject({ myTurn: true, deadline: 1000 });
      // The turn passes from seat 0 to seat 1: the game's row says so, no seat's row is written.
      current = row(3, 1, 2000);
      expect(await sync.now()).toBe(true);
      expect(seatWrites()).toBe(4);
      expect(await mine("u0")).toMatchObject({ myTurn: false, deadline: null });
      const u1 = await mine("u1");
      expect(u1).toMatchObject({ myTurn: true, deadline: 2000 });
      expect(u1.players.map((p) => p.toAct)).toEqual([false, true, false, false]);
      // A newcomer takes seat 3: that seat's row alone.
      current = row(4, 1, 2000, "index-sync-1", "u9");
      expect(await sync.now()).toBe(true);
      expect(seatWrites()).toBe(5);
      expect((await mine("u9")).players.map((p) => p.userId)).toEqual(["u0", "u1", "u2", "u9"]);
      const game = await env.DB.prepare("SELECT version, deadline, turns FROM games WHERE id = 'index-sync-1'").first();
      expect(game).toEqual({ version: 4, deadline: 2000, turns: "[null,2000,null,null]" });
    } finally {
      meterStop();
    }
  });

  it("a new instance sends every seat again, and a seat row as it was is not written again", async () => {
    const e = metered({ ...env, ENVIRONMENT: "development" } as Env);
    const first = new IndexSync(ctx, () => e, () => row(2, 0, 1000, "index-sync-2"), async () => {});
    expect(await first.now()).toBe(true);
    const woken = new IndexSync(ctx, () => e, () => row(3, 1, 2000, "index-sync-2"), async () => {});
    meterStart();
    try {
      expect(await woken.now()).toBe(true);
      const seats = Object.entries(meterSnapshot(true).d1 ?? {}).filter(([q]) => q.startsWith("INSERT INTO game_players"));
      expect(seats.reduce((n, [, v]) => n + v.n, 0)).toBe(4);
      expect(seats.reduce((n, [, v]) => n + v.written, 0)).toBe(0);
      expect(await mine("u1", "index-sync-2")).toMatchObject({ myTurn: true, deadline: 2000 });
    } finally {
      meterStop();
    }
  });

  it("a woken game that keeps who sits where as the index has it sends no seat again", async () => {
    const e = metered({ ...env, ENVIRONMENT: "development" } as Env);
    let kept: Record<string, string> | null = null;
    const store = { get: () => kept, put: (seats: Record<string, string>) => void (kept = seats) };
    const first = new IndexSync(ctx, () => e, () => row(2, 0, 1000, "index-sync-4"), async () => {}, store);
    expect(await first.now()).toBe(true);
    expect(kept).toEqual({ 0: "u0", 1: "u1", 2: "u2", 3: "u3" });
    let current = row(3, 1, 2000, "index-sync-4");
    const woken = new IndexSync(ctx, () => e, () => current, async () => {}, store);
    meterStart();
    try {
      expect(await woken.now()).toBe(true);
      expect(seatWrites()).toBe(0);
      current = row(4, 1, 2000, "index-sync-4", "u8");
      expect(await woken.now()).toBe(true);
      expect(seatWrites()).toBe(1);
      expect(kept).toEqual({ 0: "u0", 1: "u1", 2: "u2", 3: "u8" });
      expect((await mine("u8", "index-sync-4")).players.map((p) => [p.userId, p.toAct])).toEqual([["u0", false], ["u1", true], ["u2", false], ["u8", false]]);
    } finally {
      meterStop();
    }
  });

  it("a game row written before it kept the turns is read from its seat rows", async () => {
    await env.DB.batch([
      env.DB.prepare("INSERT INTO games (id, ruleset, status, seats, created_by, invite_hash, days_per_move, version, deadline, created_at, updated_at) VALUES ('index-sync-3', 'siamese', 'active', 2, 'u0', 'x', 3, 1, 5000, 1, 1)"),
      env.DB.prepare("INSERT INTO game_players (game_id, seat, user_id, to_act, deadline) VALUES ('index-sync-3', 0, 'u0', 0, NULL), ('index-sync-3', 1, 'u1', 1, 5000)"),
    ]);
    expect(await mine("u1", "index-sync-3")).toMatchObject({ myTurn: true, deadline: 5000 });
    expect((await mine("u0", "index-sync-3")).players.map((p) => p.toAct)).toEqual([false, true]);
  });
});
