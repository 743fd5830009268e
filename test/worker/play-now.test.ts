/**
 * "Play now" pairs those who ask at the same moment (issue #30, 6): twelve requests for the same
 * ruleset at once make six games, every player seated once, one player per seat, nothing left open.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { signIn, type Browser } from "./client";

async function players(n: number, tag: string): Promise<{ b: Browser; id: string }[]> {
  const out: { b: Browser; id: string }[] = [];
  for (let i = 0; i < n; i++) {
    const b = await signIn(`${tag}${i}@now.example.com`);
    out.push({ b, id: (await b.get("/api/me")).body.id as string });
  }
  return out;
}

/** Everyone asks at once; returns each game with its seated players. */
async function askTogether(all: { b: Browser; id: string }[], ruleset: string) {
  const answers = await Promise.all(all.map((p) => p.b.post("/api/challenges/play-now", { ruleset })));
  for (const a of answers) expect([200, 201]).toContain(a.status);
  const games = new Map<string, { status: string; players: string[] }>();
  for (const [i, a] of answers.entries()) {
    const g = (await all[i]!.b.get(`/api/games/${a.body.gameId}`)).body;
    games.set(a.body.gameId, { status: g.status, players: g.players.map((p: any) => p?.userId ?? null) });
  }
  return { answers, games };
}

// Twelve sign-ins and requests in a row: on a busy 2-core machine that can pass the default 5 s.
describe("play now", { timeout: 60_000 }, () => {
  it("twelve players asking at once for Siamese are paired into six games", async () => {
    const all = await players(12, "pair");
    const { games } = await askTogether(all, "siamese");
    expect(games.size).toBe(6);
    const seated = [...games.values()].flatMap((g) => g.players);
    // One player per seat, each player in exactly one game, every game dealt.
    expect(seated.sort()).toEqual(all.map((p) => p.id).sort());
    for (const g of games.values()) expect(g.status).toBe("active");
    const open = await env.DB.prepare("SELECT COUNT(*) AS n FROM challenges WHERE status = 'open'").first<{ n: number }>();
    expect(open!.n).toBe(0);
  });

  it("eight players asking at once for American fill two tables of four", async () => {
    const all = await players(8, "table");
    const { games } = await askTogether(all, "american");
    expect(games.size).toBe(2);
    const seated = [...games.values()].flatMap((g) => g.players);
    expect(seated.sort()).toEqual(all.map((p) => p.id).sort());
    for (const g of games.values()) expect(g.status).toBe("active");
  });
});

describe("rather not wait", { timeout: 60_000 }, () => {
  it("the poster of an untaken challenge has computers take the free seats now; nobody else may, nor after someone joined", async () => {
    const [gina, hal, ivy] = await players(3, "alone");
    // Nobody is waiting: Play now posts Gina's challenge.
    const posted = await gina!.b.post("/api/challenges/play-now", { ruleset: "siamese" });
    expect([posted.status, posted.body.posted]).toEqual([201, true]);
    const id = posted.body.challengeId as string;
    // Someone else's challenge is not theirs to fill.
    expect((await hal!.b.post(`/api/challenges/${id}/computers`, {})).status).toBe(404);
    expect((await gina!.b.post(`/api/challenges/${id}/computers`, { strength: "grandmaster" })).body.code).toBe("bad-field");
    expect((await gina!.b.get(`/api/games/${id}`)).body.status).toBe("open");
    // Gina does not want to wait: a computer takes the seat and the game is dealt.
    const now = await gina!.b.post(`/api/challenges/${id}/computers`, { strength: "strong" });
    expect([now.status, now.body.gameId]).toEqual([200, id]);
    const game = (await gina!.b.get(`/api/games/${id}`)).body;
    expect(game.status).toBe("active");
    expect(game.players.map((p: any) => p.computer?.strength ?? p.userId)).toEqual([gina!.id, "strong"]);
    // The challenge is no longer listed, and cannot be filled again nor taken.
    expect((await hal!.b.get("/api/challenges")).body.challenges.map((c: any) => c.id)).not.toContain(id);
    expect((await gina!.b.post(`/api/challenges/${id}/computers`, {})).body.code).toBe("challenge/closed");
    expect((await hal!.b.post(`/api/challenges/${id}/accept`, {})).status).toBe(409);

    // A table of four where another player already sat down: the poster may not seat computers over them.
    const four = await ivy!.b.post("/api/challenges", { ruleset: "american", daysPerMove: 3 });
    expect(four.status).toBe(201);
    expect((await hal!.b.post(`/api/challenges/${four.body.id}/accept`, {})).status).toBe(200);
    const refused = await ivy!.b.post(`/api/challenges/${four.body.id}/computers`, {});
    expect([refused.status, refused.body.code]).toEqual([409, "challenge/joined"]);
    const still = (await ivy!.b.get(`/api/games/${four.body.id}`)).body;
    expect([still.status, still.players.filter((p: any) => p.userId).length]).toEqual(["open", 2]);
  });
});
