/**
 * Rating farming through abandonment (issue #30, 1): a second account makes a few moves in a rated
 * game, then lets the clock play three turns for it; the game ends abandoned. Turns the clock played
 * are not the player's own moves, so the game is not rated and nobody's rating moves. An abandoner
 * who made 10 moves of their own still gets a rated game.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm } from "cloudflare:test";
import { createAndJoin, key, signIn, type Browser } from "./client";

const DAY = 24 * 3600_000;
const farmer = await signIn("farmer@example.com");
const helper = await signIn("farm-hand@example.com");
const farmerId = (await farmer.get("/api/me")).body.id as string;
const helperId = (await helper.get("/api/me")).body.id as string;
const stubOf = (id: string) => env.GAME.get(env.GAME.idFromName(id));

const rating = async (userId: string) =>
  (await env.DB.prepare("SELECT rating, games FROM ratings WHERE user_id = ? AND family = 'siamese'").bind(userId).first<{ rating: number; games: number }>()) ?? { rating: 1500, games: 0 };

/** `who` makes one move if it is theirs to make (draw, else the first discard); false when it is not their turn. */
async function moveOnce(who: Browser, id: string): Promise<boolean> {
  const g = (await who.get(`/api/games/${id}`)).body;
  if (g.status !== "active" || !g.legalMoves.length) return false;
  const move = g.legalMoves.find((m: any) => m.type === "draw") ?? g.legalMoves.find((m: any) => m.type === "discard") ?? g.legalMoves[0];
  const r = await who.post(`/api/games/${id}/moves`, { version: g.version, move, idempotencyKey: key() });
  expect(r.status).toBe(200);
  return true;
}

/**
 * A rated Siamese game: the helper makes `own` moves of their own (the farmer playing the turns in
 * between), then stops; the clock plays the helper's turns until the game is abandoned.
 */
async function abandonedAfter(own: number, seed: string) {
  const { id, created, joins } = await createAndJoin(farmer, [helper], { ruleset: "siamese", seed, rated: true, options: { daysPerMove: 1 } });
  expect(created.status).toBe(201);
  expect(joins[0]!.status).toBe(200);
  let made = 0;
  for (let i = 0; made < own; i++) {
    expect(i).toBeLessThan(500);
    if (await moveOnce(helper, id)) made++;
    else expect(await moveOnce(farmer, id)).toBe(true);
  }
  for (let i = 0; ; i++) {
    expect(i).toBeLessThan(50);
    const g = (await farmer.get(`/api/games/${id}`)).body;
    if (g.status === "ended") {
      expect(g.result.reason).toBe("abandoned");
      break;
    }
    if (await moveOnce(farmer, id)) continue;
    // The helper's turn: the clock runs out and plays it for them.
    await farmer.post(`/api/dev/games/${id}/clock`, { advanceMs: DAY + 1000, fire: false });
    await runDurableObjectAlarm(stubOf(id));
  }
  const record = (await farmer.get(`/api/games/${id}/record`)).body;
  return { id, moves: record.moves as { seat: number; move: { type: string } }[] };
}

describe("an abandoned game is rated only on the abandoner's own moves", () => {
  it("four own moves and three timeouts, four times over: no rating changes for anyone", async () => {
    for (let n = 0; n < 4; n++) {
      const { id, moves } = await abandonedAfter(4, `farm-seed-000${n}`);
      // Counting every recorded move (the farmer's, the helper's and the timeouts) reaches 10: the old rule rated it.
      expect(moves.length).toBeGreaterThanOrEqual(10);
      expect(moves.filter((m) => m.move.type === "timeout").length).toBe(3);
      const row = await env.DB.prepare("SELECT rated FROM game_results WHERE game_id = ? AND user_id = ?").bind(id, farmerId).first<{ rated: number }>();
      expect(row?.rated).toBe(0);
    }
    expect(await rating(farmerId)).toEqual({ rating: 1500, games: 0 });
    expect(await rating(helperId)).toEqual({ rating: 1500, games: 0 });
    const changes = await env.DB.prepare("SELECT COUNT(*) AS n FROM rating_changes WHERE user_id IN (?, ?)").bind(farmerId, helperId).first<{ n: number }>();
    expect(changes!.n).toBe(0);
  });

  it("an abandoner who made 10 moves of their own gets a rated game", async () => {
    const { id } = await abandonedAfter(10, "farm-seed-0010");
    const rows = (await env.DB.prepare("SELECT user_id AS userId, rated FROM game_results WHERE game_id = ?").bind(id).all<{ userId: string; rated: number }>()).results;
    expect(rows.map((r) => r.rated)).toEqual([1, 1]);
    expect((await rating(farmerId)).games).toBe(1);
    expect((await rating(helperId)).games).toBe(1);
  });
});
