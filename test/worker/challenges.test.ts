/**
 * Open challenges through the service: post, list (display names, never an email), accept,
 * cancel, expiry, limits, bad input, play now, a four-seat challenge filled by three players and
 * a computer, and the race for the last seat.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm } from "cloudflare:test";
import { sweepChallenges } from "../../worker/api/challenges";
import { Browser, signIn } from "./client";

const DAY = 86_400_000;
const stubOf = (id: string) => env.GAME.get(env.GAME.idFromName(id));
const [ann, bob, eve, dan, fay] = (await Promise.all(["ann@example.com", "bob@example.com", "eve@example.com", "dan@example.com", "fay@example.com"].map((e) => signIn(e)))) as [Browser, Browser, Browser, Browser, Browser];
const rowOf = (id: string) => env.DB.prepare("SELECT status FROM challenges WHERE id = ?").bind(id).first<{ status: string }>();
const listed = async (p = ann, q = "") => (await p.get(`/api/challenges${q}`)).body.challenges as any[];

describe("open challenges", () => {
  it("posted, listed to everyone signed in by display name, accepted: the Siamese game deals and the challenge leaves the list", async () => {
    const posted = await ann.post("/api/challenges", { ruleset: "siamese", daysPerMove: 2, options: { deadHands: "enforce" }, rated: true });
    expect(posted.status).toBe(201);
    const id = posted.body.id;
    const seen = (await listed(bob)).find((c) => c.id === id);
    expect(seen).toMatchObject({ ruleset: "siamese", daysPerMove: 2, rated: true, seats: 2, taken: 1, by: { name: "Ann" }, mine: false, options: { deadHands: "enforce" } });
    expect(JSON.stringify(await listed(bob))).not.toContain("@");
    expect((await listed(ann)).find((c) => c.id === id).mine).toBe(true);
    expect((await listed(bob, "?ruleset=american")).find((c) => c.id === id)).toBeUndefined();
    expect((await listed(bob, "?ruleset=siamese")).find((c) => c.id === id)).toBeDefined();
    expect((await new Browser().get("/api/challenges")).status).toBe(401);

    const accepted = await bob.post(`/api/challenges/${id}/accept`);
    expect(accepted).toMatchObject({ status: 200, body: { gameId: id } });
    const game = (await bob.get(`/api/games/${id}`)).body;
    expect(game).toMatchObject({ status: "active", seat: 1 });
    expect(game).not.toHaveProperty("inviteUrl");
    expect((await rowOf(id))!.status).toBe("full");
    expect((await listed(eve)).find((c) => c.id === id)).toBeUndefined();
    expect((await eve.post(`/api/challenges/${id}/accept`)).body.code).toBe("challenge/closed");
  });

  it("one cannot accept one's own challenge; at most 10 open challenges a player", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await dan.post("/api/challenges", { ruleset: "chinese-ming", daysPerMove: 14, options: {} });
      expect(r.status).toBe(201);
      ids.push(r.body.id);
    }
    const eleventh = await dan.post("/api/challenges", { ruleset: "siamese", daysPerMove: 1, options: {} });
    expect(eleventh).toMatchObject({ status: 409, body: { code: "challenge/limit" } });
    expect((await dan.post(`/api/challenges/${ids[0]}/accept`)).body.code).toBe("challenge/own");
    // Cancelling one makes room again.
    expect((await dan.call("DELETE", `/api/challenges/${ids[0]}`)).status).toBe(200);
    expect((await dan.post("/api/challenges", { ruleset: "siamese", daysPerMove: 1, options: {} })).status).toBe(201);
    for (const id of (await listed(dan)).filter((c) => c.mine).map((c) => c.id)) await dan.call("DELETE", `/api/challenges/${id}`);
  });

  it("the poster cancels: the challenge and its open game are gone; nobody else can cancel it", async () => {
    const id = (await ann.post("/api/challenges", { ruleset: "american", daysPerMove: 5, options: { card: "sample-2026" } })).body.id;
    expect((await bob.post(`/api/challenges/${id}/accept`)).status).toBe(200);
    expect((await bob.call("DELETE", `/api/challenges/${id}`)).status).toBe(404);
    expect((await ann.call("DELETE", `/api/challenges/${id}`))).toMatchObject({ status: 200, body: { ok: true } });
    expect((await rowOf(id))!.status).toBe("cancelled");
    expect((await listed(eve)).find((c) => c.id === id)).toBeUndefined();
    expect((await eve.post(`/api/challenges/${id}/accept`)).body.code).toBe("challenge/closed");
    expect((await bob.get(`/api/games/${id}`)).status).toBe(404);
    expect((await bob.get("/api/games")).body.games.find((g: any) => g.id === id)).toBeUndefined();
    expect((await ann.call("DELETE", `/api/challenges/${id}`)).status).toBe(409);
  });

  it("a challenge expires after 7 days: off the list at once, called off by the sweep", async () => {
    const id = (await ann.post("/api/challenges", { ruleset: "siamese-mjm", daysPerMove: 3, options: {} })).body.id;
    const row = await env.DB.prepare("SELECT created_at AS createdAt, expires_at AS expiresAt FROM challenges WHERE id = ?").bind(id).first<{ createdAt: number; expiresAt: number }>();
    expect(row!.expiresAt - row!.createdAt).toBe(7 * DAY);
    expect(await sweepChallenges(env, row!.expiresAt - 1)).toMatchObject({ expired: 0 });
    await env.DB.prepare("UPDATE challenges SET expires_at = ? WHERE id = ?").bind(Date.now() - 1, id).run();
    expect((await listed(bob)).find((c) => c.id === id)).toBeUndefined();
    expect((await bob.post(`/api/challenges/${id}/accept`)).body.code).toBe("challenge/closed");
    expect(await sweepChallenges(env, Date.now())).toMatchObject({ expired: 1 });
    expect((await rowOf(id))!.status).toBe("expired");
    expect((await ann.get(`/api/games/${id}`)).status).toBe(404);
  });

  it("bad input: a clear 4xx and nothing changes", async () => {
    const count = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM challenges").first<{ n: number }>())!.n;
    const before = await count();
    for (const body of [
      { ruleset: "poker", daysPerMove: 3 },
      { ruleset: "siamese", daysPerMove: 4 },
      { ruleset: "siamese", daysPerMove: 3, rated: "yes" },
      { ruleset: "siamese", daysPerMove: 3, options: "fast" },
      { ruleset: "siamese", daysPerMove: 3, options: { deadHands: "maybe" } },
      { ruleset: "siamese", daysPerMove: 3, computersAfterDays: 9 },
      { ruleset: "siamese", daysPerMove: 3, computersAfterDays: 2, computerStrength: "godlike" },
      // options the deal would refuse are refused with the options, before any game exists
      { ruleset: "royale", daysPerMove: 3, options: { players: 5 } },
      { ruleset: "siamese-wp", daysPerMove: 3, options: { games: 9 } },
      { ruleset: "chinese-ming", daysPerMove: 3, options: { length: "season" } },
    ]) {
      const r = await ann.post("/api/challenges", body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe("bad-field");
      expect(typeof r.body.message).toBe("string");
    }
    // A card nobody can see is "no such card", as for an invitation game.
    expect((await ann.post("/api/challenges", { ruleset: "american", daysPerMove: 3, options: { card: "no-such-card" } })).status).toBe(404);
    expect((await ann.get("/api/challenges?ruleset=poker")).status).toBe(400);
    expect((await ann.post("/api/challenges/nope!/accept")).status).toBe(404);
    expect((await ann.post("/api/challenges/unknown-id/accept")).status).toBe(404);
    expect((await ann.post("/api/challenges/play-now", { ruleset: "bridge" })).status).toBe(400);
    expect(await count()).toBe(before);
  });

  it("a challenge with a club's card: the list names the card without its lines; whoever accepts plays it from the game, not the card", async () => {
    const text = "name: Club card 2027\n2468 | FF 2222a 44a 6666b 88b | 25 | X\nQuints | NNNNN 77777a 0000 | 40 | X\n";
    const card = (await dan.post("/api/cards", { text })).body.id as string;
    const id = (await dan.post("/api/challenges", { ruleset: "siamese", daysPerMove: 3, options: { card } })).body.id as string;
    const seen = (await listed(eve)).find((c) => c.id === id);
    expect(seen.options.card).toEqual({ name: "Club card 2027" });
    expect(JSON.stringify(seen)).not.toContain("2222a");
    expect((await eve.get(`/api/cards/${card}`)).status).toBe(404);
    expect((await eve.post(`/api/challenges/${id}/accept`)).status).toBe(200);
    expect((await eve.get(`/api/cards/${card}`)).status).toBe(404);
    expect((await eve.get(`/api/games/${id}`)).body.options.card.name).toBe("Club card 2027");
  });

  it("play now joins the oldest open challenge of that ruleset posted by someone else, or posts one", async () => {
    const first = await fay.post("/api/challenges/play-now", { ruleset: "siamese-mjm" });
    expect(first).toMatchObject({ status: 201, body: { posted: true } });
    const second = await eve.post("/api/challenges/play-now", { ruleset: "siamese-mjm" });
    expect(second).toMatchObject({ status: 200, body: { posted: false, gameId: first.body.gameId } });
    expect((await eve.get(`/api/games/${first.body.gameId}`)).body).toMatchObject({ status: "active", seat: 1 });
  });
});

describe("four seats and computers", () => {
  it("a 4-seat challenge fills seat by seat: three players, then a computer after the days asked for; the computer plays its Charleston pass", async () => {
    const id = (await ann.post("/api/challenges", { ruleset: "american", daysPerMove: 3, options: { card: "sample-2026" }, computersAfterDays: 2, computerStrength: "easy" })).body.id;
    expect((await bob.post(`/api/challenges/${id}/accept`)).status).toBe(200);
    expect((await listed(eve)).find((c) => c.id === id)).toMatchObject({ taken: 2, seats: 4, computersAfterDays: 2 });
    expect((await eve.post(`/api/challenges/${id}/accept`)).status).toBe(200);
    expect((await ann.get(`/api/games/${id}`)).body.status).toBe("open");
    expect(await sweepChallenges(env, Date.now() + DAY)).toMatchObject({ filled: 0 });
    expect(await sweepChallenges(env, Date.now() + 2 * DAY + 1000)).toMatchObject({ filled: 1 });
    expect((await rowOf(id))!.status).toBe("full");
    const g = (await ann.get(`/api/games/${id}`)).body;
    expect(g.status).toBe("active");
    expect(g.players.map((p: any) => p.name)).toEqual(["Ann", "Bob", "Eve", "Computer (easy)"]);
    expect(g.players[3].toAct).toBe(true);
    // The computer waits a few seconds, then passes like a player.
    await ann.post(`/api/dev/games/${id}/clock`, { advanceMs: 10_000, fire: false });
    await runDurableObjectAlarm(stubOf(id));
    const after = (await ann.get(`/api/games/${id}`)).body;
    expect(after.players[3].toAct).toBe(false);
    expect(after.view.charleston.chosen).toEqual([false, false, false, true]);
  });

  it("a challenge whose empty seat a computer took after the days asked for is still played by correspondence, not as practice: not live while its player is away", async () => {
    const id = (await ann.post("/api/challenges", { ruleset: "siamese", daysPerMove: 3, options: {}, computersAfterDays: 1, computerStrength: "easy" })).body.id;
    expect(await sweepChallenges(env, Date.now() + DAY + 1000)).toMatchObject({ filled: 1 });
    const filled = (await ann.get(`/api/games/${id}`)).body;
    expect(filled.players.map((p: any) => p.name)).toEqual(["Ann", "Computer (easy)"]);
    expect(filled.live).toBe(false);
    // A practice game made against the computer is live at once, whoever has it open.
    const practice = (await ann.post("/api/games", { ruleset: "siamese", options: { daysPerMove: 3 }, computers: { seats: 1, strength: "easy" } })).body;
    expect((await ann.get(`/api/games/${practice.id}`)).body.live).toBe(true);
  });

  it("the race for the last seat: exactly one of two players gets it", async () => {
    for (const [ruleset, seated] of [["siamese", []], ["american", [bob, dan]]] as const) {
      const id = (await ann.post("/api/challenges", { ruleset, daysPerMove: 1, options: ruleset === "american" ? { card: "sample-2026" } : {} })).body.id;
      for (const p of seated) expect((await p.post(`/api/challenges/${id}/accept`)).status).toBe(200);
      const results = await Promise.all([eve.post(`/api/challenges/${id}/accept`), fay.post(`/api/challenges/${id}/accept`)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)!.body.code).toMatch(/^challenge\/(taken|closed)$/);
      const g = (await ann.get(`/api/games/${id}`)).body;
      expect(g.status).toBe("active");
      expect(g.players.filter((p: any) => p.name === "Eve" || p.name === "Fay")).toHaveLength(1);
      expect((await rowOf(id))!.status).toBe("full");
    }
  });
});
