/**
 * Resigning (issue 27): a player leaves a running game; it is scored and rated as the rules score
 * an abandonment by them, the others read "… resigned" in the move list, and nobody else can do it.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { Browser, createAndJoin, playOne, signIn, startGame } from "./client";
import { rulesets } from "../../worker/engine/index";

const ann = await signIn("ann@example.com");
const bob = await signIn("bob@example.com");
const eve = await signIn("eve@example.com");

const ledger = async (id: string) =>
  (await env.DB.prepare("SELECT seat, user_id AS userId, reason, points FROM ledger WHERE game_id = ? ORDER BY seat, reason").bind(id).all<any>()).results;
const ratingChanges = async (id: string) => (await env.DB.prepare("SELECT user_id AS userId FROM rating_changes WHERE game_id = ?").bind(id).all<any>()).results;

/** Ann and Bob play `moves` moves of a rated Siamese game. */
async function played(seed: string, moves: number): Promise<string> {
  const { id, created } = await createAndJoin(ann, [bob], { ruleset: "siamese", seed, rated: true, options: { daysPerMove: 2 } });
  expect(created.status).toBe(201);
  for (let i = 0; i < moves; i++) expect((await playOne([ann, bob], id, i)).status).toBe(200);
  return id;
}

describe("resigning", () => {
  it("ends the game as abandoned by the resigner: scored, posted to the ledger once, rated, and told to the others", async () => {
    const id = await played("resign-seed-0001", 24);
    const r = await bob.post(`/api/games/${id}/resign`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: "ended", seat: 1 });
    expect(r.body.result.reason).toBe("abandoned");

    // The same result an abandonment by Bob gets: Bob's hands scored as dead.
    const seen = (await ann.get(`/api/games/${id}`)).body;
    expect(seen.status).toBe("ended");
    expect(seen.result).toEqual(r.body.result);
    expect(seen.events.map((e: any) => e.text)).toContain("Bob resigned");
    expect(seen.events.map((e: any) => e.text)).not.toContain("Bob abandoned the game");

    // One ledger line per seat at least, each seat once per reason; rated like an abandonment before most of the wall is drawn: Bob's loss alone.
    const lines = await ledger(id);
    expect(new Set(lines.map((l: any) => l.seat))).toEqual(new Set([0, 1]));
    const total = (seat: number) => lines.filter((l: any) => l.seat === seat).reduce((n: number, l: any) => n + l.points, 0);
    expect(total(0)).toBe(seen.result.totals[0]);
    expect(total(1)).toBe(seen.result.totals[1]);
    const bobId = (await bob.get("/api/me")).body.id;
    expect(await ratingChanges(id)).toEqual([{ userId: bobId }]);
    expect(seen.ratingChanges[0]).toBeNull();
    expect(seen.ratingChanges[1]).toBeLessThan(0);

    // Ann is told by notice (mail or push) that the game is over, and why.
    const annId = (await ann.get("/api/me")).body.id;
    const endNotice = async () =>
      (await env.DB.prepare("SELECT body FROM notify_pending WHERE user_id = ? AND game_id = ?").bind(annId, id).all<any>()).results.map((r: any) => JSON.parse(r.body)).find((b: any) => b.type === "game-ended")?.text;
    await expect.poll(endNotice, { timeout: 20_000 }).toMatch(/^The game is over\. Bob resigned\. The game ended \(abandoned\)/);

    // The record replays: the resignation is recorded as Bob's "abandon".
    const record = (await eve.get(`/api/games/${id}/record`)).body;
    expect(record.moves.at(-1)).toEqual({ seat: 1, move: { type: "abandon" } });

    // Both lists show the game finished, with each player's points and place.
    const mine = (await ann.get("/api/games")).body.games.find((g: any) => g.id === id);
    expect(mine).toMatchObject({ status: "ended", result: "abandoned", myPoints: seen.result.totals[0], myPlace: seen.result.totals[0] >= seen.result.totals[1] ? 1 : 2, myPlaceShared: seen.result.totals[0] === seen.result.totals[1] ? 1 : 0 });
  }, 30_000);

  it("is rated exactly as an abandonment: a game resigned in its first moves changes the resigner's rating only", async () => {
    const id = await played("resign-seed-0002", 3);
    expect((await ann.post(`/api/games/${id}/resign`)).status).toBe(200);
    expect((await ledger(id)).length).toBeGreaterThan(0);
    expect(await ratingChanges(id)).toEqual([{ userId: (await ann.get("/api/me")).body.id }]);
  });

  it("players only (404 for anyone else), 409 once the game is over or before it starts; a refusal changes nothing", async () => {
    const id = await startGame(ann, bob, "resign-seed-0003");
    const before = (await ann.get(`/api/games/${id}`)).body.version;
    expect(await eve.post(`/api/games/${id}/resign`)).toMatchObject({ status: 404, body: { code: "not-found" } });
    expect((await eve.post(`/api/games/nosuchgame123/resign`)).status).toBe(404);
    expect((await new Browser().post(`/api/games/${id}/resign`)).status).toBe(401);
    expect((await ann.fetch(`/api/games/${id}/resign`, { method: "POST", headers: { origin: "https://elsewhere.example" } })).status).toBe(403);
    expect((await ann.get(`/api/games/${id}`)).body).toMatchObject({ status: "active", version: before });

    expect((await ann.post(`/api/games/${id}/resign`)).status).toBe(200);
    const again = await bob.post(`/api/games/${id}/resign`);
    expect(again).toMatchObject({ status: 409, body: { code: "game/not-running" } });
    expect(again.body.message).toMatch(/over/);

    const open = await ann.post("/api/games", { ruleset: "siamese", options: { daysPerMove: 2 } });
    expect(await ann.post(`/api/games/${open.body.id}/resign`)).toMatchObject({ status: 409, body: { code: "game/not-running" } });
  });

  it("every ruleset: a practice game with computers in every other seat ends at once, as that ruleset scores an abandonment", async () => {
    for (const r of rulesets) {
      const g = await ann.post("/api/games", { ruleset: r.id, computers: { seats: r.players - 1, strength: "easy", delayMs: 60_000 } });
      expect(g.status, `${r.id}: ${JSON.stringify(g.body)}`).toBe(201);
      const done = await ann.post(`/api/games/${g.body.id}/resign`);
      expect(done.status, `${r.id}: ${JSON.stringify(done.body)}`).toBe(200);
      expect(done.body.status, r.id).toBe("ended");
      expect(done.body.result.reason, r.id).toBe("abandoned");
      expect(done.body.events.map((e: any) => e.text), r.id).toContain("Ann resigned");
    }
  });

  it("a practice game can be resigned too", async () => {
    const g = await ann.post("/api/games", { ruleset: "siamese", computers: { seats: 1, strength: "easy", delayMs: 0 } });
    expect(g.status).toBe(201);
    const r = await ann.post(`/api/games/${g.body.id}/resign`);
    expect(r).toMatchObject({ status: 200, body: { status: "ended" } });
    expect(r.body.events.map((e: any) => e.text)).toContain("Ann resigned");
  });
});
