/**
 * game_players.active, the mark of a seat in a game still open or running (the partial index
 * game_players_active that liveGamesOf reads), follows its game's status and is written only when it
 * changes (migrations/0032): a game dealt (open to running) writes no seat, nor does a seat taken in
 * an open game; a game over writes each seat once.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { liveGamesOf, writeIndex, type IndexRow } from "../../worker/db/games";

const row = (id: string, status: string, version: number, seated: number): IndexRow => ({
  id,
  ruleset: "chinese-ming",
  status,
  seats: 4,
  createdBy: "sa-u0",
  inviteHash: "h",
  daysPerMove: 3,
  version,
  result: null,
  createdAt: 1,
  players: Array.from({ length: seated }, (_, seat) => ({ seat, userId: `sa-u${seat}`, toAct: status === "active" && seat === 0, deadline: status === "active" && seat === 0 ? 1000 : null })),
});
const written = (r: D1Result[]) => r.reduce((n, x) => n + x.meta.rows_written, 0);
const seatWrite = (id: string, seat: number) =>
  env.DB.prepare("INSERT INTO game_players (game_id, seat, user_id) VALUES (?, ?, ?)").bind(id, seat, `sa-u${seat}`);
const actives = async (id: string) =>
  (await env.DB.prepare("SELECT active FROM game_players WHERE game_id = ? ORDER BY seat").bind(id).all<{ active: number }>()).results.map((r) => r.active);

describe("a seat's active mark", () => {
  it("is written only when its game goes from open or running to over, and the live games follow it", async () => {
    await writeIndex(env, row("sa-1", "open", 1, 1));
    expect(await actives("sa-1")).toEqual([1]);
    // Seats taken in the open game: each its row and its three index entries (key, player, live seats), no trigger's rewrite of it.
    const joined = await env.DB.batch([seatWrite("sa-1", 1), seatWrite("sa-1", 2), seatWrite("sa-1", 3)]);
    expect(written(joined)).toBe(3 * 4);
    // Dealt: the game's row, no seat's.
    const dealt = await env.DB.batch([env.DB.prepare("UPDATE games SET status = 'active' WHERE id = 'sa-1'")]);
    expect(written(dealt)).toBe(1);
    expect(await actives("sa-1")).toEqual([1, 1, 1, 1]);
    expect(await liveGamesOf(env, ["sa-u2"], "other")).toContainEqual({ id: "sa-1", ruleset: "chinese-ming" });
    // Over: each seat once.
    await env.DB.prepare("UPDATE games SET status = 'ended' WHERE id = 'sa-1'").run();
    expect(await actives("sa-1")).toEqual([0, 0, 0, 0]);
    expect(await liveGamesOf(env, ["sa-u2"], "other")).not.toContainEqual({ id: "sa-1", ruleset: "chinese-ming" });
    // A seat row written to a game already over is marked so.
    await env.DB.batch([env.DB.prepare("DELETE FROM game_players WHERE game_id = 'sa-1' AND seat = 3"), seatWrite("sa-1", 3)]);
    expect(await actives("sa-1")).toEqual([0, 0, 0, 0]);
  });

  it("a game's first index write, its seats before its row, marks them without writing them twice", async () => {
    await writeIndex(env, row("sa-2", "active", 1, 4));
    expect(await actives("sa-2")).toEqual([1, 1, 1, 1]);
    await writeIndex(env, { ...row("sa-2", "ended", 2, 4), result: "wall" });
    expect(await actives("sa-2")).toEqual([0, 0, 0, 0]);
  });
});
