/**
 * The ratings a game page shows beside its players' names (GET /api/players/ratings): the table's
 * players in one read, each as their profile shows it in the game's family, never more.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { evictDurableObject } from "cloudflare:test";
import { Browser, createAndJoin, playOne, signIn, startGame } from "./client";

const ann = await signIn("ann@table-ratings.example.com");
const bob = await signIn("bob@table-ratings.example.com");
const idOf = async (b: typeof ann) => (await b.get("/api/me")).body.id as string;
const stubOf = (id: string) => env.GAME.get(env.GAME.idFromName(id));

/** The D1 rows the ratings' query read while `work` ran, as the meter counts them (worker/lib/meter.ts), and what `work` answered. */
async function ratingRowsRead<T>(work: () => Promise<T>): Promise<{ rows: number; queries: number; answer: T }> {
  const admin = new Browser();
  expect((await admin.post("/api/dev/meter", {})).status).toBe(200);
  const answer = await work();
  const m = (await admin.get("/api/dev/meter?detail=1")).body as { d1: Record<string, { n: number; read: number }> };
  await admin.call("DELETE", "/api/dev/meter");
  const ratings = Object.entries(m.d1).filter(([q]) => q.includes("FROM ratings"));
  return { rows: ratings.reduce((s, [, v]) => s + v.read, 0), queries: ratings.reduce((s, [, v]) => s + v.n, 0), answer };
}

async function playToEnd(players: Browser[], id: string) {
  for (let moves = 0; ; moves++) {
    const r = await playOne(players, id, moves);
    expect(r.status).toBe(200);
    if (r.body.status === "ended") return r.body;
    expect(moves).toBeLessThan(1000);
  }
}

describe("the table's ratings", () => {
  it("one read for every name at the table, each as its profile says in the ruleset's family", async () => {
    const [a, b] = [await idOf(ann), await idOf(bob)];
    const r = await ann.get(`/api/players/ratings?ruleset=royale&ids=${a},${b}`);
    expect(r.status).toBe(200);
    expect(r.body.family).toBe("siamese");
    expect(Object.keys(r.body.ratings).sort()).toEqual([a, b].sort());
    const profile = (await ann.get(`/api/players/${b}`)).body;
    expect(r.body.ratings[b]).toEqual(profile.ratings.siamese);
    expect(JSON.stringify(r.body)).not.toContain("@");
  });

  it("the game page's first answer (?me) brings them, as GET /api/players/ratings answers, for the seated players only: no request of their own", async () => {
    const [a, b] = [await idOf(ann), await idOf(bob)];
    const id = await startGame(ann, bob, "table-ratings-0001");
    const first = await ann.get(`/api/games/${id}?me`);
    expect(first.status).toBe(200);
    const asked = await ann.get(`/api/players/ratings?ruleset=siamese&ids=${b}`);
    // The other players' (the table shows no rating beside one's own name).
    expect(first.body.ratings).toEqual(asked.body.ratings);
    expect(Object.keys(first.body.ratings)).toEqual([b]);
    // Without ?me the game alone, as before.
    expect((await ann.get(`/api/games/${id}`)).body).not.toHaveProperty("ratings");
    // A computer's seat has no rating: against computers alone, none.
    const practice = await ann.post("/api/games", { ruleset: "royale", computers: { seats: 1, strength: "easy" } });
    expect(practice.status).toBe(201);
    expect((await ann.get(`/api/games/${practice.body.id}?me`)).body.ratings).toEqual({});
  });

  it("bad input is refused and reads nothing", async () => {
    const a = await idOf(ann);
    for (const q of [`ruleset=poker&ids=${a}`, "ruleset=siamese&ids=", `ruleset=siamese&ids=${a},${a}x,b,c,d`, "ruleset=siamese&ids=../x"]) {
      const r = await ann.get(`/api/players/ratings?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.code).toBe("bad-field");
    }
  });

  it("kept by the game: a visit reads none from D1, and a rating that another game's end moved shows at the next visit", async () => {
    const cat = await signIn("cat@table-ratings.example.com");
    const dan = await signIn("dan@table-ratings.example.com");
    const [c, d] = [await idOf(cat), await idOf(dan)];
    const start = { rating: 1500, rd: 500, provisional: true, games: 0 };
    const { id } = await createAndJoin(cat, [dan], { ruleset: "siamese", seed: "table-ratings-kept-01", rated: true, options: { daysPerMove: 2 } });
    // The first visit reads them (both players', in one query) ...
    const first = await ratingRowsRead(() => cat.get(`/api/games/${id}?me`));
    expect(first.queries).toBe(1);
    expect(first.answer.body.ratings).toEqual({ [d]: start });
    // ... a move stores them with the game; the object leaves memory; the next visits read none, and show the same.
    expect((await playOne([cat, dan], id)).status).toBe(200);
    await evictDurableObject(stubOf(id));
    const again = await ratingRowsRead(async () => [await dan.get(`/api/games/${id}?me`), await cat.get(`/api/games/${id}?me`)]);
    expect(again.queries).toBe(0);
    expect(again.answer[0]!.body.ratings).toEqual({ [c]: start });
    expect(again.answer[1]!.body.ratings).toEqual({ [d]: start });

    // Another rated game of theirs in the same family ends and moves both ratings:
    // this game's page shows them as their profiles do, provisional while they are.
    const { id: other } = await createAndJoin(cat, [dan], { ruleset: "siamese", seed: "rated-seed-0008", rated: true, options: { daysPerMove: 2 } });
    await playToEnd([cat, dan], other);
    const profileOf = async (u: string) => (await new Browser().get(`/api/players/${u}`)).body.ratings.siamese;
    const [pc, pd] = [await profileOf(c), await profileOf(d)];
    expect([pc.games, pd.games]).toEqual([1, 1]);
    expect(pc.rating).not.toBe(1500);
    await evictDurableObject(stubOf(id));
    expect((await cat.get(`/api/games/${id}?me`)).body.ratings).toEqual({ [d]: pd });
    expect((await dan.get(`/api/games/${id}?me`)).body.ratings).toEqual({ [c]: pc });
    // The ended game's own page shows them as they stand too.
    expect((await cat.get(`/api/games/${other}?me`)).body.ratings).toEqual({ [d]: pd });
  }, 300_000);
});
