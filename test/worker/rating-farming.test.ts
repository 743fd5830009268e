/**
 * A rated result costs a real game (RULES §10; issue 38, 3). The audit's farming run — a rated
 * Siamese game in which the accomplice plays five turns (draw, throw the tile drawn) and resigns,
 * 40 times over — must move the farmer's rating by at most 50 points in all: a resignation or an
 * abandonment before most of the wall is drawn is a loss for the one who left and changes no one
 * else's rating, and the same two players' rated games count at most three times in seven days.
 * Letting the clock abandon the game for the accomplice farms nothing either. An honest game
 * between strangers is still rated, for both.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm } from "cloudflare:test";
import { createAndJoin, key, playOne, signIn, type Browser } from "./client";

const DAY = 24 * 3600_000;
const stubOf = (id: string) => env.GAME.get(env.GAME.idFromName(id));
const idOf = async (b: Browser) => (await b.get("/api/me")).body.id as string;

const rating = async (userId: string) =>
  (await env.DB.prepare("SELECT rating, games FROM ratings WHERE user_id = ? AND family = 'siamese'").bind(userId).first<{ rating: number; games: number }>()) ?? { rating: 1500, games: 0 };

async function ratedGame(host: Browser, guest: Browser, seed: string) {
  let game = await createAndJoin(host, [guest], { ruleset: "siamese", seed, rated: true, options: { daysPerMove: 1 } });
  // Starting 20 games a minute is the most one account may (the audit's script took 137 s for 40): wait as told.
  while (game.created.status === 429) {
    await new Promise((r) => setTimeout(r, game.created.body.retryAfter * 1000));
    game = await createAndJoin(host, [guest], { ruleset: "siamese", seed, rated: true, options: { daysPerMove: 1 } });
  }
  const { id, created, joins } = game;
  expect(created.status).toBe(201);
  expect(joins[0]!.status).toBe(200);
  return id;
}

/** `who` plays one turn's move if it is theirs: a draw, else a discard (the tile just drawn when there is one). False when it is not their turn. */
async function moveOnce(who: Browser, id: string): Promise<{ type: string } | false> {
  const g = (await who.get(`/api/games/${id}`)).body;
  if (g.status !== "active" || !g.legalMoves.length) return false;
  const drawn = g.view.seats[g.seat].drawn?.id;
  const moves: any[] = g.legalMoves;
  const move = moves.find((m) => m.type === "draw") ?? moves.find((m) => m.type === "discard" && m.tile === drawn) ?? moves.find((m) => m.type === "discard");
  const r = await who.post(`/api/games/${id}/moves`, { version: g.version, move, idempotencyKey: key() });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return move;
}

/** The accomplice plays `turns` turns (draw, throw the tile drawn), the farmer the turns between. */
async function cheapTurns(farmer: Browser, accomplice: Browser, id: string, turns: number) {
  let thrown = 0;
  for (let i = 0; thrown < turns; i++) {
    expect(i).toBeLessThan(200);
    const played = await moveOnce(accomplice, id);
    if (played) thrown += played.type === "discard" ? 1 : 0;
    else expect(await moveOnce(farmer, id)).not.toBe(false);
  }
}

describe("rating farming", () => {
  it("the audit's run: five cheap turns and a resignation, 40 times, move the farmer's rating by at most 50 points in all", { timeout: 600_000 }, async () => {
    const farmer = await signIn("farmer@farm.example.com");
    const accomplice = await signIn("accomplice@farm.example.com");
    const [farmerId, accompliceId] = [await idOf(farmer), await idOf(accomplice)];
    const start = await rating(farmerId);
    for (let n = 0; n < 40; n++) {
      // Either of them starts the game (the farmer East or the accomplice East): it makes no difference.
      const id = n % 2 ? await ratedGame(accomplice, farmer, `farm-run-${String(n).padStart(4, "0")}`) : await ratedGame(farmer, accomplice, `farm-run-${String(n).padStart(4, "0")}`);
      await cheapTurns(farmer, accomplice, id, 5);
      const resigned = await accomplice.post(`/api/games/${id}/resign`);
      expect(resigned.status).toBe(200);
      expect(resigned.body.result.reason).toBe("abandoned");
      // The game is over and posted: the leaver's loss is theirs alone.
      const end = (await farmer.get(`/api/games/${id}`)).body;
      expect(end.ratingChanges[n % 2 ? 1 : 0]).toBeNull();
    }
    const end = await rating(farmerId);
    console.log(`farmer: ${start.rating} → ${end.rating.toFixed(1)} after 40 farmed games (${end.games} rated)`);
    expect(Math.abs(end.rating - start.rating)).toBeLessThanOrEqual(50);
    expect(end.games).toBe(0);
    // The accomplice's losses count three times in seven days against the same player, no more.
    expect((await rating(accompliceId)).games).toBe(3);
    const rows = await env.DB.prepare("SELECT rated, COUNT(*) AS n FROM game_results WHERE user_id = ? GROUP BY rated ORDER BY rated").bind(farmerId).all<{ rated: number; n: number }>();
    expect(rows.results).toEqual([{ rated: 0, n: 40 }]);
  });

  it("letting the clock abandon the game after a few cheap turns farms nothing either", { timeout: 120_000 }, async () => {
    const farmer = await signIn("farmer2@farm.example.com");
    const helper = await signIn("helper2@farm.example.com");
    const farmerId = await idOf(farmer);
    for (let n = 0; n < 4; n++) {
      const id = await ratedGame(farmer, helper, `farm-clock-${String(n).padStart(4, "0")}`);
      await cheapTurns(farmer, helper, id, 4);
      for (let i = 0; ; i++) {
        expect(i).toBeLessThan(50);
        const g = (await farmer.get(`/api/games/${id}`)).body;
        if (g.status === "ended") {
          expect(g.result.reason).toBe("abandoned");
          expect(g.ratingChanges[0]).toBeNull();
          break;
        }
        if (await moveOnce(farmer, id)) continue;
        // The helper's turn: the clock runs out and plays it for them.
        await farmer.post(`/api/dev/games/${id}/clock`, { advanceMs: DAY + 1000, fire: false });
        await runDurableObjectAlarm(stubOf(id));
      }
    }
    expect(await rating(farmerId)).toEqual({ rating: 1500, games: 0 });
  });

  it("an honest game between strangers is still rated, for both; so is one left after most of the wall", { timeout: 300_000 }, async () => {
    const ann = await signIn("ann@honest.example.com");
    const bob = await signIn("bob@honest.example.com");
    const id = await ratedGame(ann, bob, "honest-strangers-00");
    for (let moves = 0; ; moves++) {
      expect(moves).toBeLessThan(1000);
      const r = await playOne([ann, bob], id, moves);
      expect(r.status).toBe(200);
      if (r.body.status === "ended") break;
    }
    const end = (await ann.get(`/api/games/${id}`)).body;
    expect(end.result.lines.some((l: any) => l.reason.startsWith("mahjong"))).toBe(true);
    expect(end.ratingChanges.every((c: number | null) => typeof c === "number" && c !== 0)).toBe(true);
    expect((await rating(await idOf(ann))).games).toBe(1);
    expect((await rating(await idOf(bob))).games).toBe(1);

    // Two other strangers: most of the wall drawn, then one resigns: rated by the final totals, for both.
    const cy = await signIn("cy@honest.example.com");
    const di = await signIn("di@honest.example.com");
    const late = await ratedGame(cy, di, "honest-strangers-01");
    for (;;) {
      const g = (await cy.get(`/api/games/${late}`)).body;
      if (g.view.wallCount < 40) break;
      expect((await playOne([cy, di], late)).status).toBe(200);
    }
    expect((await di.post(`/api/games/${late}/resign`)).status).toBe(200);
    const left = (await cy.get(`/api/games/${late}`)).body;
    expect(left.result.reason).toBe("abandoned");
    expect(left.ratingChanges.every((c: number | null) => typeof c === "number")).toBe(true);
    expect(left.ratingChanges[0]).toBeGreaterThan(0);
    expect(left.ratingChanges[1]).toBeLessThan(0);
  });
});
